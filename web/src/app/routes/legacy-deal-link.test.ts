import { describe, expect, it } from 'vitest';
import { legacyDealRedirect } from './legacy-deal-link';

describe('legacyDealRedirect', () => {
  it('sends /app?deal=<id> to /deals/<id>, and nothing else anywhere', () => {
    const id = 'd0000000-0000-4000-8000-000000000001';
    expect(legacyDealRedirect('/app', `?deal=${id}`)).toBe(`/deals/${id}`);
    expect(legacyDealRedirect('/app/', `?x=1&deal=${id}`)).toBe(`/deals/${id}`);
    expect(legacyDealRedirect('/app', '?deal=a/b')).toBe('/deals/a%2Fb');
    expect(legacyDealRedirect('/app', '')).toBeNull();
    expect(legacyDealRedirect('/app', '?deal=')).toBeNull();
    expect(legacyDealRedirect('/deals', `?deal=${id}`)).toBeNull();
  });
});
