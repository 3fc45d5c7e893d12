import type { City } from '@shared/contract/index.ts';
import { cityLabel } from '@/lib/cities';

/** The options of a city select: the empty choice (or "Loading cities..." while they load), then each city by its label. */
export function CityOptions({ cities, loading, placeholder }: { cities: readonly City[] | undefined; loading: boolean; placeholder: string }) {
  return (
    <>
      <option value="">{loading ? 'Loading cities...' : placeholder}</option>
      {cities?.map((city) => (
        <option key={city.id} value={city.id}>
          {cityLabel(city)}
        </option>
      ))}
    </>
  );
}

/** The options of a charity select: the empty choice with what it means now (loading, none listed...), then each charity. */
export function CharityOptions({ charities, placeholder }: { charities: readonly { id: string; name: string }[] | undefined; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {charities?.map((charity) => (
        <option key={charity.id} value={charity.id}>
          {charity.name}
        </option>
      ))}
    </>
  );
}
