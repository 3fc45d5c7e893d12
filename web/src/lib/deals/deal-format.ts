// Display rules for deals shared by the merchant, member and public screens (category labels: lib/categories.ts).
import { formatCents } from '@shared/money.ts';

/** "20% OFF" or "$3.00 OFF". */
export function discountLabel(deal: { discountPercent: number | null; discountAmount: number | null }): string {
  if (deal.discountPercent !== null) return `${deal.discountPercent}% OFF`;
  if (deal.discountAmount !== null) return `${formatCents(deal.discountAmount)} OFF`;
  return '';
}

/** Time left until `expiresAtMs` as mm:ss ("01:59"), or "Expired" once past. */
export function countdownLabel(expiresAtMs: number, nowMs: number): string {
  const left = Math.ceil((expiresAtMs - nowMs) / 1000);
  if (left <= 0) return 'Expired';
  const minutes = Math.floor(left / 60);
  const seconds = left % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** What a member reads of a deal's use: "Used 1 time" or "Used 12 times · Max 50 uses". */
export function memberUsageLabel(deal: { usedCount: number; maxUses: number | null }): string {
  const used = `Used ${deal.usedCount} ${deal.usedCount === 1 ? 'time' : 'times'}`;
  return deal.maxUses === null ? used : `${used} · Max ${deal.maxUses} uses`;
}

/** "12 used" or "12 / 50 used". */
export function usageLabel(deal: { usedCount: number; maxUses: number | null }): string {
  return deal.maxUses === null ? `${deal.usedCount} used` : `${deal.usedCount} / ${deal.maxUses} used`;
}
