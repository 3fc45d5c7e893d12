import { z } from 'zod';
import { memberNumber } from './common.ts';

/**
 * GET /api/member/export: everything the service keeps about the signed-in member, as one JSON file they download
 * from the profile (issue 41, decision 197). Only the member's own rows, read as the member (row-level security).
 * Money in cents; times in ISO 8601 (UTC).
 */
export const memberExport = z.object({
  /** What this file is, so a reader years later can tell. */
  format: z.literal('pay-local-member-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    emailVerifiedAt: z.string().nullable(),
    name: z.string(),
    memberNumber: memberNumber,
    homeCity: z.string().nullable(),
    preferredCharity: z.string().nullable(),
    profilePicture: z.string().nullable(),
    createdAt: z.string(),
  }),
  /** Every membership the member held, newest first. */
  memberships: z.array(z.object({
    plan: z.string(),
    status: z.string(),
    startedAt: z.string(),
    currentPeriodStart: z.string(),
    currentPeriodEnd: z.string(),
    cancelAtPeriodEnd: z.boolean(),
    pausedAt: z.string().nullable(),
    canceledAt: z.string().nullable(),
    /** The card last saved: brand and last 4 digits only. */
    cardLabel: z.string().nullable(),
  })),
  payments: z.array(z.object({
    id: z.string(),
    paidAt: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    plan: z.string().nullable(),
    charity: z.string().nullable(),
    charityShareCents: z.number().int(),
    refunds: z.array(z.object({ amountCents: z.number().int(), refundedAt: z.string() })),
  })),
  redemptions: z.array(z.object({
    id: z.string(),
    business: z.string(),
    deal: z.string(),
    usedAt: z.string(),
    undone: z.boolean(),
  })),
  reviews: z.array(z.object({
    id: z.string(),
    business: z.string().nullable(),
    rating: z.number().int(),
    comment: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    reply: z.string().nullable(),
    hidden: z.boolean(),
  })),
  follows: z.array(z.object({
    businessId: z.string(),
    business: z.string().nullable(),
    since: z.string(),
  })),
  /** Account credits and their uses (negative: taken off a payment or taken back), newest first. */
  credits: z.array(z.object({
    amountCents: z.number().int(),
    reason: z.string(),
    createdAt: z.string(),
  })),
  /** The member's invite code (null: never asked for) and the referrals on either side: the other person is not named. */
  referral: z.object({
    code: z.string().nullable(),
    referrals: z.array(z.object({
      side: z.enum(['invited_someone', 'was_invited']),
      status: z.string(),
      createdAt: z.string(),
      settledAt: z.string().nullable(),
    })),
  }),
  /** Gift memberships the member bought (with the recipient's email they typed) or redeemed. */
  gifts: z.array(z.object({
    side: z.enum(['bought', 'received']),
    months: z.number().int(),
    amountCents: z.number().int(),
    recipientEmail: z.string().nullable(),
    message: z.string().nullable(),
    deliverOn: z.string(),
    paidAt: z.string().nullable(),
    redeemedAt: z.string().nullable(),
    refundedAt: z.string().nullable(),
  })),
  /** The member's own community posts, hidden ones included. */
  posts: z.array(z.object({
    id: z.string(),
    body: z.string(),
    photo: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    hidden: z.boolean(),
  })),
});
export type MemberExport = z.infer<typeof memberExport>;
