import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { ApiError, errorStatus } from './api-error';
import { takeEarlyAnswer } from './early-answers';
import { trackedFetch } from './network/connectivity';

/** Throws an ApiError (message: the spec's "<status>: <body>") when the response is not OK. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw await ApiError.of(res);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call to the API. Always sends the session cookie; sends a JSON body only when a payload is given,
 * so body-less POSTs (logout, approve, ...) carry no Content-Type.
 */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const res = await trackedFetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** POST/PUT/... and parse the JSON answer. */
export async function apiJson<T>(method: HttpMethod, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

/** GET a path whose 404 answer means "none (yet)": null instead of an error (the merchant profile, the paired tablet). */
export async function apiJsonOrNullWhenMissing<T>(url: string): Promise<T | null> {
  try {
    return await apiJson<T>('GET', url);
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

/** Default reads GET the path formed by joining the key parts with '/': ['/api/merchant', 'deals'] → /api/merchant/deals. */
export function pathFromQueryKey(queryKey: QueryKey): string {
  return queryKey.map(String).join('/');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A query function for key-addressed GETs; with on401 'returnNull' a 401 answer reads as null instead of an error. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const path = pathFromQueryKey(queryKey);
    // The first screen's reads may find their answer already asked for by index.html (early-answers.ts).
    const res = (await takeEarlyAnswer(path)) ?? (await trackedFetch(path, { credentials: 'include', signal }));
    if (on401 === 'returnNull' && res.status === 401) {
      // Read the body anyway: an unread response keeps its connection busy (the page never looks idle).
      await res.body?.cancel().catch(() => undefined);
      return null;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
