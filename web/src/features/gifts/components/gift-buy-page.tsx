import { type FormEvent, type ReactNode, useState } from 'react';
import { GIFT_MONTHS, type BuyGiftAnswer, type CompleteGiftAnswer, type GiftMonths, giftPriceCents } from '@shared/contract/index.ts';
import { formatUsd } from '@shared/money.ts';
import { isoDay } from '@shared/iso-dates.ts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useUser } from '@/lib/auth/get-me';
import { errorMessage } from '@/lib/api-error';
import { useBuyGift, useCompleteGift } from '../api/gifts';

/** The card step, composed by the route from the subscriptions feature's card form. */
export type RenderGiftPayment = (p: {
  payment: BuyGiftAnswer; busy: boolean; onPaid: () => void; onFailed: (message: string) => void;
}) => ReactNode;

/** /gift: anyone buys a 1-, 3- or 12-month gift for an email address (decision 201), then pays with the card form. */
export function GiftBuyPage({ renderPayment }: { renderPayment: RenderGiftPayment }) {
  const { user } = useUser();
  const [months, setMonths] = useState<GiftMonths>(3);
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [deliverOn, setDeliverOn] = useState(isoDay(new Date()));
  const [buyerName, setBuyerName] = useState('');
  const [buyerEmail, setBuyerEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [payment, setPayment] = useState<BuyGiftAnswer | null>(null);
  const [done, setDone] = useState<CompleteGiftAnswer | null>(null);
  const buy = useBuyGift();
  const complete = useCompleteGift();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    buy.mutate(
      { months, recipientEmail, message, deliverOn, ...(user ? {} : { buyerName, buyerEmail }) },
      { onSuccess: setPayment, onError: (error) => setProblem(errorMessage(error, 'The gift could not be started.')) },
    );
  };
  const paid = () => complete.mutate(payment!.paymentIntentId, {
    onSuccess: setDone, onError: (error) => setProblem(errorMessage(error, 'The payment could not be confirmed.')),
  });

  if (done) {
    return (
      <main className="mx-auto w-full max-w-lg space-y-4 p-6">
        <h1 className="text-2xl font-bold">Thank you: your gift is paid</h1>
        <p role="status">
          Your {done.gift.months}-month gift for {done.gift.recipientEmail} will be emailed on {done.gift.deliverOn}. A receipt is on its way to you.
        </p>
        {done.receiptToken && <a className="text-brand-700 underline" href={`/gift-receipt/${done.receiptToken}`}>See your gift</a>}
      </main>
    );
  }
  return (
    <main className="mx-auto w-full max-w-lg space-y-6 p-6">
      <h1 className="text-2xl font-bold">Give Pay Local</h1>
      <p className="text-stone-700">A membership paid once, that never renews. 10% goes to a local charity.</p>
      {payment ? (
        renderPayment({ payment, busy: complete.isPending, onPaid: paid, onFailed: setProblem })
      ) : (
        <form onSubmit={submit} className="space-y-4" aria-label="Gift membership">
          <fieldset className="space-y-2">
            <legend className="font-semibold">Length</legend>
            {GIFT_MONTHS.map((m) => (
              <label key={m} className="flex items-center gap-2">
                <input type="radio" name="months" checked={months === m} onChange={() => setMonths(m)} />
                {m === 1 ? '1 month' : `${m} months`} · {formatUsd(giftPriceCents(m), { keepCents: true })}
              </label>
            ))}
          </fieldset>
          <TextField id="gift-recipient" label="Recipient's email" type="email" required value={recipientEmail} onChange={(e) => setRecipientEmail(e.target.value)} />
          <label className="block">
            <span className="font-medium">Message (optional)</span>
            <textarea id="gift-message" className="mt-1 w-full rounded-lg border border-stone-300 p-2" maxLength={500} value={message}
              onChange={(e) => setMessage(e.target.value)} />
          </label>
          <TextField id="gift-date" label="Delivery date" type="date" required min={isoDay(new Date())} value={deliverOn} onChange={(e) => setDeliverOn(e.target.value)} />
          {!user && (
            <>
              <TextField id="gift-buyer-name" label="Your name" required value={buyerName} onChange={(e) => setBuyerName(e.target.value)} />
              <TextField id="gift-buyer-email" label="Your email (for the receipt)" type="email" required value={buyerEmail} onChange={(e) => setBuyerEmail(e.target.value)} />
            </>
          )}
          <Button type="submit" pending={buy.isPending}>Continue to payment</Button>
        </form>
      )}
      {problem && <p role="alert" className="text-sm font-medium text-red-700">{problem}</p>}
    </main>
  );
}
