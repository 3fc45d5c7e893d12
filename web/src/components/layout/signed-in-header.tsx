import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { SignOutButton } from './sign-out-button';

interface SignedInHeaderProps {
  /** Where the brand mark leads (the user's home screen). */
  homePath: string;
  /** Extra controls shown before the sign-out button (badges, links). */
  children?: ReactNode;
  /** In place of the usual sign-out button (a paired counter tablet's returns to its staff switcher). */
  signOut?: ReactNode;
}

/** Header of the signed-in screens: brand, optional controls, and sign-out. */
export function SignedInHeader({ homePath, children, signOut }: SignedInHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-3 sm:px-6">
        <Link to={homePath} className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700">
          <Logo compactOnMobile />
        </Link>
        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          {children}
          {signOut ?? <SignOutButton compact />}
        </div>
      </div>
    </header>
  );
}
