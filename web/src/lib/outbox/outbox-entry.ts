import type { HttpMethod } from '../api-client';

/** A change the user asked for, as the API call that makes it. */
export interface OutboxAction {
  method: Exclude<HttpMethod, 'GET'>;
  /** API path, e.g. `/api/notifications/<id>/read`. */
  url: string;
  /** JSON payload, if the call has one. */
  body?: unknown;
  /** What the person did, in their words: shown in the pending-actions list ("Mark notification as read"). */
  label: string;
  /** Which feature action this is (e.g. `notifications.read`), so screens can show their own pending changes. */
  kind: string;
  /** Query keys to refetch once the server has applied it. */
  invalidate?: readonly (readonly unknown[])[];
  /** Extra request headers sent with it every time (e.g. the counter's `X-Counter-Device`). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * pending: waiting for the network; sending: on the wire (a crash here leaves it pending again on the next
 * start, and the idempotency key makes the resend harmless); failed: the server refused it on replay.
 */
type OutboxStatus = 'pending' | 'sending' | 'failed';

export interface OutboxEntry extends OutboxAction {
  /** Auto-increment: the replay order. */
  seq?: number;
  /** Sent as `Idempotency-Key`: the server applies each key once per user. */
  key: string;
  /** Entries replay only under the session of the person who made them. */
  userId: string;
  createdAt: number;
  status: OutboxStatus;
  attempts: number;
  /** Why the last replay failed, in words a person can act on. */
  error?: string;
  /**
   * The server said "too many, try again later" (429): the entry stays pending and is not sent before this time
   * (ms since the epoch); later entries go on meanwhile, so the outbox never stalls behind it.
   */
  retryAt?: number;
}
