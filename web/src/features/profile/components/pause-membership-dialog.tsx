import { MembershipDialog } from './membership-dialog';

/** Confirms a pause (issue 31: no longer on one tap), saying what it does and how it ends. */
export function PauseMembershipDialog(dialog: { open: boolean; pending: boolean; onClose: () => void; onConfirm: () => void }) {
  return (
    <MembershipDialog
      {...dialog}
      title="Pause your membership?"
      description={
        <>
          While it is paused you are not charged, and deal codes are hidden. It stays paused until you choose Resume
          Membership here; it then runs and renews again.
        </>
      }
      keepLabel="Keep It Running"
      confirmLabel="Yes, Pause Membership"
    />
  );
}
