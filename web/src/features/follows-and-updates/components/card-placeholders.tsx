/** Grey stand-ins while a list loads (docs/spec.md section 9: 5 for notifications, 3 for following). */
export function CardPlaceholders({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <ul aria-hidden="true" className="space-y-3">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} data-testid="card-placeholder" className="flex animate-pulse gap-4 rounded-2xl border border-stone-200 bg-white p-5">
            <span className="size-10 shrink-0 rounded-full bg-stone-200" />
            <span className="flex-1 space-y-2">
              <span className="block h-4 w-1/3 rounded bg-stone-200" />
              <span className="block h-3 w-2/3 rounded bg-stone-200" />
              <span className="block h-3 w-1/2 rounded bg-stone-100" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
