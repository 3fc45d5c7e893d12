import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import type { MerchantProfile } from '@/lib/merchant/get-merchant-me';
import { formatBps } from '@shared/basis-points.ts';

export function ApplicationUnderReview({ merchant }: { merchant: MerchantProfile }) {
  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader className="items-center text-center">
        <div aria-hidden="true" className="mb-2 flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="1.8">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" strokeLinecap="round" />
          </svg>
        </div>
        <h1 className="text-2xl font-bold text-stone-900">Application Under Review</h1>
        <CardDescription>Thanks for applying! Our team is reviewing your business.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-stone-200 rounded-xl border border-stone-200 text-sm">
          <div className="flex flex-col gap-1 p-4 sm:flex-row sm:justify-between">
            <dt className="text-stone-600">Business name</dt>
            <dd className="font-semibold text-stone-900">{merchant.name}</dd>
          </div>
          <div className="flex flex-col gap-1 p-4 sm:flex-row sm:justify-between">
            <dt className="text-stone-600">Address</dt>
            <dd className="font-semibold text-stone-900 sm:text-right">{merchant.address}</dd>
          </div>
          <div className="flex flex-col gap-1 p-4 sm:flex-row sm:justify-between">
            <dt className="text-stone-600">Reward rate</dt>
            <dd className="font-semibold text-stone-900">{formatBps(merchant.rewardRateBps)}</dd>
          </div>
        </dl>
        <p className="mt-4 text-center text-sm text-stone-600">You'll receive an email as soon as your application is approved.</p>
      </CardContent>
    </Card>
  );
}
