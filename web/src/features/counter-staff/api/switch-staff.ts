import type { SessionAnswer, SessionUser, SwitchStaffBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { signInMutation } from '@/lib/auth/session';

const switchStaff = (body: SwitchStaffBody) => apiJson<SessionAnswer>('POST', '/api/counter/switch', body);

/** POST /api/counter/switch {staffId, pin}: a staff member takes over this paired tablet. */
export const useSwitchStaff = (callbacks?: MutationCallbacks<SessionUser>) => useApiMutation(signInMutation(switchStaff, { fresh: true }), callbacks);
