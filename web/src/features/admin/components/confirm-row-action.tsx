import { ConfirmDialog } from '@/components/ui/dialog';

const PENDING = { Delete: 'Deleting...', Retire: 'Retiring...' } as const;

/**
 * The confirmation of a destructive row action of an admin table: open while a row is chosen (`target`), titled
 * "<Verb> <thing>?" and confirmed with "<Verb> <Thing>" ("Delete city?", "Delete City").
 */
export function ConfirmRowAction<T>({ verb, thing, target, message, pending, onConfirm, onCancel }: {
  verb: keyof typeof PENDING;
  /** Lower case, as in the title: "city", "business". */
  thing: string;
  target: T | null;
  message: string;
  pending: boolean;
  onConfirm: (target: T) => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={`${verb} ${thing}?`}
      message={message}
      confirmLabel={`${verb} ${thing.charAt(0).toUpperCase()}${thing.slice(1)}`}
      pendingLabel={PENDING[verb]}
      destructive
      pending={pending}
      onConfirm={() => target !== null && onConfirm(target)}
      onCancel={onCancel}
    />
  );
}
