import { useId, useState, type FormEvent } from 'react';
import { BUSINESS_TYPES } from '@shared/constants.ts';
import { businessCategoryLabel } from '@/lib/categories';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Checkbox, Field, Select, Textarea } from '@/components/ui/form-controls';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { cityLabel } from '@/lib/cities';
import { useCities } from '@/lib/lookup/get-cities';
import { useApplyMerchant } from '../api/apply-merchant';

/**
 * A merchant account without a business. The spec's "Complete Application" button reloads the
 * page; here it first sends the business details (POST /api/merchant/apply), then reloads, which
 * shows "Application Under Review".
 */
export function CompleteApplication() {
  const id = useId();
  const cities = useCities();
  const [form, setForm] = useState({ businessName: '', businessAddress: '', businessType: '', cityId: '', businessPhone: '', businessWebsite: '', businessDescription: '', isWomenOwned: false });
  const set = (key: keyof typeof form, value: string | boolean) => setForm((f) => ({ ...f, [key]: value }));
  const apply = useApplyMerchant({
    onSuccess: () => window.location.reload(),
    onError: (error) => toast({ title: 'Application failed', description: errorMessage(error), variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.businessName.trim() || !form.businessAddress.trim()) {
      toast({ title: 'Missing Information', description: 'Please fill in the business name and address.', variant: 'destructive' });
      return;
    }
    const city = cities.data?.find((c) => c.id === form.cityId);
    apply.mutate({ ...form, cityId: form.cityId || null, cityName: city ? cityLabel(city) : null });
  }

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader className="items-center text-center">
        <h1 className="text-2xl font-bold text-stone-900">Complete Your Merchant Application</h1>
        <CardDescription>We couldn't find your business details yet. Finish your application to start offering deals.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${id}-name`} label="Business name" required value={form.businessName} onChange={(e) => set('businessName', e.target.value)} />
          <Field id={`${id}-type`} label="Business type">
            <Select id={`${id}-type`} value={form.businessType} onChange={(e) => set('businessType', e.target.value)}>
              <option value="">Choose a type</option>
              {BUSINESS_TYPES.map((type) => <option key={type} value={type}>{businessCategoryLabel(type)}</option>)}
            </Select>
          </Field>
          <TextField id={`${id}-address`} label="Business address" required className="sm:col-span-2" value={form.businessAddress} onChange={(e) => set('businessAddress', e.target.value)} />
          <Field id={`${id}-city`} label="City">
            <Select id={`${id}-city`} value={form.cityId} onChange={(e) => set('cityId', e.target.value)}>
              <option value="">Choose a city</option>
              {cities.data?.map((city) => <option key={city.id} value={city.id}>{cityLabel(city)}</option>)}
            </Select>
          </Field>
          <TextField id={`${id}-phone`} label="Business phone" type="tel" value={form.businessPhone} onChange={(e) => set('businessPhone', e.target.value)} />
          <TextField id={`${id}-website`} label="Business website" className="sm:col-span-2" type="url" value={form.businessWebsite} onChange={(e) => set('businessWebsite', e.target.value)} />
          <Field id={`${id}-description`} label="Business description" className="sm:col-span-2">
            <Textarea id={`${id}-description`} value={form.businessDescription} onChange={(e) => set('businessDescription', e.target.value)} />
          </Field>
          <label className="flex items-center gap-2 text-sm text-stone-800 sm:col-span-2">
            <Checkbox checked={form.isWomenOwned} onChange={(e) => set('isWomenOwned', e.target.checked)} />
            This is a women-owned business
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" className="w-full" pending={apply.isPending}>Complete Application</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
