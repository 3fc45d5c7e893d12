import { useParams } from 'react-router';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { shortDate } from '@/lib/dates';
import { formatCents } from '@shared/money.ts';
import { useReceipt } from '../api/get-receipt';

/**
 * /receipts/:id (issue 39): one payment as a receipt the member can keep — the platform, the charge with the plan and
 * period it paid for, each refund, the charity share after them — printable (index.css's @media print keeps only the
 * sheet), with the way back to the profile. The receipt mail links here.
 */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  return (
    <SignedInScreen homePath={paths.memberHome}>
      <main className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <div className="print-hidden">
          <BackLink to={`${paths.profile}#billing`}>Back to your profile</BackLink>
        </div>
        {receipt.isPending ? (
          <p className="text-stone-600">Loading the receipt...</p>
        ) : receipt.isError ? (
          <p role="alert" className="text-red-700">
            {receipt.error instanceof ApiError && receipt.error.status === 404
              ? 'There is no such payment on your account.'
              : 'The receipt could not be loaded.'}
          </p>
        ) : (
          <ReceiptSheet receipt={receipt.data} />
        )}
      </main>
    </SignedInScreen>
  );
}

function ReceiptSheet({ receipt: r }: { receipt: NonNullable<ReturnType<typeof useReceipt>['data']> }) {
  const { charge } = r;
  const charity = charge.charityName ?? 'local charities';
  return (
    <>
      <ScreenTitle subtitle={`${r.platform.name} · ${r.platform.url} · ${r.platform.email}`}>Receipt</ScreenTitle>
      <Card className="receipt-sheet">
        <CardContent className="space-y-4 pt-6 text-sm text-stone-800">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-stone-600">Member</dt>
            <dd>{r.memberName}</dd>
            <dt className="text-stone-600">Paid on</dt>
            <dd>{shortDate(charge.at)}</dd>
            <dt className="text-stone-600">Receipt number</dt>
            <dd className="break-all">{charge.paymentId}</dd>
          </dl>
          <table className="w-full border-collapse" data-testid="receipt-lines">
            <tbody>
              <tr className="border-t border-stone-200">
                <td className="py-2">
                  {charge.planLabel} plan, {shortDate(charge.periodStart)} to {shortDate(charge.periodEnd)}
                  {charge.creditAppliedCents > 0 && (
                    <span className="block text-stone-600">{formatCents(charge.creditAppliedCents)} of account credit taken off</span>
                  )}
                </td>
                <td className="py-2 text-right font-medium">{formatCents(charge.amountCents)}</td>
              </tr>
              {r.returns.map((back) => (
                <tr key={back.id} className="border-t border-stone-200" data-testid="receipt-refund">
                  <td className="py-2">
                    {back.kind === 'refund' ? 'Refund' : 'Chargeback'}, {shortDate(back.at)}
                    {back.reason && <span className="block text-stone-600">{back.reason}</span>}
                  </td>
                  <td className="py-2 text-right font-medium">{formatCents(-back.amountCents)}</td>
                </tr>
              ))}
              <tr className="border-t-2 border-stone-400">
                <td className="py-2 font-semibold">Paid</td>
                <td className="py-2 text-right font-semibold">{formatCents(r.paidCents)}</td>
              </tr>
            </tbody>
          </table>
          <p data-testid="receipt-charity">
            {formatCents(charge.charityNetCents)} of it goes to {charity}
            {charge.charityNetCents !== charge.charityShareCents && ` (${formatCents(charge.charityShareCents)} before refunds)`}.
          </p>
          <p className="text-stone-600">Terms: {r.terms}</p>
        </CardContent>
      </Card>
      <div className="print-hidden">
        <Button variant="outline" onClick={() => window.print()}>Print</Button>
      </div>
    </>
  );
}
