import { GiftFrame } from '@/features/gifts/components/gift-frame';
import { GiftRedeemPage } from '@/features/gifts/components/gift-redeem-page';

/** /gift/:token: the gift's page for its recipient. */
export function Component() {
  return <GiftFrame><GiftRedeemPage /></GiftFrame>;
}
