import type { ReactNode } from 'react';
import { PublicColumn, PublicPage } from '@/components/layout/public-page';
import { paths } from '@/config/paths';
import { SiteFooter } from './site-footer';

/** The privacy and terms pages: the public bar, one readable column of sections, the footer. */
export function LegalLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <PublicPage links={[{ label: 'Home', to: paths.landing }, { label: 'Login', to: paths.login, primary: true }]} footer={<SiteFooter />}>
      <PublicColumn width="max-w-3xl" heading="plain" title={title} intro={intro}>
        {children}
      </PublicColumn>
    </PublicPage>
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
