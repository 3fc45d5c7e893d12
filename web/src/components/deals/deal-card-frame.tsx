import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { categoryTone, toneClasses } from '@/lib/categories';

/** A deal's card, named by the deal's title, with its category's colour along the top edge (public, member and merchant cards). */
export function DealCardFrame({ title, category, className, children }: { title: string; category: string; className?: string; children: ReactNode }) {
  return (
    <article
      aria-label={title}
      className={cn('flex flex-col rounded-2xl border border-t-4 border-stone-200 bg-white p-5 shadow-sm', toneClasses[categoryTone(category)].edge, className)}
    >
      {children}
    </article>
  );
}
