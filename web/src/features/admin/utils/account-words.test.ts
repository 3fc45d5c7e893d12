import { describe, expect, it } from 'vitest';
import { ROLES } from '@shared/constants.ts';
import { membershipWords, ROLE_WORDS } from './account-words';

describe('account words', () => {
  it('names every role in words, never as stored', () => {
    for (const role of ROLES) expect(ROLE_WORDS[role]).toMatch(/^[A-Z][a-z]+( [a-z]+)?$/);
  });

  it('names membership states in words, a state added later included', () => {
    expect(['active', 'past_due', 'canceled', 'none'].map(membershipWords)).toEqual(['Active', 'Payment overdue', 'Ended', 'None']);
    expect(membershipWords('incomplete_expired')).toBe('Incomplete expired');
  });
});
