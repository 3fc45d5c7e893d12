import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

export interface TopBarLink {
  label: string;
  to: string;
  /** The one call-to-action link is filled; the rest are quiet. */
  primary?: boolean;
}

/** Top bar of the public pages: the brand (linking home) and a few links rendered as buttons. */
export function PublicTopBar({ links }: { links: TopBarLink[] }) {
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200/70 bg-cream/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
        <Link to={paths.landing} className="inline-flex min-h-11 min-w-11 shrink-0 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700">
          {/* Only the mark on a phone when the bar holds several links (issue 31: no sideways scroll at 320 px). */}
          <Logo compactOnMobile={links.length > 1} />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          {links.map((link) => (
            <ButtonLink key={link.to} to={link.to} variant={link.primary ? 'primary' : 'ghost'} size="sm">
              {link.label}
            </ButtonLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
