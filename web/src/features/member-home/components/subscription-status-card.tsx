import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';

/** Membership status: Active or Inactive. */
export function SubscriptionStatusCard({ active, loading }: { active: boolean; loading: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-3 sm:gap-4 sm:p-5">
        <div>
          <h2 className="text-base font-semibold text-stone-900">Subscription status</h2>
          {/* One row on a phone: the deals come first (issue 31). */}
          <p className="hidden text-sm text-stone-600 sm:block">{active ? 'Your membership unlocks every local deal and its codes.' : 'Subscribe to see deal codes from local businesses.'}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {loading ? <Badge variant="secondary">Checking...</Badge> : active ? <Badge>Active</Badge> : <Badge variant="warning">Inactive</Badge>}
          {active && (
            <a href="#member-card" className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700 sm:hidden">
              Member card
            </a>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
