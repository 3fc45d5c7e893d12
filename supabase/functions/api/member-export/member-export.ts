// A member's own data as one JSON file (issue 41, decision 197): profile, memberships, payments and their refunds,
// redemptions, reviews, follows, account credits, referrals, gifts and community posts. Every read runs as the member and row-level security does the scoping: the
// profiles, subscriptions, payments, refunds and follows a member's transaction can read are their own, so those
// reads name no user (the API test proves another member's rows never appear). Reviews and posts are the exception:
// RLS shows every signed-in user the reviews on display and a city's posts, so `= auth.uid()` keeps the member's own.
// Referrals and gifts have two sides; each row says which one the member is on, and the other person is not named. Each download
// first takes a place from the one limiter (decision 168): the file reads every table the member has rows in, which
// is not a thing to repeat in a loop.
import type { MemberExport } from '../../_shared/contract/member-export.ts';
import type { Services } from '../services.ts';
import { type Query, iso, isoOrNull } from '../db/database.ts';
import { notFound, tooMany } from '../domain-error.ts';
import { takeHit } from '../limits/index.ts';

/** What this operation uses of the request's services (services.ts). */
type Used = Pick<Services, 'tx' | 'user'>;

/** Downloads one member may make per window. */
export const MEMBER_EXPORTS_PER_HOUR = 5;
export const TOO_MANY_EXPORTS_MESSAGE = 'You downloaded your data several times just now. Please try again later.';
/** private.member_redemptions answers at most this many per call (its own cap): the export pages through them. */
const REDEMPTIONS_PAGE = 50;

type Time = Date | string;

async function profileOf(q: Query): Promise<MemberExport['profile']> {
  const [row] = await q<{
    id: string; email: string; email_verified_at: Time | null; name: string; member_number: number; home_city: string | null;
    preferred_charity: string | null; profile_picture: string | null; created_at: Time;
  }>(
    `select p.id, p.email, p.email_verified_at, p.name, p.member_number, c.name as home_city, ch.name as preferred_charity,
            p.profile_picture, p.created_at
       from public.profiles p
       left join public.cities c on c.id = p.home_city_id
       left join public.charities ch on ch.id = p.preferred_charity_id`,
  );
  if (!row) throw notFound('Profile not found');
  return {
    id: row.id, email: row.email, emailVerifiedAt: isoOrNull(row.email_verified_at), name: row.name, memberNumber: Number(row.member_number),
    homeCity: row.home_city, preferredCharity: row.preferred_charity, profilePicture: row.profile_picture, createdAt: iso(row.created_at),
  };
}

async function membershipsOf(q: Query): Promise<MemberExport['memberships']> {
  const rows = await q<{
    plan: string; status: string; created_at: Time; current_period_start: Time; current_period_end: Time; cancel_at_period_end: boolean;
    paused_at: Time | null; canceled_at: Time | null; card_label: string | null;
  }>(
    `select plan, status, created_at, current_period_start, current_period_end, cancel_at_period_end, paused_at, canceled_at, card_label
       from public.subscriptions order by created_at desc, id desc`,
  );
  return rows.map((r) => ({
    plan: r.plan, status: r.status, startedAt: iso(r.created_at), currentPeriodStart: iso(r.current_period_start),
    currentPeriodEnd: iso(r.current_period_end), cancelAtPeriodEnd: r.cancel_at_period_end, pausedAt: isoOrNull(r.paused_at),
    canceledAt: isoOrNull(r.canceled_at), cardLabel: r.card_label,
  }));
}

async function paymentsOf(q: Query): Promise<MemberExport['payments']> {
  const rows = await q<{
    id: string; paid_at: Time; amount_cents: number; currency: string; plan: string | null; charity: string | null; charity_share_cents: number;
    refunds: { amount_cents: number; refunded_at: Time }[];
  }>(
    `select p.id, p.paid_at, p.amount_cents, p.currency, p.plan, ch.name as charity, p.charity_share_cents,
            coalesce((select json_agg(json_build_object('amount_cents', r.amount_cents, 'refunded_at', r.refunded_at) order by r.refunded_at)
                        from public.payment_refunds r where r.payment_id = p.id), '[]'::json) as refunds
       from public.payments p
       left join public.charities ch on ch.id = p.charity_id
      order by p.paid_at desc, p.id desc`,
  );
  return rows.map((r) => ({
    id: r.id, paidAt: iso(r.paid_at), amountCents: Number(r.amount_cents), currency: r.currency, plan: r.plan, charity: r.charity,
    charityShareCents: Number(r.charity_share_cents),
    refunds: r.refunds.map((f) => ({ amountCents: Number(f.amount_cents), refundedAt: iso(f.refunded_at) })),
  }));
}

async function redemptionsOf(q: Query): Promise<MemberExport['redemptions']> {
  // The member's history function (names of a deal or business the member may no longer read), page by page.
  type Row = { id: string; business_name: string; deal_title: string; used_at: Time; used_at_us: string; undone: boolean };
  const all: MemberExport['redemptions'] = [];
  let before: [string, string] | [null, null] = [null, null];
  for (;;) {
    const rows: Row[] = await q<Row>(
      `select id::text, business_name, deal_title, used_at, used_at_us::text, undone
         from private.member_redemptions($1::bigint, $2::bigint, $3)`,
      [...before, REDEMPTIONS_PAGE],
    );
    for (const r of rows) all.push({ id: r.id, business: r.business_name, deal: r.deal_title, usedAt: iso(r.used_at), undone: r.undone });
    const last: Row | undefined = rows.at(-1);
    if (rows.length < REDEMPTIONS_PAGE || !last) return all;
    before = [last.used_at_us, last.id];
  }
}

