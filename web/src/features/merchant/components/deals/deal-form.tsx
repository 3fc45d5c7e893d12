import { useId, useState, type FormEvent } from 'react';
import {
  DEAL_DESCRIPTION_MAX, DEAL_TITLE_MAX, DEFAULT_DEAL_CATEGORY, MERCHANT_DEAL_CATEGORIES, PER_MEMBER_LIMIT_LABELS, PER_MEMBER_LIMITS,
  type PerMemberLimit,
} from '@shared/constants.ts';
import type { CreateDealBody, UpdateDealBody } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Field, Select, Textarea } from '@/components/ui/form-controls';
import { TextField } from '@/components/ui/text-field';
import { RadioLabel } from '@/components/ui/radio-label';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { dealCategoryLabel } from '@/lib/categories';
import { useMerchantLocations } from '@/lib/merchant/get-merchant-locations';
import { OFFER_RULES_NOTE_MAX, rulesText } from '@shared/offer-rules.ts';
import { createPayload, type DealFormValues, type DiscountType, emptyDealForm, rulesOfForm, updatePayload } from '../../utils/deal-form';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The offer rules (issue 38): days, hours, minimum spend, excluded dates and a note, with the sentence members read. */
function OfferRulesFields({ id, values, set }: {
  id: string;
  values: DealFormValues;
  set: <K extends keyof DealFormValues>(key: K, value: DealFormValues[K]) => void;
}) {
  const checked = rulesOfForm(values);
  const toggleDay = (day: number) =>
    set('weekdays', values.weekdays.includes(day) ? values.weekdays.filter((d) => d !== day) : [...values.weekdays, day].sort((a, b) => a - b));
  return (
    <fieldset className="space-y-3 rounded-xl border border-stone-200 p-4">
      <legend className="px-1 text-sm font-medium text-stone-800">Offer rules (optional, in your city's local time)</legend>
      <div role="group" aria-label="Days" className="flex flex-wrap gap-2">
        {WEEKDAYS.map((name, i) => (
          <label key={name} className="inline-flex min-h-11 items-center gap-1.5 rounded-md border border-stone-300 px-3 text-sm">
            <input type="checkbox" checked={values.weekdays.includes(i + 1)} onChange={() => toggleDay(i + 1)} />
            {name}
          </label>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <TextField id={`${id}-start`} label="From" type="time" value={values.startTime} onChange={(e) => set('startTime', e.target.value)} />
        <TextField id={`${id}-end`} label="Until" type="time" value={values.endTime} onChange={(e) => set('endTime', e.target.value)} />
        <TextField id={`${id}-min-spend`} label="Minimum spend ($)" type="number" inputMode="decimal" min={0.01} step={0.01} value={values.minSpend}
          placeholder="None" onChange={(e) => set('minSpend', e.target.value)} />
      </div>
      <TextField id={`${id}-excluded`} label="Not on these dates" value={values.excludedDates} placeholder="2026-12-24, 2026-12-25"
        onChange={(e) => set('excludedDates', e.target.value)} />
      <TextField id={`${id}-note`} label="Note" maxLength={OFFER_RULES_NOTE_MAX} value={values.rulesNote} placeholder="Dine-in only"
        onChange={(e) => set('rulesNote', e.target.value)} />
      <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-800" aria-live="polite" data-testid="rules-preview">
        <span className="font-semibold">Members read: </span>
        {checked.ok ? rulesText(checked.rules, values.perMemberLimit) : checked.notice.description}
      </p>
    </fieldset>
  );
}

/** Where the deal applies (issue 40): all locations, or the ones ticked. Shown only to a business with several. */
function LocationFields({ values, set }: {
  values: DealFormValues;
  set: <K extends keyof DealFormValues>(key: K, value: DealFormValues[K]) => void;
}) {
  const locations = useMerchantLocations();
  if (!locations.data || locations.data.length < 2) return null;
  const all = values.locationIds.length === 0;
  const toggle = (locationId: string) =>
    set('locationIds', values.locationIds.includes(locationId) ? values.locationIds.filter((l) => l !== locationId) : [...values.locationIds, locationId]);
  return (
    <fieldset className="space-y-2 rounded-xl border border-stone-200 p-4">
      <legend className="px-1 text-sm font-medium text-stone-800">Where it applies</legend>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" checked={all} onChange={() => set('locationIds', all ? [locations.data[0]!.id] : [])} />
        All locations
      </label>
      {!all && (
        <div role="group" aria-label="Locations" className="flex flex-wrap gap-2">
          {locations.data.map((location) => (
            <label key={location.id} className="inline-flex min-h-11 items-center gap-1.5 rounded-md border border-stone-300 px-3 text-sm">
              <input type="checkbox" checked={values.locationIds.includes(location.id)} onChange={() => toggle(location.id)} />
              {location.name ?? location.address}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

type DealFormProps =
  | { mode: 'create'; initial?: DealFormValues; pending: boolean; onSubmit: (payload: CreateDealBody) => void; onCancel?: () => void }
  | { mode: 'edit'; initial: DealFormValues; pending: boolean; onSubmit: (payload: UpdateDealBody) => void; onCancel?: () => void };

/** Create or edit a deal. Rule violations show the spec's notices and send nothing. */
export function DealForm(props: DealFormProps) {
  const id = useId();
  const [values, setValues] = useState<DealFormValues>(props.initial ?? emptyDealForm);
  const set = <K extends keyof DealFormValues>(key: K, value: DealFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (props.mode === 'create') {
      const result = createPayload(values);
      if (!result.ok) return void toast({ ...result.notice, variant: 'destructive' });
      props.onSubmit(result.payload);
    } else {
      const result = updatePayload(values);
      if (!result.ok) return void toast({ ...result.notice, variant: 'destructive' });
      props.onSubmit(result.payload);
    }
  }

  const creating = props.mode === 'create';
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField id={`${id}-title`} label="Deal title" required hint={`${values.title.trim().length}/${DEAL_TITLE_MAX}`}
        maxLength={DEAL_TITLE_MAX} value={values.title} placeholder="20% Off Breakfast Burritos"
        aria-describedby={`${id}-title-hint`} onChange={(e) => set('title', e.target.value)} />
      <Field id={`${id}-description`} label="Description" required hint={`${values.description.trim().length}/${DEAL_DESCRIPTION_MAX}`}>
        <Textarea id={`${id}-description`} required maxLength={DEAL_DESCRIPTION_MAX} value={values.description}
          placeholder="What the member gets, and any conditions" aria-describedby={`${id}-description-hint`}
          onChange={(e) => set('description', e.target.value)} />
      </Field>

      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Discount type</legend>
        <div className="mt-1.5 inline-flex rounded-lg bg-stone-100 p-1" role="radiogroup">
          {(['percent', 'amount'] as DiscountType[]).map((type) => (
            <RadioLabel key={type} name={`${id}-discount-type`} value={type} checked={values.discountType === type} onSelect={() => set('discountType', type)}
              className={cn('rounded-md px-4 py-1.5 text-sm font-semibold text-stone-700', values.discountType === type && 'bg-white text-brand-900 shadow-sm')}>
              {type === 'percent' ? 'Percent off' : 'Amount off'}
            </RadioLabel>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {values.discountType === 'percent' ? (
          <TextField id={`${id}-percent`} label="Discount (%)" required type="number" inputMode="numeric" min={1} max={100} step={1} value={values.discountPercent}
            placeholder="20" onChange={(e) => set('discountPercent', e.target.value)} />
        ) : (
          <TextField id={`${id}-amount`} label="Discount amount ($)" required type="number" inputMode="decimal" min={0.01} step={0.01} value={values.discountAmount}
            placeholder="5.00" onChange={(e) => set('discountAmount', e.target.value)} />
        )}
        <Field id={`${id}-category`} label="Category" required>
          <Select id={`${id}-category`} required value={values.category} onChange={(e) => set('category', e.target.value)}>
            <option value={DEFAULT_DEAL_CATEGORY}>{dealCategoryLabel(DEFAULT_DEAL_CATEGORY)}</option>
            {MERCHANT_DEAL_CATEGORIES.map((category) => (
              <option key={category} value={category}>{dealCategoryLabel(category)}</option>
            ))}
          </Select>
        </Field>
        <TextField id={`${id}-max-uses`} label="Max uses (optional)" type="number" inputMode="numeric" min={1} step={1} value={values.maxUses} placeholder="Unlimited"
          onChange={(e) => set('maxUses', e.target.value)} />
        <Field id={`${id}-per-member`} label="Uses per member" required>
          <Select id={`${id}-per-member`} required value={values.perMemberLimit}
            onChange={(e) => set('perMemberLimit', e.target.value as PerMemberLimit)}>
            {PER_MEMBER_LIMITS.map((limit) => <option key={limit} value={limit}>{PER_MEMBER_LIMIT_LABELS[limit]}</option>)}
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <TextField id={`${id}-from`} label="Valid from" type="date" value={values.validFrom} onChange={(e) => set('validFrom', e.target.value)} />
          <TextField id={`${id}-to`} label="Valid to" type="date" value={values.validTo} onChange={(e) => set('validTo', e.target.value)} />
        </div>
      </div>

      <OfferRulesFields id={id} values={values} set={set} />
      <LocationFields values={values} set={set} />

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {props.onCancel && (
          <Button variant="outline" onClick={props.onCancel} disabled={props.pending}>Cancel</Button>
        )}
        <Button type="submit" pending={props.pending}>
          {creating ? (props.pending ? 'Creating...' : 'Create Deal') : props.pending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
