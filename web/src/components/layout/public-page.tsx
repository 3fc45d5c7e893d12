import type { ReactNode } from 'react';
import { PublicTopBar, type TopBarLink } from './public-top-bar';

/** A public page: the public top bar with its links, the page's main, and the footer where the page has one. */
export function PublicPage({ links, children, footer }: { links: TopBarLink[]; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicTopBar links={links} />
      {children}
      {footer}
    </div>
  );
}

const HEADINGS = {
  /** About and impact: a centred title with its lead under it. */
  centred: {
    box: 'text-center',
    title: 'text-3xl font-extrabold tracking-tight text-stone-900 sm:text-5xl',
    intro: 'mx-auto mt-4 max-w-2xl text-lg text-stone-700',
  },
  /** The legal pages: a plainer title, on the left like the text under it. */
  plain: { box: undefined, title: 'text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl', intro: 'mt-3 text-lg text-stone-700' },
};

interface PublicColumnProps {
  width: 'max-w-3xl' | 'max-w-4xl' | 'max-w-5xl';
  heading: keyof typeof HEADINGS;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}

/** The reading column of a public page (about, impact, privacy, terms): its title and lead, then its sections. */
export function PublicColumn({ width, heading, title, intro, children }: PublicColumnProps) {
  const style = HEADINGS[heading];
  return (
    <main className={`mx-auto w-full ${width} flex-1 space-y-8 px-4 py-10 sm:px-6 sm:py-16`}>
      <div className={style.box}>
        <h1 className={style.title}>{title}</h1>
        <p className={style.intro}>{intro}</p>
      </div>
      {children}
    </main>
  );
}
