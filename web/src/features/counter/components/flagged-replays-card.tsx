import { Button } from '@/components/ui/button';
import { dayAndTime } from '@/lib/dates';
import type { FlaggedReplay } from '../hooks/use-flagged-replays';

/** After a sync: the redemptions accepted offline that broke a rule (recorded and flagged, never dropped). */
export function FlaggedReplaysCard({ flagged, onDismiss }: { flagged: FlaggedReplay[]; onDismiss: () => void }) {
  if (!flagged.length) return null;
  return (
    <div role="alert" className="rounded-2xl border border-amber-400 bg-amber-50 p-4">
      <p className="text-lg font-bold text-amber-950">
        {flagged.length === 1 ? '1 redemption accepted offline broke a rule' : `${flagged.length} redemptions accepted offline broke a rule`}
      </p>
      <p className="mt-1 text-sm text-amber-950">They are recorded and flagged in your activity; the discount was already given.</p>
      <ul className="mt-2 space-y-1 text-sm text-stone-800">
        {flagged.map((item) => (
          <li key={item.key} className="break-words">
            <span className="font-semibold">{item.who}</span>: {item.reason}
            {item.checkedAt && <> (checked at {dayAndTime(item.checkedAt)})</>}
          </li>
        ))}
      </ul>
      <Button className="mt-3" variant="outline" size="sm" onClick={onDismiss}>Dismiss</Button>
    </div>
  );
}
