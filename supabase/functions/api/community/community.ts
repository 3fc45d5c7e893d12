// The community feed (decision 196). Writes call the SQL functions of supabase/schemas/community.sql,
// private.create_community_post and its kin (who may do what is decided there); reads go through row-level security.
// Every write first takes a place from the one limiter (decision 168) per account.
import {
  COMMUNITY_PAGE_SIZE,
  type CommunityFeedAnswer, type CommunityPost, type ReportedPost,
} from '../../_shared/contract/community.ts';
import { base64UrlToText, textToBase64Url } from '../../_shared/encoding.ts';
import type { Services } from '../services.ts';
import { type Query, iso } from '../db/database.ts';
import { forbidden, invalid, tooMany } from '../domain-error.ts';
import { takeHit } from '../limits/index.ts';
import { deleteStoredObject, resolveUploadedObject } from '../uploads/index.ts';
import { fieldMessage } from '../../_shared/contract/field-labels.ts';

/** New posts one account may make per hour. */
export const COMMUNITY_POSTS_PER_HOUR = 10;
/** Other writes (edit, delete, report) one account may make per hour. */
export const COMMUNITY_WRITES_PER_HOUR = 60;
export const TOO_MANY_POSTS_MESSAGE = 'You have posted a lot this hour. Please try again later.';
export const TOO_MANY_COMMUNITY_WRITES_MESSAGE = 'Too many changes and reports for now. Please try again later.';

/** Counts one write of the account (a new post, or another write); past the limit: 429 with Retry-After. */
async function countWrite(s: Pick<Services, 'tx'>, userId: string, kind: 'post' | 'write'): Promise<void> {
  const bucket = kind === 'post'
    ? { key: `community-posts:user:${userId}`, limit: COMMUNITY_POSTS_PER_HOUR, windowSeconds: 3600 }
    : { key: `community-writes:user:${userId}`, limit: COMMUNITY_WRITES_PER_HOUR, windowSeconds: 3600 };
  const take = await s.tx.asService((q) => takeHit(q, [bucket]));
  if (!take.taken) throw tooMany(kind === 'post' ? TOO_MANY_POSTS_MESSAGE : TOO_MANY_COMMUNITY_WRITES_MESSAGE, take.retryAfterSeconds);
}

/** The columns of a post as the caller sees it (alias p; the linked deal only while live and listed, alias d). */
const postColumns = `p.id::text, p.author_name, p.merchant_id, p.body, p.photo_path, p.created_at, p.created_at::text as created_at_text,
  p.updated_at > p.created_at as edited, p.author_id = (select auth.uid()) as mine, d.id as deal_id, d.title as deal_title`;
const dealJoin = `left join public.deals d on d.id = p.deal_id and d.merchant_id = p.merchant_id
  and public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed)`;

type PostRow = {
  id: string; author_name: string; merchant_id: string | null; body: string; photo_path: string | null;
  created_at: Date; created_at_text: string; edited: boolean; mine: boolean; deal_id: string | null; deal_title: string | null;
};

const toPost = (r: PostRow): CommunityPost => ({
  id: r.id, authorName: r.author_name, merchantId: r.merchant_id, text: r.body, photoUrl: r.photo_path,
  deal: r.deal_id && r.deal_title ? { id: r.deal_id, title: r.deal_title } : null,
  createdAt: iso(r.created_at), edited: r.edited, mine: r.mine,
});

/** One post as the caller sees it, after a write (the function's row, re-read for the deal and the flags). */
const onePost = async (q: Query, id: string): Promise<CommunityPost> => {
  const [row] = await q<PostRow>(`select ${postColumns} from public.community_posts p ${dealJoin} where p.id = $1`, [id]);
  return toPost(row!);
};

// ---------------------------------------------------------------- the cursor
/** Cursor: base64url of JSON [created_at text (microseconds kept), id]. */
const encodeCursor = (createdAt: string, id: string) => textToBase64Url(JSON.stringify([createdAt, id]));
const CURSOR_DATE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/;

/** The (created_at, id) after which the page starts, or nulls for the first page; 400 for anything not ours. */
export function decodePostCursor(cursor: string | undefined): [string, string] | [null, null] {
  if (!cursor) return [null, null];
  try {
    const value = JSON.parse(base64UrlToText(cursor)) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && CURSOR_DATE.test(value[0]) &&
        !Number.isNaN(Date.parse(value[0].replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))) &&
        typeof value[1] === 'string' && /^\d{1,18}$/.test(value[1])) {
      return [value[0], value[1]];
    }
  } catch { /* falls through */ }
  throw invalid(fieldMessage('cursor', 'is not valid'));
}

// ---------------------------------------------------------------- reads
/**
 * GET /api/community/posts: one page of the caller's city's feed, newest first. The city is private.community_city()
 * (an active member's home city, an approved business's city); anyone else gets 403. One index range per page
 * (community_posts_city_feed_idx), however many posts and members the city has.
 */
