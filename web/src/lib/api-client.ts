// How the app asks the API: one call (the session cookie, JSON in and out, errors as ApiError), the default
// query function for key-addressed reads, and the answers index.html asked for before the app's code arrived,
// which the first reads take instead of asking again.
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import { ApiError, errorStatus } from './api-error';
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
    // The first screen's reads may find their answer already asked for by index.html (below).
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

// Answers index.html asked for while the app's code downloaded (decision 135, stop 22; decision 145): who is
// signed in on every screen, and on /app and /deals what the member home shows at once (the city list, a
// member's status, notifications and follows, an active member's first page of deals). The first screen then
// waits for the entry chunk only, not for the chunk and then more round trips.
//
// Each answer is taken once, by the first read of the same URL; an answer that failed or was refused is
// dropped and that read asks the server itself, exactly as it would have without it. Answers nobody took
// by the time the first screen has settled are dropped too: a later read must never get an old answer.
declare global {
  interface Window {
    /** GET URL → its answer on the way (null: no answer at all, e.g. offline), started by index.html. */
    __payLocalEarly?: Record<string, Promise<Response | null> | undefined>;
  }
}

/** An answer nobody will read: let it go without holding its connection open. */
function discard(answer: Promise<Response | null>): void {
  void answer.then((res) => res?.body?.cancel()).catch(() => undefined);
}

/** The early answer to GET `url` as it came, once; undefined when index.html did not ask for it. */
function takeEarlyResponse(url: string): Promise<Response | null> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__payLocalEarly;
  const answer = early?.[url];
  if (!early || !answer) return undefined;
  delete early[url];
  return answer.catch(() => null);
}

/** The early answer to GET `url` when it is a success (2xx), once; otherwise undefined (the read asks itself). */
export async function takeEarlyAnswer(url: string): Promise<Response | undefined> {
  const res = await takeEarlyResponse(url);
  if (!res) return undefined;
  if (res.ok) return res;
  await res.body?.cancel().catch(() => undefined);
  return undefined;
}

/** Drops every answer nobody took (called once the first screen has settled). */
export function dropEarlyAnswers(): void {
  const early = typeof window === 'undefined' ? undefined : window.__payLocalEarly;
  if (!early) return;
  for (const url of Object.keys(early)) discard(takeEarlyResponse(url)!);
}

/** The signed-in user in an answer to GET /api/auth/me: null when signed out (401), undefined when unusable. */
async function sessionUser(answer: Promise<Response | null>): Promise<SessionUser | null | undefined> {
  const res = await answer;
  if (!res) return undefined; // it failed (offline?): the reader asks again the usual way
  if (res.status === 401) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    return undefined;
  }
  return ((await res.json().catch(() => ({}))) as Partial<SessionAnswer>).user ?? null;
}

/** The early session answer being read (one read, shared by whoever takes it first). */
let sessionRead: Promise<SessionUser | null | undefined> | undefined;

function earlySessionRead(): Promise<SessionUser | null | undefined> | undefined {
  if (!sessionRead) {
    const answer = takeEarlyResponse('/api/auth/me');
    if (answer) sessionRead = sessionUser(answer);
  }
  return sessionRead;
}

/** The early GET /api/auth/me as a user (null: signed out), once; undefined when there is none or it failed. */
export function takeEarlySession(): Promise<SessionUser | null | undefined> | undefined {
  const read = earlySessionRead();
  sessionRead = undefined;
  return read;
}

/**
 * The early session answer if it arrives within `ms` and nobody took it meanwhile (it is then taken);
 * otherwise undefined, and it stays for the first read of the session (`takeEarlySession`).
 */
export async function takeEarlySessionWithin(ms: number): Promise<SessionUser | null | undefined> {
  const read = earlySessionRead();
  if (!read) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  const user = await Promise.race([read, late]);
  clearTimeout(timer);
  if (user === undefined || sessionRead !== read) return undefined;
  sessionRead = undefined;
  return user;
}
