import { PLANS, type PlanId } from '../../../_shared/constants.ts';

/**
 * End of a billing period that starts at `start`, the way Stripe counts it: calendar months and
 * years (clamped to the month's last day, so Jan 31 + 1 month = Feb 28/29), days as 24-hour steps.
 */
export function periodEnd(start: Date, plan: PlanId): Date {
  const { interval, intervalCount } = PLANS[plan];
  if (interval === 'day') return new Date(start.getTime() + intervalCount * 86_400_000);
  const months = interval === 'year' ? 12 * intervalCount : intervalCount;
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
