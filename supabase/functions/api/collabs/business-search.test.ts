import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER } from '../../_shared/constants.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { registerMerchant, type MerchantAccount } from '../../../../tests/support/merchant-accounts.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let searcher: MerchantAccount;
let member: Agent;

beforeAll(async () => {
  t = await createTestApp();
  searcher = await registerMerchant(t, { name: 'Searching Sauna House', type: 'sauna-cold-plunge', cityId: SEED.longmontId });
  await registerMerchant(t, { name: 'Blue Heron Bakery', type: 'food', cityId: SEED.lyonsId, description: 'Sourdough and cinnamon rolls' });
  await registerMerchant(t, { name: 'Mountain Coffee Roasters', type: null, cityId: SEED.longmontId, description: 'Small-batch espresso' });
  await registerMerchant(t, { name: 'Wild Iris Boutique', type: null, womenOwned: true, cityId: SEED.longmontId });
  await registerMerchant(t, { name: 'Hidden Pending Bakery', type: 'food', approved: false });
  await asService(t.database, (q) => q(`update public.merchants set category = 'coffee-tea' where name = 'Mountain Coffee Roasters'`));
  // Decision 206's tiers for "kiln": the name starts with it, a word is it, part of a word is it; the searcher is in
  // Longmont, so within each tier Longmont comes first.
  for (const [name, cityId] of [['Kiln Works', SEED.lyonsId], ['Kiln Yard', SEED.longmontId], ['Pottery Kiln', SEED.lyonsId],
    ['Red Kiln Studio', SEED.longmontId], ['Skilnet Repairs', SEED.lyonsId], ['Askilna Gallery', SEED.longmontId]] as const) {
    await registerMerchant(t, { name, type: null, cityId });
  }
  member = await t.signIn(SEED.member);
});
afterAll(() => t.close());

const names = (body: { name: string }[]) => body.map((b) => b.name);
const search = async (query: string) => {
  const res = await searcher.agent.get(`/api/businesses/search?${query}`);
  return res;
};

