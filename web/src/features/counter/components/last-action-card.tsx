import { Button } from '@/components/ui/button';
import { countdownLabel } from '@/lib/deals/deal-format';

export interface CounterAction {
  kind: 'points';
  id: string;
  headline: string;
  detail: string;
  undoUntil: string | null;
  undone: boolean;
}

interface LastActionCardProps {
  action: CounterAction;
  nowMs: number;
  undoing: boolean;
  onUndo: () => void;
}

/** The confirmation of points earned or redeemed, with Undo while its 5 minutes last (deal checks: CheckResultPanel). */
export function LastActionCard({ action, nowMs, undoing, onUndo }: LastActionCardProps) {
  const left = action.undoUntil ? countdownLabel(new Date(action.undoUntil).getTime(), nowMs) : 'Expired';
  const canUndo = !action.undone && left !== 'Expired';
  return (
    <div role="status" aria-live="polite" className={action.undone ? 'rounded-2xl border border-stone-300 bg-stone-50 p-4' : 'rounded-2xl border border-emerald-300 bg-emerald-50 p-4'}>
      <p className={action.undone ? 'text-lg font-bold text-stone-700 line-through' : 'text-lg font-bold text-emerald-900'}>{action.headline}</p>
      <p className="mt-1 text-sm text-stone-700">{action.undone ? 'Undone.' : action.detail}</p>
      {canUndo && (
        <div className="mt-3 flex items-center gap-3">
          <Button variant="outline" size="sm" pending={undoing} onClick={onUndo}>Undo</Button>
          <span className="text-xs text-stone-600">Undo possible for <span className="font-mono tabular-nums">{left}</span></span>
        </div>
      )}
    </div>
  );
}
