// The member card (/api/member): the member number and points per business, and the pass certificate for the
// member's device (decision 165). SQL as the caller (RLS: their own profile and balances).
import type { MemberPointsAnswer } from '../../_shared/contract/counter.ts';
import { MEMBERSHIP_REQUIRED_MESSAGE } from '../../_shared/contract/deals.ts';
import type { PassCertificateAnswer, PassCertificateBody } from '../../_shared/contract/member-pass.ts';
import type { Services } from '../services.ts';
import type { Query } from '../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { certifyDeviceKey, platformPassKeys } from './member-pass.ts';
import { provePassKey, recordPassDevice } from './pass-devices.ts';

/** What these operations use of the request's services (services.ts). */
type Used = Pick<Services, 'tx' | 'db' | 'user'>;

/** The caller's member number and points, per business with points, most first. */
export async function memberPoints(q: Query): Promise<MemberPointsAnswer> {
  const [me] = await q<{ member_number: number | null }>(
    `select member_number from public.profiles where id = (select auth.uid())`);
  const balances = await q<{ merchant_id: string; merchant_name: string; points: number }>(
    `select b.merchant_id, m.name as merchant_name, b.points
       from public.point_balances b join public.merchants m on m.id = b.merchant_id
      where b.member_id = (select auth.uid()) and b.points > 0
      order by b.points desc, m.name`);
  return {
    memberNumber: me?.member_number ?? null,
    totalPoints: balances.reduce((sum, b) => sum + b.points, 0),
    balances: balances.map((b) => ({ merchantId: b.merchant_id, merchantName: b.merchant_name, points: b.points })),
  };
}

/**
 * Certifies the caller's device pass key for up to 12 hours (never past the membership); 403 without one. Only
 * for a key the caller proves to hold (a signed one-time challenge, decision 190); the answer carries this
 * device's id and the member's personal-code secret.
 */
export async function certifyMemberDevice(s: Used, body: PassCertificateBody, nowMs: number): Promise<PassCertificateAnswer> {
  await provePassKey(s, body);
  const keys = await platformPassKeys(s.db);
  const answer = await s.tx.asCaller((q) => certifyDeviceKey(q, keys, body, nowMs));
  if (answer === 'not-a-member') throw new DomainError('forbidden', MEMBERSHIP_REQUIRED_MESSAGE);
  const device = await recordPassDevice(s, { x: body.x, y: body.y, name: body.deviceName ?? 'A device' });
  return { ...answer, ...device };
}
