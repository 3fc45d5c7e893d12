import { APP_NAME } from '../../config/brand';
import { type PageName, routeFor } from './route-table';

/** Every screen's name in the browser tab and history (issue 31: not "Pay Local" on every page). */
export const pageTitles: Readonly<Record<PageName, string>> = {
  landing: 'Save at local businesses',
  about: 'About',
  login: 'Sign in',
  register: 'Create your account',
  forgotPassword: 'Forgot password',
  resetPassword: 'Choose a new password',
  verifyEmail: 'Confirm your email',
  subscribe: 'Membership plans',
  browseDeals: 'Browse deals',
  memberHome: 'Your deals',
  notifications: 'Notifications & Following',
  merchant: 'Merchant dashboard',
  merchantDeals: 'Manage deals',
  merchantCollabs: 'Local Collabs',
  merchantCounter: 'Counter',
  counterPair: 'Pair a counter tablet',
  counterSwitch: 'Counter staff',
  staffAccept: 'Join the counter',
  merchantCounterBoard: "Today's codes",
  merchantInsights: 'Insights',
  profile: 'Profile',
  admin: 'Admin dashboard',
  dealLink: 'Deal',
  impact: 'Our impact',
  privacy: 'Privacy',
  terms: 'Terms',
  testInvoice: 'Test invoice',
};

/** The document title for a pathname: "<screen> · Pay Local", or "Page not found · Pay Local". */
export function documentTitle(pathname: string): string {
  const route = routeFor(pathname);
  return `${route ? pageTitles[route.page] : 'Page not found'} · ${APP_NAME}`;
}
