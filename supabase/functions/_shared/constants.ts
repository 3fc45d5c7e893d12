// Business constants of the spec (section 9), shared by the API and the web app.

import { formatCents } from './money.ts';

/** STAFF: a business's counter staff (issue 26, decision 166), a fourth kind beyond the spec's three. */
export const ROLES = ['USER', 'MERCHANT', 'ADMIN', 'STAFF'] as const;
export type Role = (typeof ROLES)[number];

export const PLANS = {
  monthly: { id: 'monthly', label: 'Monthly', priceCents: 999, interval: 'month', intervalCount: 1, badge: 'Most Popular', name: 'Premium' },
  yearly: { id: 'yearly', label: 'Yearly', priceCents: 10000, interval: 'year', intervalCount: 1, badge: 'Trending', name: 'Premium' },
  weekend: { id: 'weekend', label: 'Weekend', priceCents: 699, interval: 'day', intervalCount: 3, badge: null, name: 'Premium' },
  weekly: { id: 'weekly', label: 'Weekly', priceCents: 799, interval: 'day', intervalCount: 7, badge: null, name: 'Premium' },
} as const;
export type PlanId = keyof typeof PLANS;
export const PLAN_IDS = Object.keys(PLANS) as PlanId[];
export const DEFAULT_PLAN: PlanId = 'monthly';
/**
 * Passes (decision 171): bought for a visit, they end at their period end unless the member chooses to
 * renew them (Stripe: cancel_at_period_end, set when the pass is bought).
 */
export const PASS_PLANS: readonly PlanId[] = ['weekend', 'weekly'];
export const isPass = (plan: PlanId) => PASS_PLANS.includes(plan);
/** Plans a member can switch between with proration (decision 171). */
export const SWITCHABLE_PLANS: readonly PlanId[] = ['monthly', 'yearly'];
/** A failed renewal keeps access this long after the failure while the provider retries (decision 171). */
export const PAYMENT_GRACE_DAYS = 7;

const periodWords = (plan: PlanId) => {
  const { interval, intervalCount } = PLANS[plan];
  return interval === 'day' ? `${intervalCount} days` : interval;
};

/** What a plan does, in one sentence: price, period, whether and when it renews, how to cancel. */
export function planTerms(plan: PlanId): string {
  const price = formatCents(PLANS[plan].priceCents);
  return isPass(plan)
    ? `${price} once for ${periodWords(plan)} of membership. The pass does not renew: it ends after ${periodWords(plan)} unless you choose to renew it from your profile.`
    : `${price} per ${periodWords(plan)}, renewing automatically every ${periodWords(plan)} until you cancel. Cancel anytime from your profile; you keep access until the end of the period you paid for.`;
}

/**
 * What the member's own membership does next (issue 39): a paused or cancelled one, or a pass left to end, says so
 * instead of the plan's renewal terms; a pass the member chose to renew renews like a plan.
 */
export function membershipTerms(plan: PlanId, state: { paused: boolean; cancelAtPeriodEnd: boolean }): string {
  const price = formatCents(PLANS[plan].priceCents);
  const period = periodWords(plan);
  if (state.paused) return `Paused: you are not charged and it does not renew until you resume it from your profile (${price} per ${period} from then).`;
  if (state.cancelAtPeriodEnd) {
    return isPass(plan)
      ? planTerms(plan)
      : 'Cancelled: it does not renew and ends at the end of the period you paid for. You can undo the cancellation from your profile until then.';
  }
  if (isPass(plan)) return `${price} per ${period}, renewing automatically every ${period} because you chose to renew it. Cancel anytime from your profile; you keep access until the end of the period you paid for.`;
  return planTerms(plan);
}
export const CURRENCY = 'usd';
/** Share of each successful payment recorded for the member's charity, in basis points. */
export const CHARITY_SHARE_BPS = 1000;
/** Longest charity name the admin may give (decision 125; the database checks it too). */
export const CHARITY_NAME_MAX = 120;

/** Registration business types (docs/spec.md section 3); their labels are CATEGORY_LABELS in deal-filters.ts (decision 205). */
export const BUSINESS_TYPES = [
  'food', 'retail', 'services', 'entertainment', 'health-wellness', 'sauna-cold-plunge', 'dispensaries', 'liquor-stores',
] as const;

