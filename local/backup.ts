// Backups of the embedded default (decision 197): everything a PGlite runner keeps on disk, in one .tar.gz. The
// running server makes it (local/control-socket.ts), since PGlite lives inside that process; `npm run backup` asks
// it, or, with no server running, opens the stopped data directory itself. `npm run restore FILE` fills empty
// folders from it. The database comes first: an upload or a mail written while the files are read is at worst in
// the archive without its row, never a row without its file written before the snapshot.
import { PGlite } from '@electric-sql/pglite';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip, gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { pgliteExtensions, type AdminSql } from './admin-sql.ts';
import { readTar, tarBlocks, tarEnd, type TarEntry } from './tar-archive.ts';

/** Where the embedded runner keeps its state (local/env.ts: DATA_DIR, OBJECTS_DIR, MAIL_DIR, VAPID_KEYS_FILE). */
export interface BackupPlaces {
  dataDir: string;
  objectsDir: string;
  mailDir: string;
  vapidKeysFile: string;
}

/** The running database, as the server or the backup command opened it. */
export interface BackupSource {
  admin: AdminSql;
  /** PGlite's own copy of its data directory, as a tar (dumpDataDir). */
  dump(): Promise<Blob>;
}

export const BACKUP_FORMAT = 'pay-local-backup';
const BACKUP_VERSION = 1;
const DATABASE_ENTRY = 'database.tar';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** When the database copy was asked for: every write committed before this moment is in it. */
  snapshotAt: string;
  /** Who made it: the running server, or `npm run backup` on a stopped data directory. */
  madeBy: 'running server' | 'stopped data directory';
  /** The migrations the database had applied (supabase_migrations.schema_migrations). */
  migrations: string[];
  objects: number;
  mail: number;
  vapidKeys: boolean;
}

