import { useState } from 'react';
import { CHARITY_NAME_MAX } from '@shared/constants.ts';
import type { AdminCharity, AdminCity } from '@shared/contract/index.ts';
import { Checkbox, Field, Input, Label, Select } from '@/components/ui/form-controls';
import { cityLabel } from '@/lib/cities';
import { useCreateCharity } from '../api/create-charity';
import { useUpdateCharity } from '../api/update-charity';
import { actionToasts } from '../utils/action-toasts';
import { FormDialog } from './form-dialog';

interface CharityFormDialogProps {
  /** null: Add Charity. */
  charity: AdminCharity | null;
  /** Every city, inactive ones too (a city can be prepared before it opens). */
  cities: readonly AdminCity[];
  /** Preselected city when adding. */
  cityId?: string;
  onClose: () => void;
}

/** Add Charity (with its city) or Edit Charity (name and default; the city stays, so its history does). */
export function CharityFormDialog({ charity, cities, cityId: initialCityId, onClose }: CharityFormDialogProps) {
  const [cityId, setCityId] = useState(charity?.cityId ?? initialCityId ?? '');
  const [name, setName] = useState(charity?.name ?? '');
  const [isDefault, setIsDefault] = useState(charity?.isDefault ?? false);
  const retired = charity?.retiredAt != null;

  const create = useCreateCharity(actionToasts({ done: 'Charity created', failed: 'Failed to create charity', close: onClose }));
  const update = useUpdateCharity(actionToasts({ done: 'Charity updated', failed: 'Failed to update charity', close: onClose }));

  return (
    <FormDialog
      title={charity ? 'Edit Charity' : 'Add Charity'}
      description={charity ? `${charity.name}, ${charity.cityName}` : 'A charity members of the city can choose for their 10% share'}
      editing={charity !== null}
      createLabel="Create Charity"
      pending={create.isPending || update.isPending}
      complete={name.trim() !== '' && cityId !== ''}
      onSubmit={() => (charity ? update.mutate({ id: charity.id, name, ...(retired ? {} : { isDefault }) }) : create.mutate({ cityId, name, isDefault }))}
      onClose={onClose}
    >
      {!charity && (
        <Field id="charity-city" label="City" required>
          <Select id="charity-city" required value={cityId} onChange={(e) => setCityId(e.target.value)}>
            <option value="">Select a city</option>
            {cities.map((city) => (
              <option key={city.id} value={city.id}>
                {cityLabel(city)}
                {city.active ? '' : ' (inactive)'}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field id="charity-name" label="Charity name" required hint={`Unique in its city, at most ${CHARITY_NAME_MAX} characters.`}>
        <Input
          id="charity-name"
          required
          maxLength={CHARITY_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g., Lyons Youth Sports"
          aria-describedby="charity-name-hint"
        />
      </Field>
      <div className="flex items-start gap-2">
        <Checkbox id="charity-default" checked={isDefault} disabled={retired} onChange={(e) => setIsDefault(e.target.checked)} aria-describedby="charity-default-hint" />
        <div>
          <Label htmlFor="charity-default">Default charity of the city</Label>
          <p id="charity-default-hint" className="text-xs text-stone-600">
            {retired ? 'Restore the charity to make it the default.' : 'Receives the share of members who chose no charity. Replaces the current default.'}
          </p>
        </div>
      </div>
    </FormDialog>
  );
}
