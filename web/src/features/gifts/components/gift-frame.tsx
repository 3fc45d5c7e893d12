import type { ReactNode } from 'react';
import { PublicPage } from '@/components/layout/public-page';
import type { TopBarLink } from '@/components/layout/public-top-bar';
import { homePathForRole, paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';

/**
 * The gift pages (buy, redeem, receipt) under the public pages' top bar: the brand back to the landing page, and
 * the way back to the app for someone signed in, or to sign in or join for a visitor (issue 42: /gift had neither).
 */
export function GiftFrame({ children }: { children: ReactNode }) {
  const user = useUser().user;
  const links: TopBarLink[] = user
    ? [{ label: 'Home', to: paths.landing }, { label: 'Back to the app', to: homePathForRole(user.role), primary: true }]
    : [{ label: 'Home', to: paths.landing }, { label: 'Login', to: paths.login }, { label: 'Join', to: paths.subscribe, primary: true }];
  return <PublicPage links={links}>{children}</PublicPage>;
}
