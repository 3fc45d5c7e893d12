import { z } from 'zod';

/** How many redemptions GET /api/member/redemptions answers at most per page. */
export const MEMBER_REDEMPTIONS_PAGE_MAX = 50;

/** GET /api/member/redemptions?before=<nextCursor>&limit=<1..50>: the member's own deal redemptions, newest first. */
export const memberRedemptionsQuery = z.object({
  /** The previous page's `nextCursor`; absent = the newest page. */
  before: z.string().regex(/^\d{1,17}\.\d{1,18}$/, 'must be the cursor given with the previous page').optional(),
  limit: z.string().regex(/^\d{1,2}$/, `must be a whole number from 1 to ${MEMBER_REDEMPTIONS_PAGE_MAX}`)
    .transform(Number)
    .pipe(z.number().min(1, `must be a whole number from 1 to ${MEMBER_REDEMPTIONS_PAGE_MAX}`)
      .max(MEMBER_REDEMPTIONS_PAGE_MAX, `must be a whole number from 1 to ${MEMBER_REDEMPTIONS_PAGE_MAX}`))
    .optional(),
});

const memberRedemption = z.object({
  id: z.string(),
  businessName: z.string(),
  dealTitle: z.string(),
  /** When the discount was given (for a check a counter made offline, the moment of that check). */
  usedAt: z.string(),
  /** The counter undid it (within its 5 minutes): it did not count. */
  undone: z.boolean(),
});

export const memberRedemptionsAnswer = z.object({
  items: z.array(memberRedemption),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type MemberRedemptionsAnswer = z.infer<typeof memberRedemptionsAnswer>;
