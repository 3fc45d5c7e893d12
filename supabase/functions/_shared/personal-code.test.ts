import { describe, expect, it } from 'vitest';
import { parseWalletCode, walletCodeOf, walletCodePattern } from './member-pass.ts';
import { matchPersonalCode, personalCodeAt, personalCodeOfStep } from './personal-code.ts';

const encoder = new TextEncoder();
// RFC 6238 Appendix B: the SHA-1 secret is the ASCII string "12345678901234567890".
const RFC_SECRET = encoder.encode('12345678901234567890');
const RFC_6238_SHA1: [seconds: number, code: string][] = [
  [59, '94287082'], [1111111109, '07081804'], [1111111111, '14050471'],
  [1234567890, '89005924'], [2000000000, '69279037'], [20000000000, '65353130'],
];

describe('personal code (TOTP, RFC 6238)', () => {
  it('gives RFC 6238 Appendix B codes (SHA-1, 30 s steps, 8 digits)', async () => {
    for (const [seconds, code] of RFC_6238_SHA1) {
      const step = Math.floor(seconds / 30);
      expect(await personalCodeOfStep(RFC_SECRET, step, 8)).toBe(code);
    }
  });

  it('truncates to 6 digits as RFC 4226 does: the last 6 digits of the same number', async () => {
    for (const [seconds, code] of RFC_6238_SHA1) {
      expect(await personalCodeAt(RFC_SECRET, seconds * 1000)).toBe(code.slice(-6));
    }
    // RFC 4226 Appendix D: the 6-digit HOTP values of counters 0 to 9 for the same secret.
    const hotp = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    for (const [counter, code] of hotp.entries()) expect(await personalCodeOfStep(RFC_SECRET, counter)).toBe(code);
  });

  it('matches the step of the check and one either way, not two, and never a wrong code', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(20));
    const at = Date.UTC(2026, 10, 28, 10, 0, 15);
    const step = Math.floor(at / 30_000);
    for (const offset of [-1, 0, 1]) {
      expect(await matchPersonalCode(secret, await personalCodeOfStep(secret, step + offset), at)).toBe(step + offset);
    }
    for (const offset of [-2, 2]) {
      const code = await personalCodeOfStep(secret, step + offset);
      const nearby = await Promise.all([-1, 0, 1].map((o) => personalCodeOfStep(secret, step + o)));
      if (!nearby.includes(code)) expect(await matchPersonalCode(secret, code, at)).toBeNull();
    }
    const right = await personalCodeOfStep(secret, step);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await matchPersonalCode(secret, wrong, at)).toBe(null);
    expect(await matchPersonalCode(secret, '', at)).toBe(null);
  });
});

describe('wallet code (decision 207)', () => {
  it('is the member number and the personal code, as the Google Wallet pattern renders them', async () => {
    expect(walletCodePattern(100042)).toBe('PLW.100042.{totp_value_0}');
    const code = await personalCodeAt(RFC_SECRET, 59_000);
    expect(walletCodePattern(100042).replace('{totp_value_0}', code)).toBe(walletCodeOf(100042, code));
    expect(parseWalletCode(walletCodeOf(100042, code))).toEqual({ memberNumber: 100042, personalCode: '287082' });
  });

  it('refuses anything else: another prefix, a short code, number 0 or past the largest', () => {
    for (const text of ['PL1.100042.287082', 'PLW.100042.28708', 'PLW.100042.2870821', 'PLW.0.287082', 'PLW.2147483648.287082', 'PLW..287082']) {
      expect(parseWalletCode(text), text).toBeNull();
    }
  });
});
