// Accounts and memberships in the admin's words (issue 42 item 3): the user table and the disputes read the same
// words for a role or a membership state, never the stored value ("MERCHANT", "past_due").
import type { Role } from '@shared/constants.ts';

export const ROLE_WORDS: Record<Role, string> = {
  USER: 'Member',
  MERCHANT: 'Business owner',
  ADMIN: 'Admin',
  STAFF: 'Counter staff',
};

const MEMBERSHIP_WORDS: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  canceled: 'Ended',
  suspended: 'Suspended (dispute open)',
  none: 'None',
};

/** A membership state as the admin reads it; a state added later reads spaced and capitalised, not as stored. */
export function membershipWords(state: string): string {
  const known = MEMBERSHIP_WORDS[state];
  if (known) return known;
  const spaced = state.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
