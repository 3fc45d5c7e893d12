// Codes without signal (decision 060): what an app needs to show deal codes for the next 12 hours offline,
// and nothing beyond. SQL as the caller; offline-cover.ts derives the codes.
import { MEMBERSHIP_REQUIRED_MESSAGE } from '../../_shared/contract/deals.ts';
import type { OfflineCodesAnswer } from '../../_shared/contract/offline-codes.ts';
import { codeStepAt } from '../../_shared/deal-code.ts';
import type { Query } from '../db/database.ts';
import { codeSecrets } from './deals.ts';
import { DomainError } from '../domain-error.ts';
import { cityLiveDealsSql, filterParams } from './deals.ts';
import { callerMembershipEndsAt } from '../subscriptions/index.ts';
import { COVER_MS, type CoverableDeal, offlineCodesFor } from './offline-cover.ts';

/** A member's live deals of a city, until now + 12 h or the membership's end; 403 without a membership. */
export async function memberOfflineCodes(q: Query, cityId: string, nowMs: number): Promise<OfflineCodesAnswer> {
  // The membership's end (private.has_active_subscription decides): nothing at all after it.
  const membershipEnd = await callerMembershipEndsAt(q);
  if (!membershipEnd) throw new DomainError('forbidden', MEMBERSHIP_REQUIRED_MESSAGE);
  const deals = await q<CoverableDeal>(cityLiveDealsSql, [cityId, ...filterParams('all')]);
  const secrets = await codeSecrets(q, deals.map((deal) => deal.id));
  const untilMs = Math.min(nowMs + COVER_MS, membershipEnd.getTime());
  return offlineCodesFor(deals, secrets, { nowMs, fromStep: codeStepAt(nowMs), untilMs });
}

/** An approved business's own live deals for its counter, from the previous step (which the counter still accepts) to now + 12 h. */
export async function counterOfflineCodes(q: Query, nowMs: number): Promise<OfflineCodesAnswer> {
  const [{ time_zone: timeZone }] = await q<{ time_zone: string }>( // 403 unless an approved business
    `select private.merchant_time_zone((private.counter_merchant()).city_id) as time_zone`);
  const deals = await q<CoverableDeal>(
    `select d.id, d.valid_to, d.rules, d.per_member_limit from public.deals d
      where d.merchant_id = (select (private.counter_merchant()).id) and public.deal_is_live(d.active, d.valid_from, d.valid_to)`,
  );
  const secrets = await codeSecrets(q, deals.map((deal) => deal.id));
  return offlineCodesFor(deals, secrets, { nowMs, fromStep: codeStepAt(nowMs) - 1, untilMs: nowMs + COVER_MS, timeZone });
}
