import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Button } from '@/components/ui/button';

interface CancelMembershipDialogProps {
  open: boolean;
  periodEnd: string | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Confirms a cancel, listing what the member loses (spec: member-only deals, early access, member discounts). */
export function CancelMembershipDialog({ open, periodEnd, pending, onClose, onConfirm }: CancelMembershipDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-stone-950/40" aria-hidden="true" />
      <div className="fixed inset-0 grid place-items-center p-4">
        <DialogPanel className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-stone-900">Cancel your membership?</DialogTitle>
          <Description className="text-sm text-stone-700">
            Your membership stays active until {periodEnd ?? 'the end of the current billing period'}. After that you will lose:
          </Description>
          <ul className="list-disc space-y-1 pl-5 text-sm text-stone-800">
            <li>Member-only deals from local businesses</li>
            <li>Early access to new deals</li>
            <li>Member discounts with rotating codes</li>
          </ul>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Keep Membership
            </Button>
            <Button variant="destructive" onClick={onConfirm} pending={pending}>
              Yes, Cancel Membership
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
