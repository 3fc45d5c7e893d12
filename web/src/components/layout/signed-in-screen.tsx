import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { SignedInHeader } from './signed-in-header';

interface SignedInScreenProps {
  /** Where the header's brand leads (the user's home screen). */
  homePath: string;
  /** The role named in the header from the tablet width up ("Merchant", "Admin"). */
  badge?: string;
  /** The screen under the header: its main, and what goes beside it (a dialog). */
  children: ReactNode;
}

/** A signed-in screen: the header (brand, the role's badge, sign-out) above the screen. */
export function SignedInScreen({ homePath, badge, children }: SignedInScreenProps) {
  return (
    <div className="min-h-dvh">
      <SignedInHeader homePath={homePath}>{badge && <Badge className="hidden sm:inline-flex">{badge}</Badge>}</SignedInHeader>
      {children}
    </div>
  );
}
