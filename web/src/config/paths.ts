import type { Role } from '@shared/constants.ts';

/** Every route of docs/spec.md section 2, in one place so links and redirects cannot drift apart. */
export const paths = {
  landing: '/',
  about: '/about',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  registerMerchant: '/register?role=merchant',
  subscribe: '/subscribe',
  browseDeals: '/browse-deals',
  memberDeals: '/deals',
  memberHome: '/app',
  merchant: '/merchant',
  merchantDeals: '/merchant/deals',
  merchantCollabs: '/merchant/collabs',
  /** The counter screen for the shop's tablet (not in the spec's route table; decision 024). */
  merchantCounter: '/merchant/counter',
  /** Counter mode: a full-screen board of live codes that keeps working offline (decision 061). */
  merchantCounterBoard: '/merchant/counter/board',
  /** A tablet becomes the business's counter with the owner's one-time code (decision 166). */
  counterPair: '/counter/pair',
  /** The paired tablet's staff switcher: name + PIN (decision 166). */
  counterSwitch: '/counter/switch',
  /** The invited staff member's link: password and PIN (decision 166). */
  staffAccept: '/staff/accept',
  /** How the business's deals, points and followers did (issue 17, decision 120). */
  merchantInsights: '/merchant/insights',
  /** The monthly value report (issue 40, decision 211); ?month=YYYY-MM, the link the monthly mail sends. */
  merchantMonthlyReport: '/merchant/insights/monthly',
  /** The business's view of its city's community feed, where it posts (decision 196). */
  merchantCommunity: '/merchant/community',
  notifications: '/notifications',
  profile: '/profile',
  admin: '/admin',
  /** The operator's console: webhooks, queues, scheduled jobs, requests, alerts (decision 195). */
  adminSystem: '/admin/system',
  /** One deal, opened from a link, a notification or a share (decision 115); the route's pattern. Links: `paths.deal(id)`. */
  dealLink: '/deals/:id',
  deal: (dealId: string) => `/deals/${encodeURIComponent(dealId)}`,
  /** Built-in test payments only: the stand-in for Stripe's hosted invoice page (3-D Secure at renewal, decision 171). */
  testInvoice: '/test-payments/invoice/:id',
  /** Gift memberships (decision 201): buy one, the recipient's link, the buyer's receipt link. */
  giftBuy: '/gift',
  giftRedeem: '/gift/:token',
  giftReceipt: '/gift-receipt/:token',
  /** One payment's receipt, printable (issue 39); the route's pattern. Links: `paths.receipt(id)`. */
  receiptLink: '/receipts/:id',
  receipt: (paymentId: string) => `/receipts/${encodeURIComponent(paymentId)}`,
  /** Where the charity share went: totals per charity, public (decision 125). */
  impact: '/impact',
  /** What merchants see of a member, what reviews make public (issue 31). */
  privacy: '/privacy',
  /** The payment terms of each plan (issue 31). */
  terms: '/terms',
} as const;

const HOME_BY_ROLE: Record<Role, string> = {
  USER: paths.memberHome,
  MERCHANT: paths.merchant,
  ADMIN: paths.admin,
  STAFF: paths.merchantCounter,
};

/** Where a signed-in user belongs: USER → /app, MERCHANT → /merchant, ADMIN → /admin, STAFF → /merchant/counter. */
export function homePathForRole(role: Role): string {
  return HOME_BY_ROLE[role];
}
