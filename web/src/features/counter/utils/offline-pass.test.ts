import { describe, expect, it } from 'vitest';
import { certifyPassKey, generateDeviceKey, passStepAt, publicKeyCoordinates, signPass } from '@shared/member-pass.ts';
import { checkPassOffline, NO_PASS_KEYS_MESSAGE, WALLET_CODE_OFFLINE_MESSAGE } from './offline-pass';

const NOW = Date.UTC(2026, 10, 26, 15, 0, 10);

describe('checkPassOffline', () => {
  it('checks a pass with the public keys the tablet kept, and answers like the API when it cannot', async () => {
    const platform = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']) as CryptoKeyPair;
    const keys = { keys: [{ kid: 'k1', ...(await publicKeyCoordinates(platform.publicKey)) }] };
    const phone = await generateDeviceKey();
    const certificate = await certifyPassKey({
      v: 1, kid: 'k1', sub: 'member-1', mn: 100042, fn: 'Maria', ...(await publicKeyCoordinates(phone.publicKey)),
      iat: Math.floor(NOW / 1000) - 60, exp: Math.floor(NOW / 1000) + 3600,
    }, platform.privateKey);
    const pass = await signPass(certificate, phone.privateKey, passStepAt(NOW));

    await expect(checkPassOffline(keys, pass, NOW)).resolves.toEqual({ memberNumber: 100042, firstName: 'Maria', step: passStepAt(NOW) });
    await expect(checkPassOffline(keys, pass, NOW + 90_000)).rejects.toThrow(/^422: .*expired/);
    await expect(checkPassOffline({ keys: [] }, pass, NOW)).rejects.toThrow(`503: ${JSON.stringify({ message: NO_PASS_KEYS_MESSAGE })}`);
    await expect(checkPassOffline(undefined, pass, NOW)).rejects.toThrow(/^503/);
    // A Google Wallet code needs the member's secret, which only the API has.
    await expect(checkPassOffline(keys, 'PLW.100042.094287', NOW)).rejects.toThrow(`503: ${JSON.stringify({ message: WALLET_CODE_OFFLINE_MESSAGE })}`);
  });
});
