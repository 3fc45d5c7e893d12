import type { Agent, TestApp } from './test-app.ts';
import { asService } from './test-database.ts';

export interface MerchantAccount {
  agent: Agent;
  ownerId: string;
  merchantId: string;
  email: string;
}

let counter = 0;

/** Registers a merchant through the API (signed in on its own agent) and approves it unless told not to. */
export async function registerMerchant(
  t: TestApp,
  business: { name: string; type?: string | null; description?: string; cityId?: string; womenOwned?: boolean; approved?: boolean },
): Promise<MerchantAccount> {
  const agent = t.agent(`198.51.100.${(counter++ % 200) + 1}`);
  const email = `owner-${Date.now().toString(36)}-${counter}@example.com`;
  const res = await agent.post('/api/auth/register', {
    role: 'MERCHANT', name: `Owner of ${business.name}`, email, password: 'secret123',
    merchantData: {
      businessName: business.name, businessAddress: '1 Main St', businessType: business.type === undefined ? 'retail' : business.type,
      businessDescription: business.description ?? null, cityId: business.cityId ?? null,
      isWomenOwned: business.womenOwned ?? false,
    },
  });
  if (res.status !== 201) throw new Error(`register ${business.name}: ${res.status} ${JSON.stringify(res.body)}`);
  const ownerId = res.body.user.id as string;
  const [row] = await asService(t.database, (q) => q<{ id: string }>(
    `update public.merchants set active = $2, approved_at = case when $2 then now() end
      where owner_user_id = $1 returning id`, [ownerId, business.approved ?? true]));
  return { agent, ownerId, merchantId: row.id, email };
}
