import { useParams } from 'react-router';
import { useGiftReceipt } from '../api/gifts';
import { GiftLine } from './gift-state';

/** /gift-receipt/:token: the buyer follows their gift through the receipt mail's link (decision 201). */
export function GiftReceiptPage() {
  const { token = '' } = useParams();
  const receipt = useGiftReceipt(token);
  if (receipt.isPending) return <main className="mx-auto w-full max-w-lg p-6" role="status">Loading your gift…</main>;
  if (receipt.isError || !receipt.data) return <main className="mx-auto w-full max-w-lg p-6"><p role="alert">This receipt link is not valid.</p></main>;
  return (
    <main className="mx-auto w-full max-w-lg space-y-4 p-6">
      <h1 className="text-2xl font-bold">Your gift</h1>
      <ul><GiftLine gift={receipt.data.gift} /></ul>
    </main>
  );
}

