import { HttpError } from '../lib/http-error.ts';
import { logError } from '../lib/log.ts';
import { CardDeclinedError } from '../ports/payments/payment-provider.ts';

/** Runs a provider call; its failures become a 402 (card) or 502 with the provider's message. */
export async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof CardDeclinedError) throw new HttpError(402, error.message);
    logError('Payment provider error', error);
    throw new HttpError(502, `The payment provider could not complete the request: ${(error as Error).message}`);
  }
}
