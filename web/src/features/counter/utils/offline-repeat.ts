import type { PerMemberLimit } from '@shared/constants.ts';
import { type MemberNumber, parseMemberNumber } from '@shared/contract/index.ts';
import { parsePass } from '@shared/member-pass.ts';
import { ApiError } from '@/lib/api-error';
import type { OutboxEntry } from '@/lib/outbox/outbox-entry';
import { dayAndTime } from '@/lib/dates';

const HOUR_MS = 3600_000;
/** The per-member windows, as the server's rule counts them (private.record_deal_redemption in supabase/schemas/counter.sql). */
const WINDOW_MS: Record<Exclude<PerMemberLimit, 'once' | 'none'>, number> = { day: 24 * HOUR_MS, week: 7 * 24 * HOUR_MS, month: 30 * 24 * HOUR_MS };

/** The deal, member and moment of a redemption this tablet queued offline, or null for any other entry. */
function queuedUse(entry: OutboxEntry): { dealId: string; memberNumber: MemberNumber; atMs: number } | null {
  if (entry.status === 'failed' || !entry.kind.startsWith('counter.verify')) return null;
  const body = entry.body as { dealId?: string; memberNumber?: unknown; pass?: string; verifiedAt?: string } | undefined;
  if (!body?.dealId || !body.verifiedAt) return null;
  const memberNumber = queuedMemberNumber(body.memberNumber) ?? (body.pass ? parsePass(body.pass)?.certificate.mn : undefined);
  return memberNumber === undefined ? null : { dealId: body.dealId, memberNumber, atMs: Date.parse(body.verifiedAt) };
}

/** The member number of a queued body: a number, or digits (what the server also accepts when it replays). */
function queuedMemberNumber(value: unknown): MemberNumber | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'string' ? parseMemberNumber(value) ?? undefined : undefined;
}

/**
 * The per-member limit as far as this tablet can tell offline (decision 165): a second use by the same member of a
 * deal this tablet already accepted offline inside the window is refused here, like the server would (409 with
 * `availableAt`). Uses on other tablets cannot be seen offline: the server flags those when they sync.
 */
export function offlineRepeatRefusal(
  queued: readonly OutboxEntry[], use: { dealId: string; memberNumber: MemberNumber; perMemberLimit: PerMemberLimit; nowMs: number },
): ApiError | null {
  if (use.perMemberLimit === 'none') return null;
  const window = use.perMemberLimit === 'once' ? Infinity : WINDOW_MS[use.perMemberLimit];
  const earlier = queued.map(queuedUse)
    .filter((found) => found && found.dealId === use.dealId && found.memberNumber === use.memberNumber && Math.abs(use.nowMs - found.atMs) < window);
  if (!earlier.length) return null;
  if (use.perMemberLimit === 'once') {
    return new ApiError(409, JSON.stringify({ message: 'This member has already used this deal, which is once per member' }));
  }
  const availableAt = new Date(Math.max(...earlier.map((found) => found!.atMs)) + window).toISOString();
  return new ApiError(409, JSON.stringify({
    message: `This member already used this deal: it works again for them at ${dayAndTime(availableAt)}`, availableAt,
  }));
}
