// The embedded runner's control socket (decision 197): a Unix domain socket beside the data directory, readable and
// writable by the account that runs the server only (mode 0600), on which `npm run backup` asks the running server
// for a snapshot. No network address reaches it and no HTTP route of the app leads to it, so no remote client can
// trigger a backup, however it is signed in. It speaks plain HTTP (`curl --unix-socket <path> -X POST
// http://local/backup > file.tar.gz` works too).
import { chmod, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export interface ControlHandlers {
  /** A snapshot of the server's state as a .tar.gz stream, and what it holds (sent as a header). */
  backup(): Promise<{ archive: Readable; summary: unknown }>;
}

/** Whether a server answers on the socket (a file left by a killed server does not). */
export function socketAnswers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Listens on `path`. A live socket there means another runner has this data directory open: two PGlite processes
 * on one directory would corrupt it, so this start stops. A dead one (left by a kill -9) is replaced.
 */
export async function startControlSocket(path: string, handlers: ControlHandlers): Promise<{ close(): Promise<void> }> {
  if (existsSync(path)) {
    if (await socketAnswers(path)) {
      throw new Error(`Another Pay Local server is running on this data directory (its control socket ${path} answers). Stop it first.`);
    }
    await rm(path, { force: true });
  }
  let busy = false;
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: POST /backup is the one command.\n');
      return;
    }
    if (busy) {
      res.writeHead(409, { 'content-type': 'text/plain' }).end('A backup is already being made; try again when it is done.\n');
      return;
    }
    busy = true;
    try {
      const { archive, summary } = await handlers.backup();
      res.writeHead(200, { 'content-type': 'application/gzip', 'x-backup-summary': JSON.stringify(summary) });
      await pipeline(archive, res);
    } catch (error) {
      console.error('Backup failed', (error as Error).message);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`Backup failed: ${(error as Error).message}\n`);
    } finally {
      busy = false;
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return {
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** Asks the server on `path` for a backup; resolves with the archive stream and its summary header. */
export function requestBackup(path: string): Promise<{ archive: Readable; summary: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: path, method: 'POST', path: '/backup', host: 'local' }, (res) => {
      if (res.statusCode !== 200) {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => { text += chunk; });
        res.on('end', () => reject(new Error(text.trim() || `the server answered ${res.statusCode}`)));
        return;
      }
      resolve({ archive: res, summary: JSON.parse(String(res.headers['x-backup-summary'] ?? 'null')) });
    });
    req.on('error', reject);
    req.end();
  });
}
