// Parsing what is typed at the counter (a member number: parseMemberNumber of the contract, the server's rule too).
import { type MemberNumber, parseMemberNumber } from '@shared/contract/index.ts';
import { dollarsToCents } from '@shared/deal-rules.ts';

/** Member numbers have at least this many digits (they start at 100001). */
const MEMBER_NUMBER_MIN_DIGITS = 6;

/**
 * The member number to look up while it is typed: only once it has the digits of a whole member number, so the
 * first digits typed ("1", "10", "100"...) are never sent. Each unusable number the counter looks up counts as a
 * wrong guess on the counter's limit (decision 168).
 */
export function memberNumberToLookUp(text: string): MemberNumber | null {
  const n = parseMemberNumber(text);
  return n !== null && String(n).length >= MEMBER_NUMBER_MIN_DIGITS ? n : null;
}

/** Dollars as typed ("19.99", "$19.99", "1,250") -> cents, or null when not a positive amount. */
export function parseDollarsToCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const cents = Math.round(Number(cleaned) * 100);
  return cents >= 1 ? cents : null;
}

/** A whole number of points, or null. */
export function parsePoints(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (!/^\d+$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return n >= 1 ? n : null;
}

/** The 6 digits of a code as typed with spaces or dashes, or null. */
export function parseCode(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** Dollars typed at the counter (a purchase amount) as cents, or undefined when none, or nonsense, was typed. */
export function typedAmountCents(typed: string): number | undefined {
  const dollars = Number(typed.trim());
  return typed.trim() !== '' && Number.isFinite(dollars) && dollars > 0 ? dollarsToCents(dollars) : undefined;
}
