import type { ReactNode } from 'react';

interface Blurb {
  title: string;
  text: string;
  icon: ReactNode;
}

const iconProps = { 'aria-hidden': true, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, className: 'size-6' } as const;

const BLURBS: Blurb[] = [
  {
    title: 'Save Big',
    text: 'Exclusive discounts at the coffee shops, restaurants and studios you already love, all for one small membership.',
    icon: (
      <svg {...iconProps}>
        <path d="M7 17 17 7M8.5 8.5h.01M15.5 15.5h.01" strokeLinecap="round" />
        <circle cx="8.5" cy="8.5" r="2" />
        <circle cx="15.5" cy="15.5" r="2" />
      </svg>
    ),
  },
  {
    title: 'Simple Codes',
    text: 'Show the six-digit code at the counter. Codes rotate every two minutes, so every deal stays fair for everyone.',
    icon: (
      <svg {...iconProps}>
        <rect x="3" y="6" width="18" height="12" rx="2" />
        <path d="M7 12h.01M10.5 12h.01M14 12h.01M17.5 12h.01" strokeLinecap="round" strokeWidth="2.5" />
      </svg>
    ),
  },
  {
    title: 'Support Local',
    text: 'Only small and family-owned businesses take part, and 10% of all profits go to local charities and youth programs.',
    icon: (
      <svg {...iconProps}>
        <path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10z" strokeLinejoin="round" />
      </svg>
    ),
  },
];

export function FeatureBlurbs() {
  return (
    <ul className="grid gap-4 sm:grid-cols-3 sm:gap-6">
      {BLURBS.map((blurb) => (
        <li key={blurb.title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <div className="mb-4 inline-flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">{blurb.icon}</div>
          <h3 className="text-lg font-semibold text-stone-900">{blurb.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-stone-600">{blurb.text}</p>
        </li>
      ))}
    </ul>
  );
}
