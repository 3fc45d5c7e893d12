import type { Claims, Database } from '../supabase/functions/api/db/database.ts';
import { serviceClaims } from '../supabase/functions/api/db/database.ts';

class Verdict {
  constructor(readonly allowed: boolean) {}
}

/**
 * May this user join `topic`? Asked exactly the way Supabase Realtime asks it, so the policies on
 * realtime.messages are the one rule for both transports: in a transaction that is always rolled
 * back, store a probe message on the topic, become the user (role authenticated, their claims,
 * realtime.topic set), and see whether the select policies let them read it.
 */
export async function canJoinTopic(db: Database, user: { id: string; email?: string }, topic: string): Promise<boolean> {
  const claims: Claims = { role: 'authenticated', sub: user.id, email: user.email };
  try {
    await db.transaction(serviceClaims, async (q) => {
      const [probe] = await q<{ id: string }>(
        `insert into realtime.messages (topic, extension, event, payload, private)
         values ($1, 'broadcast', 'authorization_probe', '{}'::jsonb, true) returning id`,
        [topic],
      );
      await q(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
                set_config('realtime.topic', $2, true)`,
        [JSON.stringify(claims), topic],
      );
      const visible = await q(`select 1 from realtime.messages where id = $1`, [probe.id]);
      throw new Verdict(visible.length > 0);
    });
  } catch (outcome) {
    if (outcome instanceof Verdict) return outcome.allowed;
    throw outcome;
  }
  throw new Error('unreachable: the probe transaction always rolls back');
}
