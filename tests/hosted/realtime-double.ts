// A small double of Supabase Realtime for the rehearsal: the websocket endpoint /realtime/v1/websocket
// speaking the Phoenix channel protocol as realtime-js 2.x does (vsn 2.0.0: text frames are
// [join_ref, ref, topic, event, payload]), private broadcast channels only. Shaped from
// https://supabase.com/docs/guides/realtime/authorization and .../realtime/broadcast:
//  - join: the client's access_token must verify with the project's signing key (ES256, from the JWKS)
//    or its legacy JWT secret (HS256), and not be expired;
//    then, like Realtime, a probe row is written to realtime.messages for the topic and read back as
//    the token's role + claims with realtime.topic set, in a transaction that is rolled back — the
//    project's RLS policies decide;
//  - delivery: rows that realtime.send stores in realtime.messages (Realtime reads them from the WAL;
//    here: polled) go to the sockets joined to that topic, as broadcast events.
import { createHmac, createPublicKey, timingSafeEqual, verify, type JsonWebKey } from 'node:crypto';
import type { Server } from 'node:http';
import postgres from 'postgres';
import { WebSocketServer, type WebSocket } from 'ws';

type Claims = Record<string, unknown> & { role?: string; exp?: number };

/** Verifies a JWT as a project's Realtime does: ES256 against the project's JWKS (by kid), or HS256 with the legacy secret. */
export function verifyToken(token: unknown, keys: { jwtSecret: string; jwks: JsonWebKey[] }): Claims | null {
  if (typeof token !== 'string') return null;
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string; kid?: string };
  const signed = Buffer.from(`${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (head.alg === 'ES256') {
    const jwk = keys.jwks.find((k) => k.kid === head.kid);
    if (!jwk) return null;
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, given)) return null;
  } else if (head.alg === 'HS256') {
    const expected = createHmac('sha256', keys.jwtSecret).update(signed).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  } else {
    return null;
  }
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Claims;
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) return null;
  return claims;
}

export interface RealtimeDouble {
  /** Joins that were refused (topic, reason), for the journey to assert on. */
  refused: { topic: string; reason: string }[];
  close(): Promise<void>;
}

export function startRealtimeDouble(server: Server, options: { databaseUrl: string; jwtSecret: string; jwks: JsonWebKey[] }): RealtimeDouble {
  const sql = postgres(options.databaseUrl, { max: 2, onnotice: () => {} });
  const wss = new WebSocketServer({ noServer: true });
  const joined = new Map<WebSocket, Map<string, string>>(); // socket → channel topic → join_ref
  const refused: RealtimeDouble['refused'] = [];

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/realtime/v1/websocket' || !url.searchParams.get('apikey')) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  });

  async function admits(claims: Claims, topic: string): Promise<boolean> {
    let allowed = false;
    await sql.begin(async (tx) => {
      const [probe] = await tx<{ id: string }[]>`
        insert into realtime.messages (topic, extension, event, payload, private)
        values (${topic}, 'broadcast', 'authorization_probe', '{}'::jsonb, true) returning id`;
      await tx`select set_config('role', ${String(claims.role)}, true),
                      set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                      set_config('realtime.topic', ${topic}, true)`;
      allowed = (await tx`select 1 from realtime.messages where id = ${probe.id}`).length > 0;
      throw new Error('rollback');
    }).catch((e: Error) => { if (e.message !== 'rollback') throw e; });
    return allowed;
  }

  wss.on('connection', (ws) => {
    joined.set(ws, new Map());
    const send = (frame: unknown[]) => ws.send(JSON.stringify(frame));
    ws.on('close', () => joined.delete(ws));
    ws.on('message', (data, isBinary) => {
      if (isBinary) return; // client broadcasts (binary pushes) are not used by this app
      const [joinRef, ref, channel, event, payload] = JSON.parse(String(data)) as [string | null, string | null, string, string, Record<string, any>];
      const reply = (status: 'ok' | 'error', response: Record<string, unknown>) => send([joinRef, ref, channel, 'phx_reply', { status, response }]);
      if (channel === 'phoenix' && event === 'heartbeat') return reply('ok', {});
      if (event === 'phx_leave') { joined.get(ws)?.delete(channel); return reply('ok', {}); }
      if (event === 'access_token') return; // a refreshed token: Realtime re-checks it; the journey is shorter than its life
      if (event !== 'phx_join') return;
      const topic = channel.replace(/^realtime:/, '');
      const claims = verifyToken(payload?.access_token, options);
      if (!payload?.config?.private) {
        refused.push({ topic, reason: 'public channel' });
        return reply('error', { reason: 'This project only allows private channels' });
      }
      if (!claims) {
        refused.push({ topic, reason: 'invalid token' });
        return reply('error', { reason: 'Invalid token' });
      }
      void admits(claims, topic).then((ok) => {
        if (!ok) {
          refused.push({ topic, reason: 'policies' });
          return reply('error', { reason: 'Unauthorized: You do not have permissions to read from this Channel topic: ' + topic });
        }
        joined.get(ws)?.set(channel, joinRef ?? '');
        reply('ok', { postgres_changes: [] });
        send([null, null, channel, 'system', { status: 'ok', message: 'Subscribed to PostgreSQL', extension: 'system', channel: topic }]);
      }, (error) => reply('error', { reason: String(error) }));
    });
  });

  // Delivery: what realtime.send stored since the double started, once each.
  const seen = new Set<string>();
  let since = new Date(Date.now() - 1000).toISOString().replace('Z', '');
  let polling = true;
  const poll = async () => {
    while (polling) {
      try {
        const rows = await sql<{ id: string; topic: string; event: string; payload: unknown; private: boolean; inserted_at: string }[]>`
          select id, topic, event, payload, private, inserted_at::text from realtime.messages
           where inserted_at >= ${since}::timestamp - interval '5 seconds' and extension = 'broadcast'
             and event <> 'authorization_probe'
           order by inserted_at`;
        for (const row of rows) {
          if (seen.has(row.id)) continue;
          seen.add(row.id);
          if (row.inserted_at > since) since = row.inserted_at;
          for (const [ws, channels] of joined) {
            const channel = `realtime:${row.topic}`;
            if (!row.private || !channels.has(channel)) continue;
            ws.send(JSON.stringify([null, null, channel, 'broadcast', { type: 'broadcast', event: row.event, payload: row.payload }]));
          }
        }
      } catch (error) {
        if (polling) console.error('realtime double:', error);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  };
  void poll();

  return {
    refused,
    async close() {
      polling = false;
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await sql.end({ timeout: 1 });
    },
  };
}
