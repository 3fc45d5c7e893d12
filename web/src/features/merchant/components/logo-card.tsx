import { useRef } from 'react';
import { BusinessLogo } from '@/components/deals/business-logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { businessCategoryLabel } from '@/lib/categories';
import type { MerchantProfile } from '@/lib/merchant/get-merchant-me';
import { useUpdateLogo } from '../api/update-logo';

const businessTypeLabel = (value: string | null) => businessCategoryLabel(value) ?? 'Local business';

/** Logo, name, address and business type, with "Upload Logo" / "Update Logo" (one image, at most 5 MB). */
export function LogoCard({ merchant }: { merchant: MerchantProfile }) {
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateLogo({
    onSuccess: () => toast({ title: 'Logo Updated', description: 'Your new logo is live on your deals.' }),
    onError: (error) => toast({ title: 'Upload Failed', description: errorMessage(error, 'Failed to update logo'), variant: 'destructive' }),
  });

  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-4 p-6">
        <BusinessLogo name={merchant.name} logoUrl={merchant.logoUrl} alt={`${merchant.name} logo`} box="size-20 rounded-xl" initialSize="text-2xl" />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-stone-900">{merchant.name}</h2>
          <p className="text-sm text-stone-600">{merchant.address}</p>
          <p className="text-sm text-stone-600">{businessTypeLabel(merchant.businessType)}</p>
        </div>
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label="Logo image file"
          data-testid="logo-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) update.mutate(file);
          }}
        />
        <Button variant="outline" pending={update.isPending} onClick={() => input.current?.click()}>
          {update.isPending ? 'Uploading...' : merchant.logoUrl ? 'Update Logo' : 'Upload Logo'}
        </Button>
      </CardContent>
    </Card>
  );
}
