import { z } from 'zod';
import { text, uuid } from './common.ts';

// The community feed (decision 196): a city's posts by its active members and approved businesses. Every text is
// plain text: stored as typed (trimmed), shown as text, never as HTML.

export const COMMUNITY_POST_MAX = 500;
export const COMMUNITY_REPORT_REASON_MAX = 300;
/** Posts per page of the feed. */
export const COMMUNITY_PAGE_SIZE = 20;

const postText = text(COMMUNITY_POST_MAX).trim().min(1, 'must not be empty');
const optionalReason = text(COMMUNITY_REPORT_REASON_MAX).nullish();

/** GET /api/community/posts: the caller's city's feed, newest first; `cursor` from the previous page. */
export const communityFeedQuery = z.object({ cursor: z.string().max(200).optional() });

/**
 * POST /api/community/posts: `photoUrl` is the address of the caller's own upload (POST /api/objects/upload, then
 * the PUT); `dealId` one of the business's live deals (businesses only).
 */
export const createCommunityPostBody = z.object({
  text: postText,
  photoUrl: z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters').nullish(),
  dealId: uuid.nullish(),
});
/** PATCH /api/community/posts/{id}: the author changes the text (and a business, the linked deal; null unlinks). */
export const editCommunityPostBody = z.object({ text: postText, dealId: uuid.nullish() });
/** POST /api/community/posts/{id}/report: a reader of the feed, once per post. */
export const reportCommunityPostBody = z.object({ reason: optionalReason });
/** POST /api/community/posts/{id}/hide and /restore: the admin. */
export const moderateCommunityPostBody = z.object({ reason: optionalReason });

export const communityPost = z.object({
  id: z.string(),
  /** The member's first name, or the business's name. */
  authorName: z.string(),
  /** Posted by a business (its id), or null for a member. */
  merchantId: z.string().nullable(),
  text: z.string(),
  /** Where the photo is served (/objects/...), or null. */
  photoUrl: z.string().nullable(),
  /** The business's deal the post links, while it is live. */
  deal: z.object({ id: z.string(), title: z.string() }).nullable(),
  createdAt: z.string(),
  /** Changed by its author after posting. */
  edited: z.boolean(),
  /** Written by the caller (who may edit and delete it). */
  mine: z.boolean(),
});
export type CommunityPost = z.infer<typeof communityPost>;

/** GET /api/community/posts: one page of the caller's city's feed. */
export const communityFeedAnswer = z.object({
  cityId: z.string(),
  cityName: z.string(),
  /** How the caller posts: as a member, or as their business (which may link a deal). */
  postAs: z.enum(['member', 'business']),
  posts: z.array(communityPost),
  /** Opaque; pass as `cursor` for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CommunityFeedAnswer = z.infer<typeof communityFeedAnswer>;

/** A reported post in the admin's moderation queue (GET /api/reviews/admin, `reportedPosts`). */
export const reportedPost = communityPost.extend({
  cityName: z.string(),
  hidden: z.boolean(),
  openReports: z.number(),
  reports: z.number(),
  /** The reasons given, newest first (at most 5). */
  reasons: z.array(z.string()),
});
export type ReportedPost = z.infer<typeof reportedPost>;
