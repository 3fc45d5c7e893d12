import { BUSINESS_CATEGORIES } from '@shared/constants.ts';
import { Input, Select } from '@/components/ui/form-controls';
import { useCities } from '@/lib/lookup/get-cities';
import type { BusinessSearchFilters } from '../api/search-businesses';
import { categoryFilterLabel } from '@/lib/categories';

interface BusinessFiltersProps {
  filters: BusinessSearchFilters;
  onChange: (filters: BusinessSearchFilters) => void;
}

/** Search box, category filter (the fixed list) and city filter (known cities by name). */
export function BusinessFilters({ filters, onChange }: BusinessFiltersProps) {
  const { data: cities = [] } = useCities();
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
      <div className="relative">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="pointer-events-none absolute top-3.5 left-3 size-4 text-stone-500" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="9" cy="9" r="6" />
          <path d="m14 14 4 4" strokeLinecap="round" />
        </svg>
        <Input
          type="search"
          aria-label="Search businesses"
          placeholder="Search businesses..."
          className="pl-9"
          value={filters.q}
          onChange={(e) => onChange({ ...filters, q: e.target.value })}
        />
      </div>
      <Select aria-label="Category" value={filters.category} onChange={(e) => onChange({ ...filters, category: e.target.value })}>
        <option value="">All categories</option>
        {BUSINESS_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {categoryFilterLabel(category)}
          </option>
        ))}
      </Select>
      <Select aria-label="City" value={filters.city} onChange={(e) => onChange({ ...filters, city: e.target.value })}>
        <option value="">All cities</option>
        {cities.map((city) => (
          <option key={city.id} value={city.id}>
            {city.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
