// The sign-up checkout through the API, as the subscribe screen drives it: create-subscription, the card paid,
// complete-subscription. One copy for every API test that needs a paying member (it was written out in each).
import { expect } from 'vitest';
import type { Agent, AgentResponse } from './test-app.ts';

export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

/** The built-in test provider's card form (POST /api/test-payments/confirm). */
export const testCard = (clientSecret: string, cardNumber = TEST_CARD_NUMBER) =>
  ({ clientSecret, cardNumber, expMonth: 12, expYear: 2034, cvc: '123' });

export interface Checkout {
  created: AgentResponse;
  /** The test provider's answer to the card, or null when `pay` was a callback (the Stripe double). */
  paid: AgentResponse | null;
  /** The complete-subscription body (tests replay or alter it). */
  completion: Record<string, unknown>;
  /** complete-subscription's answer; null when the card was refused (nothing to complete). */
  completed: AgentResponse | null;
}

/**
 * Runs the checkout for `account` (email, name, password and any profile fields; {} to upgrade the signed-in
 * account). `pay`: a card number for the built-in test provider (default the good test card), or a callback
 * that settles the PaymentIntent at a Stripe double.
 */
export async function subscribeThroughApi(
  agent: Agent, account: Record<string, unknown>,
  { plan = 'monthly', pay = TEST_CARD_NUMBER, upgrade = false }: { plan?: string; pay?: string | ((paymentIntentId: string) => void); upgrade?: boolean } = {},
): Promise<Checkout> {
  const created = await agent.post('/api/create-subscription', { ...account, plan });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  let paid: AgentResponse | null = null;
  if (typeof pay === 'string') paid = await agent.post('/api/test-payments/confirm', testCard(created.body.clientSecret, pay));
  else pay(created.body.paymentIntentId);
  const completion = {
    ...account, paymentIntentId: created.body.paymentIntentId, customerId: created.body.customerId,
    isUpgrade: upgrade, existingUserId: upgrade ? created.body.existingUserId : null, plan,
  };
  const completed = paid === null || paid.status === 200 ? await agent.post('/api/complete-subscription', completion) : null;
  return { created, paid, completion, completed };
}
