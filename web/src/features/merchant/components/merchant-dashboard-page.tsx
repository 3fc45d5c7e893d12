import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useMerchantMe } from '@/lib/merchant/get-merchant-me';
import { ActiveMerchantDashboard } from './active-merchant-dashboard';
import { ApplicationUnderReview } from './application-under-review';
import { CompleteApplication } from './complete-application';

/** /merchant: loading, then no profile / pending / active (docs/spec.md section 2, Merchant dashboard). */
export function MerchantDashboardPage({ updateComposer, staffCard, reviewsCard }: { updateComposer?: ReactNode; staffCard?: ReactNode; reviewsCard?: ReactNode }) {
  const merchant = useMerchantMe();

  return (
    <SignedInScreen homePath={paths.merchant} badge="Merchant">
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        {merchant.isPending ? (
          <div role="status" className="flex items-center justify-center gap-2 py-20 text-stone-600">
            <Spinner className="size-5 text-brand-700" /> Loading your business...
          </div>
        ) : merchant.isError ? (
          <div role="alert" className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
            <h1 className="text-lg font-semibold">We couldn't load your business</h1>
            <p className="mt-1 text-sm">{errorMessage(merchant.error)}</p>
          </div>
        ) : merchant.data === null ? (
          <CompleteApplication />
        ) : merchant.data.active ? (
          <ActiveMerchantDashboard merchant={merchant.data} updateComposer={updateComposer} staffCard={staffCard} reviewsCard={reviewsCard} />
        ) : (
          <ApplicationUnderReview merchant={merchant.data} />
        )}
      </main>
    </SignedInScreen>
  );
}
