import type { ReactNode } from 'react';

export function SectionHeading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div>
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <p className="text-sm text-stone-600">{children}</p>
    </div>
  );
}
