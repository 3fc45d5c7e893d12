import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/contract/index.ts';
import { createQueryClient } from '../query-client';
import { adoptEarlySession, authKeys, confirmRestoredSession, meQueryOptions } from './get-me';

const MEMBER = { id: 'u1', name: 'Maya', role: 'USER', subscriptionStatus: 'active' } as SessionUser;

/** The server: records what was asked; /api/auth/me answers `me`. */
function fakeServer(me: unknown = { user: MEMBER }) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return new Response(JSON.stringify(me));
  }));
  return asked;
}

const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("adoptEarlySession: the user from index.html's early answer, before the first render", () => {
  it('becomes the session query data when the answer is in time: nothing more is asked', async () => {
    const asked = fakeServer();
    vi.stubGlobal('window', { __payLocalEarly: { '/api/auth/me': answer({ user: MEMBER }) } });
    const client = createQueryClient();
    await adoptEarlySession(client, 500);
    expect(client.getQueryData(authKeys.me)).toEqual(MEMBER);
    expect(asked).toEqual([]);
  });

  it('a 401 is adopted as signed out (null)', async () => {
    fakeServer();
    vi.stubGlobal('window', { __payLocalEarly: { '/api/auth/me': answer({ message: 'Not authenticated' }, 401) } });
    const client = createQueryClient();
    await adoptEarlySession(client, 500);
    expect(client.getQueryState(authKeys.me)?.status).toBe('success');
    expect(client.getQueryData(authKeys.me)).toBeNull();
  });

  it('is not adopted when late or failed; the late answer is still the first read (no second request)', async () => {
    const asked = fakeServer({ user: { ...MEMBER, name: 'from a second request' } });
    let answerNow: (res: Response) => void = () => undefined;
    vi.stubGlobal('window', { __payLocalEarly: { '/api/auth/me': new Promise<Response>((resolve) => (answerNow = resolve)) } });
    const client = createQueryClient();
    await adoptEarlySession(client, 20);
    expect(client.getQueryData(authKeys.me)).toBeUndefined();
    const read = client.fetchQuery(meQueryOptions());
    answerNow(new Response(JSON.stringify({ user: MEMBER })));
    expect(await read).toEqual(MEMBER);
    expect(asked).toEqual([]);
  });

  it('a failed early answer (500) is not adopted', async () => {
    fakeServer();
    vi.stubGlobal('window', { __payLocalEarly: { '/api/auth/me': answer({ message: 'boom' }, 500) } });
    const client = createQueryClient();
    await adoptEarlySession(client, 500);
    expect(client.getQueryData(authKeys.me)).toBeUndefined();
  });
});

describe('confirmRestoredSession: once per start, after the persisted cache is restored', () => {
  it('asks the server when the user came from the device cache (an earlier visit)', async () => {
    const asked = fakeServer();
    vi.stubGlobal('window', {});
    const client = createQueryClient();
    client.setQueryData(authKeys.me, MEMBER, { updatedAt: Date.now() - 60_000 });
    const screen = new QueryObserver(client, meQueryOptions()).subscribe(() => undefined);
    confirmRestoredSession(client);
    await vi.waitFor(() => expect(asked).toEqual(['/api/auth/me']));
    screen();
  });

  it('asks nothing when the server already answered during this page load', async () => {
    const asked = fakeServer();
    vi.stubGlobal('window', {});
    const client = createQueryClient();
    client.setQueryData(authKeys.me, MEMBER);
    const screen = new QueryObserver(client, meQueryOptions()).subscribe(() => undefined);
    confirmRestoredSession(client);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
    screen();
  });
});
