import type { RealtimeMessage } from '@shared/contract/realtime.ts';

export type { RealtimeMessage };
export type MessageHandler = (message: RealtimeMessage) => void;

/**
 * The one interface the app sees. Behind it: server-sent events from the local runner (embedded
 * stack) or Supabase Realtime private channels (production); the API tells which
 * (GET /api/realtime/token). Both reconnect on their own and after the network returns.
 */
export interface RealtimeClient {
  /** Receives every message on `topic` (e.g. user:<id>, city:<id>) until the returned function is called. */
  subscribe(topic: string, handler: MessageHandler): () => void;
  /**
   * Called each time the connection becomes live: the first time and after every loss (network,
   * server restart). Anything published while it was not live is not replayed, so refetch.
   */
  onReconnect(listener: () => void): () => void;
  close(): void;
}
