import type { PublicLocation } from '@shared/contract/index.ts';
import { calendarDay } from '@/lib/dates';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const spans = (hours: readonly { opensAt: string; closesAt: string }[]) => hours.map((h) => `${h.opensAt}–${h.closesAt}`).join(', ');

/**
 * Where the deal's business is (issue 40): each location, whether it is open now in the words the server's one rule
 * wrote (the city's time), its week's hours and the next dated change. Nothing while the page shows a cached card
 * (no locations yet). A lazy chunk out of the precache (vite.config.ts): the deal pages load it (each view lazy-loads it).
 */
export default function BusinessLocations({ locations }: { locations: PublicLocation[] | undefined }) {
  if (!locations?.length) return null;
  return (
    <section aria-labelledby="locations-title" className="space-y-3 border-t border-stone-100 pt-4">
      <h2 id="locations-title" className="text-lg font-semibold text-stone-900">{locations.length > 1 ? 'Locations' : 'Location'}</h2>
      {locations.map((l) => (
        <div key={l.id} className="space-y-1 text-sm" data-testid="deal-location">
          {l.name && <p className="font-semibold text-stone-900">{l.name}</p>}
          <p className="text-stone-700">{l.address}</p>
          {l.openText && <p className={l.openNow ? 'font-semibold text-green-800' : 'text-stone-700'}>{l.openText}</p>}
          {l.hours.length > 0 && (
            <dl className="grid grid-cols-[3rem_1fr] text-stone-700">
              {WEEKDAYS.map((day, i) => (
                <div key={day} className="contents">
                  <dt>{day}</dt>
                  <dd>{spans(l.hours.filter((h) => h.weekday === i + 1)) || 'Closed'}</dd>
                </div>
              ))}
            </dl>
          )}
          {l.nextException && (
            <p className="text-stone-800">
              {calendarDay(l.nextException.date)}: {spans(l.nextException.hours) || 'closed'}
              {l.nextException.note && <> ({l.nextException.note})</>}
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
