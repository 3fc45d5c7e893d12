import { ButtonLink } from '@/components/ui/button';

const TEXT = {
  unavailable: {
    title: 'This deal is no longer available',
    body: 'The business has ended it, or it has run its course. Their other deals, and many more, are still waiting.',
  },
  'not-found': {
    title: 'Deal not found',
    body: "This link doesn't lead to a deal. Check the address, or browse the deals on offer now.",
  },
} as const;

/** A deal link that shows no deal: one that ended (410) or an id that names none (404). */
export function DealMissing({ kind, dealsHome }: { kind: keyof typeof TEXT; dealsHome: string }) {
  return (
    <section className="space-y-4 rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-2xl font-bold text-stone-900">{TEXT[kind].title}</h1>
      <p className="text-stone-700">{TEXT[kind].body}</p>
      <ButtonLink to={dealsHome}>See current deals</ButtonLink>
    </section>
  );
}
