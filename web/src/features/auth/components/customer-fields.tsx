import type { City } from '@shared/contract/index.ts';
import { CharityOptions, CityOptions } from '@/components/ui/lookup-options';
import { Field, Select } from '@/components/ui/form-controls';
import { useCharities } from '@/lib/lookup/get-charities';

interface CustomerFieldsProps {
  cities: readonly City[];
  citiesLoading: boolean;
  homeCityId: string;
  preferredCharityId: string;
  onHomeCityChange: (cityId: string) => void;
  onCharityChange: (charityId: string) => void;
}

/** Optional home city, then (only once a city is chosen) that city's charities. */
export function CustomerFields({ cities, citiesLoading, homeCityId, preferredCharityId, onHomeCityChange, onCharityChange }: CustomerFieldsProps) {
  // Mounted only for customers, so charities are never fetched for merchants (docs/spec.md section 5).
  const charities = useCharities(homeCityId || null);

  return (
    <div className="space-y-5">
      <Field id="register-home-city" label="Home city" hint="Optional. We'll show you deals near you.">
        <Select
          id="register-home-city"
          value={homeCityId}
          onChange={(e) => onHomeCityChange(e.target.value)}
          disabled={citiesLoading}
          aria-describedby="register-home-city-hint"
        >
          <CityOptions cities={cities} loading={citiesLoading} placeholder="Select your city (optional)" />
        </Select>
      </Field>

      {homeCityId && (
        <Field
          id="register-charity"
          label="Preferred charity"
          hint="Optional. 10% of your subscription goes to the charity you choose."
        >
          <Select
            id="register-charity"
            value={preferredCharityId}
            onChange={(e) => onCharityChange(e.target.value)}
            disabled={charities.isPending}
            aria-describedby="register-charity-hint"
          >
            <CharityOptions
              charities={charities.data}
              placeholder={
                charities.isPending
                  ? 'Loading charities...'
                  : charities.isError
                    ? 'Charities could not be loaded'
                    : charities.data?.length
                      ? 'Select a charity (optional)'
                      : 'No charities listed for this city yet'
              }
            />
          </Select>
        </Field>
      )}
    </div>
  );
}
