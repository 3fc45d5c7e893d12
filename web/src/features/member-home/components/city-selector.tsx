import { useId } from 'react';
import type { City } from '@shared/contract/index.ts';
import { Select } from '@/components/ui/form-controls';
import { cityLabel } from '@/lib/cities';

/** The city to show deals for; the last entry announces more cities (spec: member home). */
export function CitySelector({ cities, value, onChange }: { cities: City[]; value: string | undefined; onChange: (cityId: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">City</label>
      <Select id={id} className="w-auto min-w-56" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {cities.map((city) => <option key={city.id} value={city.id}>{cityLabel(city)}</option>)}
        <option value="" disabled>More cities coming soon...</option>
      </Select>
    </div>
  );
}
