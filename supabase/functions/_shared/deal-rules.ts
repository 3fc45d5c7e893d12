// Rules a deal must satisfy as a whole (docs/spec.md section 5), shared by the create contract, the
// PATCH route (which checks the merged result) and the web form.
import { fieldLabel, fieldMessage } from './contract/field-labels.ts';

export interface DealRuleInput {
  discountPercent: number | null;
  discountAmount: number | null;
  validFrom: Date | null;
  validTo: Date | null;
  maxUses: number | null;
  /** Uses so far; 0 for a new deal. */
  usedCount: number;
}

/** The first broken rule as a sentence naming the fields by their labels (field-labels.ts), or null when the deal is consistent. */
export function dealRuleViolation(deal: DealRuleInput): string | null {
  const hasPercent = deal.discountPercent !== null;
  const hasAmount = deal.discountAmount !== null;
  if (!hasPercent && !hasAmount) return `${fieldMessage('discountPercent', 'or')} ${fieldLabel('discountAmount')} is required`;
  if (hasPercent && hasAmount) return `${fieldMessage('discountPercent', 'and')} ${fieldLabel('discountAmount')} cannot both be set: choose one discount type`;
  if (deal.validFrom && deal.validTo && deal.validFrom.getTime() > deal.validTo.getTime()) {
    return fieldMessage('validTo', `must not be before ${fieldLabel('validFrom')}`);
  }
  if (deal.maxUses !== null && deal.maxUses < deal.usedCount) {
    return fieldMessage('maxUses', `cannot be less than the ${deal.usedCount} uses already recorded`);
  }
  return null;
}

/** Dollars typed in the form -> cents (spec: multiply by 100 and round). */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** Points earned for a purchase: floor(amountCents x rewardRateBps / 10000). 1 point = 1 cent. */
export const pointsForPurchase = (amountCents: number, rewardRateBps: number) =>
  Math.floor((amountCents * rewardRateBps) / 10000);
