import type { Role } from '@shared/constants.ts';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { homePathForRole } from '@/config/paths';

/**
 * What every form that signs someone in does with the answer (login, sign-up, a new password, an accepted staff
 * invite): a toast saying so, then the user's home screen in place of the form.
 */
export function useWelcomeHome(title: string, description: string): (user: { role: Role }) => void {
  const navigate = useNavigate();
  return (user) => {
    toast({ title, description });
    navigate(homePathForRole(user.role), { replace: true });
  };
}
