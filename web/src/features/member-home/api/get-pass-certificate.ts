import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PassCertificateAnswer, PassCertificateBody, PassChallengeAnswer } from '@shared/contract/index.ts';
import { generateDeviceKey, publicKeyCoordinates, signPassChallenge } from '@shared/member-pass.ts';
import { apiJson } from '@/lib/api-client';
import { errorStatus } from '@/lib/api-error';
import { useFreshCover } from '@/lib/deals/code-refresh';
import { loadLocalDb } from '@/lib/local-db-loader';
import { memberKeys } from './get-member-deals';

const PASS_KEY_ID = 'member-pass';

/** This device's pass key: made once, kept in IndexedDB; its private half can sign but never be read out. */
export async function devicePassKey() {
  const db = await loadLocalDb();
  const stored = await db.deviceKeys.get(PASS_KEY_ID);
  if (stored) return stored;
  const pair = await generateDeviceKey();
  const row = { id: PASS_KEY_ID, privateKey: pair.privateKey, publicKey: pair.publicKey, ...(await publicKeyCoordinates(pair.publicKey)) };
  await db.deviceKeys.put(row);
  return row;
}

/** The certificate with the device key's point it was made for (a lost key means a new certificate). */
export type StoredPassCertificate = PassCertificateAnswer & { x: string; issuedAt: string };

/**
 * POST /api/member/pass-certificate: the platform certifies this device's key for up to 12 hours (decision 165),
 * once the device signs a one-time challenge from POST /api/member/pass-challenge with it (decision 190). The
 * answer carries the member's personal-code secret. Kept in the persisted cache like the offline codes, so the
 * pass and its personal code work without signal until it ends; null when the membership has ended.
 */
const passCertificateQueryOptions = () =>
  queryOptions<StoredPassCertificate | null>({
    queryKey: memberKeys.passCertificate,
    queryFn: async () => {
      const key = await devicePassKey();
      try {
        const { challenge } = await apiJson<PassChallengeAnswer>('POST', '/api/member/pass-challenge');
        const body: PassCertificateBody = { x: key.x, y: key.y, challenge, signature: await signPassChallenge(challenge, key.privateKey) };
        const answer = await apiJson<PassCertificateAnswer>('POST', '/api/member/pass-certificate', body);
        return { ...answer, x: key.x, issuedAt: new Date().toISOString() };
      } catch (error) {
        if (errorStatus(error) === 403) return null;
        throw error;
      }
    },
  });

/**
 * The member's pass certificate, renewed hourly and when the network returns (and when the pass sheet opens
 * online: a device removed elsewhere changed the personal code).
 */
export function usePassCertificate(enabled: boolean) {
  const query = useQuery({ ...passCertificateQueryOptions(), enabled });
  useFreshCover(query.data?.issuedAt, query.refetch, enabled);
  return query;
}
