import { describe, expect, it } from 'vitest';
import { roleGuardRedirect, signedInRedirect } from './access';

describe('roleGuardRedirect', () => {
  it('lets matching roles through', () => {
    expect(roleGuardRedirect({ role: 'USER' }, ['USER'])).toBeNull();
    expect(roleGuardRedirect({ role: 'ADMIN' }, ['USER', 'MERCHANT', 'ADMIN'])).toBeNull();
  });

  it('sends a wrong or missing role to /login', () => {
    expect(roleGuardRedirect({ role: 'USER' }, ['ADMIN'])).toBe('/login');
    expect(roleGuardRedirect({ role: 'MERCHANT' }, ['USER'])).toBe('/login');
    expect(roleGuardRedirect(null, ['USER'])).toBe('/login');
    expect(roleGuardRedirect(undefined, ['USER'])).toBe('/login');
  });
});

describe('signedInRedirect', () => {
  it('sends signed-in users home by role and leaves visitors alone', () => {
    expect(signedInRedirect({ role: 'MERCHANT' })).toBe('/merchant');
    expect(signedInRedirect(null)).toBeNull();
  });
});
