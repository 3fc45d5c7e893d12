import { BUSINESS_TYPES } from '@shared/constants.ts';
import { businessCategoryLabel } from '@/lib/categories';
import type { City } from '@shared/contract/index.ts';
import { CityOptions } from '@/components/ui/lookup-options';
import { Checkbox, Field, Label, Select, Textarea } from '@/components/ui/form-controls';
import { TextField } from '@/components/ui/text-field';
import type { RegisterFormState } from '../utils/register-form-state';

type MerchantKeys =
  | 'businessName'
  | 'businessType'
  | 'businessDescription'
  | 'businessAddress'
  | 'businessPhone'
  | 'businessWebsite'
  | 'merchantCityId'
  | 'isWomenOwned';

interface MerchantFieldsProps {
  state: Pick<RegisterFormState, MerchantKeys>;
  cities: readonly City[];
  citiesLoading: boolean;
  onChange: <K extends MerchantKeys>(key: K, value: RegisterFormState[K]) => void;
}

/** Business details; only name and address are required (docs/spec.md section 5). */
export function MerchantFields({ state, cities, citiesLoading, onChange }: MerchantFieldsProps) {
  return (
    <fieldset className="space-y-5">
      <legend className="mb-1 text-base font-semibold text-stone-900">Business details</legend>
      <TextField id="register-business-name" label="Business name" required autoComplete="organization"
        value={state.businessName} onChange={(e) => onChange('businessName', e.target.value)} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="register-business-type" label="Business type">
          <Select id="register-business-type" value={state.businessType} onChange={(e) => onChange('businessType', e.target.value)}>
            <option value="">Select a type</option>
            {BUSINESS_TYPES.map((type) => (
              <option key={type} value={type}>
                {businessCategoryLabel(type)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="register-business-city" label="City">
          <Select
            id="register-business-city"
            value={state.merchantCityId}
            disabled={citiesLoading}
            onChange={(e) => onChange('merchantCityId', e.target.value)}
          >
            <CityOptions cities={cities} loading={citiesLoading} placeholder="Select a city" />
          </Select>
        </Field>
      </div>
      <Field id="register-business-description" label="Business description">
        <Textarea
          id="register-business-description"
          rows={3}
          placeholder="What makes your business special?"
          value={state.businessDescription}
          onChange={(e) => onChange('businessDescription', e.target.value)}
        />
      </Field>
      <TextField id="register-business-address" label="Business address" required autoComplete="street-address"
        value={state.businessAddress} onChange={(e) => onChange('businessAddress', e.target.value)} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="register-business-phone" label="Business phone" type="tel" autoComplete="tel"
          value={state.businessPhone} onChange={(e) => onChange('businessPhone', e.target.value)} />
        <TextField id="register-business-website" label="Business website" type="url" placeholder="https://" autoComplete="url"
          value={state.businessWebsite} onChange={(e) => onChange('businessWebsite', e.target.value)} />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="register-women-owned" checked={state.isWomenOwned} onChange={(e) => onChange('isWomenOwned', e.target.checked)} />
        <Label htmlFor="register-women-owned" className="font-normal">
          This is a women-owned business
        </Label>
      </div>
    </fieldset>
  );
}
