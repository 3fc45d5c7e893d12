/**
 * A friend's invite code (decision 200): a link /subscribe?ref=CODE brings it; it is kept for this tab's session, so
 * it survives signing in first, Stripe's 3-D Secure redirect and a reload, until the checkout that used it completes.
 */
const KEY = 'paylocal.referralCode';

/** The code from the page address (kept from now on), else the one kept earlier in this session; null when none. */
export function arrivingReferralCode(search: string): string | null {
  const given = new URLSearchParams(search).get('ref')?.trim().toUpperCase() || null;
  try {
    if (given) sessionStorage.setItem(KEY, given);
    return given ?? sessionStorage.getItem(KEY);
  } catch {
    // Storage refused (private mode): the code still counts for this page.
    return given;
  }
}

export function forgetReferralCode() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
