import { type FormEvent, useState } from 'react';
import type { AdminCity } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Checkbox, Field, Input, Label, Textarea } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useCreateCity } from '../api/create-city';
import { useUpdateCity } from '../api/update-city';

/** Add City (city = null) or Edit City (with the active toggle). Name and state are required. */
export function CityFormDialog({ city, onClose }: { city: AdminCity | null; onClose: () => void }) {
  const [name, setName] = useState(city?.name ?? '');
  const [state, setState] = useState(city?.state ?? '');
  const [description, setDescription] = useState(city?.description ?? '');
  const [active, setActive] = useState(city?.active ?? true);

  const create = useCreateCity({
    onSuccess: () => {
      toast({ title: 'City created' });
      onClose();
    },
    onError: (error) => toast({ title: 'Failed to create city', description: errorMessage(error), variant: 'destructive' }),
  });
  const update = useUpdateCity({
    onSuccess: () => {
      toast({ title: 'City updated' });
      onClose();
    },
    onError: (error) => toast({ title: 'Failed to update city', description: errorMessage(error), variant: 'destructive' }),
  });
  const pending = create.isPending || update.isPending;
  const complete = name.trim() !== '' && state.trim() !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    if (city) update.mutate({ id: city.id, name, state, description, active });
    else create.mutate({ name, state, description });
  };

  return (
    <Modal open onClose={pending ? () => {} : onClose} title={city ? 'Edit City' : 'Add City'} description={city ? `${city.name}, ${city.state}` : 'A new city members and businesses can choose'}>
      <form onSubmit={submit} className="space-y-4">
        <Field id="city-name" label="City name" required>
          <Input id="city-name" required value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g., Lyons" />
        </Field>
        <Field id="city-state" label="State" required>
          <Input id="city-state" required value={state} onChange={(e) => setState(e.target.value)} placeholder="e.g., Colorado" />
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
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete} pending={pending}>
            {city ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Creating...' : 'Create City'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
