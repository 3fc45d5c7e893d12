import { BUSINESS_TYPES } from '@shared/constants.ts';
import { Link } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { ScreenTitle } from '@/components/layout/screen-title';
import { paths } from '@/config/paths';
import type { MerchantProfile } from '../api/get-merchant-me';

const tileClass =
  'group block rounded-2xl border border-stone-200 bg-white p-6 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

function businessTypeLabel(value: string | null) {
  return BUSINESS_TYPES.find((type) => type.value === value)?.label ?? value ?? 'Local business';
}

/** The approved merchant's home. Logo upload, deal codes and the deal tabs arrive with the merchant issue. */
export function ActiveMerchantDashboard({ merchant }: { merchant: MerchantProfile }) {
  return (
    <div className="space-y-8">
      <ScreenTitle subtitle="Here's what's happening at your business.">Welcome, {merchant.name}</ScreenTitle>

      <Card>
        <CardContent className="flex items-center gap-4 p-6">
          {merchant.logoUrl ? (
            <img src={merchant.logoUrl} alt={`${merchant.name} logo`} className="size-16 rounded-xl object-cover" />
          ) : (
            <div aria-hidden="true" className="flex size-16 items-center justify-center rounded-xl bg-brand-100 text-xl font-bold text-brand-800">
              {merchant.name.slice(0, 1).toUpperCase()}
            </div>
          )}
          <div>
            <h2 className="text-lg font-semibold text-stone-900">{merchant.name}</h2>
            <p className="text-sm text-stone-600">{merchant.address}</p>
            <p className="text-sm text-stone-600">{businessTypeLabel(merchant.businessType)}</p>
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-4 sm:grid-cols-2">
        <Link to={paths.merchantDeals} className={tileClass}>
          <h2 className="text-lg font-semibold text-stone-900 group-hover:text-brand-800">Manage Deals</h2>
          <p className="mt-1 text-sm text-stone-600">Create, edit and pause your rotating-code deals.</p>
        </Link>
        <Link to={paths.merchantCollabs} className={tileClass}>
          <h2 className="text-lg font-semibold text-stone-900 group-hover:text-brand-800">Local Collabs</h2>
          <p className="mt-1 text-sm text-stone-600">Team up with nearby businesses on mutual discounts.</p>
        </Link>
      </div>
    </div>
  );
}
