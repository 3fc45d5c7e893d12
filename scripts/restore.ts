// `npm run restore -- FILE`: fills an EMPTY data directory (DATA_DIR, OBJECTS_DIR, MAIL_DIR, VAPID_KEYS_FILE, as the
// server reads them) from a backup of `npm run backup` (decision 197), and refuses, before writing anything, when
// one of them already holds something. Then `npm start` runs on the restored copy.
import { resolve } from 'node:path';
import { restoreBackup, restoreRefusal } from '../local/backup.ts';
import { loadDotEnv, localEnv } from '../local/env.ts';

loadDotEnv();
const env = localEnv();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE (a .tar.gz made by `npm run backup`)');
  process.exit(1);
}
if (env.databaseUrl) {
  console.error('DATABASE_URL is set: a PGlite backup restores into DATA_DIR, which this runner would not read. Unset DATABASE_URL, or restore a dump with pg_restore (docs/operating.md).');
  process.exit(1);
}
const places = { dataDir: env.dataDir, objectsDir: env.objectsDir, mailDir: env.mailDir, vapidKeysFile: env.vapidKeysFile };
const refusal = restoreRefusal(places);
if (refusal) {
  console.error(`Restore refused: ${refusal}`);
  process.exit(1);
}
try {
  const restored = await restoreBackup(resolve(file), places);
  console.log(`Restored the backup of ${restored.manifest.createdAt} into ${env.dataDir}: database (${restored.migrations} migrations), ` +
    `${restored.objects} uploaded objects, ${restored.mail} mail files${restored.vapidKeys ? ', the VAPID key pair' : ''}. Start the server with \`npm run serve\`.`);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
