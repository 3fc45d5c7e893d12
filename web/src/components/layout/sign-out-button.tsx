import { useNavigate } from 'react-router';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/auth/logout';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';

/**
 * Signs out, empties every cached answer (see useLogout), confirms with a toast and returns to the landing page (or
 * `to`). `signOut` replaces the sign-out call itself (a staff member leaving a paired counter tablet).
 */
export function SignOutButton({ variant = 'outline', className, compact = false, to = paths.landing, signOut }: {
  variant?: ButtonVariant;
  className?: string;
  /** Only the icon below 400 px (the name stays for screen readers): a header that keeps one row. */
  compact?: boolean;
  to?: string;
  signOut?: { run: () => void; pending: boolean };
}) {
  const navigate = useNavigate();
  const logout = useLogout({
    onSuccess: () => {
      navigate(to, { replace: true });
      toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
    },
    onError: (error) => toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' }),
  });

  return (
    <Button variant={variant} size="sm" className={cn('min-w-11 shrink-0 whitespace-nowrap', className)} pending={signOut ? signOut.pending : logout.isPending} onClick={() => (signOut ? signOut.run() : logout.mutate())}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M8 4H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3M12 14l4-4-4-4M16 10H8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={cn(compact && 'sr-only min-[400px]:not-sr-only')}>Sign out</span>
    </Button>
  );
}
