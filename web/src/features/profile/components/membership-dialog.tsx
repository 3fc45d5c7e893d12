import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

interface MembershipDialogProps {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  description: ReactNode;
  /** Under the description (what the member loses). */
  children?: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  destructive?: boolean;
}

/** Asks before a change to the membership (pause, cancel): what it does, then keep it as it is, or go ahead. */
export function MembershipDialog({ open, pending, onClose, onConfirm, title, description, children, keepLabel, confirmLabel, destructive }: MembershipDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-stone-950/40" aria-hidden="true" />
      <div className="fixed inset-0 grid place-items-center p-4">
        <DialogPanel className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-stone-900">{title}</DialogTitle>
          <Description className="text-sm text-stone-700">{description}</Description>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={pending}>
              {keepLabel}
            </Button>
            <Button variant={destructive ? 'destructive' : undefined} onClick={onConfirm} pending={pending}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
