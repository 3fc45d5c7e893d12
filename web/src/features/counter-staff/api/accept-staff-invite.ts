import type { AcceptStaffInviteBody, SessionAnswer, SessionUser } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { signInMutation } from '@/lib/auth/session';

const acceptStaffInvite = (body: AcceptStaffInviteBody) => apiJson<SessionAnswer>('POST', '/api/auth/staff-invite/accept', body);

/** POST /api/auth/staff-invite/accept {token, password, pin}: the staff member is signed in. */
export const useAcceptStaffInvite = (callbacks?: MutationCallbacks<SessionUser>) =>
  useApiMutation(signInMutation(acceptStaffInvite, { fresh: true }), callbacks);
