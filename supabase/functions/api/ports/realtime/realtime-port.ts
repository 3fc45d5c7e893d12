import type { RealtimeConnection } from '../../../_shared/contract/realtime.ts';

/**
 * The server side of realtime. Publishing happens in the database (triggers call realtime.send);
 * what the API owns is telling a signed-in browser how to receive its private topic.
 * Adapters: sse-realtime.ts (embedded stack; local/realtime-sse.ts serves its stream) and supabase-realtime.ts
 * (production), chosen in adapters.ts.
 */
export interface RealtimePort {
  connectionFor(user: { id: string; email: string }): Promise<RealtimeConnection>;
}
