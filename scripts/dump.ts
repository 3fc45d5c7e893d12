// `npm run dump -- [DATABASE_URL] [FILE]`: a logical dump (pg_dump, custom format) of a PostgreSQL database, the
// hosted project's or a runner's with DATABASE_URL (decision 197). The URL: the argument, else SUPABASE_DB_URL, else
// DATABASE_URL. The file: the second argument, else .data/backups/pay-local-<time>.dump. Restore into an empty
// database with docs/operating.md's two steps (what restoreDump in scripts/support/pg-dump.ts runs).
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadDotEnv } from '../local/env.ts';
import { dumpDatabase, DUMPED_SCHEMAS } from './support/pg-dump.ts';

const root = join(import.meta.dirname, '..');
loadDotEnv();
const url = process.argv[2] ?? process.env.SUPABASE_DB_URL ?? process.env.DATABASE_URL;
if (!url) {
  console.error('Usage: npm run dump -- <postgres://... URL> [FILE] (or set SUPABASE_DB_URL or DATABASE_URL). ' +
    'The embedded PGlite default is backed up with `npm run backup` instead.');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = resolve(process.argv[3] ?? join(root, '.data', 'backups', `pay-local-${stamp}.dump`));
mkdirSync(dirname(file), { recursive: true });
const partial = `${file}.partial`;
try {
  const { tool, serverVersion } = await dumpDatabase(url, partial);
  renameSync(partial, file);
  const host = (() => { try { return new URL(url).host; } catch { return 'the server'; } })();
  console.log(`Dump written to ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB): schemas ${DUMPED_SCHEMAS.join(', ')} of ` +
    `PostgreSQL ${serverVersion} at ${host}, by ${tool}. Restore it into an empty database as docs/operating.md says.`);
} catch (error) {
  rmSync(partial, { force: true });
  console.error(`Dump failed: ${(error as Error).message}`);
  process.exit(1);
}
