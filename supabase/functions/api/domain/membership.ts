// Membership as the API sees it. The one definition of an active member is SQL
// (private.has_active_subscription, migration 20261122001000); these ask it for the caller.
import type { Query } from '../db/database.ts';
import { DomainError } from './errors.ts';

/** When the caller's active membership ends, or null without one. */
export async function callerMembershipEndsAt(q: Query): Promise<Date | null> {
  const [row] = await q<{ ends_at: Date | string | null }>(`select private.caller_membership_ends_at() as ends_at`);
  return row?.ends_at ? new Date(row.ends_at) : null;
}

/**
 * Checks a new account's home city (active) and preferred charity (of that city, not retired); the one
 * check for sign-up and subscribe. Returns what to store.
 */
export async function checkCityAndCharity(q: Query, cityId: string | null, charityId: string | null) {
  if (cityId) {
    const [city] = await q(`select 1 from public.cities where id = $1 and active`, [cityId]);
    if (!city) throw new DomainError('invalid', 'homeCityId is not an available city');
  }
  if (charityId) {
    if (!cityId) throw new DomainError('invalid', 'preferredCharityId needs a homeCityId');
    const [charity] = await q(`select 1 from public.charities where id = $1 and city_id = $2 and retired_at is null`, [charityId, cityId]);
    if (!charity) throw new DomainError('invalid', 'preferredCharityId is not an available charity of that city');
  }
  return { homeCityId: cityId, charityId };
}
