import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { TAGLINE } from '@/config/brand';

const linkClass = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-sm hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-3">
          <Logo showName={false} />
          <span>{TAGLINE}</span>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5">
          <Link className={linkClass} to={paths.about}>About</Link>
          <Link className={linkClass} to={paths.impact}>Our Impact</Link>
          <Link className={linkClass} to={paths.browseDeals}>Browse Deals</Link>
          <Link className={linkClass} to={paths.registerMerchant}>For Merchants</Link>
          <Link className={linkClass} to={paths.login}>Login</Link>
          <Link className={linkClass} to={paths.privacy}>Privacy</Link>
          <Link className={linkClass} to={paths.terms}>Terms</Link>
        </nav>
      </div>
    </footer>
  );
}
