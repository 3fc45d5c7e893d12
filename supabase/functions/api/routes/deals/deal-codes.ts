import { dealCodeAt, hexToBytes, type DealCode } from '../../../_shared/deal-code.ts';
import type { Query } from '../../db/database.ts';

/**
 * Current codes of the given deals, derived from their secrets. The database hands out only the
 * secrets the caller may see codes of (private.deal_code_secrets); deals missing from the map get
 * no code. The secrets stay in this function.
 */
export async function currentCodes(query: Query, dealIds: string[], nowMs = Date.now()): Promise<Map<string, DealCode>> {
  if (dealIds.length === 0) return new Map();
  const rows = await query<{ deal_id: string; secret: string }>(
    `select deal_id, secret from private.deal_code_secrets($1::uuid[])`,
    [`{${dealIds.join(',')}}`],
  );
  return new Map(await Promise.all(rows.map(async (row) =>
    [row.deal_id, await dealCodeAt(hexToBytes(row.secret), nowMs)] as const)));
}

/** The secrets themselves, for matching a code at the counter (owner of an approved business only). */
export async function codeSecrets(query: Query, dealIds: string[]): Promise<Map<string, Uint8Array>> {
  if (dealIds.length === 0) return new Map();
  const rows = await query<{ deal_id: string; secret: string }>(
    `select deal_id, secret from private.deal_code_secrets($1::uuid[])`,
    [`{${dealIds.join(',')}}`],
  );
  return new Map(rows.map((row) => [row.deal_id, hexToBytes(row.secret)]));
}
