import { ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

/** Any address that is not a screen of the app (the router's catch-all). */
export function Component() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <Logo />
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Page Not Found</h1>
        <p className="text-stone-600">The page you're looking for doesn't exist or has moved.</p>
      </div>
      <ButtonLink to={paths.landing}>Back to home</ButtonLink>
    </main>
  );
}
