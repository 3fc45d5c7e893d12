import { z } from 'zod';
import { newPassword } from './common.ts';

// Account recovery and security (issue 16): password reset, change password, sign out everywhere,
// address verification.
const email = z.string().trim().toLowerCase().pipe(z.email({ message: 'must be a valid email address' }));
const token = z.string().trim().min(20, 'is invalid').max(200, 'is invalid');

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({ token, password: newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z.object({
  // The current password is only checked, never set: any length a stored one could have (up to 72 bytes).
  currentPassword: z.string().min(1, 'is required').max(200, 'must be at most 200 characters'),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const verifyEmailBody = z.object({ token });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

/** The one answer of forgot-password, for known and unknown addresses alike. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses that address, we have sent it a link to choose a new password. The link works for one hour.';
export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid, already used or expired. Please ask for a new one.';
export const INVALID_VERIFY_LINK_MESSAGE = 'This confirmation link is invalid or expired. Please ask for a new one from your profile.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct.';

export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;
