// The API's cookies go out Secure everywhere but on plain-http localhost (browsers drop a Secure cookie there):
// one rule for the session, device and wrote-at cookies, checked here on the options every cookie is set with.
import { describe, expect, it } from 'vitest';
import type { AppContext } from './context.ts';
import { cookieOptions } from './session.ts';
import { secureCookies } from './session.ts';

const contextAt = (url: string) => ({ req: { url } }) as unknown as AppContext;

describe('secure cookies', () => {
  it('are Secure over https, also on localhost', () => {
    expect(secureCookies(contextAt('https://paylocal.example/api/auth/login'))).toBe(true);
    expect(secureCookies(contextAt('https://localhost:5173/api/auth/login'))).toBe(true);
  });

  it('are Secure on plain http anywhere but localhost', () => {
    expect(secureCookies(contextAt('http://paylocal.example/api/auth/login'))).toBe(true);
    expect(secureCookies(contextAt('http://192.168.1.20:8787/api/auth/login'))).toBe(true);
  });

  it('are not Secure on plain-http localhost, 127.0.0.1 and [::1]', () => {
    for (const host of ['localhost:8787', '127.0.0.1:8787', '[::1]:8787']) {
      expect(secureCookies(contextAt(`http://${host}/api/auth/login`))).toBe(false);
    }
  });

  it('the session and device cookies take the same rule', () => {
    expect(cookieOptions(contextAt('http://localhost:8787/api/auth/login')))
      .toEqual({ path: '/', httpOnly: true, sameSite: 'Lax', secure: false });
    expect(cookieOptions(contextAt('https://paylocal.example/api/auth/login')).secure).toBe(true);
  });
});
