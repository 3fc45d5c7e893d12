import { hashPassword } from '../../supabase/functions/api/auth/password.ts';
import { TEST_ADMIN } from './constants.ts';
import { createTestApp, type Agent, type TestApp } from './test-app.ts';
import { asService } from './test-database.ts';

export const SECOND_ADMIN = { email: 'second-admin@example.com', password: 'second12345' };

/** An account with role ADMIN that is not the designated admin (ADMIN_EMAIL), signed in. */
export async function signInSecondAdmin(t: TestApp): Promise<Agent> {
  const hash = await hashPassword(SECOND_ADMIN.password, 4);
  await asService(t.database, async (q) => {
    const [row] = await q<{ id: string }>(
      `insert into public.profiles (email, name, role) values ($1, 'Second Admin', 'ADMIN')
       on conflict (email) do update set name = excluded.name returning id`, [SECOND_ADMIN.email]);
    await q(`insert into private.credentials (user_id, password_hash) values ($1, $2) on conflict (user_id) do nothing`, [row.id, hash]);
  });
  const agent = t.agent('192.0.2.200');
  await agent.login(SECOND_ADMIN.email, SECOND_ADMIN.password);
  return agent;
}

/** A test app and its designated admin (TEST_ADMIN), signed in: `beforeAll(async () => ({ t, admin } = await startAdminTestApp()))`. */
export async function startAdminTestApp(env: Record<string, string> = {}): Promise<{ t: TestApp; admin: Agent }> {
  const t = await createTestApp(env);
  return { t, admin: await t.signIn(TEST_ADMIN) };
}
