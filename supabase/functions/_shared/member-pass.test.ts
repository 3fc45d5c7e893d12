import { describe, expect, it } from 'vitest';
import { bytesToBase64Url } from './encoding.ts';
import {
  PASS_EXPIRED, PASS_NOT_RECOGNISED, PASS_OFFLINE_TOO_LONG, type PassCertificate, certifyPassKey, checkPass,
  generateDeviceKey, importPlatformPublicKey, parsePass, passStepAt, publicKeyCoordinates, signPass,
} from './member-pass.ts';

const NOW = Date.UTC(2026, 10, 26, 15, 0, 10);

async function platform(kid = 'k1') {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']) as CryptoKeyPair;
  const publicKey = await importPlatformPublicKey(await publicKeyCoordinates(pair.publicKey));
  return { kid, privateKey: pair.privateKey, keys: new Map([[kid, publicKey]]) };
}

async function device(issuer: Awaited<ReturnType<typeof platform>>, claims: Partial<PassCertificate> = {}) {
  const pair = await generateDeviceKey();
  const point = await publicKeyCoordinates(pair.publicKey);
  const certificate = await certifyPassKey({
    v: 1, kid: issuer.kid, sub: 'member-1', mn: 100042, fn: 'Maria', ...point,
    iat: Math.floor(NOW / 1000) - 60, exp: Math.floor(NOW / 1000) + 3600, ...claims,
  }, issuer.privateKey);
  return { certificate, privateKey: pair.privateKey };
}

describe('member pass', () => {
  it('checks out for the current step and one either way, not two', async () => {
    const issuer = await platform();
    const phone = await device(issuer);
    const step = passStepAt(NOW);
    for (const delta of [-1, 0, 1]) {
      const checked = await checkPass(await signPass(phone.certificate, phone.privateKey, step + delta), issuer.keys, NOW);
      expect(checked.ok && checked.pass.certificate.mn).toBe(100042);
    }
    for (const delta of [-2, 2]) {
      expect(await checkPass(await signPass(phone.certificate, phone.privateKey, step + delta), issuer.keys, NOW))
        .toEqual({ ok: false, reason: PASS_EXPIRED });
    }
  });

  it('cannot be made with another device key, nor with a changed certificate, nor with a foreign platform key', async () => {
    const issuer = await platform();
    const phone = await device(issuer);
    const other = await device(issuer, { mn: 100043, sub: 'member-2' });
    const step = passStepAt(NOW);
    // Another account's device signing this member's certificate.
    const borrowed = await signPass(phone.certificate, other.privateKey, step);
    expect(await checkPass(borrowed, issuer.keys, NOW)).toEqual({ ok: false, reason: PASS_NOT_RECOGNISED });
    // This member's pass with the member number changed in the certificate.
    const pass = parsePass(await signPass(phone.certificate, phone.privateKey, step))!;
    const forged = bytesToBase64Url(new TextEncoder().encode(JSON.stringify({ ...pass.certificate, mn: 100099 })));
    const tampered = ['PL1', forged, pass.certSignature, pass.step, pass.signature].join('.');
    expect(await checkPass(tampered, issuer.keys, NOW)).toEqual({ ok: false, reason: PASS_NOT_RECOGNISED });
    // A certificate signed by a key the platform does not have, under a kid it does.
    const stranger = await platform('k1');
    const fake = await device(stranger);
    expect(await checkPass(await signPass(fake.certificate, fake.privateKey, step), issuer.keys, NOW))
      .toEqual({ ok: false, reason: PASS_NOT_RECOGNISED });
    expect(await checkPass('123456', issuer.keys, NOW)).toEqual({ ok: false, reason: PASS_NOT_RECOGNISED });
  });

  it('is good only while its certificate lasts', async () => {
    const issuer = await platform();
    const phone = await device(issuer, { exp: Math.floor(NOW / 1000) - 1 });
    expect(await checkPass(await signPass(phone.certificate, phone.privateKey, passStepAt(NOW)), issuer.keys, NOW))
      .toEqual({ ok: false, reason: PASS_OFFLINE_TOO_LONG });
  });
});
