import { ApiError, errorMessage } from '@/lib/api-error';

export interface ToastContent {
  title: string;
  description: string;
}

/**
 * docs/spec.md section 8: a signup error naming "User already exists" → Account Already Exists; a refusal with the
 * server's reason (decision 176) is not an error of the setup but of what was typed, so it is titled by what to do
 * ("Choose Another Password" for a password the rules refuse, "Check Your Details" otherwise); only a failure
 * (no answer, a bare 500) is a "Setup Error" with the generic "Unable to set up subscription".
 */
export function signupErrorToast(error: unknown): ToastContent {
  const raw = error instanceof Error ? error.message : String(error);
  if (/User already exists/i.test(raw)) {
    return { title: 'Account Already Exists', description: 'Please log in instead or use a different email address.' };
  }
  const reason = error instanceof ApiError && error.status < 500 ? error.serverMessage : null;
  if (reason) return { title: /password/i.test(reason) ? 'Choose Another Password' : 'Check Your Details', description: reason };
  return { title: 'Setup Error', description: 'Unable to set up subscription. Please try again.' };
}

/** A declined or failed card: "Payment Failed" with the provider's own message. */
export function paymentFailedToast(message: string | null | undefined): ToastContent {
  return { title: 'Payment Failed', description: message || 'Your payment could not be completed.' };
}

/** Completion failures: "Setup Error" with the server's message, or "Failed to complete account setup". */
export function completionErrorToast(error: unknown): ToastContent {
  return { title: 'Setup Error', description: errorMessage(error, 'Failed to complete account setup') };
}
