// Members for counter tests and benchmarks: accounts with an active membership, and passes their devices show.
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import type { PassCertificateAnswer } from '../../supabase/functions/_shared/contract/member-pass.ts';
import { generateDeviceKey, passStepAt, publicKeyCoordinates, signPass } from '../../supabase/functions/_shared/member-pass.ts';
import { SEED } from './constants.ts';
import { DEALS_SEED } from './deals-seed.ts';
import { activateMembers, activateMembership } from './membership.ts';
import { createTestApp, type Agent, type TestApp } from './test-app.ts';

export interface CounterMember { id: string; memberNumber: number; name: string }

/** `count` new accounts with an active membership, named "<prefix> n". */
export async function createActiveMembers(database: OpenedDatabase, count: number, prefix = 'Counter'): Promise<CounterMember[]> {
  const tag = crypto.randomUUID().slice(0, 8);
  const rows = await database.admin.query<{ id: string; member_number: number; name: string }>(
    `insert into public.profiles (email, name, role)
     select 'counter-' || $1 || '-' || n || '@example.com', $2 || ' ' || n, 'USER' from generate_series(1, $3::int) n
     returning id, member_number, name`,
    [tag, prefix, count],
  );
  await activateMembers(database, rows.map((r) => r.id));
  return rows.map((r) => ({ id: r.id, memberNumber: r.member_number, name: r.name }));
}

/** A member's phone: a device key certified by the API for the signed-in member, signing a pass per step. */
export async function memberDevice(member: Agent) {
  const keys = await generateDeviceKey();
  const res = await member.post('/api/member/pass-certificate', await publicKeyCoordinates(keys.publicKey));
  if (res.status !== 201) throw new Error(`pass-certificate failed: ${res.status} ${JSON.stringify(res.body)}`);
  const certificate = res.body.certificate as string;
  return {
    certificate,
    answer: res.body as PassCertificateAnswer,
    privateKey: keys.privateKey,
    /** The pass the phone shows at `atMs` (now by default). */
    passAt: (atMs = Date.now()) => signPass(certificate, keys.privateKey, passStepAt(atMs)),
  };
}

/**
 * The counter tests' cast: a test app; the seeded owner (Rosa) and another merchant signed in; the seeded member
 * active and signed in, with their member number.
 */
export async function startCounterTestApp(): Promise<{ t: TestApp; rosa: Agent; other: Agent; member: Agent; memberNumber: number }> {
  const t = await createTestApp();
  await activateMembership(t.database, SEED.member.id);
  const rosa = t.agent();
  await rosa.login(SEED.merchantOwner.email, SEED.merchantOwner.password);
  const other = t.agent();
  await other.login(DEALS_SEED.otherMerchant.email, DEALS_SEED.otherMerchant.password);
  const member = t.agent();
  const memberNumber = (await member.login(SEED.member.email, SEED.member.password)).memberNumber;
  return { t, rosa, other, member, memberNumber };
}
