import { useState } from 'react';
import type { AdminCity } from '@shared/contract/index.ts';
import { canonicalTimeZone } from '@shared/offer-rules.ts';
import { Checkbox, Field, Input, Label, Textarea } from '@/components/ui/form-controls';
import { useCreateCity } from '../api/create-city';
import { useUpdateCity } from '../api/update-city';
import { actionToasts } from '../utils/action-toasts';
import { FormDialog } from './form-dialog';

/** Add City (city = null) or Edit City (with the active toggle). Name and state are required. */
export function CityFormDialog({ city, onClose }: { city: AdminCity | null; onClose: () => void }) {
  const [name, setName] = useState(city?.name ?? '');
  const [state, setState] = useState(city?.state ?? '');
  const [description, setDescription] = useState(city?.description ?? '');
  const [active, setActive] = useState(city?.active ?? true);
  // Deal rules (days, hours) of the city's businesses are read in this zone (issue 38).
  const [timeZone, setTimeZone] = useState(city?.timeZone ?? 'America/Denver');
  const zoneKnown = canonicalTimeZone(timeZone.trim()) !== null;

  const create = useCreateCity(actionToasts({ done: 'City created', failed: 'Failed to create city', close: onClose }));
  const update = useUpdateCity(actionToasts({ done: 'City updated', failed: 'Failed to update city', close: onClose }));

  return (
    <FormDialog
      title={city ? 'Edit City' : 'Add City'}
      description={city ? `${city.name}, ${city.state}` : 'A new city members and businesses can choose'}
      editing={city !== null}
      createLabel="Create City"
      pending={create.isPending || update.isPending}
      complete={name.trim() !== '' && state.trim() !== '' && zoneKnown}
      onSubmit={() => (city ? update.mutate({ id: city.id, name, state, description, active, timeZone }) : create.mutate({ name, state, description, timeZone }))}
      onClose={onClose}
    >
      <Field id="city-name" label="City name" required>
        <Input id="city-name" required value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g., Lyons" />
      </Field>
      <Field id="city-state" label="State" required>
        <Input id="city-state" required value={state} onChange={(e) => setState(e.target.value)} placeholder="e.g., Colorado" />
      </Field>
      <Field id="city-time-zone" label="Time zone" required hint={zoneKnown ? 'Deal days and hours are read in this time zone.' : 'Not a time zone: use an IANA name such as America/Denver.'}>
        <Input id="city-time-zone" required value={timeZone} aria-describedby="city-time-zone-hint" aria-invalid={!zoneKnown}
          onChange={(e) => setTimeZone(e.target.value)} placeholder="America/Denver" />
      </Field>
      <Field id="city-description" label="Description">
        <Textarea id="city-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      {city && (
        <div className="flex items-center gap-2">
          <Checkbox id="city-active" checked={active} onChange={(e) => setActive(e.target.checked)} />
          <Label htmlFor="city-active">Active (listed for members and businesses)</Label>
        </div>
      )}
    </FormDialog>
  );
}
