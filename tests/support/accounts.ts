// Accounts written straight into the tables, for tests that need a user the seed and the sign-up flow do not give:
// a member without a membership, a merchant account without a business, an admin who is not the designated one.
import { asService } from './test-database.ts';
import type { Credentials, TestApp } from './test-app.ts';

const INSERTED_ACCOUNT_PASSWORD = 'secret123';

/** A profile with a password (INSERTED_ACCOUNT_PASSWORD) and nothing else; sign in with `t.signIn(account)`. */
export async function insertAccount(
  t: TestApp, { email, name, role }: { email: string; name: string; role: 'USER' | 'MERCHANT' | 'ADMIN' },
): Promise<Credentials & { id: string }> {
  const [{ id }] = await asService(t.database, (q) => q<{ id: string }>(
    `insert into public.profiles (email, name, role) values ($1, $2, $3) returning id`, [email, name, role]));
  await asService(t.database, (q) => q(
    `insert into private.credentials (user_id, password_hash) values ($1, extensions.crypt($2, extensions.gen_salt('bf', 4)))`,
    [id, INSERTED_ACCOUNT_PASSWORD]));
  return { id, email, password: INSERTED_ACCOUNT_PASSWORD };
}
