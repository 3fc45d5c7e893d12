import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { signHs256 } from './jwt.ts';

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

it('signs an HS256 JWT that verifies with the same secret and carries the claims', async () => {
  const token = await signHs256({ sub: 'u1', role: 'authenticated', exp: 1_900_000_000 }, 'super-secret');
  const [header, payload, signature] = token.split('.');
  expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
  expect(decode(payload)).toEqual({ sub: 'u1', role: 'authenticated', exp: 1_900_000_000 });
  const expected = createHmac('sha256', 'super-secret').update(`${header}.${payload}`).digest('base64url');
  expect(signature).toBe(expected);
  const forged = createHmac('sha256', 'another-secret').update(`${header}.${payload}`).digest('base64url');
  expect(signature).not.toBe(forged);
});

it('encodes non-ASCII claims as UTF-8', async () => {
  const token = await signHs256({ email: 'zoë@example.com' }, 's');
  expect(decode(token.split('.')[1])).toEqual({ email: 'zoë@example.com' });
});
