import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';

/** Membership status: Active or Inactive. */
export function SubscriptionStatusCard({ active, loading }: { active: boolean; loading: boolean }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between gap-4 p-5">
        <div>
          <h2 className="text-base font-semibold text-stone-900">Subscription status</h2>
          <p className="text-sm text-stone-600">{active ? 'Your membership unlocks every local deal and its codes.' : 'Subscribe to see deal codes from local businesses.'}</p>
        </div>
        {loading ? <Badge variant="secondary">Checking...</Badge> : active ? <Badge>Active</Badge> : <Badge variant="warning">Inactive</Badge>}
      </CardContent>
    </Card>
  );
}
