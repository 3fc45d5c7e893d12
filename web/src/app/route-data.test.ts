import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/contract/index.ts';
import { authKeys } from '@/lib/auth/get-me';
import { createQueryClient } from '@/lib/query-client';
import { prefetchOnSignIn, screenDataSettled, setPreparingFirstCommit } from './route-data';

const CITIES = [
  { id: 'boulder', name: 'Boulder', state: 'Colorado' },
  { id: 'lyons', name: 'Lyons', state: 'Colorado' },
];

/** A fake API: answers every GET with JSON and records the paths asked for. */
function fakeApi() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const body = url === '/api/cities' ? CITIES : [];
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
  return asked;
}

function user(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1', name: 'Mia', email: 'mia@example.com', role: 'USER', subscriptionStatus: 'active',
    createdAt: '2026-01-01T00:00:00.000Z', homeCityId: null, preferredCharityId: null, ...overrides,
  } as SessionUser;
}

afterEach(() => vi.unstubAllGlobals());

/** The fake API, and prefetchOnSignIn started on `path`; then the session answers with `who` (a sign-in, or signed out). */
function signInOn(path: string, who: SessionUser | null = user()) {
  const asked = fakeApi();
  const client = createQueryClient();
  prefetchOnSignIn(client, () => path);
  client.setQueryData(authKeys.me, who);
  return { asked, client };
}

describe('prefetchOnSignIn', () => {
  it('while the first commit is prepared, asks only for the deals (cities → first page); the screen asks for the rest', async () => {
    const asked = fakeApi();
    const client = createQueryClient();
    const stop = prefetchOnSignIn(client, () => '/app');
    setPreparingFirstCommit(true);
    try {
      client.setQueryData(authKeys.me, user());
    } finally {
      setPreparingFirstCommit(false);
    }
    await screenDataSettled();
    expect(asked).toEqual(['/api/cities', '/api/deals?cityId=lyons&category=all']);
    stop();
  });

  it("screenDataSettled resolves once every answer of the screen's data is in", async () => {
    let answerDeals: () => void = () => undefined;
    const asked: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      if (url.startsWith('/api/deals')) await new Promise<void>((resolve) => (answerDeals = resolve));
      return new Response(JSON.stringify(url === '/api/cities' ? CITIES : []));
    }));
    const client = createQueryClient();
    const stop = prefetchOnSignIn(client, () => '/app');
    client.setQueryData(authKeys.me, user());
    let settled = false;
    void screenDataSettled().then(() => (settled = true));
    await vi.waitFor(() => expect(asked).toContain('/api/deals?cityId=lyons&category=all'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    answerDeals();
    await vi.waitFor(() => expect(settled).toBe(true));
    stop();
  });

  it('asks for the member home data as soon as a signed-in member is known, the default city\'s deals included', async () => {
    const { asked, client } = signInOn('/app');
    await vi.waitFor(() => expect(asked).toContain('/api/deals?cityId=lyons&category=all'));
    expect(asked).toEqual(expect.arrayContaining(['/api/subscription/status', '/api/notifications', '/api/user/following', '/api/cities']));
    // Once per user: the same user answering again asks for nothing more.
    const count = asked.length;
    client.setQueryData(authKeys.me, user({ name: 'Mia R.' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toHaveLength(count);
  });

  it('right after signing in on /login (which redirects home), asks for the member home data', async () => {
    const { asked } = signInOn('/login');
    await vi.waitFor(() => expect(asked).toContain('/api/deals?cityId=lyons&category=all'));
  });

  it('asks for no deals for a member without an active membership', async () => {
    const { asked } = signInOn('/deals', user({ subscriptionStatus: 'none' }));
    await vi.waitFor(() => expect(asked).toContain('/api/user/following'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked.some((url) => url.startsWith('/api/deals') || url === '/api/cities')).toBe(false);
  });

  it('asks for nothing on other screens, for other roles, or when signed out', async () => {
    const asked = fakeApi();
    for (const [path, who] of [['/profile', user()], ['/app', user({ role: 'MERCHANT' })], ['/login', user({ role: 'ADMIN' })], ['/app', null]] as const) {
      const client = createQueryClient();
      prefetchOnSignIn(client, () => path);
      client.setQueryData(authKeys.me, who);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual([]);
  });
});
