import { Dialog as HeadlessDialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A modal dialog: focus is trapped inside, Escape and the backdrop close it. */
export function Modal({ open, onClose, title, description, children, className }: ModalProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-stone-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel className={cn('w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl', className)}>
          <DialogTitle className="text-lg font-semibold text-stone-900">{title}</DialogTitle>
          {description && <Description className="mt-1 text-sm text-stone-600">{description}</Description>}
          <div className="mt-4">{children}</div>
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" before an action that cannot be undone. */
export function ConfirmDialog({ open, title, message, confirmLabel, pendingLabel, pending, destructive, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={pending ? () => {} : onCancel} title={title} description={message}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} pending={pending}>
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
