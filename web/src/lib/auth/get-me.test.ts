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

/** index.html's early request for /api/auth/me, answered by `early`; the server answers any later request with `me`. */
function earlySession(early: Promise<Response>, me?: unknown) {
  const asked = fakeServer(me);
  vi.stubGlobal('window', { __payLocalEarly: { '/api/auth/me': early } });
  return { asked, client: createQueryClient() };
}

/**
 * A start whose persisted cache held the member, stored at `updatedAt`: a screen reads the session, then
 * confirmRestoredSession runs. `stop` closes the screen.
 */
function restoredSession(updatedAt: number) {
  const asked = fakeServer();
  vi.stubGlobal('window', {});
  const client = createQueryClient();
  client.setQueryData(authKeys.me, MEMBER, { updatedAt });
  const stop = new QueryObserver(client, meQueryOptions()).subscribe(() => undefined);
  confirmRestoredSession(client);
  return { asked, stop };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("adoptEarlySession: the user from index.html's early answer, before the first render", () => {
  it('becomes the session query data when the answer is in time: nothing more is asked', async () => {
    const { asked, client } = earlySession(answer({ user: MEMBER }));
    await adoptEarlySession(client, 500);
    expect(client.getQueryData(authKeys.me)).toEqual(MEMBER);
    expect(asked).toEqual([]);
  });

  it('a 401 is adopted as signed out (null)', async () => {
    const { client } = earlySession(answer({ message: 'Not authenticated' }, 401));
    await adoptEarlySession(client, 500);
    expect(client.getQueryState(authKeys.me)?.status).toBe('success');
    expect(client.getQueryData(authKeys.me)).toBeNull();
  });

  it('is not adopted when late or failed; the late answer is still the first read (no second request)', async () => {
    let answerNow: (res: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => (answerNow = resolve));
    const { asked, client } = earlySession(late, { user: { ...MEMBER, name: 'from a second request' } });
    await adoptEarlySession(client, 20);
    expect(client.getQueryData(authKeys.me)).toBeUndefined();
    const read = client.fetchQuery(meQueryOptions());
    answerNow(new Response(JSON.stringify({ user: MEMBER })));
    expect(await read).toEqual(MEMBER);
    expect(asked).toEqual([]);
  });

  it('a failed early answer (500) is not adopted', async () => {
    const { client } = earlySession(answer({ message: 'boom' }, 500));
    await adoptEarlySession(client, 500);
    expect(client.getQueryData(authKeys.me)).toBeUndefined();
  });
});

describe('confirmRestoredSession: once per start, after the persisted cache is restored', () => {
  it('asks the server when the user came from the device cache (an earlier visit)', async () => {
    const { asked, stop } = restoredSession(Date.now() - 60_000);
    await vi.waitFor(() => expect(asked).toEqual(['/api/auth/me']));
    stop();
  });

  it('asks nothing when the server already answered during this page load', async () => {
    const { asked, stop } = restoredSession(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
    stop();
  });
});
