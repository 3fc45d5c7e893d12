import { type BusinessLocation, type CounterActivityItem, REDEMPTION_FLAG_LABELS } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents } from '@shared/money.ts';
import { clockTime } from '@/lib/dates';
import { formatMemberNumber } from '@/lib/numbers';

function describe(item: CounterActivityItem): string {
  // The member's first name (the issue asks for it instead of a bare number), the number beside it.
  const who = item.memberFirstName ? `${item.memberFirstName}${item.memberNumber ? ` #${formatMemberNumber(item.memberNumber)}` : ''}`
    : item.memberNumber ? `#${formatMemberNumber(item.memberNumber)}` : item.flag === 'unproven' ? 'no personal code' : 'walk-in';
  switch (item.type) {
    case 'deal': return `${item.dealTitle} · ${who}`;
    case 'accrual': return `+${item.points} pts on ${formatCents(item.purchaseAmountCents ?? 0)} · ${who}`;
    case 'redemption': return `${item.points} pts redeemed · ${who}`;
    case 'reversal': return `Undo (${item.points && item.points > 0 ? '+' : ''}${item.points} pts) · ${who}`;
  }
}

interface RecentActivityProps {
  items: CounterActivityItem[] | undefined;
  /** The business's locations (issue 40): with several, each redemption says where, and the list can show one. */
  locations?: BusinessLocation[];
  locationId?: string | null;
  onLocation?: (locationId: string | null) => void;
  nowMs: number;
  undoingId: string | null;
  onUndo: (item: CounterActivityItem) => void;
}

/** The latest counter entries; undo stays available for 5 minutes, even after a reload. */
export function RecentActivity({ items, locations = [], locationId = null, onLocation, nowMs, undoingId, onUndo }: RecentActivityProps) {
  const several = locations.length > 1;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Recent activity</CardTitle>
        {several && onLocation && (
          <label className="flex items-center gap-2 text-sm text-stone-700">
            Location
            <select aria-label="Show activity of" className="h-11 rounded-md border border-stone-300 bg-white px-2"
              value={locationId ?? ''} onChange={(e) => onLocation(e.target.value || null)}>
              <option value="">All locations</option>
              {locations.map((l) => <option key={l.id} value={l.id}>{l.name ?? l.address}</option>)}
            </select>
          </label>
        )}
      </CardHeader>
      <CardContent>
        {!items?.length ? (
          <p className="text-sm text-stone-600">Nothing recorded yet today.</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {items.map((item) => {
              const undoable = item.undoUntil !== null && new Date(item.undoUntil).getTime() > nowMs;
              return (
                <li key={`${item.type}-${item.id}`} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className={item.undone ? 'text-stone-500 line-through' : 'text-stone-800'}>
                      <span className="mr-2 text-xs text-stone-500">{clockTime(item.createdAt)}</span>
                      <span className="break-words">{describe(item)}</span>
                    </span>
                    {(item.actedBy || (several && item.locationName)) && (
                      <span className="block text-xs text-stone-500">
                        {[item.actedBy && `by ${item.actedBy}`, several && item.locationName && `at ${item.locationName}`].filter(Boolean).join(' · ')}
                      </span>
                    )}
                    {item.flag && (
                      <span className="mt-0.5 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                        Flagged: {REDEMPTION_FLAG_LABELS[item.flag]}
                      </span>
                    )}
                  </span>
                  {undoable && (
                    <Button variant="ghost" size="sm" pending={undoingId === item.id} onClick={() => onUndo(item)}>Undo</Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
