import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import { appPersister } from '../query-persister';
import { authKeys } from './get-me';
import { signedOut, signInMutation } from './session';

const MAYA = { id: 'u1', name: 'Maya', role: 'USER', subscriptionStatus: 'active' } as SessionUser;
const signIn = async (): Promise<SessionAnswer> => ({ user: MAYA });

/** A cache the previous person on this device left behind. */
function usedClient() {
  const client = new QueryClient();
  client.setQueryData(authKeys.me, { ...MAYA, id: 'someone-else' });
  client.setQueryData(['/api/member/points'], { balance: 40 });
  return client;
}

const refreshOf = (mutation: ReturnType<typeof signInMutation>) =>
  mutation.refresh as (client: QueryClient, answer: SessionAnswer, input: unknown) => void;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('signInMutation', () => {
  it("caches the answer's user as the current user and hands the screen that user", () => {
    const client = usedClient();
    const mutation = signInMutation(signIn);
    refreshOf(mutation)(client, { user: MAYA }, undefined);
    expect(client.getQueryData(authKeys.me)).toEqual(MAYA);
    expect(client.getQueryData(['/api/member/points'])).toEqual({ balance: 40 });
    expect(mutation.result?.({ user: MAYA }, undefined)).toEqual(MAYA);
  });

  it('fresh: empties what the previous person left before caching the new user', () => {
    const client = usedClient();
    refreshOf(signInMutation(signIn, { fresh: true }))(client, { user: MAYA }, undefined);
    expect(client.getQueryData(authKeys.me)).toEqual(MAYA);
    expect(client.getQueryData(['/api/member/points'])).toBeUndefined();
  });
});

describe('signedOut', () => {
  it('empties the cache, sets the user to null and, with forget, drops the persisted copy', () => {
    const removeClient = vi.spyOn(appPersister, 'removeClient').mockResolvedValue(undefined);
    const client = usedClient();
    signedOut(client, { forget: true });
    expect(client.getQueryData(authKeys.me)).toBeNull();
    expect(client.getQueryData(['/api/member/points'])).toBeUndefined();
    expect(removeClient).toHaveBeenCalledOnce();
  });

  it('without forget keeps the persisted copy (a staff member leaving a counter tablet)', () => {
    const removeClient = vi.spyOn(appPersister, 'removeClient').mockResolvedValue(undefined);
    const client = usedClient();
    signedOut(client, { forget: false });
    expect(client.getQueryData(authKeys.me)).toBeNull();
    expect(removeClient).not.toHaveBeenCalled();
  });
});
