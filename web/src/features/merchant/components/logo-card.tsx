import { BUSINESS_TYPES } from '@shared/constants.ts';
import { Card, CardContent } from '@/components/ui/card';
import type { MerchantProfile } from '../api/get-merchant-me';

function businessTypeLabel(value: string | null) {
  return BUSINESS_TYPES.find((type) => type.value === value)?.label ?? value ?? 'Local business';
}

/** Logo, name, address and business type, with "Upload Logo" / "Update Logo". */
export function LogoCard({ merchant }: { merchant: MerchantProfile }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-4 p-6">
        {merchant.logoUrl ? (
          <img src={merchant.logoUrl} alt={`${merchant.name} logo`} className="size-20 rounded-xl object-cover" />
        ) : (
          <div aria-hidden="true" className="flex size-20 items-center justify-center rounded-xl bg-brand-100 text-2xl font-bold text-brand-800">
            {merchant.name.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-stone-900">{merchant.name}</h2>
          <p className="text-sm text-stone-600">{merchant.address}</p>
          <p className="text-sm text-stone-600">{businessTypeLabel(merchant.businessType)}</p>
        </div>
      </CardContent>
    </Card>
  );
}
