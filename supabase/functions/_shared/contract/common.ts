import { z } from 'zod';
import { passwordProblem } from '../password-rule.ts';

export const uuid = z.uuid({ message: 'must be a valid id' });
/** Optional id from a form: empty string and null mean "none". */
export const optionalId = z.preprocess((v) => (v === '' ? null : v), uuid.nullish());

// ---------------------------------------------------------------- the member number
// profiles.member_number: a Postgres integer from 100001, printed on the member card and in the signed pass (`mn`).
// Every answer carries it as a number; requests take the number or the digits a person typed at the counter.
const MEMBER_NUMBER_MAX = 2_147_483_647;
const NOT_A_MEMBER_NUMBER = 'must be a member number';

/** A member number in an answer (auth/me, member/points, the pass certificate, the counter's answers). */
export const memberNumber = z.number().int(NOT_A_MEMBER_NUMBER).min(1, NOT_A_MEMBER_NUMBER).max(MEMBER_NUMBER_MAX, NOT_A_MEMBER_NUMBER);
export type MemberNumber = z.infer<typeof memberNumber>;

/** A member number as typed ("100002", "#100002", " 100 002 "), or null: the counter's fields and request bodies. */
export function parseMemberNumber(text: string): MemberNumber | null {
  const digits = text.replace(/[\s#]/g, '');
  if (!/^\d{1,10}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= 1 && n <= MEMBER_NUMBER_MAX ? n : null;
}

/**
 * A member number in a request (body field or path): the number, or its digits as typed (parseMemberNumber).
 * Absent, empty or null answers `missing`; anything else that is not one, 'must be a member number'.
 */
export const memberNumberInput = (missing = 'is required') => z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? parseMemberNumber(v) ?? v : v),
  z.number({ error: (issue) => (issue.input === undefined ? missing : NOT_A_MEMBER_NUMBER) }).pipe(memberNumber),
);

// ---------------------------------------------------------------- text that can be stored
// Postgres text holds no NUL, and UTF-8 has no encoding for an unpaired UTF-16 surrogate (the driver would
// silently store U+FFFD instead). Such input is refused with 400 naming the field, before any SQL.
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_TEXT_MESSAGE = 'contains a character that cannot be stored (NUL or an unpaired surrogate)';
export const isStorableText = (value: string) => !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);

/** A bounded text field: storable, at most `max` characters. */
export const text = (max: number) =>
  z.string().refine(isStorableText, UNSTORABLE_TEXT_MESSAGE).max(max, `must be at most ${max} characters`);

/**
 * The path ("merchantData.businessName", "items.2") of the first string anywhere in a request value that
 * cannot be stored, '' for the value itself, or null when all are clean. The server runs it on every body,
 * query and path parameter before its schema (http/validate.ts), so no field can be forgotten.
 */
export function findUnstorableField(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.');
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorableField(item, [...path, String(i)]);
      if (found !== null) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnstorableField(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** RFC 5321 caps a forward path at 256 octets including the angle brackets: an address is at most 254. */
export const EMAIL_MAX = 254;
export const email = z.string().trim().toLowerCase()
  .max(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email({ message: 'must be a valid email address' }));

// ---------------------------------------------------------------- shapes several answers share
/** A business as others see it at a glance (search results, follows, collaborations, a deal's page). */
export const businessBadge = z.object({ id: z.string(), name: z.string(), logoUrl: z.string().nullable() });

/** The business a listed item belongs to (a deal, a review, a report), by id and name. */
export const ofBusiness = { merchantId: z.string(), merchantName: z.string() };

// ---------------------------------------------------------------- new passwords (decisions 088, 176)
/** A password being set: the one rule of _shared/password-rule.ts (commonness: server, http/password-policy.ts). */
export const newPassword = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
