// The cast of the API tests around members and the counter: the seeded member with an active membership, and the
// seeded owner (Rosa), each signed in on a test app.
import { SEED } from './constants.ts';
import { activateMembership } from './membership.ts';
import { createTestApp, type Agent, type TestApp } from './test-app.ts';

export interface MemberTestApp { t: TestApp; rosa: Agent; member: Agent; memberNumber: number }

/** `beforeAll(async () => ({ t, rosa, member, memberNumber } = await startMemberTestApp()))`. */
export async function startMemberTestApp(): Promise<MemberTestApp> {
  const t = await createTestApp();
  await activateMembership(t.database, SEED.member.id);
  const rosa = await t.signIn(SEED.merchantOwner);
  const member = t.agent();
  const memberNumber = (await member.login(SEED.member.email, SEED.member.password)).memberNumber;
  return { t, rosa, member, memberNumber };
}

/** A member who registered through the API in Lyons (with its default charity) and has an active membership. */
export async function registerActiveMember(t: TestApp, { name, email }: { name: string; email: string }, ip: string) {
  const agent = t.agent(ip);
  const registered = await agent.post('/api/auth/register', {
    role: 'USER', name, email, password: 'secret1234', homeCityId: SEED.lyonsId, preferredCharityId: SEED.lyonsCharityId,
  });
  if (registered.status !== 201) throw new Error(`register ${email}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const id = registered.body.user.id as string;
  await activateMembership(t.database, id);
  return { agent, id };
}
