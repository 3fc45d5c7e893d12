import { GiftFrame } from '@/features/gifts/components/gift-frame';
import { GiftReceiptPage } from '@/features/gifts/components/gift-receipt-page';

/** /gift-receipt/:token: the buyer's receipt. */
export function Component() {
  return <GiftFrame><GiftReceiptPage /></GiftFrame>;
}
