import { codeStepAt, dealCodeAt, dealCodeForStep, matchCodeStep, type DealCode } from '../../_shared/deal-code.ts';
import { hexToBytes } from '../../_shared/encoding.ts';
import type { Query } from '../db/database.ts';

/** $1: a uuid[] literal of deal ids. Only the secrets the caller may see codes of come back. */
export const codeSecretsSql = `select deal_id, secret from private.deal_code_secrets($1::uuid[])`;

/**
 * Codes already derived in this process, by deal: every caller of one step sees the same code, so
 * a busy city list costs one HMAC per deal per 120 s. Only filled after the database handed out the
 * secret to an authorised caller; it holds codes, never secrets. Bounded by a crude reset.
 */
const derivedCodes = new Map<string, DealCode>();
const DERIVED_CODES_MAX = 50_000;

export async function codeOf(dealId: string, secretHex: string, nowMs: number): Promise<DealCode> {
  const cached = derivedCodes.get(dealId);
  if (cached && cached.step === codeStepAt(nowMs)) return cached;
  const code = await dealCodeAt(hexToBytes(secretHex), nowMs);
  if (derivedCodes.size >= DERIVED_CODES_MAX) derivedCodes.clear();
  derivedCodes.set(dealId, code);
  return code;
}

/**
 * Codes of a page of deals at `nowMs`, in their order. A busy list finds every code already derived in this
 * step: answered then with one promise for the page instead of two per card (garbage collection was the
 * largest single item of the member list's server CPU under load).
 */
export function codesOf(deals: readonly { id: string; secret: string }[], nowMs: number): Promise<DealCode[]> {
  const step = codeStepAt(nowMs);
  const known: DealCode[] = [];
  for (const deal of deals) {
    const cached = derivedCodes.get(deal.id);
    if (!cached || cached.step !== step) return Promise.all(deals.map((d) => codeOf(d.id, d.secret, nowMs)));
    known.push(cached);
  }
  return Promise.resolve(known);
}

/**
 * Current codes of the given deals, derived from their secrets. The database hands out only the
 * secrets the caller may see codes of (private.deal_code_secrets); deals missing from the map get
 * no code. The secrets stay in this function.
 */
export async function currentCodes(query: Query, dealIds: string[], nowMs = Date.now()): Promise<Map<string, DealCode>> {
  if (dealIds.length === 0) return new Map();
  const rows = await query<{ deal_id: string; secret: string }>(
    codeSecretsSql,
    [`{${dealIds.join(',')}}`],
  );
  const codes = await codesOf(rows.map((row) => ({ id: row.deal_id, secret: row.secret })), nowMs);
  return new Map(rows.map((row, i) => [row.deal_id, codes[i]!] as const));
}

/** The secrets themselves, for matching a code at the counter (owner of an approved business only). */
export async function codeSecrets(query: Query, dealIds: string[]): Promise<Map<string, Uint8Array>> {
  if (dealIds.length === 0) return new Map();
  const rows = await query<{ deal_id: string; secret: string }>(
    codeSecretsSql,
    [`{${dealIds.join(',')}}`],
  );
  return new Map(rows.map((row) => [row.deal_id, hexToBytes(row.secret)]));
}

/**
 * Codes by deal and step, derived for matching at the counter: each check of a code compares it with
 * the current and previous step of every live deal of the business, two HMACs per deal and step
 * (decision 130: 8.8 ms of server CPU per verify for ten deals). Holds codes, never secrets.
 */
const stepCodes = new Map<string, string>();

/** The step of `dealId` that `code` belongs to at `timeMs` (current, then previous), or null; cached per deal and step. */
export function matchDealCodeStep(dealId: string, secret: Uint8Array, code: string, timeMs: number): Promise<number | null> {
  return matchCodeStep(secret, code, timeMs, async (step) => {
    const key = `${dealId}:${step}`;
    const known = stepCodes.get(key);
    if (known !== undefined) return known;
    const derived = await dealCodeForStep(secret, step);
    if (stepCodes.size >= DERIVED_CODES_MAX) stepCodes.clear();
    stepCodes.set(key, derived);
    return derived;
  });
}
