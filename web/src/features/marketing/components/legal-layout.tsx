import type { ReactNode } from 'react';
import { PublicTopBar } from '@/components/layout/public-top-bar';
import { paths } from '@/config/paths';
import { SiteFooter } from './site-footer';

/** The privacy and terms pages: the public bar, one readable column of sections, the footer. */
export function LegalLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicTopBar links={[{ label: 'Home', to: paths.landing }, { label: 'Login', to: paths.login, primary: true }]} />
      <main className="mx-auto w-full max-w-3xl flex-1 space-y-8 px-4 py-10 sm:px-6 sm:py-16">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-lg text-stone-700">{intro}</p>
        </div>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
      <div className="space-y-3 text-stone-800">{children}</div>
    </section>
  );
}
