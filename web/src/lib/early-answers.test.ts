import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyAnswers } from './early-answers';
import { citiesQueryOptions } from './lookup/get-cities';
import { createQueryClient } from './query-client';

const CITIES = [
  { id: 'boulder', name: 'Boulder', state: 'Colorado' },
  { id: 'lyons-co', name: 'Town of Lyons', state: 'COLORADO' },
];

afterEach(() => vi.unstubAllGlobals());

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
