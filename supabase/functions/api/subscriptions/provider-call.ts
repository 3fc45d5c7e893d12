import { logError } from '../ports/log.ts';
import { CardDeclinedError } from '../ports/payments/payment-provider.ts';
import { DomainError } from '../domain-error.ts';

/**
 * Runs a provider call; its failures become a domain refusal: 'payment-declined' (402) for a card, else
 * 'provider-failed' (502) with the provider's message. Refusals of our own pass through unchanged.
 */
export async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof CardDeclinedError) throw new DomainError('payment-declined', error.message);
    logError('Payment provider error', error);
    throw new DomainError('provider-failed', `The payment provider could not complete the request: ${(error as Error).message}`);
  }
}
