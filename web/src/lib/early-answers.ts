// Answers index.html asked for while the app's code downloaded (decision 135, stop 22). On /app and /deals
// the inline script there asks for the city list and, once GET /api/auth/me says an active member is
// signed in, the first page of the default city's deals: the member's cards then wait for the entry chunk
// only, not for the chunk and then two more round trips (cities → deals).
//
// Each answer is taken once, by the first read of the same URL; an answer that failed, was refused or
// does not match is dropped and that read asks the server itself, exactly as it would have without it.

import type { SessionAnswer, SessionUser } from '@shared/contract/index.ts';

/** The first page of deals index.html asked for: its URL (the city it picked), and the answer to come. */
export interface EarlyDealsPage {
  url: string;
  answer: Promise<Response | null>;
}

declare global {
  interface Window {
    /** GET /api/auth/me, started by index.html on every screen while the app's code downloads. */
    __payLocalSession?: Promise<Response | null>;
    /** GET /api/cities, started by index.html on /app and /deals. */
    __payLocalCities?: Promise<Response | null>;
    /** GET /api/deals?cityId=…&category=all, started by index.html for an active member on /app and /deals. */
    __payLocalFirstDeals?: Promise<EarlyDealsPage | null>;
  }
}

/** A usable answer (2xx), else undefined after freeing the connection (an unread body keeps it busy). */
async function usable(answer: Promise<Response | null>): Promise<Response | undefined> {
  const res = await answer;
  if (!res) return undefined;
  if (res.ok) return res;
  await res.body?.cancel().catch(() => undefined);
  return undefined;
}

/** An answer nobody will read: let it go without holding its connection open. */
function discard(answer: Promise<Response | null>): void {
  void answer.then((res) => res?.body?.cancel()).catch(() => undefined);
}

/** The early GET /api/cities answer, once; undefined when there is none or it was not a success. */
export function takeEarlyCities(): Promise<Response | undefined> | undefined {
  if (typeof window === 'undefined' || !window.__payLocalCities) return undefined;
  const early = window.__payLocalCities;
  window.__payLocalCities = undefined;
  return usable(early);
}

/**
 * The early first page of deals when it is the one `url` asks for (same city, category, no cursor), once;
 * undefined otherwise. The first read of deals takes it whatever its URL: a later read (a refetch after a
 * change) must never get this older answer.
 */
export async function takeEarlyDeals(url: string): Promise<Response | undefined> {
  if (typeof window === 'undefined' || !window.__payLocalFirstDeals) return undefined;
  const early = window.__payLocalFirstDeals;
  window.__payLocalFirstDeals = undefined;
  const page = await early.catch(() => null);
  if (!page) return undefined;
  if (page.url !== url) {
    discard(page.answer);
    return undefined;
  }
  return usable(page.answer);
}

/** The signed-in user in an answer to GET /api/auth/me: null when signed out (401), undefined when unusable. */
async function sessionUser(answer: Promise<Response | null>): Promise<SessionUser | null | undefined> {
  const res = await answer.catch(() => null);
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
  if (!sessionRead && typeof window !== 'undefined' && window.__payLocalSession) {
    sessionRead = sessionUser(window.__payLocalSession);
    window.__payLocalSession = undefined;
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