/** Every regular file under a folder, as paths relative to it; none when the folder does not exist. */
async function filesUnder(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const found: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    // The mail adapter writes a message to a hidden .tmp file first, then links it in place: never half a message.
    if (!entry.isFile() || (entry.name.startsWith('.') && entry.name.endsWith('.tmp'))) continue;
    found.push(relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return found.sort();
}

async function fileEntry(name: string, path: string): Promise<TarEntry | null> {
  try {
    const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
    return { name, bytes, mtime: info.mtimeMs / 1000 };
  } catch (error) {
    // Deleted since it was listed (an unattached upload cleaned up): it is no longer part of the state.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Takes the snapshot and answers the archive as a gzip stream. The database copy is PGlite's dumpDataDir, which
 * runs between two statements, never inside one: every transaction committed before it is in the copy's WAL, and
 * one still open is not (the restored database rolls it back when it starts). A CHECKPOINT first keeps that replay
 * short. Compression runs on libuv's threads, so the server keeps answering while the archive streams out.
 */
export async function makeBackup(source: BackupSource, places: BackupPlaces, madeBy: BackupManifest['madeBy']): Promise<{ manifest: BackupManifest; archive: Readable }> {
  await source.admin.exec('checkpoint');
  const migrations = (await source.admin.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version')).map((row) => row.version);
  const snapshotAt = new Date().toISOString();
  const database = new Uint8Array(await (await source.dump()).arrayBuffer());
  const objects = await filesUnder(places.objectsDir);
  const mail = await filesUnder(places.mailDir);
  const vapidKeys = existsSync(places.vapidKeysFile);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), snapshotAt, madeBy, migrations,
    objects: objects.length, mail: mail.length, vapidKeys,
  };
  async function* blocks() {
    yield* tarBlocks({ name: 'manifest.json', bytes: new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`) });
    yield* tarBlocks({ name: DATABASE_ENTRY, bytes: database });
    for (const [folder, root, names] of [['objects', places.objectsDir, objects], ['mail', places.mailDir, mail]] as const) {
      for (const name of names) {
        const entry = await fileEntry(`${folder}/${name}`, join(root, ...name.split('/')));
        if (entry) yield* tarBlocks(entry);
      }
    }
    if (vapidKeys) {
      const entry = await fileEntry('vapid-keys.json', places.vapidKeysFile);
      if (entry) yield* tarBlocks(entry);
    }
    yield tarEnd();
  }
  return { manifest, archive: Readable.from(blocks(), { objectMode: false }).pipe(createGzip()) };
}

/** Opens a stopped data directory (no server running on it) as a backup source. */
export async function openStoppedDataDir(dataDir: string): Promise<BackupSource & { close(): Promise<void> }> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`No database at ${dataDir} (DATA_DIR): nothing to back up.`);
  const pg = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  return {
    admin: {
      exec: async (sql) => { await pg.exec(sql); },
      query: async (sql, params) => (await pg.query(sql, params)).rows as never,
      close: () => pg.close(),
    },
    dump: () => pg.dumpDataDir('none'),
    close: () => pg.close(),
  };
}

/** What a folder holds that a restore would overwrite: nothing when it is missing or empty. */
const isFilled = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** Why a restore into these places must not start (the message names the first place at fault), or null. */
export function restoreRefusal(places: BackupPlaces): string | null {
  for (const [variable, dir] of [['DATA_DIR', places.dataDir], ['OBJECTS_DIR', places.objectsDir], ['MAIL_DIR', places.mailDir]] as const) {
    if (isFilled(dir)) {
      return `${variable} (${dir}) is not empty: a restore fills an empty data directory only, it never merges into ` +
        'or overwrites one. Stop the server, move that folder aside (or point the variable at a new, empty folder), then run the restore again.';
    }
  }
  if (existsSync(places.vapidKeysFile)) {
    return `VAPID_KEYS_FILE (${places.vapidKeysFile}) already exists: a restore never overwrites one. Move it aside, then run the restore again.`;
  }
  return null;
}

/** A relative path inside the archive's folder, or an error: an archive never writes outside the places. */
function safeParts(name: string): string[] {
  const parts = name.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) {
    throw new Error(`The backup names a file outside its folders (${JSON.stringify(name)}): not restoring from it.`);
  }
  return parts;
}

/** Reads and checks a backup file: its manifest, the database copy, the files. */
export async function readBackup(file: string): Promise<{ manifest: BackupManifest; database: Uint8Array; files: TarEntry[] }> {
  let entries: TarEntry[];
  try {
    entries = readTar(new Uint8Array(await promisify(gunzip)(await readFile(file))));
  } catch (error) {
    throw new Error(`${file} is not a Pay Local backup (${(error as Error).message}).`, { cause: error });
  }
  const manifestEntry = entries.find((e) => e.name === 'manifest.json');
  const manifest = manifestEntry ? JSON.parse(new TextDecoder().decode(manifestEntry.bytes)) as BackupManifest : null;
  if (manifest?.format !== BACKUP_FORMAT) throw new Error(`${file} is not a Pay Local backup (no manifest.json of ${BACKUP_FORMAT}).`);
  if (manifest.version > BACKUP_VERSION) throw new Error(`${file} is a backup of format ${manifest.version}; this version reads ${BACKUP_VERSION} and older.`);
  const database = entries.find((e) => e.name === DATABASE_ENTRY)?.bytes;
  if (!database) throw new Error(`${file} has no ${DATABASE_ENTRY}: it is incomplete.`);
  const files = entries.filter((e) => e.name !== 'manifest.json' && e.name !== DATABASE_ENTRY);
  for (const entry of files) safeParts(entry.name);
  return { manifest, database, files };
}

export interface RestoreSummary {
  manifest: BackupManifest;
  migrations: number;
  objects: number;
  mail: number;
  vapidKeys: boolean;
}

/**
 * Fills empty places from a backup: the database through PGlite's own loader (which refuses a directory that
 * already holds one), then opened once, as the server will, to prove it starts and to count its migrations;
 * then the uploads, the mail and the VAPID key pair. Refuses before writing anything when a place is not empty.
 */
export async function restoreBackup(file: string, places: BackupPlaces): Promise<RestoreSummary> {
  const refusal = restoreRefusal(places);
  if (refusal) throw new Error(refusal);
  const { manifest, database, files } = await readBackup(file);
  await mkdir(places.dataDir, { recursive: true });
  const pg = await PGlite.create({ dataDir: places.dataDir, loadDataDir: new Blob([database as Uint8Array<ArrayBuffer>]), extensions: pgliteExtensions });
  let migrations: number;
  try {
    [{ migrations }] = (await pg.query<{ migrations: number }>('select count(*)::int as migrations from supabase_migrations.schema_migrations')).rows as [{ migrations: number }];
  } finally {
    await pg.close();
  }
  let objects = 0;
  let mail = 0;
  let vapidKeys = false;
  for (const entry of files) {
    const [folder, ...rest] = safeParts(entry.name);
    const target = folder === 'objects' && rest.length ? join(places.objectsDir, ...rest)
      : folder === 'mail' && rest.length ? join(places.mailDir, ...rest)
      : folder === 'vapid-keys.json' && !rest.length ? places.vapidKeysFile
      : null;
    if (!target) throw new Error(`The backup holds ${JSON.stringify(entry.name)}, which no place of the runner takes.`);
    await mkdir(dirname(target), { recursive: true });
    // wx: never over a file (the places were empty a moment ago; something else writing there now is an error).
    await writeFile(target, entry.bytes, { flag: 'wx', mode: folder === 'vapid-keys.json' ? 0o600 : 0o644 });
    if (folder === 'objects') objects++;
    else if (folder === 'mail') mail++;
    else vapidKeys = true;
  }
  return { manifest, migrations, objects, mail, vapidKeys };
}
