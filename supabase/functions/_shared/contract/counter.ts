import { z } from 'zod';
import { memberNumber, memberNumberInput, uuid } from './common.ts';

const COUNTER_AMOUNT_MAX_CENTS = 10_000_000;
const COUNTER_POINTS_MAX = 10_000_000;
/** How long the counter can undo a redemption or a points entry. */
export const COUNTER_UNDO_MINUTES = 5;

/** Typing the code needs the member number too: an anonymous walk-in code is refused (decision 165). */
export const CODE_NEEDS_MEMBER_MESSAGE = 'Scan the member\'s pass, or type their member number with the code: a code alone is not accepted';

/** The one refusal of a member number the counter may not use (private.member_not_recognised_message()). */
export const MEMBER_NOT_RECOGNISED_MESSAGE = 'Member number not recognised here. Ask the member to show their pass.';

/**
 * The one refusal of a typed code whose member number comes without a valid personal code (decision 190): the
 * same for an unknown, inactive or never-seen number, so the answer says nothing about who a number belongs to.
 */
export const PERSONAL_CODE_REFUSED_MESSAGE = 'Member number or personal code not recognised. Check both with the member, or scan their pass.';

/** The member's 6-digit personal code from the pass sheet (a TOTP, decision 190), spaces allowed when typed. */
const personalCode = z.string({ error: 'must be the 6 digits on the member\'s pass' }).transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'must be the 6 digits on the member\'s pass'));

/**
 * The purchase amount (cents), as the earn call takes it: optional, required when the deal's rules set a minimum
 * spend, refused below it (issue 38); stored on the redemption.
 */
const amountCents = z.number({ error: 'must be the purchase amount in cents' }).int('must be a whole number of cents')
  .min(1, 'must be at least 1 cent').max(COUNTER_AMOUNT_MAX_CENTS, `must be at most ${COUNTER_AMOUNT_MAX_CENTS} cents`);

export const verifyCodeBody = z.object({
  code: z.string({ error: 'is required' }).transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'must be the 6 digits the member shows')),
  memberNumber: memberNumberInput(CODE_NEEDS_MEMBER_MESSAGE),
  /**
   * Proof that the member is at the till (decision 190). Without a valid one the number is refused online as an
   * unknown one is, and an offline entry (verifiedAt) is recorded flagged `unproven`, with no member.
   */
  personalCode: personalCode.optional(),
  /** Only needed when a code happens to match two of the merchant's deals at once. */
  dealId: uuid.optional(),
  /**
   * Set when the counter checked the code on its own while offline and queued the redemption (decision
   * 060): the server matches the code at that instant (within the last 12 hours) instead of now.
   */
  verifiedAt: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
  amountCents: amountCents.optional(),
});
export type VerifyCodeBody = z.input<typeof verifyCodeBody>;

/**
 * POST /api/merchant/verify-pass: a member pass scanned (or typed by a scanner) for one of the counter's deals.
 * `verifiedAt` as for verify-code: set when the counter checked the pass offline and queued it.
 */
export const verifyPassBody = z.object({
  pass: z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000, 'is not a member pass'),
  dealId: uuid,
  verifiedAt: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
  amountCents: amountCents.optional(),
});
export type VerifyPassBody = z.input<typeof verifyPassBody>;

/** Why a redemption a counter accepted offline broke a rule when it synced (recorded, shown to the merchant). */
export const redemptionFlag = z.enum(['per_member_limit', 'max_uses', 'pass_reused', 'code_reused', 'deal_not_live', 'membership_inactive', 'unproven', 'outside_rules', 'wrong_location']);
export type RedemptionFlag = z.infer<typeof redemptionFlag>;

/** What the merchant reads about a redemption recorded although it broke a rule (checked offline, decision 165). */
export const REDEMPTION_FLAG_LABELS: Record<RedemptionFlag, string> = {
  per_member_limit: 'Over the per-member limit',
  max_uses: 'Over the total uses of the deal',
  pass_reused: 'The same pass was already used for this deal',
  code_reused: 'The same code was already used by this member',
  deal_not_live: 'The deal was not live',
  membership_inactive: 'The membership was not active',
  unproven: 'No valid personal code: nothing showed the member was there',
  outside_rules: 'Outside the offer rules (days, hours, dates or minimum spend)',
  wrong_location: 'At a location the deal is not offered at',
};

