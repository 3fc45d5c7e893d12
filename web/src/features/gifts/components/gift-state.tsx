import type { GiftSummary } from '@shared/contract/index.ts';
import { formatUsd } from '@shared/money.ts';

const STATE_LABELS: Record<GiftSummary['state'], string> = {
  unpaid: 'Not paid', paid: 'Paid, waiting for its date', delivered: 'Sent, not redeemed yet', redeemed: 'Redeemed', refunded: 'Refunded',
};

/** One gift in a list: length, recipient, date, price and whether it was redeemed. */
export function GiftLine({ gift, action }: { gift: GiftSummary; action?: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="gift-line">
      <span>
        <span className="font-semibold">{gift.months}-month gift</span> for {gift.recipientEmail} · {gift.deliverOn} ·{' '}
        {formatUsd(gift.amountCents, { keepCents: true })}
      </span>
      <span className="text-sm font-medium text-stone-700">{STATE_LABELS[gift.state]}</span>
      {action}
    </li>
  );
}