describe('GET /api/businesses/search', () => {
  it('lists active businesses (not pending ones, not the caller) with the spec fields', async () => {
    const res = await search('');
    expect(res.status).toBe(200);
    const [{ active }] = await asService(t.database, (q) => q<{ active: number }>(
      `select count(*)::int as active from public.merchants where active`));
    expect(res.body).toHaveLength(Math.min(20, active - 1));
    expect(names(res.body)).toEqual(expect.arrayContaining(['Blue Heron Bakery', 'Mountain Coffee Roasters', "Rosa's River Cafe", 'Wild Iris Boutique']));
    expect(names(res.body)).not.toContain('Hidden Pending Bakery');
    expect(names(res.body)).not.toContain('Searching Sauna House');
    expect(res.body.find((b: { name: string }) => b.name === "Rosa's River Cafe")).toEqual({
      id: SEED.activeMerchantId, name: "Rosa's River Cafe", logoUrl: null, city: 'Lyons', state: 'Colorado',
      businessType: 'food', category: 'food-dining', isVerified: true,
    });
  });

  it('tolerates typos in the name and ranks the closest first', async () => {
    expect(names((await search('q=rosas%20rivr%20cafe')).body)[0]).toBe("Rosa's River Cafe");
    expect(names((await search('q=blu%20herron%20bakry')).body)).toEqual(['Blue Heron Bakery']);
    expect(names((await search('q=mountian%20cofee')).body)[0]).toBe('Mountain Coffee Roasters');
  });

  it('matches description words (stemmed) and parts of a name', async () => {
    expect(names((await search('q=sourdough')).body)).toEqual(['Blue Heron Bakery']);
    expect(names((await search('q=roll')).body)).toEqual(['Blue Heron Bakery']);
    expect(names((await search('q=Bout')).body)).toEqual(['Wild Iris Boutique']);
    expect((await search('q=zzzqqq')).body).toEqual([]);
    expect((await search('q=100%25_off')).status).toBe(200);
  });

  it('filters by category (women-owned also matches the women-owned flag) and by city', async () => {
    expect(names((await search('category=coffee-tea')).body)).toEqual(['Mountain Coffee Roasters']);
    const womenOwned = names((await search('category=women-owned')).body);
    expect(womenOwned).toEqual(expect.arrayContaining(["Rosa's River Cafe", 'Wild Iris Boutique']));
    expect(womenOwned).not.toContain('Blue Heron Bakery');
    expect((await search('category=all')).body).toEqual((await search('')).body);
    const lyons = names((await search(`city=${SEED.lyonsId}`)).body);
    expect(lyons).toEqual(expect.arrayContaining(['Blue Heron Bakery', "Rosa's River Cafe"]));
    expect(lyons).not.toContain('Mountain Coffee Roasters');
    expect(names((await search(`city=${SEED.lyonsId}&category=food-dining&q=bakery`)).body)).toEqual(['Blue Heron Bakery']);
  });

  it('derives a category from the business type and keeps it in the fixed list', async () => {
    const rows = await asService(t.database, (q) => q<{ name: string; category: string }>(
      `select name, category from public.merchants where name in ('Blue Heron Bakery', 'Wild Iris Boutique', 'Searching Sauna House') order by name`));
    expect(rows).toEqual([
      { name: 'Blue Heron Bakery', category: 'food-dining' },
      { name: 'Searching Sauna House', category: 'sauna-cold-plunge' },
      { name: 'Wild Iris Boutique', category: 'other' },
    ]);
    await expect(asService(t.database, (q) => q(`update public.merchants set category = 'bogus' where name = 'Blue Heron Bakery'`)))
      .rejects.toMatchObject({ code: '23514' });
  });

  it('returns at most limit (default and maximum 20) and validates its parameters', async () => {
    expect((await search('limit=1')).body).toHaveLength(1);
    expect((await search('limit=21')).body.message).toBe('The limit must be at most 20');
    expect((await search('category=pets')).body.message).toBe('The category must be one of the business categories');
    expect((await search('city=lyons')).body.message).toBe('The city must be a valid city id');
    expect((await search(`q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('needs a signed-in user; a member sees every active business', async () => {
    expect((await t.agent().get('/api/businesses/search')).status).toBe(401);
    const res = await member.get('/api/businesses/search');
    expect(names(res.body)).toContain('Searching Sauna House');
  });
});

describe('GET /api/businesses/search: the top page and the cursor (decision 206)', () => {
  const KILN_ORDER = ['Kiln Yard', 'Kiln Works', 'Red Kiln Studio', 'Pottery Kiln', 'Askilna Gallery', 'Skilnet Repairs'];
  const page = async (query: string) => {
    const res = await searcher.agent.get(`/api/businesses/search?${query}`);
    expect(res.status).toBe(200);
    return { businesses: res.body as { id: string; name: string }[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
  };

  it('ranks names starting with the words, then word matches, then parts of words, the caller\'s city first in each', async () => {
    const first = await page('q=kiln');
    expect(names(first.businesses)).toEqual(KILN_ORDER);
    expect(first.nextCursor).toBeNull();
  });

  it('pages with the cursor across tiers and cities: no duplicate, no gap, the same order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body = await page(`q=kiln&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(body.businesses.length).toBeLessThanOrEqual(2);
      seen.push(...names(body.businesses));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(KILN_ORDER);
    // The whole list without words pages the same way: every active business once.
    const all: string[] = [];
    cursor = null;
    do {
      const body = await page(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...body.businesses.map((b) => b.id));
      cursor = body.nextCursor;
    } while (cursor);
    const [{ listed }] = await asService(t.database, (q) => q<{ listed: number }>(
      `select count(*)::int as listed from public.merchants where active and name <> 'Searching Sauna House'`));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(listed);
  });

  it('still finds a misspelled name after the exact matches, and refuses a cursor it did not make', async () => {
    expect(names((await page('q=kilm%20yard')).businesses)[0]).toBe('Kiln Yard');
    expect(names((await page('q=potery%20kiln')).businesses)).toContain('Pottery Kiln');
    for (const bad of ['abc', Buffer.from('[0,0,0,"x","not-a-uuid"]').toString('base64url'), Buffer.from('[7,0,0,"x","00000000-0000-0000-0000-000000000000"]').toString('base64url')]) {
      const res = await searcher.agent.get(`/api/businesses/search?q=kiln&cursor=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('cursor is not valid');
    }
  });
});
