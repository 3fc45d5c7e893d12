import { z } from 'zod';

/**
 * An invite code as a person types or a link carries it (decision 200): 8 letters and digits, any case, spaces
 * around ignored. Whether a member has it is the server's answer (400 when none does).
 */
export const referralCode = z.string().trim().toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, { message: 'must be an invite code of letters and digits' });

/** GET /api/member/referral: the member's invite link and what it brought them. */
export const referralAnswer = z.object({
  code: z.string(),
  /** The link to share: /subscribe?ref=CODE on the site. */
  url: z.string(),
  /** Accounts that subscribed with the code. */
  invited: z.number().int(),
  /** Of those, the ones that earned this member a credit. */
  rewarded: z.number().int(),
  /** Credit still to come: invited members whose first payment has not stood 7 days yet, at today's reward. */
  pendingCents: z.number().int(),
  /** Referral credit this member was given (as referrer or invited), less any taken back. */
  earnedCents: z.number().int(),
});
export type ReferralAnswer = z.infer<typeof referralAnswer>;
