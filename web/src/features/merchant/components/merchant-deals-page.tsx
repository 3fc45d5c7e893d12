import { useState } from 'react';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Modal } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/deals/code-clock';
import { useMerchantDeals } from '@/lib/merchant/get-merchant-deals';
import { useMerchantMe } from '@/lib/merchant/get-merchant-me';
import { CreateDealPanel } from './deals/create-deal-panel';
import { DealGridSkeleton, DealLoadError } from './deals/deal-list-states';
import { MerchantDealGrid } from './deals/merchant-deal-grid';

/** /merchant/deals: the "My Deals" grid with create, edit, deactivate, toggle and delete. */
export function MerchantDealsPage() {
  const merchant = useMerchantMe();
  const approved = merchant.data?.active === true;
  const deals = useMerchantDeals({ enabled: approved });
  const nowMs = useNow();
  const [creating, setCreating] = useState(false);

  return (
    <SignedInScreen homePath={paths.merchant} badge="Merchant">
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={paths.merchant}>Back to Dashboard</BackLink>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <ScreenTitle subtitle="Codes rotate every 2 minutes. Members show the current one at your counter.">My Deals</ScreenTitle>
          <div className="flex gap-2">
            <ButtonLink to={paths.merchantCounter} variant="outline">Open Counter</ButtonLink>
            <Button onClick={() => setCreating(true)} disabled={!approved}>Create Deal</Button>
          </div>
        </div>

        {merchant.isPending || (approved && deals.isPending) ? (
          <DealGridSkeleton />
        ) : !approved ? (
          <Card><CardContent className="p-6 text-sm text-stone-700">Your business must be approved before you can create deals.</CardContent></Card>
        ) : deals.isError ? (
          <DealLoadError error={deals.error} onRetry={() => void deals.refetch()} />
        ) : (deals.data ?? []).length === 0 ? (
          <Card className="border-dashed">
            <CardContent className="p-8 text-center">
              <h2 className="text-lg font-semibold text-stone-900">No deals yet</h2>
              <p className="mt-1 text-sm text-stone-600">Create your first deal and members in your city will see it right away.</p>
              <Button className="mt-4" onClick={() => setCreating(true)}>Create Deal</Button>
            </CardContent>
          </Card>
        ) : (
          <MerchantDealGrid deals={deals.data ?? []} nowMs={nowMs} place="deals-page" />
        )}
      </main>

      <Modal open={creating} onClose={() => setCreating(false)} title="Create Deal" description="Percent or amount off; members see it with a rotating code." className="max-w-2xl">
        <CreateDealPanel onCreated={() => setCreating(false)} onCancel={() => setCreating(false)} />
      </Modal>
    </SignedInScreen>
  );
}
