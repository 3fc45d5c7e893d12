import type { ReactNode } from 'react';

/** The one h1 of a screen, with an optional line under it. */
export function ScreenTitle({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <div className="space-y-1">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{children}</h1>
      {subtitle && <p className="text-stone-600">{subtitle}</p>}
    </div>
  );
}
