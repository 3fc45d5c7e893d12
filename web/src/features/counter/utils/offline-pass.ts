import type { MemberNumber } from '@shared/contract/index.ts';
import type { PassKeysAnswer } from '@shared/contract/index.ts';
import { checkPass, importPlatformPublicKey } from '@shared/member-pass.ts';
import { parseWalletCode } from '@shared/member-pass.ts';
import { apiLikeError } from './offline-check';

export const NO_PASS_KEYS_MESSAGE = 'This tablet cannot check passes offline yet. Connect once to load the pass keys.';
/** A Google Wallet pass's code is checked against the member's secret, which only the API holds (decision 207). */
export const WALLET_CODE_OFFLINE_MESSAGE = 'A Google Wallet pass needs a connection. Ask the member to open their pass in the Pay Local app.';

const imported = new WeakMap<PassKeysAnswer, Promise<Map<string, CryptoKey>>>();

function platformKeys(keys: PassKeysAnswer) {
  let found = imported.get(keys);
  if (!found) {
    found = Promise.all(keys.keys.map(async (key) => [key.kid, await importPlatformPublicKey(key)] as const)).then((pairs) => new Map(pairs));
    imported.set(keys, found);
  }
  return found;
}

/** Who a pass checked on this tablet belongs to: enough to queue the redemption and show the member. */
export interface OfflinePass {
  memberNumber: MemberNumber;
  firstName: string;
  step: number;
}

/**
 * The counter's check of a member pass without a network (decision 165): the same check the API makes (platform
 * and device signatures, the current 30-second step, the certificate's 12 hours), with the platform's public
 * keys this tablet kept. Throws the API's errors: 503 without keys, 422 for a pass that does not check out.
 */
export async function checkPassOffline(keys: PassKeysAnswer | null | undefined, text: string, nowMs: number): Promise<OfflinePass> {
  if (parseWalletCode(text)) throw apiLikeError(503, WALLET_CODE_OFFLINE_MESSAGE);
  if (!keys?.keys.length) throw apiLikeError(503, NO_PASS_KEYS_MESSAGE);
  const checked = await checkPass(text, await platformKeys(keys), nowMs);
  if (!checked.ok) throw apiLikeError(422, checked.reason);
  return { memberNumber: checked.pass.certificate.mn, firstName: checked.pass.certificate.fn, step: checked.pass.step };
}
