import { ApiError, errorMessage } from '@/lib/api-error';

export interface ToastContent {
  title: string;
  description: string;
}

/**
 * docs/spec.md section 8: a signup error naming "User already exists" → Account Already Exists; anything else →
 * Setup Error, naming the server's reason ("password must be at least 8 characters"; decision 176), and only
 * without one (no answer, a bare 500) the generic "Unable to set up subscription".
 */
export function signupErrorToast(error: unknown): ToastContent {
  const raw = error instanceof Error ? error.message : String(error);
  if (/User already exists/i.test(raw)) {
    return { title: 'Account Already Exists', description: 'Please log in instead or use a different email address.' };
  }
  const reason = error instanceof ApiError && error.status < 500 ? error.serverMessage : null;
  return { title: 'Setup Error', description: reason ?? 'Unable to set up subscription. Please try again.' };
}

/** A declined or failed card: "Payment Failed" with the provider's own message. */
export function paymentFailedToast(message: string | null | undefined): ToastContent {
  return { title: 'Payment Failed', description: message || 'Your payment could not be completed.' };
}

/** Completion failures: "Setup Error" with the server's message, or "Failed to complete account setup". */
export function completionErrorToast(error: unknown): ToastContent {
  return { title: 'Setup Error', description: errorMessage(error, 'Failed to complete account setup') };
}
