import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';

/**
 * The admin's Add/Edit dialog: its fields, then Cancel and the submit button ("Save Changes" when editing,
 * `createLabel` when adding; "Saving..."/"Creating..." while pending). Submits only when `complete`; cannot be
 * dismissed while a save is under way.
 */
export function FormDialog({ title, description, editing, createLabel, pending, complete, onSubmit, onClose, children }: {
  title: string;
  description?: string;
  editing: boolean;
  createLabel: string;
  pending: boolean;
  complete: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (complete) onSubmit();
  };
  return (
    <Modal open onClose={pending ? () => {} : onClose} title={title} description={description}>
      <form onSubmit={submit} className="space-y-4">
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete} pending={pending}>
            {editing ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Creating...' : createLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
