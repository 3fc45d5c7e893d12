import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { type ApiMutation, type MutationCallbacks, apiMutationOptions } from './api-mutation';

/** Runs one write the way useApiMutation does, without React. */
function run<TInput, TAnswer, TResult>(
  queryClient: QueryClient,
  mutation: ApiMutation<TInput, TAnswer, TResult>,
  callbacks: MutationCallbacks<TResult, TInput>,
  input: TInput,
) {
  return new MutationObserver(queryClient, apiMutationOptions(queryClient, mutation, callbacks)).mutate(input);
}

/** A cached read on screen (an observer) whose refetches are counted and take a few milliseconds. */
function cachedRead(queryClient: QueryClient, key: string) {
  const read = { fetches: 0 };
  queryClient.setQueryData([key], 'old');
  const observer = new QueryObserver(queryClient, {
    queryKey: [key],
    staleTime: Infinity,
    queryFn: async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      read.fetches += 1;
      return 'new';
    },
  });
  observer.subscribe(() => undefined);
  return read;
}

describe('apiMutationOptions', () => {
  it('reads the listed keys again, all of them, before the screen hears of the success', async () => {
    const queryClient = new QueryClient();
    const cities = cachedRead(queryClient, '/api/admin/cities');
    const metrics = cachedRead(queryClient, '/api/admin/metrics');
    const untouched = cachedRead(queryClient, '/api/admin/users');
    const heard: unknown[] = [];
    await run(
      queryClient,
      { call: async (id: string) => ({ deleted: id }), refresh: [['/api/admin/cities'], ['/api/admin/metrics']] },
      { onSuccess: (answer, input) => heard.push({ answer, input, fetches: [cities.fetches, metrics.fetches] }) },
      'c1',
    );
    expect(heard).toEqual([{ answer: { deleted: 'c1' }, input: 'c1', fetches: [1, 1] }]);
    expect(queryClient.getQueryData(['/api/admin/cities'])).toBe('new');
    expect(untouched.fetches).toBe(0);
  });

  it('waits for a refresh function that returns a promise, and gives it the answer and the input', async () => {
    const queryClient = new QueryClient();
    const order: string[] = [];
    await run(
      queryClient,
      {
        call: async (body: { name: string }) => ({ id: 'x', ...body }),
        refresh: async (_client, answer, input) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push(`refreshed ${answer.id} ${input.name}`);
        },
      },
      { onSuccess: () => order.push('told') },
      { name: 'Lyons' },
    );
    expect(order).toEqual(['refreshed x Lyons', 'told']);
  });

  it('follows a synchronous refresh at once, with no await in between (a sign-out emptying the cache)', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['/api/auth/me'], { id: 'u1' });
    const options = apiMutationOptions(
      queryClient,
      { call: async () => undefined, refresh: (client) => client.setQueryData(['/api/auth/me'], null) },
      { onSuccess: () => order.push(`told, user ${String(queryClient.getQueryData(['/api/auth/me']))}`) },
    );
    const order: string[] = [];
    const returned = (options.onSuccess as (answer: undefined, input: undefined) => unknown)(undefined, undefined);
    // Synchronous: the screen was told before onSuccess returned, and nothing is left to await.
    expect(returned).not.toBeInstanceOf(Promise);
    expect(order).toEqual(['told, user null']);
  });

  it('gives the screen what `result` picks from the answer', async () => {
    const queryClient = new QueryClient();
    const heard: unknown[] = [];
    await run(
      queryClient,
      { call: async (answer: 'accept' | 'deny') => ({ user: { id: 'u1' }, answer }), result: ({ user }) => user },
      { onSuccess: (user) => heard.push(user) },
      'accept',
    );
    expect(heard).toEqual([{ id: 'u1' }]);
  });

  it('passes a failed call to onError and refreshes nothing', async () => {
    const queryClient = new QueryClient();
    const cities = cachedRead(queryClient, '/api/admin/cities');
    const errors: Error[] = [];
    const told: unknown[] = [];
    await expect(
      run(
        queryClient,
        { call: async () => Promise.reject(new ApiError(409, '{"message":"City exists"}')), refresh: [['/api/admin/cities']] },
        { onSuccess: (answer) => told.push(answer), onError: (error) => errors.push(error) },
        undefined,
      ),
    ).rejects.toThrow('409');
    expect(errors.map((error) => (error as ApiError).serverMessage)).toEqual(['City exists']);
    expect(told).toEqual([]);
    expect(cities.fetches).toBe(0);
  });
});
