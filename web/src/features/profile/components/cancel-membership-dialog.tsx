import { MembershipDialog } from './membership-dialog';

interface CancelMembershipDialogProps {
  open: boolean;
  periodEnd: string | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Confirms a cancel, listing what the member loses (spec: member-only deals, early access, member discounts). */
export function CancelMembershipDialog({ periodEnd, ...dialog }: CancelMembershipDialogProps) {
  return (
    <MembershipDialog
      {...dialog}
      title="Cancel your membership?"
      description={<>Your membership stays active until {periodEnd ?? 'the end of the current billing period'}. After that you will lose:</>}
      keepLabel="Keep Membership"
      confirmLabel="Yes, Cancel Membership"
      destructive
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-stone-800">
        <li>Member-only deals from local businesses</li>
        <li>Early access to new deals</li>
        <li>Member discounts with rotating codes</li>
      </ul>
    </MembershipDialog>
  );
}
