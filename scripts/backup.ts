// `npm run backup [-- FILE]`: one .tar.gz of the embedded runner's state (decision 197): the PGlite database, the
// uploaded objects, the mail files and the VAPID key pair. A running server makes it itself (PGlite lives inside
// it), asked through its control socket; with no server running, this opens the stopped data directory.
// The file goes to FILE, else .data/backups/pay-local-<time>.tar.gz; copy it off this machine.
import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { makeBackup, openStoppedDataDir, type BackupManifest } from '../local/backup.ts';
import { requestBackup, socketAnswers } from '../local/control-socket.ts';
import { loadDotEnv, localEnv } from '../local/env.ts';

const root = join(import.meta.dirname, '..');
loadDotEnv();
const env = localEnv();
if (env.databaseUrl) {
  console.error('DATABASE_URL is set: this runner keeps its data on that PostgreSQL server. Back it up with `npm run dump -- <url>` (pg_dump; docs/operating.md).');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = resolve(process.argv[2] ?? join(root, '.data', 'backups', `pay-local-${stamp}.tar.gz`));
mkdirSync(dirname(file), { recursive: true });
// Written under another name and renamed when whole: a file with the final name is always a complete backup.
const partial = `${file}.partial`;

const places = { dataDir: env.dataDir, objectsDir: env.objectsDir, mailDir: env.mailDir, vapidKeysFile: env.vapidKeysFile };
let manifest: BackupManifest;
try {
  if (await socketAnswers(env.controlSocket)) {
    const { archive, summary } = await requestBackup(env.controlSocket);
    await pipeline(archive, createWriteStream(partial));
    manifest = summary as BackupManifest;
  } else {
    const stopped = await openStoppedDataDir(env.dataDir);
    try {
      const made = await makeBackup(stopped, places, 'stopped data directory');
      await pipeline(made.archive, createWriteStream(partial));
      manifest = made.manifest;
    } finally {
      await stopped.close();
    }
  }
  renameSync(partial, file);
} catch (error) {
  rmSync(partial, { force: true });
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1);
console.log(`Backup written to ${file} (${megabytes} MB; ${manifest.madeBy === 'running server' ? 'made by the running server' : 'read from the stopped data directory'} at ${manifest.createdAt}): ` +
  `database (${manifest.migrations.length} migrations), ${manifest.objects} uploaded objects, ${manifest.mail} mail files` +
  `${manifest.vapidKeys ? ', the VAPID key pair' : ''}. Restore with \`npm run restore -- ${file}\` into empty folders.`);
