// Deleting a member with a running subscription first stops renewal at the payment provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let admin: Agent;
const cancelled: string[] = [];
let failProvider = false;

beforeAll(async () => {
  t = await createTestApp({}, (deps) => ({
    ...deps,
    payments: {
      ...deps.payments,
      async cancelAtPeriodEnd(id: string) {
        if (failProvider) throw new Error('provider unreachable');
        cancelled.push(id);
      },
    },
  }));
  admin = await t.signIn(TEST_ADMIN);
});
afterAll(() => t.close());

async function memberWithSubscription(email: string, status: string, cancelAtPeriodEnd = false) {
  return asService(t.database, async (q) => {
    const [user] = await q<{ id: string }>(`insert into public.profiles (email, name) values ($1, 'Sub') returning id`, [email]);
    await q(
      `insert into public.subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id,
         current_period_start, current_period_end, cancel_at_period_end)
       values ($1::uuid, 'monthly', $2, 'test', 'cus_' || ($1::uuid)::text, 'sub_' || ($1::uuid)::text, now(), now() + interval '1 month', $3)`,
      [user.id, status, cancelAtPeriodEnd]);
    return user.id;
  });
}

describe('DELETE /api/admin/users/{id} and billing', () => {
  it('sets a running subscription to cancel at period end before deleting', async () => {
    const id = await memberWithSubscription('running@example.com', 'active');
    expect((await admin.delete(`/api/admin/users/${id}`)).status).toBe(200);
    expect(cancelled).toEqual([`sub_${id}`]);
  });

  it('leaves ended or already-cancelling subscriptions alone', async () => {
    const ended = await memberWithSubscription('ended@example.com', 'canceled');
    const ending = await memberWithSubscription('ending@example.com', 'active', true);
    cancelled.length = 0;
    expect((await admin.delete(`/api/admin/users/${ended}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/users/${ending}`)).status).toBe(200);
    expect(cancelled).toEqual([]);
  });

  it('deletes nothing when the provider cannot be reached (502)', async () => {
    const id = await memberWithSubscription('unlucky@example.com', 'active');
    failProvider = true;
    const res = await admin.delete(`/api/admin/users/${id}`);
    failProvider = false;
    expect(res.status).toBe(502);
    expect(res.body.message).toContain('provider unreachable');
    expect(await asService(t.database, (q) => q(`select id from public.profiles where id = $1`, [id]))).toHaveLength(1);
  });
});