export const MEMBER_DEAL_FILTERS = [
  'all', 'food-dining', 'coffee-tea', 'retail', 'services', 'entertainment', 'health-wellness',
  'sauna-cold-plunge', 'dispensaries', 'liquor-stores', 'women-owned',
] as const;

export const MERCHANT_DEAL_CATEGORIES = [
  'food-drink', 'liquor-stores', 'health-wellness', 'retail-shopping', 'arts-entertainment',
  'personal-care-beauty', 'services', 'lifestyle-community',
] as const;
export const DEFAULT_DEAL_CATEGORY = 'general';
/** Every category a stored deal may carry: the form's list plus the default. */
export const DEAL_CATEGORIES = [DEFAULT_DEAL_CATEGORY, ...MERCHANT_DEAL_CATEGORIES] as const;

export const BUSINESS_CATEGORIES = [
  'food-dining', 'coffee-tea', 'retail', 'services', 'entertainment', 'health-wellness',
  'sauna-cold-plunge', 'dispensaries', 'liquor-stores', 'women-owned', 'other',
] as const;

export const DEAL_CODE_STEP_SECONDS = 120;
export const DEAL_CODE_DIGITS = 6;
/**
 * Codes are derived per window of steps (30 × 120 s = 1 hour) from a window key, so an app can be handed
 * the keys of the next hours without the deal secret (decision 060).
 */
export const DEAL_CODE_WINDOW_STEPS = 30;
/** How far ahead an online app receives what it needs to show codes offline (members and the counter). */
export const OFFLINE_CODES_HOURS = 12;
export const DEAL_TITLE_MAX = 100;
export const DEAL_DESCRIPTION_MAX = 500;

export const MAX_UPLOAD_BYTES = 5_242_880;
export const BUSINESS_SEARCH_LIMIT = 20;
/** The one password rule of every form and route (decisions 088, 176; _shared/password-rule.ts). */
export const PASSWORD_MIN = 8;
/** bcrypt reads only the first 72 bytes: longer passwords are refused rather than silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const NAME_MAX = 100;

/**
 * Response header of GET /api/deals naming the next page's cursor (absent on the last page; decision 096).
 * Here, not in the zod contract, so the member home's first screen does not pull zod into the entry chunk.
 */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * The default town: the member home preselects the city whose name and state contain these, ignoring case
 * (docs/spec.md section 2; web/src/lib/cities.ts, and index.html's early requests, written in by the build:
 * scripts/vite/default-city.ts).
 */
export const DEFAULT_CITY = { name: 'Lyons', state: 'Colorado' } as const;
/** Used for a merchant's cityName when no city matches (docs/spec.md section 3). */
export const DEFAULT_CITY_NAME = `${DEFAULT_CITY.name}, ${DEFAULT_CITY.state}`;

// Local Collabs (docs/spec.md section 4). Text limits are the server's; the spec leaves them open.
export const COLLAB_STATUSES = ['PENDING', 'ACCEPTED', 'DENIED', 'CANCELLED'] as const;
export type CollabStatus = (typeof COLLAB_STATUSES)[number];
export const COLLAB_LIMITS = { labelMax: 100, exclusionsMax: 500, messageMax: 1000 } as const;

/** Longest business update a merchant can post (not in the spec; docs/decisions/032-business-updates.md). */
export const BUSINESS_UPDATE_MAX = 280;

/** How often one member may use a deal (decision 165): once ever, or once per rolling 24 h, 7 days or 30 days. */
export const PER_MEMBER_LIMITS = ['once', 'day', 'week', 'month', 'none'] as const;
export type PerMemberLimit = (typeof PER_MEMBER_LIMITS)[number];
/** New deals; deals made before per-member limits keep 'none' until their merchant chooses. */
export const DEFAULT_PER_MEMBER_LIMIT: PerMemberLimit = 'day';
export const PER_MEMBER_LIMIT_LABELS: Record<PerMemberLimit, string> = {
  once: 'Once per member', day: 'Once a day per member', week: 'Once a week per member',
  month: 'Once a month per member', none: 'No per-member limit',
};
