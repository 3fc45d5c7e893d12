import { type ComponentProps, type ReactNode, useState } from 'react';
import { Button } from './button';
import { ConfirmDialog } from './dialog';

interface ConfirmButtonProps extends Omit<ComponentProps<typeof Button>, 'onClick' | 'title'> {
  /** The question, e.g. "Remove Sam?". */
  title: ReactNode;
  /** What cannot be undone, in a sentence. */
  message: ReactNode;
  /** The confirming button's words, e.g. "Remove". */
  confirmLabel: string;
  /** The action: runs once the person confirms. */
  onConfirm: () => void;
}

/**
 * A button for an action that cannot be undone (remove staff, unpair a tablet, a full refund, hide, withdraw): it
 * asks once, in the shared ConfirmDialog, and runs `onConfirm` on Yes (issue 38). Every such action uses it, so
 * each asks the same way.
 */
export function ConfirmButton({ title, message, confirmLabel, onConfirm, children, ...button }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setAsking(true)}>{children}</Button>
      <ConfirmDialog
        open={asking}
        title={title}
        message={message}
        confirmLabel={confirmLabel}
        destructive
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
      />
    </>
  );
}
