import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import type { RedeemGiftAnswer } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { apiJson } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { useUser } from '@/lib/auth/get-me';
import { redeemGift, useGiftForRecipient } from '../api/gifts';

/**
 * /gift/:token, the recipient's link (decision 201): a customer redeems onto their membership; a new person creates an
 * account here and redeems in one step. The app then starts afresh signed in, as a member.
 */
export function GiftRedeemPage() {
  const { token = '' } = useParams();
  const { user } = useUser();
  const gift = useGiftForRecipient(token);
  const [name, setName] = useState('');
  const [email, setEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [redeemed, setRedeemed] = useState<RedeemGiftAnswer | null>(null);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      setRedeemed(await redeemGift(token));
    } catch (error) {
      setProblem(errorMessage(error, 'The gift could not be redeemed.'));
    } finally {
      setBusy(false);
    }
  };
  const signUp = (event: FormEvent) => {
    event.preventDefault();
    void run(() => apiJson('POST', '/api/auth/register', { role: 'USER', name, email: email ?? gift.data?.recipientEmail, password }));
  };

  if (gift.isPending) return <main className="mx-auto w-full max-w-lg p-6" role="status">Opening your gift…</main>;
  if (gift.isError || !gift.data) return <main className="mx-auto w-full max-w-lg p-6"><p role="alert">This gift link is not valid.</p></main>;
  const g = gift.data;
  return (
    <main className="mx-auto w-full max-w-lg space-y-4 p-6">
      <h1 className="text-2xl font-bold">{g.fromName} gave you {g.months === 1 ? 'a month' : `${g.months} months`} of Pay Local</h1>
      {g.message && <blockquote className="rounded-xl bg-stone-100 p-3 italic">“{g.message}”</blockquote>}
      {redeemed ? (
        <>
          <p role="status">{redeemed.message}</p>
          {/* A full load: the app reads the new session and the membership afresh. */}
          <a className="font-semibold text-brand-700 underline" href="/app">See your deals</a>
        </>
      ) : g.refunded ? (
        <p role="alert">This gift was refunded and can no longer be redeemed.</p>
      ) : g.redeemed ? (
        <p role="alert">This gift has already been redeemed.</p>
      ) : user ? (
        user.role === 'USER'
          ? <Button pending={busy} onClick={() => void run(async () => undefined)}>Redeem my gift</Button>
          : <p role="alert">Gift memberships are redeemed by customer accounts. Sign out and create one to redeem.</p>
      ) : (
        <form onSubmit={signUp} className="space-y-4" aria-label="Create your account">
          <p>Create your account to start your membership. It does not renew. Already a member? <a className="underline" href="/login">Sign in</a>, then open this link again.</p>
          <TextField id="gift-name" label="Your name" required value={name} onChange={(e) => setName(e.target.value)} />
          <TextField id="gift-email" label="Email" type="email" required value={email ?? g.recipientEmail} onChange={(e) => setEmail(e.target.value)} />
          <TextField id="gift-password" label="Password" type="password" required autoComplete="new-password" hint="At least 8 characters."
            value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit" pending={busy}>Create account and start</Button>
        </form>
      )}
      {problem && <p role="alert" className="text-sm font-medium text-red-700">{problem}</p>}
    </main>
  );
}
