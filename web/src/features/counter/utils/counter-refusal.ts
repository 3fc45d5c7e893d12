import { ApiError, errorMessage, errorStatus } from '@/lib/api-error';
import { clockTime } from '@/lib/dates';

/** When a 429 from the counter's limiter says checking works again (its body's `retryAt`), else null. */
export function retryAtOf(error: unknown): Date | null {
  if (errorStatus(error) !== 429 || !(error instanceof ApiError)) return null;
  try {
    const body = JSON.parse(error.body) as { retryAt?: unknown };
    const at = typeof body.retryAt === 'string' ? new Date(body.retryAt) : null;
    return at && Number.isFinite(at.getTime()) ? at : null;
  } catch {
    return null;
  }
}

/** The words for a refused counter call; a 429 also says the time on this tablet's clock when it works again. */
export function counterErrorMessage(error: unknown): string {
  const message = errorMessage(error);
  const at = retryAtOf(error);
  return at ? `${message} It works again at ${clockTime(at)}.` : message;
}
