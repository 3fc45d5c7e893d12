// Serves an embedded PGlite over the Postgres wire protocol on loopback, so tools that speak
// Postgres (the Deno edge-function entry with postgres.js, psql) can use the embedded database.
// PGlite is one connection: messages from all sockets run one at a time, and a socket that opens a
// transaction keeps the database until it ends it (clients should use a pool of 1).
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

export async function startWireServer(pg: PGlite, port = 0): Promise<{ port: number; close(): Promise<void> }> {
  let queue: Promise<unknown> = Promise.resolve();
  const serialize = <T>(work: () => Promise<T>) => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const server: Server = createServer((socket: Socket) => {
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let started = false;

    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      const messages: Uint8Array[] = [];
      for (;;) {
        if (!started) {
          if (buffer.length < 8) break;
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if (buffer.length < length) break;
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST) { socket.write('N'); continue; }
          if (code === CANCEL_REQUEST) continue;
          if (code === PROTOCOL_3) { started = true; messages.push(new Uint8Array(message)); }
          continue;
        }
        if (buffer.length < 5) break;
        const length = 1 + buffer.readInt32BE(1);
        if (buffer.length < length) break;
        messages.push(new Uint8Array(buffer.subarray(0, length)));
        buffer = buffer.subarray(length);
      }
      for (const message of messages) {
        void serialize(async () => {
          const reply = await pg.execProtocolRaw(message);
          if (reply.length && socket.writable) socket.write(Buffer.from(reply));
        }).catch(() => socket.destroy());
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      // A client that vanished mid-transaction must not leave the database locked.
      void serialize(async () => { if (pg.isInTransaction()) await pg.exec('rollback'); });
    });
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
