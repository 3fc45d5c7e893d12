import { InfiniteQueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEXT_CURSOR_HEADER } from '@shared/constants.ts';
import { createQueryClient } from '@/lib/query-client';
import { memberDealsQueryOptions } from './get-member-deals';

const FIRST_PAGE_URL = '/api/deals?cityId=lyons&category=all';

const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The server: answers every deals GET with one deal named after the URL, and records what was asked. */
function fakeServer() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    return answer([{ id: 'from-server', url }], 200, url.includes('cursor') ? {} : { [NEXT_CURSOR_HEADER]: 'c2' });
  }));
  return asked;
}

/** What index.html's inline script leaves behind on /app for an active member. */
function earlyFirstPage(url: string, res: Response | null | Promise<Response | null>) {
  vi.stubGlobal('window', { __payLocalEarly: { [url]: Promise.resolve(res) } });
}

const firstPage = (cityId = 'lyons') => createQueryClient().fetchInfiniteQuery(memberDealsQueryOptions(cityId, 'all'));

afterEach(() => vi.unstubAllGlobals());

describe('member deals: the first page index.html already asked for', () => {
  it('is taken when it is the same city and category: no request of its own, the next-page cursor kept', async () => {
    const asked = fakeServer();
    earlyFirstPage(FIRST_PAGE_URL, answer([{ id: 'early' }], 200, { [NEXT_CURSOR_HEADER]: 'c-early' }));
    const data = await firstPage();
    expect(data.pages[0]).toEqual({ deals: [{ id: 'early' }], nextCursor: 'c-early' });
    expect(asked).toEqual([]);
  });

  it('is taken once: a later read of the same page (a refetch) and the next page ask the server', async () => {
    const asked = fakeServer();
    earlyFirstPage(FIRST_PAGE_URL, answer([{ id: 'early' }], 200, { [NEXT_CURSOR_HEADER]: 'c-early' }));
    const observer = new InfiniteQueryObserver(createQueryClient(), memberDealsQueryOptions('lyons', 'all'));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    expect(asked).toEqual([]);
    await observer.fetchNextPage();
    expect(asked).toEqual([`${FIRST_PAGE_URL}&cursor=c-early`]);
    const refetched = await observer.refetch();
    unsubscribe();
    expect(asked).toEqual([`${FIRST_PAGE_URL}&cursor=c-early`, FIRST_PAGE_URL, `${FIRST_PAGE_URL}&cursor=c2`]);
    expect(refetched.data?.pages[0].deals).toEqual([{ id: 'from-server', url: FIRST_PAGE_URL }]);
  });

  it('is not taken for another city (or category): that page is asked for, as without it', async () => {
    const asked = fakeServer();
    earlyFirstPage(FIRST_PAGE_URL, answer([{ id: 'early' }]));
    const data = await firstPage('boulder');
    expect(asked).toEqual(['/api/deals?cityId=boulder&category=all']);
    expect(data.pages[0].deals).toEqual([{ id: 'from-server', url: '/api/deals?cityId=boulder&category=all' }]);
  });

  it.each([
    ['refused (403)', answer({ message: 'Active membership required' }, 403)],
    ['signed out (401)', answer({ message: 'Unauthorized' }, 401)],
    ['failed (no answer)', null],
  ])('is not taken when it %s: the query asks the server and shows its answer or error as usual', async (_, early) => {
    const asked = fakeServer();
    earlyFirstPage(FIRST_PAGE_URL, early);
    const data = await firstPage();
    expect(asked).toEqual([FIRST_PAGE_URL]);
    expect(data.pages[0].deals).toEqual([{ id: 'from-server', url: FIRST_PAGE_URL }]);
  });

  it('a refusal of the query\'s own request is the error it always was', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ message: 'Active membership required' }, 403)));
    earlyFirstPage(FIRST_PAGE_URL, answer({ message: 'Active membership required' }, 403));
    await expect(firstPage()).rejects.toThrow(/^403: /);
  });

  it('without an early answer (any other screen first, or no window), asks the server', async () => {
    const asked = fakeServer();
    await firstPage();
    expect(asked).toEqual([FIRST_PAGE_URL]);
  });
});