async function reviewsOf(q: Query): Promise<MemberExport['reviews']> {
  const rows = await q<{
    id: string; business: string | null; rating: number; comment: string | null; created_at: Time; updated_at: Time; reply: string | null; hidden: boolean;
  }>(
    `select r.id::text, m.name as business, r.rating, r.comment, r.created_at, r.updated_at, r.reply, r.hidden_at is not null as hidden
       from public.business_reviews r
       left join public.merchants m on m.id = r.merchant_id
      where r.member_id = (select auth.uid())
      order by r.created_at desc, r.id desc`,
  );
  return rows.map((r) => ({
    id: r.id, business: r.business, rating: Number(r.rating), comment: r.comment, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
    reply: r.reply, hidden: r.hidden,
  }));
}

async function followsOf(q: Query): Promise<MemberExport['follows']> {
  const rows = await q<{ merchant_id: string; business: string | null; created_at: Time }>(
    `select f.merchant_id, m.name as business, f.created_at
       from public.follows f
       left join public.merchants m on m.id = f.merchant_id
      order by f.created_at desc`,
  );
  return rows.map((r) => ({ businessId: r.merchant_id, business: r.business, since: iso(r.created_at) }));
}

async function creditsOf(q: Query): Promise<MemberExport['credits']> {
  const rows = await q<{ amount_cents: number; reason: string; created_at: Time }>(
    `select amount_cents, reason, created_at from public.account_credits order by created_at desc, id desc`,
  );
  return rows.map((r) => ({ amountCents: Number(r.amount_cents), reason: r.reason, createdAt: iso(r.created_at) }));
}

async function referralOf(q: Query): Promise<MemberExport['referral']> {
  const [code] = await q<{ code: string }>(`select code from public.referral_codes`);
  const rows = await q<{ invited_someone: boolean; status: string; created_at: Time; settled_at: Time | null }>(
    `select referrer_id = (select auth.uid()) as invited_someone, status, created_at, settled_at
       from public.referrals order by created_at desc, id`,
  );
  return {
    code: code?.code ?? null,
    referrals: rows.map((r) => ({
      side: r.invited_someone ? 'invited_someone' as const : 'was_invited' as const, status: r.status,
      createdAt: iso(r.created_at), settledAt: isoOrNull(r.settled_at),
    })),
  };
}

async function giftsOf(q: Query): Promise<MemberExport['gifts']> {
  // A gift the member both bought and redeemed is listed as bought (it holds the redemption time too).
  const rows = await q<{
    bought: boolean; months: number; amount_cents: number; recipient_email: string; message: string | null; deliver_on: Time;
    paid_at: Time | null; redeemed_at: Time | null; refunded_at: Time | null;
  }>(
    `select buyer_user_id is not distinct from (select auth.uid()) as bought, months, amount_cents, recipient_email, message,
            deliver_on::text as deliver_on, paid_at, redeemed_at, refunded_at
       from public.gifts order by created_at desc, id`,
  );
  return rows.map((r) => ({
    side: r.bought ? 'bought' as const : 'received' as const, months: Number(r.months), amountCents: Number(r.amount_cents),
    recipientEmail: r.bought ? r.recipient_email : null, message: r.message, deliverOn: String(r.deliver_on).slice(0, 10),
    paidAt: isoOrNull(r.paid_at), redeemedAt: isoOrNull(r.redeemed_at), refundedAt: isoOrNull(r.refunded_at),
  }));
}

async function postsOf(q: Query): Promise<MemberExport['posts']> {
  const rows = await q<{ id: string; body: string; photo_path: string | null; created_at: Time; updated_at: Time; hidden: boolean }>(
    `select id::text, body, photo_path, created_at, updated_at, hidden_at is not null as hidden
       from public.community_posts where author_id = (select auth.uid())
      order by created_at desc, id desc`,
  );
  return rows.map((r) => ({
    id: r.id, body: r.body, photo: r.photo_path, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at), hidden: r.hidden,
  }));
}

/** GET /api/member/export: the signed-in member's data, and the name of the file it is downloaded as. */
export async function memberExport(s: Used): Promise<{ filename: string; data: MemberExport }> {
  const userId = s.user!.id;
  const take = await s.tx.asService((q) => takeHit(q, [{ key: `member-export:user:${userId}`, limit: MEMBER_EXPORTS_PER_HOUR, windowSeconds: 3600 }]));
  if (!take.taken) throw tooMany(TOO_MANY_EXPORTS_MESSAGE, take.retryAfterSeconds);
  // One transaction: every part is read from the same snapshot of the database.
  const data = await s.tx.asCaller(async (q): Promise<MemberExport> => {
    const exportedAt = new Date();
    const profile = await profileOf(q);
    return {
      format: 'pay-local-member-export', version: 1, exportedAt: exportedAt.toISOString(), profile,
      memberships: await membershipsOf(q), payments: await paymentsOf(q), redemptions: await redemptionsOf(q),
      reviews: await reviewsOf(q), follows: await followsOf(q), credits: await creditsOf(q), referral: await referralOf(q),
      gifts: await giftsOf(q), posts: await postsOf(q),
    };
  });
  return { filename: `pay-local-data-${data.profile.memberNumber}-${data.exportedAt.slice(0, 10)}.json`, data };
}
