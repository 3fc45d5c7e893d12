import { describe, expect, it } from 'vitest';
import { codeStepAt, codeWindowKey, codeWindowOf, dealCodeAt, dealCodeForStep, hotp, matchCodeStep, stepEndsAt } from './deal-code.ts';
import { base64UrlToBytes, bytesToBase64Url, hexToBytes } from './encoding.ts';

// RFC 6238 appendix B, SHA-1 column: seed "12345678901234567890", X = 30 s, 8 digits. A 6-digit
// code is the same dynamic-truncation value mod 10^6, i.e. the last six digits of the 8-digit one.
const rfcSecret = new TextEncoder().encode('12345678901234567890');
const rfc6238Sha1 = [
  { time: 59, totp8: '94287082' },
  { time: 1111111109, totp8: '07081804' },
  { time: 1111111111, totp8: '14050471' },
  { time: 1234567890, totp8: '89005924' },
  { time: 2000000000, totp8: '69279037' },
  { time: 20000000000, totp8: '65353130' },
];

describe('hotp (RFC 4226 / RFC 6238)', () => {
  it.each(rfc6238Sha1)('matches the RFC 6238 SHA-1 vector at T=$time', async ({ time, totp8 }) => {
    const step = codeStepAt(time * 1000, 30);
    expect(await hotp(rfcSecret, step, 8)).toBe(totp8);
    expect(await hotp(rfcSecret, step)).toBe(totp8.slice(-6));
  });

  it('matches the RFC 4226 appendix D HOTP values for counters 0..9', async () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    const actual = await Promise.all(expected.map((_, counter) => hotp(rfcSecret, counter)));
    expect(actual).toEqual(expected);
  });

  it('refuses a negative or fractional counter', async () => {
    await expect(hotp(rfcSecret, -1)).rejects.toThrow(RangeError);
    await expect(hotp(rfcSecret, 1.5)).rejects.toThrow(RangeError);
  });
});

describe('deal code steps of 120 seconds', () => {
  it('keeps one code for a whole step and rotates at its end', async () => {
    const start = 1_700_000_040_000; // a multiple of 120 s
    expect(start % 120_000).toBe(0);
    const first = await dealCodeAt(rfcSecret, start);
    const sameStep = await dealCodeAt(rfcSecret, start + 119_999);
    const next = await dealCodeAt(rfcSecret, start + 120_000);
    expect(first.code).toMatch(/^\d{6}$/);
    expect(sameStep).toEqual(first);
    expect(first.expiresAt.getTime()).toBe(start + 120_000);
    expect(next.step).toBe(first.step + 1);
    expect(next.code).toBe(await dealCodeForStep(rfcSecret, first.step + 1));
  });

  it('step boundaries: codeStepAt and stepEndsAt agree', () => {
    expect(codeStepAt(0)).toBe(0);
    expect(codeStepAt(119_999)).toBe(0);
    expect(codeStepAt(120_000)).toBe(1);
    expect(stepEndsAt(1).getTime()).toBe(240_000);
  });

  it('accepts the current and the previous step at the counter, nothing older or newer', async () => {
    const now = 1_700_000_100_000;
    const step = codeStepAt(now);
    const codes = await Promise.all([step - 2, step - 1, step, step + 1].map((s) => dealCodeForStep(rfcSecret, s)));
    expect(await matchCodeStep(rfcSecret, codes[2], now)).toBe(step);
    expect(await matchCodeStep(rfcSecret, codes[1], now)).toBe(step - 1);
    // Guard against accidental equality of neighbouring codes in this fixture.
    if (codes[0] !== codes[1] && codes[0] !== codes[2]) expect(await matchCodeStep(rfcSecret, codes[0], now)).toBeNull();
    if (codes[3] !== codes[1] && codes[3] !== codes[2]) expect(await matchCodeStep(rfcSecret, codes[3], now)).toBeNull();
  });

  it('different secrets give different code sequences', async () => {
    const other = hexToBytes('00112233445566778899aabbccddeeff00112233');
    const ours = await Promise.all([1, 2, 3].map((s) => hotp(rfcSecret, s)));
    const theirs = await Promise.all([1, 2, 3].map((s) => hotp(other, s)));
    expect(theirs).not.toEqual(ours);
  });
});

describe('window keys (codes a device can compute offline)', () => {
  it('a step code is HOTP under the key of its window, so a device holding that key shows the same code', async () => {
    const now = 1_700_000_100_000;
    const step = codeStepAt(now);
    const key = await codeWindowKey(rfcSecret, codeWindowOf(step));
    expect(await hotp(key, step)).toBe((await dealCodeAt(rfcSecret, now)).code);
    expect(await hotp(key, step)).toBe(await dealCodeForStep(rfcSecret, step));
  });

  it('windows are 30 steps (one hour) and each has its own key', async () => {
    expect(codeWindowOf(0)).toBe(0);
    expect(codeWindowOf(29)).toBe(0);
    expect(codeWindowOf(30)).toBe(1);
    const [a, b] = await Promise.all([codeWindowKey(rfcSecret, 100), codeWindowKey(rfcSecret, 101)]);
    expect(a).toHaveLength(32);
    expect(bytesToBase64Url(a)).not.toBe(bytesToBase64Url(b));
    // A window key is not the secret and does not compute the next window's codes.
    const nextStep = 101 * 30;
    expect(await hotp(a, nextStep)).not.toBe(await dealCodeForStep(rfcSecret, nextStep));
  });

  it('refuses a negative window', async () => {
    await expect(codeWindowKey(rfcSecret, -1)).rejects.toThrow(RangeError);
  });

  it('base64url round-trips keys', async () => {
    const key = await codeWindowKey(rfcSecret, 7);
    const text = bytesToBase64Url(key);
    expect(text).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect([...base64UrlToBytes(text)]).toEqual([...key]);
    expect(() => base64UrlToBytes('not base64!')).toThrow();
  });
});
