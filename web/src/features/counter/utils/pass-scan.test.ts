import { describe, expect, it } from 'vitest';
import { certifyPassKey, generateDeviceKey, passStepAt, publicKeyCoordinates, signPass } from '@shared/member-pass.ts';
import { ApiError } from '@/lib/api-error';
import { decodeSize } from './qr-decoder';
import { availableAgainLabel, createRepeatGuard, isMemberPass, SCAN_REPEAT_MS, scannedMemberNumber, scannedText, scanRefusalOf } from './pass-scan';

async function aPass(): Promise<string> {
  const platform = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']) as CryptoKeyPair;
  const device = await generateDeviceKey();
  const now = Date.now();
  const certificate = await certifyPassKey({
    v: 1, kid: 'k1', sub: crypto.randomUUID(), mn: 100001, fn: 'Ada', ...(await publicKeyCoordinates(device.publicKey)),
    iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 3600,
  }, platform.privateKey);
  return signPass(certificate, device.privateKey, passStepAt(now));
}

describe('scanned text', () => {
  it('drops what a keyboard-wedge scanner adds around the pass (line ends, tabs, spaces)', async () => {
    const pass = await aPass();
    expect(scannedText(`  ${pass}\r\n`)).toBe(pass);
    expect(scannedText(`\t${pass.slice(0, 20)} ${pass.slice(20)}\n`)).toBe(pass);
    expect(scannedText(' \r\n')).toBe('');
  });

  it('tells a member pass from any other QR code or typing', async () => {
    const pass = await aPass();
    expect(isMemberPass(pass)).toBe(true);
    expect(isMemberPass('https://example.com/menu')).toBe(false);
    expect(isMemberPass('123456')).toBe(false);
    // A Google Wallet pass's rotating code (decision 207): number and a 6-digit personal code.
    expect(isMemberPass('PLW.100042.094287')).toBe(true);
    expect(isMemberPass('PLW.100042.94287')).toBe(false);
    expect(isMemberPass('PLW.0.094287')).toBe(false);
    expect(isMemberPass(pass.replace(/^PL1/, 'PL2'))).toBe(false);
    expect(isMemberPass(pass.split('.').slice(0, 4).join('.'))).toBe(false);
  });

  it("reads an Apple Wallet pass's QR as a member number only (no pass)", async () => {
    expect(scannedMemberNumber('100042')).toBe(100042);
    expect(isMemberPass('100042')).toBe(false);
    for (const text of ['0', '#100042', '100042a', 'PLW.100042.094287', '99999999999', '']) expect(scannedMemberNumber(text)).toBeNull();
    expect(scannedMemberNumber(await aPass())).toBeNull();
  });
});

describe('the repeat guard', () => {
  it('lets a pass through once however often the camera sees it, and again once it was away for a while', () => {
    const guard = createRepeatGuard(4000);
    expect(guard.accept('A', 0)).toBe(true);
    // Held in front of the camera: seen every 150 ms for 10 seconds, never sent again.
    for (let t = 150; t <= 10_000; t += 150) expect(guard.accept('A', t)).toBe(false);
    // Another pass is not held up by the first.
    expect(guard.accept('B', 10_000)).toBe(true);
    // Away for less than the window: still a repeat; for the whole window: sent again.
    expect(guard.accept('A', 13_000)).toBe(false);
    expect(guard.accept('A', 17_000)).toBe(true);
  });

  it('forgets a pass whose request got no answer, so the next sighting tries again', () => {
    const guard = createRepeatGuard();
    expect(guard.accept('A', 1000)).toBe(true);
    guard.forget('A');
    expect(guard.accept('A', 1100)).toBe(true);
    expect(guard.accept('A', 1100 + SCAN_REPEAT_MS - 1)).toBe(false);
  });
});

describe('a refusal at the counter', () => {
  it("shows a per-member limit's next allowed time in the tablet's time zone, not the server's words", () => {
    const error = new ApiError(409, JSON.stringify({
      message: 'This member already used this deal: it works again for them on Thursday 26 Nov, 08:41', availableAt: '2026-11-26T15:41:00Z',
    }));
    expect(scanRefusalOf(error, 'fallback')).toEqual({ message: 'This member already used this deal.', availableAt: '2026-11-26T15:41:00Z' });
  });

  it("keeps the server's message for every other refusal, and the error's own words without an answer", () => {
    expect(scanRefusalOf(new ApiError(422, JSON.stringify({ message: 'This pass has expired.' })), 'fallback'))
      .toEqual({ message: 'This pass has expired.', availableAt: null });
    expect(scanRefusalOf(new ApiError(409, JSON.stringify({ message: 'Once per member', availableAt: 'not a date' })), 'fallback'))
      .toEqual({ message: 'Once per member', availableAt: null });
    expect(scanRefusalOf(new ApiError(502, ''), 'fallback')).toEqual({ message: 'fallback', availableAt: null });
    expect(scanRefusalOf(new Error('No connection'), 'fallback')).toEqual({ message: 'No connection', availableAt: null });
  });

  it("says when in the business's time zone: today's time, else the weekday, day and month", () => {
    // Friday 4 Dec 2026, 1:00 PM in Denver.
    const now = Date.parse('2026-12-04T20:00:00Z');
    expect(availableAgainLabel('2026-12-05T12:08:00Z', now, 'America/Denver')).toBe('Available again Saturday 5 Dec, 5:08 AM');
    expect(availableAgainLabel('2026-12-04T22:41:00Z', now, 'America/Denver')).toBe('Available again today, 3:41 PM');
    // 8 PM in Denver is still today there, although it is already Saturday in UTC.
    expect(availableAgainLabel('2026-12-05T03:00:00Z', now, 'America/Denver')).toBe('Available again today, 8:00 PM');
    expect(availableAgainLabel('2026-12-05T03:00:00Z', now, 'UTC')).toBe('Available again Saturday 5 Dec, 3:00 AM');
    // Across the change to standard time (1 Nov 2026): the wall clock of that day, not a fixed offset.
    expect(availableAgainLabel('2026-11-01T09:30:00Z', Date.parse('2026-10-31T12:00:00Z'), 'America/Denver'))
      .toBe('Available again Sunday 1 Nov, 2:30 AM');
  });
});

describe('camera frames', () => {
  it('are read at most 960 pixels on their longer side, never enlarged', () => {
    expect(decodeSize(1920, 1080)).toEqual({ width: 960, height: 540 });
    expect(decodeSize(720, 1280)).toEqual({ width: 540, height: 960 });
    expect(decodeSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
});