/** Answer of verify-code and verify-pass (201). */
export const dealRedemption = z.object({
  id: z.string(),
  dealId: z.string(),
  dealTitle: z.string(),
  memberNumber,
  /**
   * Who the member is, for staff to compare with the person at the counter; null for an offline entry recorded
   * `unproven` (nothing proved who was there, so nothing is told about the number).
   */
  member: z.object({ firstName: z.string(), pictureUrl: z.string().nullable() }).nullable(),
  codeStep: z.number().nullable(),
  passStep: z.number().nullable(),
  createdAt: z.string(),
  usedAt: z.string(),
  undoUntil: z.string(),
  usedCount: z.number(),
  maxUses: z.number().nullable(),
  flag: redemptionFlag.nullable(),
  /** The deal's rules and per-member limit as one sentence, for the result panel (issue 38). */
  rulesText: z.string(),
  /** The purchase amount the counter entered, if any. */
  amountCents: z.number().nullable(),
});
export type DealRedemption = z.infer<typeof dealRedemption>;

/** A refusal of verify-code or verify-pass: `availableAt` when the member may use the deal again later. */
export const redemptionRefusal = z.object({ message: z.string(), availableAt: z.string().optional() });
export type RedemptionRefusal = z.infer<typeof redemptionRefusal>;

export const undoRedemptionAnswer = z.object({
  id: z.string(), dealId: z.string(), undoneAt: z.string(), usedCount: z.number(), maxUses: z.number().nullable(),
});
export type UndoRedemptionAnswer = z.infer<typeof undoRedemptionAnswer>;

export const earnBody = z.object({
  memberNumber: memberNumberInput(),
  amountCents,
});
export type EarnBody = z.input<typeof earnBody>;

export const redeemBody = z.object({
  memberNumber: memberNumberInput(),
  /** Spending a member's points needs their personal code (decision 190), as a typed deal code does. */
  personalCode: personalCode.optional(),
  points: z.number({ error: 'must be a whole number of points' }).int('must be a whole number of points')
    .min(1, 'must be at least 1').max(COUNTER_POINTS_MAX, `must be at most ${COUNTER_POINTS_MAX}`),
});
export type RedeemBody = z.input<typeof redeemBody>;

/** Answer of earn, redeem and a points undo: the entry and the member's balance here after it. */
export const pointsEntry = z.object({
  entryId: z.string(),
  kind: z.enum(['accrual', 'redemption', 'reversal']),
  points: z.number(),
  balance: z.number(),
  memberNumber,
  createdAt: z.string(),
  undoUntil: z.string().nullable(),
});
export type PointsEntry = z.infer<typeof pointsEntry>;

export const counterMember = z.object({ memberNumber, balance: z.number(), isActiveMember: z.boolean() });
export type CounterMember = z.infer<typeof counterMember>;

export const counterActivityItem = z.object({
  type: z.enum(['deal', 'accrual', 'redemption', 'reversal']),
  id: z.string(),
  dealId: z.string().nullable(),
  dealTitle: z.string().nullable(),
  memberNumber: memberNumber.nullable(),
  points: z.number().nullable(),
  purchaseAmountCents: z.number().nullable(),
  createdAt: z.string(),
  undone: z.boolean(),
  undoUntil: z.string().nullable(),
  /** The member's first name (the list shows it instead of a bare number). */
  memberFirstName: z.string().nullable(),
  /** Who did it at the counter: the owner's or a staff member's name (decision 166). */
  actedBy: z.string().nullable(),
  /** A redemption an offline counter accepted against a rule: why (decision 165). */
  flag: redemptionFlag.nullable(),
  /** Where a redemption happened (issue 40): its tablet's location; null for points, which are the business's. */
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
});
export type CounterActivityItem = z.infer<typeof counterActivityItem>;

/** GET /api/merchant/counter/activity?locationId=: only that location's redemptions (issue 40). */
export const counterActivityQuery = z.object({ locationId: z.uuid({ error: 'must be a valid id' }).optional() });

/** GET /api/member/points: the member card. */
export const memberPointsAnswer = z.object({
  memberNumber: memberNumber.nullable(),
  totalPoints: z.number(),
  balances: z.array(z.object({ merchantId: z.string(), merchantName: z.string(), points: z.number() })),
});
export type MemberPointsAnswer = z.infer<typeof memberPointsAnswer>;
