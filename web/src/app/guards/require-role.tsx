import { Navigate, Outlet } from 'react-router';
import type { Role } from '@shared/constants.ts';
import { useUser } from '@/lib/auth/get-me';
import { roleGuardRedirect } from './access';

/** Renders the nested routes only for the given roles; anyone else goes to /login. */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { user } = useUser();
  const redirect = roleGuardRedirect(user, roles);
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}
