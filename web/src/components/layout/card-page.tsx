import type { ReactNode } from 'react';

interface CardPageProps {
  /** What the top of the page holds: the brand, linked home or not. */
  brand: ReactNode;
  title: string;
  subtitle?: ReactNode;
  /** The column's width: the sign-in forms are narrower than the staff screens. */
  width: 'max-w-lg' | 'max-w-xl';
  children: ReactNode;
  /** Under the card (links to the other forms). */
  below?: ReactNode;
  /** At the foot of the page. */
  pageFooter?: ReactNode;
}

/** One centred card on the brand's gradient, narrow on phones and roomy on tablets: the sign-in and staff screens. */
export function CardPage({ brand, title, subtitle, width, children, below, pageFooter }: CardPageProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-cream">
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-4 sm:px-6">{brand}</header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center sm:pt-0">
        <div className={`w-full ${width}`}>
          <div className="mb-6 text-center">
            <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
            {subtitle && <p className="mt-2 text-stone-600">{subtitle}</p>}
          </div>
          <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
          {below && <div className="mt-6 text-center text-sm text-stone-700">{below}</div>}
        </div>
      </main>
      {pageFooter}
    </div>
  );
}
