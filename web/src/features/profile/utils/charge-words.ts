import type { ChargeLine } from '@shared/contract/index.ts';
import { shortDate } from '@/lib/dates';

/** What a charge paid for, in words: "Monthly plan, 1 Nov to 1 Dec", or "3-month gift membership" (no period of the payer's). */
export const chargeWords = (line: ChargeLine) =>
  line.periodStart && line.periodEnd
    ? `${line.planLabel} plan, ${shortDate(line.periodStart)} to ${shortDate(line.periodEnd)}`
    : line.planLabel;
