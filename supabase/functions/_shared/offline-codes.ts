// Codes without signal (decision 060). While online, an app receives for each deal it may show the
// keys of the coming code windows (plus loose codes for a last, partial window), covering the next
// OFFLINE_CODES_HOURS and never past the end of the membership or of the deal. Offline it computes the
// code of the moment exactly as the server does (deal-code.ts), and once the cover runs out it has
// nothing left to compute from.
import { DEAL_CODE_STEP_SECONDS, DEAL_CODE_WINDOW_STEPS, OFFLINE_CODES_HOURS } from './constants.ts';
import { codeStepAt, codeWindowOf, hotp, stepEndsAt, type DealCode } from './deal-code.ts';
import { base64UrlToBytes } from './encoding.ts';
import type { OfflineDealCodes } from './contract/offline-codes.ts';

export interface OfflineCodePlan {
  /** Windows handed out as keys: every one of their steps is inside the cover. */
  windows: number[];
  /** Steps of a window only partly inside the cover, handed out one code each. */
  steps: number[];
}

/**
 * What to hand out so that steps `fromStep` .. the step holding `untilMs - 1` can be shown, and nothing
 * later: whole windows as keys, the last partial window step by step. The first window may start
 * before `fromStep` (its past steps are harmless: a code is accepted for one more step at most).
 */
export function planOfflineCodes(fromStep: number, untilMs: number, windowSteps = DEAL_CODE_WINDOW_STEPS): OfflineCodePlan {
  const plan: OfflineCodePlan = { windows: [], steps: [] };
  const lastStep = codeStepAt(untilMs - 1);
  if (lastStep < fromStep) return plan;
  for (let window = codeWindowOf(fromStep, windowSteps); window <= codeWindowOf(lastStep, windowSteps); window++) {
    const windowEnd = window * windowSteps + windowSteps - 1;
    if (windowEnd <= lastStep) {
      plan.windows.push(window);
    } else {
      for (let step = Math.max(fromStep, window * windowSteps); step <= lastStep; step++) plan.steps.push(step);
    }
  }
  return plan;
}

/** Imported window keys, per deal: one import per key and device rather than one per second. */
const keyCache = new Map<string, Uint8Array>();

/**
 * The code of `dealId` at `timeMs` from what the server handed out, or null when the cover does not
 * reach that moment (the app then asks the person to reconnect).
 */
export async function offlineCodeAt(deal: OfflineDealCodes, timeMs: number): Promise<DealCode | null> {
  if (timeMs >= Date.parse(deal.validUntil)) return null;
  const step = codeStepAt(timeMs);
  const loose = deal.stepCodes.find((entry) => entry.step === step);
  if (loose) return { code: loose.code, step, expiresAt: stepEndsAt(step) };
  const window = codeWindowOf(step);
  const entry = deal.windowKeys.find((candidate) => candidate.window === window);
  if (!entry) return null;
  let key = keyCache.get(entry.key);
  if (!key) {
    key = base64UrlToBytes(entry.key);
    if (keyCache.size > 500) keyCache.clear();
    keyCache.set(entry.key, key);
  }
  return { code: await hotp(key, step), step, expiresAt: stepEndsAt(step) };
}

/**
 * The counter's offline check: which deal a typed code belongs to at `timeMs` (the current step, then the
 * previous one, as the server accepts). Several deals can match by chance: all matches come back.
 */
export async function matchOfflineCode(deals: readonly OfflineDealCodes[], code: string, timeMs: number) {
  const matches: { dealId: string; step: number }[] = [];
  for (const deal of deals) {
    for (const at of [timeMs, timeMs - DEAL_CODE_STEP_SECONDS * 1000]) {
      const found = await offlineCodeAt(deal, at);
      if (found?.code === code) {
        matches.push({ dealId: deal.dealId, step: found.step });
        break;
      }
    }
  }
  return matches;
}

/** How far a device clock may run ahead of the server's before an offline check is refused. */
const OFFLINE_CHECK_CLOCK_SKEW_MS = 2 * 60 * 1000;

/**
 * The instant at which the server matches a code the counter checked offline: the device's `verifiedAt`,
 * if it lies within the offline cover (the last 12 hours) and not in the future; otherwise the reason
 * it is refused.
 */
export function offlineCheckInstant(verifiedAt: string, nowMs: number): { atMs: number } | { refused: string } {
  const atMs = Date.parse(verifiedAt);
  if (Number.isNaN(atMs)) return { refused: 'verifiedAt must be an ISO date-time' };
  if (atMs > nowMs + OFFLINE_CHECK_CLOCK_SKEW_MS) return { refused: 'verifiedAt is in the future: check the clock of this device' };
  if (atMs < nowMs - OFFLINE_CODES_HOURS * 60 * 60 * 1000) {
    return { refused: `This code was checked offline more than ${OFFLINE_CODES_HOURS} hours ago and can no longer be recorded` };
  }
  return { atMs: Math.min(atMs, nowMs) };
}
