import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Button } from '@/components/ui/button';

interface PauseMembershipDialogProps {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Confirms a pause (issue 31: no longer on one tap), saying what it does and how it ends. */
export function PauseMembershipDialog({ open, pending, onClose, onConfirm }: PauseMembershipDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-stone-950/40" aria-hidden="true" />
      <div className="fixed inset-0 grid place-items-center p-4">
        <DialogPanel className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-stone-900">Pause your membership?</DialogTitle>
          <Description className="text-sm text-stone-700">
            While it is paused you are not charged, and deal codes are hidden. It stays paused until you choose Resume
            Membership here; it then runs and renews again.
          </Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Keep It Running
            </Button>
            <Button onClick={onConfirm} pending={pending}>
              Yes, Pause Membership
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
