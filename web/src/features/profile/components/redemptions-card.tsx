import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { dayAndTime } from '@/lib/dates';
import { useMemberRedemptions } from '../api/get-member-redemptions';

/** "Your redemptions": the deals this member used at a counter, newest first (issue 26). */
export function RedemptionsCard() {
  const history = useMemberRedemptions();
  const items = history.redemptions ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your redemptions</CardTitle>
        <CardDescription>Deals you used at a counter, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <p className="text-stone-600">Loading your redemptions...</p>
        ) : history.isError && items.length === 0 ? (
          <div role="alert" className="space-y-2">
            <p className="text-red-700">Your redemptions could not be loaded.</p>
            <Button size="sm" variant="outline" onClick={() => void history.refetch()}>Try again</Button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-stone-600">No redemptions yet. When a business accepts your pass or code, the deal appears here.</p>
        ) : (
          <>
            <ul className="divide-y divide-stone-200" aria-label="Your redemptions">
              {items.map((item) => (
                <li key={item.id} data-testid="member-redemption" className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-medium text-stone-900">{item.dealTitle}</p>
                    <p className="break-words text-sm text-stone-600">{item.businessName}</p>
                  </div>
                  <p className="text-sm text-stone-600">
                    <time dateTime={item.usedAt}>{dayAndTime(item.usedAt)}</time>
                    {item.undone && <span className="ml-2 rounded bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">Undone by the business</span>}
                  </p>
                </li>
              ))}
            </ul>
            {history.hasNextPage && (
              <Button className="mt-4 min-h-11" variant="outline" pending={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                {history.isFetchingNextPage ? 'Loading...' : 'Show older redemptions'}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
