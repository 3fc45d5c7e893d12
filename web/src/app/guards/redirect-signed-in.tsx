import { Navigate, Outlet } from 'react-router';
import { useUser } from '@/lib/auth/get-me';
import { signedInRedirect } from './access';

/** For visitor-only screens (landing, login, register): a signed-in user is sent to their home by role. */
export function RedirectSignedIn() {
  const { user } = useUser();
  const redirect = signedInRedirect(user);
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}
