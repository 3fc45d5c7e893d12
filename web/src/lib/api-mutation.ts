import { type QueryClient, type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** What a screen gives a write's hook: told the outcome once the cache shows the change (or the error). */
export interface MutationCallbacks<TResult, TInput = unknown> {
  onSuccess?: (result: TResult, input: TInput) => void;
  onError?: (error: Error) => void;
}

/** What the cache must do after a write: the query keys to read again (all at once), or a function that updates it. */
export type CacheRefresh<TAnswer, TInput> =
  | readonly QueryKey[]
  | ((queryClient: QueryClient, answer: TAnswer, input: TInput) => unknown);

/** One write to the API, as its endpoint file states it. */
export interface ApiMutation<TInput, TAnswer, TResult = TAnswer> {
  /** The call itself, usually one `apiJson(method, path, body)`. */
  call: (input: TInput) => Promise<TAnswer>;
  /**
   * Run after a successful call, before the screen's onSuccess. A promise it returns (the keys' refetches) is
   * awaited first, so a dialog that closes on success leaves a list that already shows the change; a function
   * that must not hold the screen up starts its refetches with `void` and returns nothing.
   */
  refresh?: CacheRefresh<TAnswer, TInput>;
  /** What the screen's onSuccess receives, when not the answer itself (e.g. the signed-in user of {user}). */
  result?: (answer: TAnswer, input: TInput) => TResult;
}

function runRefresh<TAnswer, TInput>(queryClient: QueryClient, refresh: CacheRefresh<TAnswer, TInput> | undefined, answer: TAnswer, input: TInput) {
  if (!refresh) return undefined;
  if (typeof refresh === 'function') return refresh(queryClient, answer, input);
  return Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The mutation options of a write: the call, then the cache refresh, then the screen's callbacks. */
export function apiMutationOptions<TInput, TAnswer, TResult = TAnswer>(
  queryClient: QueryClient,
  { call, refresh, result }: ApiMutation<TInput, TAnswer, TResult>,
  { onSuccess, onError }: MutationCallbacks<TResult, TInput> = {},
): UseMutationOptions<TAnswer, Error, TInput> {
  return {
    mutationFn: call,
    onSuccess: (answer, input) => {
      const tell = () => {
        onSuccess?.(result ? result(answer, input) : (answer as unknown as TResult), input);
      };
      const refreshing = runRefresh(queryClient, refresh, answer, input);
      // A synchronous refresh (a sign-out emptying the cache) is followed at once, with no await in between.
      return refreshing instanceof Promise ? refreshing.then(tell) : tell();
    },
    onError,
  };
}

/** The hook of one write to the API (one file per endpoint states its call, refresh and answer type). */
export function useApiMutation<TInput, TAnswer, TResult = TAnswer>(
  mutation: ApiMutation<TInput, TAnswer, TResult>,
  callbacks?: MutationCallbacks<TResult, TInput>,
) {
  const queryClient = useQueryClient();
  return useMutation(apiMutationOptions(queryClient, mutation, callbacks));
}
