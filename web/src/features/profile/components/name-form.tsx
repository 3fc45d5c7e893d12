import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { useUpdateProfile } from '../api/update-profile';
import { nameToSave } from '../utils/name-change';

/** Editable name: trimmed, never empty (Save disabled), and no call when unchanged. */
export function NameForm({ current }: { current: string }) {
  const [name, setName] = useState(current);
  const update = useUpdateProfile();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const next = nameToSave(name, current);
    if (next === null) {
      setName(current.trim() === name.trim() ? current : name);
      return;
    }
    update.mutate(
      { name: next },
      {
        onSuccess: () => {
          setName(next);
          toast({ title: 'Name updated', description: 'Your name has been updated successfully.' });
        },
        onError: () => toast({ variant: 'destructive', title: 'Failed to update your name. Please try again.' }),
      },
    );
  };

  return (
    <form onSubmit={save} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField id="profile-name" label="Name" className="flex-1" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
      <Button type="submit" disabled={!name.trim()} pending={update.isPending}>
        Save
      </Button>
    </form>
  );
}
