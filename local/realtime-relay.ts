import { realtimeMessage, type RealtimeMessage } from '../supabase/functions/_shared/contract/realtime.ts';
import type { Database } from '../supabase/functions/api/db/database.ts';

/** The channel local/bootstrap.sql's realtime.send NOTIFYs on. */
const REALTIME_CHANNEL = 'realtime';

type Deliver = (message: RealtimeMessage) => void;

export interface RealtimeRelay {
  /** Delivers every message published on one of `topics` until the returned function is called. */
  subscribe(topics: readonly string[], deliver: Deliver): () => void;
  /** Number of open subscriptions (for tests and the benchmark). */
  readonly size: number;
  close(): Promise<void>;
}

/**
 * The embedded stack's stand-in for Supabase Realtime: one LISTEN on the database, and a topic ->
 * subscribers index so each NOTIFY reaches only those who joined its topic (joins are authorised
 * beforehand by local/realtime-authorize.ts). Cost per message: one JSON parse and one map lookup.
 */
export async function startRealtimeRelay(db: Database): Promise<RealtimeRelay> {
  if (!db.listen) throw new Error('This database adapter cannot LISTEN; the embedded realtime relay needs it');
  const byTopic = new Map<string, Set<Deliver>>();
  let size = 0;

  const unlisten = await db.listen(REALTIME_CHANNEL, (raw) => {
    let message: RealtimeMessage;
    try {
      const parsed = realtimeMessage.safeParse(JSON.parse(raw));
      if (!parsed.success) return;
      message = parsed.data;
    } catch {
      return;
    }
    const subscribers = byTopic.get(message.topic);
    if (!subscribers) return;
    for (const deliver of subscribers) deliver(message);
  });

  return {
    subscribe(topics, deliver) {
      for (const topic of topics) {
        let set = byTopic.get(topic);
        if (!set) byTopic.set(topic, (set = new Set()));
        set.add(deliver);
      }
      size++;
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        size--;
        for (const topic of topics) {
          const set = byTopic.get(topic);
          set?.delete(deliver);
          if (set?.size === 0) byTopic.delete(topic);
        }
      };
    },
    get size() {
      return size;
    },
    close: () => unlisten(),
  };
}
