// Issue 28: a deals cursor whose date JavaScript reads but PostgreSQL does not (error 22007) answered 500.
// Now the cursor's date must look like the one the server wrote, and any data error of the database is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { onError } from '../http/errors.ts';
import type { AppEnv } from '../http/context.ts';
import { Hono } from 'hono';
import { textToBase64Url } from '../../_shared/encoding.ts';

let t: TestApp;
let member: Agent;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signIn(SEED.member, '198.51.90.1');
});
afterAll(() => t.close());

const cursorOf = (value: unknown) => textToBase64Url(JSON.stringify(value));
const ID = 'c0000000-0000-4000-8000-000000000001';

describe('malformed deals cursors', () => {
  it('answers 400, never 500, for dates JavaScript reads and PostgreSQL does not', async () => {
    for (const date of ['0', 'Tuesday, 1 December 2026', '2026-13-45T99:99:99Z', '+275760-09-13T00:00:00.000Z', '2026-11-25 10:00:00 garbage']) {
      const res = await member.get(`/api/deals?cityId=${SEED.lyonsId}&cursor=${cursorOf([date, ID])}`);
      expect(res.status, date).toBe(400);
      expect(res.body.message).toBe('The page cursor is not valid');
    }
    // Looks right, and JavaScript rolls it over to 2 March; PostgreSQL refuses it (22008): still a 400.
    const feb30 = await member.get(`/api/deals?cityId=${SEED.lyonsId}&cursor=${cursorOf(['2026-02-30 10:00:00+00', ID])}`);
    expect(feb30.status).toBe(400);
  });

  it('still follows the cursors the server writes', async () => {
    const first = await member.get(`/api/deals?cityId=${SEED.lyonsId}`);
    expect(first.status).toBe(200);
    const next = first.headers.get('x-next-cursor');
    if (next) expect((await member.get(`/api/deals?cityId=${SEED.lyonsId}&cursor=${next}`)).status).toBe(200);
    expect((await member.get(`/api/deals?cityId=${SEED.lyonsId}&cursor=${cursorOf(['2026-11-25 10:00:00.123456+00', ID])}`)).status).toBe(200);
  });
});

describe('every data error of the database is a 400', () => {
  it('maps the whole class 22 (bad dates, out of range, bad parameters)', async () => {
    const codes = ['22007', '22008', '22003', '22023', '2201B', '22P02'];
    const app = new Hono<AppEnv>();
    app.onError(onError);
    app.get('/:code', (c) => { throw Object.assign(new Error('driver text with $1 = secret'), { code: c.req.param('code') }); });
    for (const code of codes) {
      const res = await app.request(`/${code}`);
      expect(res.status, code).toBe(400);
      expect(JSON.stringify(await res.json())).not.toContain('secret');
    }
  });
});
