// Members for counter tests and benchmarks: accounts with an active membership, and passes their devices show.
import type { OpenedDatabase } from '../../local/admin-sql.ts';
import { dealCodeForStep } from '../../supabase/functions/_shared/deal-code.ts';
import { base64UrlToBytes, hexToBytes } from '../../supabase/functions/_shared/encoding.ts';
import { personalCodeAt } from '../../supabase/functions/_shared/personal-code.ts';
import { randomToken } from '../../supabase/functions/_shared/tokens.ts';
import type { PassCertificateAnswer } from '../../supabase/functions/_shared/contract/member-pass.ts';
import { generateDeviceKey, passStepAt, publicKeyCoordinates, signPass, signPassChallenge } from '../../supabase/functions/_shared/member-pass.ts';
import { DEALS_SEED } from './deals-seed.ts';
import { activateMembers } from './membership.ts';
import { startMemberTestApp, type MemberTestApp } from './member-app.ts';
import type { Agent } from './test-app.ts';

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

/** A deal's secret, straight from the database: what its codes (and the offline codes) are computed from. */
export async function dealSecret(database: OpenedDatabase, dealId: string) {
  const [row] = await database.admin.query<{ secret: string }>(
    `select encode(secret, 'hex') as secret from private.deal_secrets where deal_id = $1`, [dealId]);
  return hexToBytes(row.secret);
}

/** The code of a deal at a step, from its secret (what a member's screen showed then). */
export const dealCodeAtStep = async (database: OpenedDatabase, dealId: string, step: number) =>
  dealCodeForStep(await dealSecret(database, dealId), step);

/**
 * The personal code (decision 190) the member with this number shows at `atMs`, from their secret (made here when
 * they have none yet, as their first certificate would).
 */
export async function personalCodeOf(database: OpenedDatabase, memberNumber: number, atMs = Date.now()): Promise<string> {
  await database.admin.query(
    `insert into private.member_pass_secrets (member_id, secret)
     select id, $2 from public.profiles where member_number = $1 on conflict (member_id) do nothing`,
    [memberNumber, randomToken(20)]);
  const [row] = await database.admin.query<{ secret: string }>(
    `select s.secret from private.member_pass_secrets s join public.profiles p on p.id = s.member_id where p.member_number = $1`,
    [memberNumber]);
  if (!row) throw new Error(`no member #${memberNumber}`);
  return personalCodeAt(base64UrlToBytes(row.secret), atMs);
}

/**
 * A typed check's body with the member's personal code added (at the body's verifiedAt, else now): what staff type
 * when the member reads it from their pass sheet. A body that names its own personalCode keeps it.
 */
export async function withPersonalCode<B extends { memberNumber?: unknown; personalCode?: string; verifiedAt?: string }>(
  database: OpenedDatabase, body: B,
): Promise<B> {
  const number = Number(body.memberNumber);
  if ('personalCode' in body || !Number.isSafeInteger(number)) return body;
  const atMs = body.verifiedAt ? Date.parse(body.verifiedAt) : Date.now();
  const found = await database.admin.query(`select 1 from public.profiles where member_number = $1`, [number]);
  return found.length ? { ...body, personalCode: await personalCodeOf(database, number, atMs) } : body;
}

/** The body of a certificate request: the device's point, signing a fresh challenge from the API (decision 190). */
export async function certificateRequest(member: Agent, privateKey: CryptoKey, publicKey: CryptoKey, deviceName = 'Test phone') {
  const challenge = await member.post('/api/member/pass-challenge');
  if (challenge.status !== 201) throw new Error(`pass-challenge failed: ${challenge.status} ${JSON.stringify(challenge.body)}`);
  return {
    ...(await publicKeyCoordinates(publicKey)), challenge: challenge.body.challenge as string,
    signature: await signPassChallenge(challenge.body.challenge, privateKey), deviceName,
  };
}

/** A member's phone: a device key certified by the API for the signed-in member, signing a pass per step. */
export async function memberDevice(member: Agent) {
  const keys = await generateDeviceKey();
  const res = await member.post('/api/member/pass-certificate', await certificateRequest(member, keys.privateKey, keys.publicKey));
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

/** The counter tests' cast: startMemberTestApp's, and another merchant (St. Vrain Market's owner) signed in. */
export async function startCounterTestApp(): Promise<MemberTestApp & { other: Agent }> {
  const cast = await startMemberTestApp();
  return { ...cast, other: await cast.t.signIn(DEALS_SEED.otherMerchant) };
}

/**
 * The member's personal code now (decision 190), as their phone shows it: a device certified through the API by
 * any client that posts JSON as the signed-in member (the runner tests' fetch clients).
 */
export async function personalCodeThroughApi(post: (path: string, body?: unknown) => Promise<{ status: number; body: any }>): Promise<string> {
  const keys = await generateDeviceKey();
  const challenge = await post('/api/member/pass-challenge');
  if (challenge.status !== 201) throw new Error(`pass-challenge failed: ${challenge.status}`);
  const res = await post('/api/member/pass-certificate', {
    ...(await publicKeyCoordinates(keys.publicKey)), challenge: challenge.body.challenge,
    signature: await signPassChallenge(challenge.body.challenge, keys.privateKey), deviceName: 'Test phone',
  });
  if (res.status !== 201) throw new Error(`pass-certificate failed: ${res.status}`);
  return personalCodeAt(base64UrlToBytes((res.body as PassCertificateAnswer).personalSecret), Date.now());
}
