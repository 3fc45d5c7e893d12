import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { completionErrorToast, paymentFailedToast, signupErrorToast } from './signup-toasts';

describe('signup toasts (docs/spec.md section 8)', () => {
  it('maps "User already exists" to Account Already Exists', () => {
    expect(signupErrorToast(new ApiError(409, '{"message":"User already exists. Please log in instead."}'))).toEqual({
      title: 'Account Already Exists', description: 'Please log in instead or use a different email address.',
    });
  });
  it('maps anything else to Setup Error', () => {
    expect(signupErrorToast(new ApiError(502, '{"message":"provider down"}'))).toEqual({
      title: 'Setup Error', description: 'Unable to set up subscription. Please try again.',
    });
  });
  it('names the reason of a refusal and what to do, never "Setup Error" (issues 28 and 42)', () => {
    expect(signupErrorToast(new ApiError(400, '{"message":"The password must be at least 8 characters"}'))).toEqual({
      title: 'Choose Another Password', description: 'The password must be at least 8 characters',
    });
    const common = 'The password is one of the most common passwords and easy to guess. Please choose another.';
    expect(signupErrorToast(new ApiError(400, JSON.stringify({ message: common })))).toEqual({ title: 'Choose Another Password', description: common });
    expect(signupErrorToast(new ApiError(400, '{"message":"The email must be a valid email address"}'))).toEqual({
      title: 'Check Your Details', description: 'The email must be a valid email address',
    });
  });
  it("shows the provider's message for a failed payment", () => {
    expect(paymentFailedToast('Your card was declined.')).toEqual({ title: 'Payment Failed', description: 'Your card was declined.' });
    expect(paymentFailedToast(undefined).description).toBe('Your payment could not be completed.');
  });
  it("shows the server's message for a failed completion, or the fallback", () => {
    expect(completionErrorToast(new ApiError(409, '{"message":"This payment has already been used. Please log in."}')).description)
      .toBe('This payment has already been used. Please log in.');
    expect(completionErrorToast(new Error('')).description).toBe('Failed to complete account setup');
  });
});
