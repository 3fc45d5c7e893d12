import { useAdminGifts, useMyGifts, useRefundGift } from '../api/gifts';
import { Button } from '@/components/ui/button';
import { GiftLine } from './gift-state';

/** The profile's "Gifts you gave": each gift and whether it was redeemed. Nothing when none. */
export function MyGifts() {
  const { data } = useMyGifts();
  if (!data?.gifts.length) return null;
  return (
    <section aria-labelledby="my-gifts" className="space-y-2">
      <h2 id="my-gifts" className="text-lg font-semibold">Gifts you gave</h2>
      <ul className="divide-y divide-stone-200">{data.gifts.map((gift) => <GiftLine key={gift.id} gift={gift} />)}</ul>
      <a className="text-sm text-brand-700 underline" href="/gift">Give another</a>
    </section>
  );
}

/** The admin's gift list: an unredeemed gift can be refunded in full. */
export function AdminGifts() {
  const { data } = useAdminGifts();
  const refund = useRefundGift();
  if (!data?.gifts.length) return null;
  return (
    <section aria-labelledby="admin-gifts" className="space-y-2">
      <h2 id="admin-gifts" className="text-lg font-semibold">Gift memberships</h2>
      <ul className="divide-y divide-stone-200">
        {data.gifts.map((gift) => (
          <GiftLine key={gift.id} gift={gift} action={['paid', 'delivered'].includes(gift.state) && (
            <Button size="sm" variant="outline" pending={refund.isPending && refund.variables === gift.id}
              onClick={() => { if (window.confirm('Refund this gift in full? It can then no longer be redeemed.')) refund.mutate(gift.id); }}>
              Refund
            </Button>
          )} />
        ))}
      </ul>
    </section>
  );
}
