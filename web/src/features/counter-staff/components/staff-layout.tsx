import type { ReactNode } from 'react';
import { CardPage } from '@/components/layout/card-page';
import { Logo } from '@/components/ui/logo';

/** The tablet's and the invited staff member's screens: one centred card under the brand (not a link). */
export function StaffLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <CardPage brand={<Logo />} title={title} subtitle={subtitle} width="max-w-xl">
      {children}
    </CardPage>
  );
}
