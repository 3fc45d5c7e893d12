import type { Role } from '@shared/constants.ts';
import type { SessionUser } from '@shared/contract/index.ts';
import { homePathForRole, paths } from '@/config/paths';

/** docs/spec.md section 6: a wrong or missing role leads to the login screen. Returns where to go, or null to stay. */
export function roleGuardRedirect(user: Pick<SessionUser, 'role'> | null | undefined, allowed: readonly Role[]): string | null {
  return user && allowed.includes(user.role) ? null : paths.login;
}

/** Landing, login and register send a signed-in user to their home by role. */
export function signedInRedirect(user: Pick<SessionUser, 'role'> | null | undefined): string | null {
  return user ? homePathForRole(user.role) : null;
}
