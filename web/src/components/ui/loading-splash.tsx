import { Logo } from './logo';
import { Spinner } from './spinner';

/** Replaces every route while the current user is still loading (docs/spec.md section 2). */
export function LoadingSplash() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-cream" aria-busy="true">
      <Logo className="text-2xl" />
      <div role="status" className="flex items-center gap-2 text-sm text-stone-600">
        <Spinner className="size-5 text-brand-700" />
        <span>Loading...</span>
      </div>
    </main>
  );
}
