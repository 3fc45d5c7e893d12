import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiJsonOrNullWhenMissing, apiRequest, dropEarlyAnswers, getQueryFn, pathFromQueryKey, throwIfResNotOk } from './api-client';
import { ApiError, responseErrorMessage } from './api-error';
import { citiesQueryOptions } from './lookup/get-cities';
import { createQueryClient } from './query-client';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const queryContext = (queryKey: readonly unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined, client: undefined }) as never;

describe('request error rule', () => {
  it('is "<status>: <body>"', () => {
    expect(responseErrorMessage(409, '{"message":"User already exists"}', 'Conflict')).toBe('409: {"message":"User already exists"}');
  });

  it('falls back to the status text for an empty body', () => {
    expect(responseErrorMessage(502, '', 'Bad Gateway')).toBe('502: Bad Gateway');
  });

  it('throwIfResNotOk passes OK responses and throws the rule for others', async () => {
    await expect(throwIfResNotOk(new Response('fine', { status: 200 }))).resolves.toBeUndefined();
    await expect(throwIfResNotOk(new Response('nope', { status: 401, statusText: 'Unauthorized' }))).rejects.toThrow('401: nope');
    await expect(throwIfResNotOk(new Response(null, { status: 500, statusText: 'Internal Server Error' }))).rejects.toThrow(
      '500: Internal Server Error',
    );
  });
});

describe('apiRequest', () => {
  it('sends credentials and a JSON body only when a payload is given', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.c', password: 'x' });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@b.c","password":"x"}',
      credentials: 'include',
    });

    const bare = stubFetch(new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/auth/logout');
    expect(bare).toHaveBeenLastCalledWith('/api/auth/logout', { method: 'POST', headers: {}, body: undefined, credentials: 'include' });
  });

  it('throws the status-prefixed error for a failed call', async () => {
    stubFetch(new Response('{"message":"Invalid email or password"}', { status: 401 }));
    const error = await apiRequest('POST', '/api/auth/login', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, serverMessage: 'Invalid email or password', message: '401: {"message":"Invalid email or password"}' });
  });
});

describe('apiJsonOrNullWhenMissing', () => {
  it('answers the JSON, null for a 404, and throws any other failure', async () => {
    stubFetch(new Response('{"id":"m1"}', { status: 200 }));
    await expect(apiJsonOrNullWhenMissing('/api/merchant/me')).resolves.toEqual({ id: 'm1' });
    stubFetch(new Response('{"message":"Not found"}', { status: 404 }));
    await expect(apiJsonOrNullWhenMissing('/api/merchant/me')).resolves.toBeNull();
    stubFetch(new Response('{"message":"Forbidden"}', { status: 403 }));
    await expect(apiJsonOrNullWhenMissing('/api/merchant/me')).rejects.toMatchObject({ status: 403 });
  });
});

describe('default query function', () => {
  it('GETs the key parts joined by "/"', async () => {
    expect(pathFromQueryKey(['/api/merchant', 'deals', 42])).toBe('/api/merchant/deals/42');
    const fetchMock = stubFetch(new Response('[{"id":"1"}]', { status: 200 }));
    const data = await getQueryFn({ on401: 'throw' })(queryContext(['/api/cities']));
    expect(data).toEqual([{ id: '1' }]);
    expect(fetchMock.mock.calls[0]).toEqual(['/api/cities', expect.objectContaining({ credentials: 'include' })]);
  });

  it('reads a 401 as null in returnNull mode and throws in throw mode', async () => {
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/me']))).resolves.toBeNull();
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/auth/me']))).rejects.toThrow('401: ');
  });
});

const CITIES = [
  { id: 'boulder', name: 'Boulder', state: 'Colorado' },
  { id: 'lyons-co', name: 'Town of Lyons', state: 'COLORADO' },
];

describe('the city list: the answer index.html already asked for', () => {
  it('is taken once by the first read; later reads ask the server', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify([{ id: 'from-server', name: 'X', state: 'Y' }]));
    }));
    vi.stubGlobal('window', { __payLocalEarly: { '/api/cities': Promise.resolve(new Response(JSON.stringify(CITIES))) } });
    const client = createQueryClient();
    expect(await client.fetchQuery(citiesQueryOptions())).toEqual(CITIES);
    expect(asked).toEqual([]);
    await client.refetchQueries({ queryKey: citiesQueryOptions().queryKey });
    expect(asked).toEqual(['/api/cities']);
  });

  it('is not taken when it failed: the read asks the server', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify(CITIES));
    }));
    vi.stubGlobal('window', { __payLocalEarly: { '/api/cities': Promise.resolve(new Response('oops', { status: 500 })) } });
    expect(await createQueryClient().fetchQuery(citiesQueryOptions())).toEqual(CITIES);
    expect(asked).toEqual(['/api/cities']);
  });
});

describe('answers nobody took', () => {
  it('are dropped once the first screen has settled: a later read asks the server', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify(CITIES));
    }));
    let cancelled = false;
    const body = new ReadableStream({ cancel: () => void (cancelled = true) });
    vi.stubGlobal('window', { __payLocalEarly: { '/api/cities': Promise.resolve(new Response(body)) } });
    dropEarlyAnswers();
    expect(await createQueryClient().fetchQuery(citiesQueryOptions())).toEqual(CITIES);
    expect(asked).toEqual(['/api/cities']);
    await vi.waitFor(() => expect(cancelled).toBe(true));
  });
});
