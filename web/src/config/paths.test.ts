import { describe, expect, it } from 'vitest';
import { homePathForRole } from './paths';

describe('homePathForRole', () => {
  it('sends each role to its home', () => {
    expect(homePathForRole('USER')).toBe('/app');
    expect(homePathForRole('MERCHANT')).toBe('/merchant');
    expect(homePathForRole('ADMIN')).toBe('/admin');
  });
});
