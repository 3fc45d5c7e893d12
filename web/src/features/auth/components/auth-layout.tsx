import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardPage } from '@/components/layout/card-page';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { TAGLINE } from '@/config/brand';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Centered card for login and registration: the brand links home, the tagline at the foot. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <CardPage
      brand={
        <Link to={paths.landing} className="inline-flex min-h-11 min-w-11 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700">
          <Logo />
        </Link>
      }
      title={title}
      subtitle={subtitle}
      width="max-w-lg"
      below={footer}
      pageFooter={<footer className="pb-6 text-center text-xs text-stone-600">{TAGLINE}</footer>}
    >
      {children}
    </CardPage>
  );
}
