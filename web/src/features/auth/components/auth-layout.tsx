import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { TAGLINE } from '@/config/brand';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Centered card for login and registration: narrow on phones, roomy on tablets and desktops. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-cream">
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-4 sm:px-6">
        <Link to={paths.landing} className="inline-flex min-h-11 min-w-11 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-lg">
          <div className="mb-6 text-center">
            <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
            {subtitle && <p className="mt-2 text-stone-600">{subtitle}</p>}
          </div>
          <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
          {footer && <div className="mt-6 text-center text-sm text-stone-700">{footer}</div>}
        </div>
      </main>
      <footer className="pb-6 text-center text-xs text-stone-600">{TAGLINE}</footer>
    </div>
  );
}
