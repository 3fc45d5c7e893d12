import type { ReactNode } from 'react';
import { PublicPage } from '@/components/layout/public-page';
import type { TopBarLink } from '@/components/layout/public-top-bar';
import { ButtonLink } from '@/components/ui/button';
import type { ButtonSize, ButtonVariant } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { SiteFooter } from './site-footer';

/**
 * The landing and about pages' frame: the public bar (the other of the two pages, Join, Login), the page, the site
 * footer.
 */
export function MarketingPage({ other, children }: { other: TopBarLink; children: ReactNode }) {
  return (
    <PublicPage
      links={[other, { label: 'Join', to: paths.register }, { label: 'Login', to: paths.login, primary: true }]}
      footer={<SiteFooter />}
    >
      {children}
    </PublicPage>
  );
}

interface JoinLink {
  to: string;
  label: string;
  variant: ButtonVariant;
}

/** The pages' ways in, side by side (a member's, a business's): under the landing hero, in the about page's closing band. */
export function JoinLinks({ links, className, size, wide = false }: { links: JoinLink[]; className: string; size?: ButtonSize; wide?: boolean }) {
  return (
    <div className={className}>
      {links.map((link) => (
        <ButtonLink key={link.to} to={link.to} variant={link.variant} size={size} className={wide ? 'w-full' : undefined}>
          {link.label}
        </ButtonLink>
      ))}
    </div>
  );
}
