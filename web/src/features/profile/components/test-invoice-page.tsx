import { useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { usePayTestInvoice } from '../api/pay-test-invoice';

/**
 * Built-in test payments only (decision 171): the stand-in for Stripe's hosted invoice page, where a member
 * whose bank asked for 3-D Secure at renewal confirms the payment. The banner's "Confirm payment" opens it.
 */
export function TestInvoicePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const pay = usePayTestInvoice();
  const confirm = () =>
    pay.mutate(id, {
      onSuccess: (answer) => {
        toast({ title: 'Payment confirmed', description: answer.message });
        void navigate(paths.profile);
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Payment not confirmed', description: errorMessage(error) }),
    });
  return (
    <SignedInScreen homePath={paths.memberHome}>
      <main className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={paths.profile}>Back</BackLink>
        <ScreenTitle subtitle="Your bank asks you to confirm this renewal.">Confirm your payment</ScreenTitle>
        <Card>
          <CardContent className="space-y-4 pt-6">
            <p role="note" className="rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-sm text-amber-950">
              <span className="font-bold">Test mode</span> — this page stands in for your bank's 3-D Secure check. No money moves.
            </p>
            <p className="break-all text-sm text-stone-600">Invoice {id}</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={confirm} pending={pay.isPending}>Confirm payment</Button>
              <Button variant="ghost" onClick={() => void navigate(paths.profile)}>Not now</Button>
            </div>
          </CardContent>
        </Card>
      </main>
    </SignedInScreen>
  );
}
