// Rules a deal must satisfy as a whole (docs/spec.md section 5), shared by the create contract, the
// PATCH route (which checks the merged result) and the web form.

export interface DealRuleInput {
  discountPercent: number | null;
  discountAmount: number | null;
  validFrom: Date | null;
  validTo: Date | null;
  maxUses: number | null;
  /** Uses so far; 0 for a new deal. */
  usedCount: number;
}

/** The first broken rule as "<field> <message>", or null when the deal is consistent. */
export function dealRuleViolation(deal: DealRuleInput): string | null {
  const hasPercent = deal.discountPercent !== null;
  const hasAmount = deal.discountAmount !== null;
  if (!hasPercent && !hasAmount) return 'discountPercent or discountAmount is required';
  if (hasPercent && hasAmount) return 'discountPercent and discountAmount cannot both be set: choose one discount type';
  if (deal.validFrom && deal.validTo && deal.validFrom.getTime() > deal.validTo.getTime()) {
    return 'validTo must not be before validFrom';
  }
  if (deal.maxUses !== null && deal.maxUses < deal.usedCount) {
    return `maxUses cannot be less than the ${deal.usedCount} uses already recorded`;
  }
  return null;
}

/** Dollars typed in the form -> cents (spec: multiply by 100 and round). */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** Points earned for a purchase: floor(amountCents x rewardRateBps / 10000). 1 point = 1 cent. */
export const pointsForPurchase = (amountCents: number, rewardRateBps: number) =>
  Math.floor((amountCents * rewardRateBps) / 10000);
