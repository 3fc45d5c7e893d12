import { describe, expect, it } from 'vitest';
import type { OfflineCodesAnswer } from '@shared/contract/index.ts';
import { codeStepAt, codeWindowKey, codeWindowOf, dealCodeForStep } from '@shared/deal-code.ts';
import { bytesToBase64Url, hexToBytes } from '@shared/encoding.ts';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { checkCodeOffline, NO_COVER_MESSAGE, offlineRulesRefusal } from './offline-check';
import { normalizeOfferRules } from '@shared/offer-rules.ts';

const now = Date.UTC(2026, 10, 22, 10, 5, 0);
const secrets = { rosa: hexToBytes('3132333435363738393031323334353637383930'), latte: hexToBytes('00112233445566778899aabbccddeeff00112233') };

async function coverOf(...ids: (keyof typeof secrets)[]): Promise<OfflineCodesAnswer> {
  const window = codeWindowOf(codeStepAt(now));
  return {
    issuedAt: new Date(now).toISOString(), validUntil: new Date(now + 3_600_000).toISOString(), stepSeconds: 120, windowSteps: 30,
    deals: await Promise.all(ids.map(async (id) => ({
      dealId: id, validUntil: new Date(now + 3_600_000).toISOString(), stepCodes: [],
      windowKeys: [{ window, key: bytesToBase64Url(await codeWindowKey(secrets[id], window)) }],
    }))),
  };
}

describe('checkCodeOffline', () => {
  it("finds the deal a code belongs to on this device's cover", async () => {
    const code = await dealCodeForStep(secrets.latte, codeStepAt(now));
    expect(await checkCodeOffline(await coverOf('rosa', 'latte'), code, undefined, now)).toEqual({ dealId: 'latte', step: codeStepAt(now) });
  });

  it('answers like the server: 422 for an unknown code, 409 when two deals match, a clear message without a cover', async () => {
    const cover = await coverOf('rosa');
    const code = await dealCodeForStep(secrets.rosa, codeStepAt(now));
    const wrong = code === '000000' ? '000001' : '000000';
    const unknown = await checkCodeOffline(cover, wrong, undefined, now).catch((e) => e);
    expect(errorStatus(unknown)).toBe(422);
    // Two covers of the same secret: the code matches both deals.
    const twice = { ...cover, deals: [cover.deals[0], { ...cover.deals[0], dealId: 'copy' }] };
    const both = await checkCodeOffline(twice, code, undefined, now).catch((e) => e);
    expect(errorStatus(both)).toBe(409);
    expect(await checkCodeOffline(twice, code, 'copy', now)).toMatchObject({ dealId: 'copy' });
    expect(errorMessage(await checkCodeOffline(null, code, undefined, now).catch((e) => e))).toBe(NO_COVER_MESSAGE);
  });
});

describe('offer rules checked offline', () => {
  const rules = normalizeOfferRules({ weekdays: [1, 2, 3, 4], startTime: '11:00', endTime: '15:00', minSpendCents: 2000 });
  const friday = Date.parse('2026-11-27T19:00:00Z'); // 12:00 in Denver

  it('refuses outside the days or hours like the server, with when it works again', () => {
    const refusal = offlineRulesRefusal(rules, 'America/Denver', 2500, friday);
    expect(errorStatus(refusal)).toBe(409);
    expect(errorMessage(refusal)).toBe('This deal is valid Mon–Thu only. It is now Friday 27 Nov, 12:00 here.');
    expect(JSON.parse(refusal!.body).availableAt).toBe('2026-11-30T18:00:00.000Z');
  });

  it('asks for the amount and refuses it below the minimum spend; without a zone only the spend is checked', () => {
    const thursday = Date.parse('2026-11-26T19:00:00Z');
    expect(errorStatus(offlineRulesRefusal(rules, 'America/Denver', undefined, thursday))).toBe(400);
    expect(errorMessage(offlineRulesRefusal(rules, 'America/Denver', 1500, thursday))).toBe('This deal needs a spend of $20 or more: this purchase is $15');
    expect(offlineRulesRefusal(rules, 'America/Denver', 2000, thursday)).toBeNull();
    expect(offlineRulesRefusal(rules, undefined, 2000, friday)).toBeNull();
    expect(offlineRulesRefusal(null, 'America/Denver', undefined, friday)).toBeNull();
  });
});
