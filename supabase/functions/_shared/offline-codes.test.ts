import { describe, expect, it } from 'vitest';
import type { OfflineDealCodes } from './contract/offline-codes.ts';
import { codeStepAt, codeWindowKey, dealCodeForStep, hotp, stepEndsAt } from './deal-code.ts';
import { base64UrlToBytes, bytesToBase64Url, hexToBytes } from './encoding.ts';
import { matchOfflineCode, offlineCheckInstant, offlineCodeAt, planOfflineCodes } from './offline-codes.ts';

const STEP_MS = 120_000;
const HOUR_MS = 3_600_000;
const secret = hexToBytes('3132333435363738393031323334353637383930');
const otherSecret = hexToBytes('00112233445566778899aabbccddeeff00112233');

/** What the server hands out (deals/offline-codes-router.ts does the same with the database's secrets). */
async function issue(dealId: string, dealSecret: Uint8Array, fromStep: number, untilMs: number): Promise<OfflineDealCodes> {
  const plan = planOfflineCodes(fromStep, untilMs);
  return {
    dealId,
    validUntil: new Date(untilMs).toISOString(),
    windowKeys: await Promise.all(plan.windows.map(async (window) => ({ window, key: bytesToBase64Url(await codeWindowKey(dealSecret, window)) }))),
    stepCodes: await Promise.all(plan.steps.map(async (step) => ({ step, code: await dealCodeForStep(dealSecret, step) }))),
  };
}

describe('planOfflineCodes', () => {
  it('covers the next 12 hours with window keys and loose codes for the last partial hour, nothing later', () => {
    const now = Date.UTC(2026, 10, 22, 9, 17, 30); // 09:17:30, mid-window
    const from = codeStepAt(now);
    const until = now + 12 * HOUR_MS; // 21:17:30
    const plan = planOfflineCodes(from, until);
    // Windows 09:00 … 20:00 as keys (12 of them), 21:00–21:18 step by step.
    expect(plan.windows).toHaveLength(12);
    expect(plan.windows[0]).toBe(Math.floor(from / 30));
    const lastStep = codeStepAt(until - 1);
    expect(plan.steps).toEqual(Array.from({ length: lastStep - plan.steps[0] + 1 }, (_, i) => plan.steps[0] + i));
    expect(plan.steps[0]).toBe((plan.windows.at(-1)! + 1) * 30);
    expect(plan.steps.at(-1)).toBe(lastStep);
    // No key reaches past the cover: every step of every window ends within it.
    expect(stepEndsAt(plan.windows.at(-1)! * 30 + 29).getTime()).toBeLessThanOrEqual(until);
  });

  it('hands out no key at all for a cover shorter than the rest of the current window', () => {
    const now = Date.UTC(2026, 10, 22, 9, 0, 0);
    const plan = planOfflineCodes(codeStepAt(now), now + 10 * 60_000);
    expect(plan.windows).toEqual([]);
    expect(plan.steps).toHaveLength(5);
  });

  it('hands out nothing for an empty cover (e.g. a membership that has ended)', () => {
    const now = Date.UTC(2026, 10, 22, 9, 0, 0);
    expect(planOfflineCodes(codeStepAt(now), now)).toEqual({ windows: [], steps: [] });
  });
});

describe('offlineCodeAt', () => {
  it('gives exactly the server code at every step of the cover, and nothing after it', async () => {
    const now = Date.UTC(2026, 10, 22, 9, 17, 30);
    const until = now + 12 * HOUR_MS;
    const deal = await issue('d1', secret, codeStepAt(now), until);
    for (let at = now; at < until; at += 7 * STEP_MS + 13_000) {
      const offline = await offlineCodeAt(deal, at);
      expect(offline?.code, new Date(at).toISOString()).toBe(await dealCodeForStep(secret, codeStepAt(at)));
      expect(offline?.expiresAt.getTime()).toBe(stepEndsAt(codeStepAt(at)).getTime());
    }
    expect((await offlineCodeAt(deal, until - 1))?.code).toBe(await dealCodeForStep(secret, codeStepAt(until - 1)));
    expect(await offlineCodeAt(deal, until)).toBeNull();
    expect(await offlineCodeAt(deal, until + 2 * HOUR_MS)).toBeNull();
  });

  it('cannot compute later codes even by ignoring validUntil: no key for those windows exists', async () => {
    const now = Date.UTC(2026, 10, 22, 9, 17, 30);
    const until = now + 12 * HOUR_MS;
    const deal = await issue('d1', secret, codeStepAt(now), until);
    const lenient = { ...deal, validUntil: new Date(until + 24 * HOUR_MS).toISOString() };
    expect(await offlineCodeAt(lenient, until + HOUR_MS)).toBeNull();
    // And the keys it does hold give wrong codes for later steps.
    const laterStep = codeStepAt(until + HOUR_MS);
    const guesses = await Promise.all(deal.windowKeys.map(({ key }) => hotp(base64UrlToBytes(key), laterStep)));
    expect(guesses).not.toContain(await dealCodeForStep(secret, laterStep));
  });
});

describe('matchOfflineCode (the counter offline)', () => {
  it('matches the current and the previous step of the right deal only', async () => {
    const now = Date.UTC(2026, 10, 22, 9, 17, 30);
    const from = codeStepAt(now) - 1;
    const deals = [await issue('rosa', secret, from, now + 12 * HOUR_MS), await issue('other', otherSecret, from, now + 12 * HOUR_MS)];
    const current = await dealCodeForStep(secret, codeStepAt(now));
    const previous = await dealCodeForStep(secret, codeStepAt(now) - 1);
    expect(await matchOfflineCode(deals, current, now)).toEqual([{ dealId: 'rosa', step: codeStepAt(now) }]);
    if (previous !== current) expect(await matchOfflineCode(deals, previous, now)).toEqual([{ dealId: 'rosa', step: codeStepAt(now) - 1 }]);
    const older = await dealCodeForStep(secret, codeStepAt(now) - 2);
    if (older !== current && older !== previous) expect(await matchOfflineCode(deals.slice(0, 1), older, now)).toEqual([]);
  });
});

describe('offlineCheckInstant', () => {
  const now = Date.UTC(2026, 10, 22, 21, 0, 0);
  it('accepts a check from the last 12 hours (and a slightly fast device clock)', () => {
    expect(offlineCheckInstant(new Date(now - 3 * HOUR_MS).toISOString(), now)).toEqual({ atMs: now - 3 * HOUR_MS });
    expect(offlineCheckInstant(new Date(now + 60_000).toISOString(), now)).toEqual({ atMs: now });
  });
  it('refuses older checks and ones from the future', () => {
    expect(offlineCheckInstant(new Date(now - 13 * HOUR_MS).toISOString(), now)).toHaveProperty('refused');
    expect(offlineCheckInstant(new Date(now + 10 * 60_000).toISOString(), now)).toHaveProperty('refused');
    expect(offlineCheckInstant('yesterday', now)).toHaveProperty('refused');
  });
});
