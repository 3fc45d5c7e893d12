import { PLANS, type PlanId } from '@shared/constants.ts';
import { formatUsd } from '@shared/money.ts';

export interface PlanOption {
  id: PlanId;
  label: string;
  name: string;
  price: string;
  /** "/ month", "/ year", "for 3 days" … */
  period: string;
  badge: string | null;
  blurb: string;
}

const PERIODS: Record<PlanId, string> = {
  monthly: '/ month',
  yearly: '/ year',
  weekend: 'for 3 days',
  weekly: 'for 7 days',
};

const BLURBS: Record<PlanId, string> = {
  monthly: 'Every local deal, renewed monthly. Cancel anytime.',
  yearly: 'A full year of savings for less than $8.50 a month.',
  weekend: 'Visiting for the weekend? Three days of every deal.',
  weekly: 'A week of local deals for a short stay.',
};

/** The plans in the order the subscribe page shows them (docs/spec.md section 9). */
export const PLAN_OPTIONS: PlanOption[] = (['monthly', 'yearly', 'weekend', 'weekly'] as const).map((id) => ({
  id,
  label: PLANS[id].label,
  name: PLANS[id].name,
  price: formatUsd(PLANS[id].priceCents),
  period: PERIODS[id],
  badge: PLANS[id].badge,
  blurb: BLURBS[id],
}));

export const planOption = (id: PlanId) => PLAN_OPTIONS.find((p) => p.id === id)!;
