import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import { REALTIME_EVENTS_PATH, TOPIC_PATTERN, userTopic } from '../supabase/functions/_shared/contract/realtime.ts';
import { MAX_FOLLOWED_TOPICS } from '../supabase/functions/_shared/realtime-topics.ts';
import type { Database } from '../supabase/functions/api/db/database.ts';
import { findSessionUser } from '../supabase/functions/api/sessions/sessions.ts';
import { SESSION_COOKIE } from '../supabase/functions/api/http/session.ts';
import { canJoinTopic } from './realtime-authorize.ts';
import type { RealtimeRelay } from './realtime-relay.ts';

// The member's own topic, a city, the followed businesses' topics (decision 180), and a little room.
const MAX_TOPICS = MAX_FOLLOWED_TOPICS + 4;
/** Live-update streams one session may hold open at once (tabs and reconnects; decision 089). */
export const DEFAULT_MAX_STREAMS_PER_SESSION = 5;
export const TOO_MANY_STREAMS_MESSAGE = 'Too many live-update connections for this session. Close another tab and try again.';

export interface RealtimeSseOptions {
  db: Database;
  relay: RealtimeRelay;
  /** How often the stream sends a comment to keep proxies from closing it and re-checks the session. */
  keepAliveMs?: number;
  /** REALTIME_MAX_STREAMS_PER_SESSION; further streams get 429 until one closes. */
  maxStreamsPerSession?: number;
}

/**
 * GET /api/realtime/events?topics=city:<id>: the embedded transport. The session cookie is resolved
 * exactly as the API's session middleware does; the user's own topic is always joined, other topics
 * only when the realtime.messages policies allow it. Each message arrives as an unnamed SSE event
 * whose data is {topic, event, payload}; an "ready" event confirms the joined topics.
 */
export function realtimeSseRoutes({
  db, relay, keepAliveMs = 25_000, maxStreamsPerSession = DEFAULT_MAX_STREAMS_PER_SESSION,
}: RealtimeSseOptions) {
  const app = new Hono();
  /** Open streams per session (by the session's token hash). */
  const open = new Map<string, number>();
  app.get(REALTIME_EVENTS_PATH, async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    const user = token ? await findSessionUser(db, token) : null;
    if (!user) return c.json({ message: 'Authentication required' }, 401);

    const requested = (c.req.query('topics') ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    const topics = [...new Set([userTopic(user.id), ...requested])];
    if (topics.length > MAX_TOPICS) return c.json({ message: `topics must list at most ${MAX_TOPICS - 1} topics` }, 400);
    const malformed = topics.find((t) => !TOPIC_PATTERN.test(t));
    if (malformed) return c.json({ message: `topics has an unknown topic: ${malformed}` }, 400);
    for (const topic of topics) {
      if (!(await canJoinTopic(db, user, topic))) return c.json({ message: `You may not join ${topic}` }, 403);
    }

    const session = user.sessionTokenHash;
    if ((open.get(session) ?? 0) >= maxStreamsPerSession) return c.json({ message: TOO_MANY_STREAMS_MESSAGE }, 429);
    open.set(session, (open.get(session) ?? 0) + 1);
    const release = () => {
      const left = (open.get(session) ?? 1) - 1;
      if (left > 0) open.set(session, left);
      else open.delete(session);
    };

    return streamSSE(c, async (stream) => {
      let stop!: () => void;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      const unsubscribe = relay.subscribe(topics, (message) => {
        void stream.writeSSE({ data: JSON.stringify(message) });
      });
      stream.onAbort(() => stop());
      try {
        // The browser's own reconnect wait after a drop (e.g. a restart): 2-8 s, a different one per stream,
        // so clients do not all come back in the same second (decision 180).
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ topics }), retry: 2000 + Math.floor(Math.random() * 6000) });
        while (!stream.aborted) {
          const timedOut = await Promise.race([stopped.then(() => false), sleep(keepAliveMs).then(() => true)]);
          if (!timedOut) break;
          // Signed out or the session expired: this stream must not outlive it.
          if (!(await findSessionUser(db, token!))) break;
          await stream.write(': keep-alive\n\n');
        }
      } finally {
        unsubscribe();
        release();
      }
    });
  });
  return app;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());
