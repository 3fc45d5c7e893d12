import { GiftBuyPage, type RenderGiftPayment } from '@/features/gifts/components/gift-buy-page';
import { GiftFrame } from '@/features/gifts/components/gift-frame';
import { CardForm } from '@/features/subscriptions/components/payment-step';

const payment: RenderGiftPayment = ({ payment: started, busy, onPaid, onFailed }) => (
  <CardForm checkout={started} busy={busy} onPaid={onPaid} onFailed={onFailed} />
);

/** /gift: the gift form (features/gifts) paid with the subscriptions feature's card form. */
export function Component() {
  return <GiftFrame><GiftBuyPage renderPayment={payment} /></GiftFrame>;
}