export async function communityFeed(q: Query, cursor: string | undefined): Promise<CommunityFeedAnswer> {
  const [before, beforeId] = decodePostCursor(cursor);
  const [city] = await q<{ id: string | null; name: string | null; business: boolean }>(
    `select c.id, c.name, exists (select 1 from public.merchants m where m.owner_user_id = (select auth.uid()) and m.city_id = c.id and m.active) as business
       from (select private.community_city() as id) x left join public.cities c on c.id = x.id`);
  if (!city?.id) throw forbidden('The community is for active members and approved businesses of a city. Subscribe to join in.');
  const rows = await q<PostRow>(
    `select ${postColumns} from public.community_posts p ${dealJoin}
      where p.city_id = $1 and p.hidden_at is null
        -- $2 travels as text: a driver that takes it for a timestamptz parameter goes through a JS Date and drops
        -- the microseconds, and the row at the page boundary would be skipped (seen on postgres.js).
        and (p.created_at, p.id) < (coalesce($2::text::timestamptz, 'infinity'), coalesce($3::bigint, 9223372036854775807))
      order by p.created_at desc, p.id desc
      limit $4`,
    [city.id, before, beforeId, COMMUNITY_PAGE_SIZE + 1]);
  const page = rows.slice(0, COMMUNITY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    cityId: city.id, cityName: city.name ?? '', postAs: city.business ? 'business' : 'member', posts: page.map(toPost),
    nextCursor: rows.length > COMMUNITY_PAGE_SIZE && last ? encodeCursor(last.created_at_text, last.id) : null,
  };
}

// ---------------------------------------------------------------- writes
type Used = Pick<Services, 'tx' | 'objects'>;
export interface NewPost { text: string; photoUrl?: string | null; dealId?: string | null }

/** POST /api/community/posts: counted by the limiter, the photo checked as the caller's own upload, then posted. */
export async function createPost(s: Used, userId: string, post: NewPost): Promise<CommunityPost> {
  await countWrite(s, userId, 'post');
  const photo = post.photoUrl ? await resolveUploadedObject(s, post.photoUrl, userId, 'photoUrl') : null;
  return s.tx.asCaller(async (q) => {
    const [{ id }] = await q<{ id: string }>(`select p.id::text from private.create_community_post($1, $2, $3) p`,
      [post.text, photo, post.dealId ?? null]);
    return onePost(q, id);
  });
}

/** PATCH /api/community/posts/:id: the author, unless hidden. */
export async function editPost(s: Pick<Services, 'tx'>, userId: string, id: string, text: string, dealId: string | null | undefined): Promise<CommunityPost> {
  await countWrite(s, userId, 'write');
  return s.tx.asCaller(async (q) => {
    await q(`select private.edit_community_post($1, $2, $3)`, [id, text, dealId ?? null]);
    return onePost(q, id);
  });
}

/** DELETE /api/community/posts/:id: the author; the photo's object is deleted after. */
export async function deletePost(s: Used, userId: string, id: string): Promise<void> {
  await countWrite(s, userId, 'write');
  const [row] = await s.tx.asCaller((q) => q<{ photo: string | null }>(`select private.delete_community_post($1) as photo`, [id]));
  await deleteStoredObject(s, row?.photo ?? null);
}

/** POST /api/community/posts/:id/report: a reader of the feed, once. */
export async function reportPost(s: Pick<Services, 'tx'>, userId: string, id: string, reason: string | null | undefined): Promise<void> {
  await countWrite(s, userId, 'write');
  await s.tx.asCaller((q) => q(`select private.report_community_post($1, $2)`, [id, reason ?? null]));
}

/** POST /api/community/posts/:id/hide and /restore: the admin; recorded in admin_audit_log. */
export async function moderatePost(q: Query, id: string, hide: boolean, reason: string | null | undefined): Promise<ReportedPost> {
  await q(`select private.moderate_community_post($1, $2, $3)`, [id, hide, reason ?? null]);
  const [row] = await reportedPostRows(q, 'where p.id = $1', [id]);
  return toReportedPost(row!);
}

// ---------------------------------------------------------------- the admin's queue
type ReportedRow = PostRow & { city_name: string; hidden: boolean; open_reports: number; reports: number; reasons: string[] | null };

const reportedPostRows = (q: Query, where: string, params: unknown[] = []) => q<ReportedRow>(
  `select ${postColumns}, c.name as city_name, p.hidden_at is not null as hidden,
          coalesce(x.open_reports, 0) as open_reports, coalesce(x.reports, 0) as reports, x.reasons
     from public.community_posts p
     ${dealJoin}
     join public.cities c on c.id = p.city_id
     left join lateral (
       select count(*) filter (where r.resolved_at is null)::int as open_reports, count(*)::int as reports,
              (array_agg(r.reason order by r.created_at desc) filter (where r.reason is not null))[1:5] as reasons,
              max(r.created_at) as last_at
         from public.community_post_reports r where r.post_id = p.id) x on true
    ${where}
    order by x.open_reports > 0 desc, x.last_at desc nulls last, p.id desc
    limit 100`, params);

const toReportedPost = (r: ReportedRow): ReportedPost => ({
  ...toPost(r), cityName: r.city_name, hidden: r.hidden, openReports: r.open_reports, reports: r.reports, reasons: r.reasons ?? [],
});

/**
 * The reported community posts of the admin's moderation queue (GET /api/reviews/admin): posts with an open report
 * first, then the most recently reported; at most 100 (the admin's RLS reads every post).
 */
export async function reportedPosts(q: Query): Promise<ReportedPost[]> {
  const rows = await reportedPostRows(q,
    // The newest open reports and the newest reports of all: two index ranges, however many reports there are.
    `where p.id in ((select r.post_id from public.community_post_reports r where r.resolved_at is null order by r.created_at desc limit 100)
                    union (select r.post_id from public.community_post_reports r order by r.created_at desc limit 100))`);
  return rows.map(toReportedPost);
}
