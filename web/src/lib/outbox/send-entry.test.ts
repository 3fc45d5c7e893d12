import { describe, expect, it } from 'vitest';
import { BUSY_REASON, sendWithKey } from './send-entry';

function fakeFetch(response: Response | Error) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (response instanceof Error) throw response;
    return response;
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('sendWithKey', () => {
  it('sends the Idempotency-Key and the JSON body with the cookie', async () => {
    const { calls, fetchImpl } = fakeFetch(new Response('{"id":"r1"}', { status: 201 }));
    const outcome = await sendWithKey({ method: 'POST', url: '/api/merchant/verify-code', body: { code: '123456' } }, 'k-1', fetchImpl);
    expect(outcome).toEqual({ kind: 'applied', status: 201, body: { id: 'r1' }, replayed: false });
    expect(calls[0].init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"code":"123456"}',
      headers: { 'Idempotency-Key': 'k-1', 'Content-Type': 'application/json' },
    });
  });

  it('sends no body or Content-Type for body-less calls and reads replayed answers', async () => {
    const { calls, fetchImpl } = fakeFetch(new Response('', { status: 200, headers: { 'Idempotent-Replayed': 'true' } }));
    const outcome = await sendWithKey({ method: 'DELETE', url: '/api/businesses/b1/follow' }, 'k-2', fetchImpl);
    expect(outcome).toEqual({ kind: 'applied', status: 200, body: null, replayed: true });
    expect(calls[0].init.body).toBeUndefined();
    expect(calls[0].init.headers).toEqual({ 'Idempotency-Key': 'k-2' });
  });

  it('reads a network failure as offline', async () => {
    const { fetchImpl } = fakeFetch(new TypeError('Failed to fetch'));
    expect(await sendWithKey({ method: 'POST', url: '/x' }, 'k', fetchImpl)).toEqual({ kind: 'offline' });
  });

  it('reads "still in progress" as busy, other refusals as rejected with the server message', async () => {
    const busy = fakeFetch(new Response('{"message":"A request with this Idempotency-Key is still in progress"}', { status: 409 }));
    expect(await sendWithKey({ method: 'POST', url: '/x' }, 'k', busy.fetchImpl)).toEqual({ kind: 'busy', retryAfterSeconds: 5, reason: BUSY_REASON });
    const held = fakeFetch(new Response('{"message":"A request with this Idempotency-Key is still in progress"}', { status: 409, headers: { 'Retry-After': '42' } }));
    expect(await sendWithKey({ method: 'POST', url: '/x' }, 'k', held.fetchImpl)).toMatchObject({ kind: 'busy', retryAfterSeconds: 42 });

    const refused = fakeFetch(new Response('{"message":"Code not recognised"}', { status: 422 }));
    expect(await sendWithKey({ method: 'POST', url: '/x' }, 'k', refused.fetchImpl)).toEqual({
      kind: 'rejected',
      status: 422,
      reason: 'Code not recognised',
      error: '422: {"message":"Code not recognised"}',
      body: '{"message":"Code not recognised"}',
    });
  });

  it('reads a 429 as throttled with its Retry-After, and sends the action\'s own headers', async () => {
    const { calls, fetchImpl } = fakeFetch(new Response('{"message":"Too many wrong codes."}', { status: 429, headers: { 'Retry-After': '73' } }));
    const outcome = await sendWithKey({ method: 'POST', url: '/api/merchant/verify-code', body: {}, headers: { 'X-Counter-Device': 'tablet-1234' } }, 'k-9', fetchImpl);
    expect(outcome).toEqual({ kind: 'throttled', retryAfterSeconds: 73, reason: 'Too many wrong codes.', body: '{"message":"Too many wrong codes."}' });
    expect(calls[0].init.headers).toMatchObject({ 'X-Counter-Device': 'tablet-1234', 'Idempotency-Key': 'k-9' });
    const { fetchImpl: noHeader } = fakeFetch(new Response('', { status: 429 }));
    expect(await sendWithKey({ method: 'POST', url: '/x' }, 'k-10', noHeader)).toMatchObject({ kind: 'throttled', retryAfterSeconds: 60 });
  });
});
