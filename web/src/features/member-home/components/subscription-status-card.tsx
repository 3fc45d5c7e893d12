import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';

/**
 * Membership status: Active or Inactive. On a phone it also holds the member's pass row (issue 42: the member
 * number and "Show member pass" above the deals, in one card so the first deal's code stays on the first screen).
 */
export function SubscriptionStatusCard({ active, loading, memberPass }: { active: boolean; loading: boolean; memberPass?: ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-2 p-3 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2 sm:gap-4">
          <div>
            <h2 className="text-sm font-semibold text-stone-900 sm:text-base">Subscription status</h2>
            {/* One row on a phone: the deals come first (issue 31). */}
            <p className="hidden text-sm text-stone-600 sm:block">{active ? 'Your membership unlocks every local deal and its codes.' : 'Subscribe to see deal codes from local businesses.'}</p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {loading ? <Badge variant="secondary">Checking...</Badge> : active ? <Badge>Active</Badge> : <Badge variant="warning">Inactive</Badge>}
          </div>
        </div>
        {memberPass}
      </CardContent>
    </Card>
  );
}
