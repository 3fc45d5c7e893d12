import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';

interface StaffLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The tablet's and the invited staff member's screens: one centred card, narrow on phones, roomy on tablets. */
export function StaffLayout({ title, subtitle, children }: StaffLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-cream">
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-4 sm:px-6">
        <Logo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-xl">
          <div className="mb-6 text-center">
            <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
            {subtitle && <p className="mt-2 text-stone-600">{subtitle}</p>}
          </div>
          <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
        </div>
      </main>
    </div>
  );
}
