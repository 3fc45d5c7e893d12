import type { ReactNode } from 'react';

export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <div className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-stone-100 text-stone-600">{icon}</div>
      <p className="font-semibold text-stone-900">{title}</p>
      <p className="mt-1 text-sm text-stone-600">{children}</p>
    </div>
  );
}
