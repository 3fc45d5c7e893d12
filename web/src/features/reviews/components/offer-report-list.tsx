import { useState, type FormEvent, type ReactNode } from 'react';
import { OFFER_REPORT_NOTE_MAX, type OfferReport } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { dayAndTime } from '@/lib/dates';
import { formatUsd } from '@shared/money.ts';
import { useMyOfferReports, useReplyToOfferReport } from '../api/not-honoured';

/** The report's state in words (decision 191): open with the owner's deadline, or how it was decided. */
function offerReportState(report: OfferReport): string {
  if (report.state === 'rejected') return 'Not upheld';
  if (report.state === 'upheld') {
    const how = report.autoUpheld ? 'Upheld: the business did not answer within 72 hours' : 'Upheld';
    return report.creditCents ? `${how} · ${formatUsd(report.creditCents, { keepCents: true })} credit` : how;
  }
  return report.reply ? 'Open: the business answered, the Pay Local team decides' : `Open: the business may answer until ${dayAndTime(report.replyDueAt)}`;
}

/** The owner's one answer, while the 72 hours run and nothing is decided. */
function OfferReplyForm({ report }: { report: OfferReport }) {
  const [reply, setReply] = useState('');
  const send = useReplyToOfferReport({
    onSuccess: () => toast({ title: 'Answer sent', description: 'The member and the Pay Local team will see it.' }),
    onError: (error) => toast({ title: 'Could not send the answer', description: errorMessage(error), variant: 'destructive' }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reply.trim()) send.mutate({ reportId: report.id, reply });
  };
  return (
    <form onSubmit={submit} className="mt-2 space-y-2">
      <label htmlFor={`offer-reply-${report.id}`} className="text-xs font-medium text-stone-900">Your answer (once)</label>
      <Textarea id={`offer-reply-${report.id}`} rows={2} maxLength={OFFER_REPORT_NOTE_MAX} value={reply} onChange={(e) => setReply(e.target.value)} />
      <div className="flex justify-end"><Button type="submit" size="sm" pending={send.isPending} disabled={!reply.trim()}>Send answer</Button></div>
    </form>
  );
}

/**
 * "Offer not honoured" reports, newest first: the business and deal, the visit named, the member's note and the
 * owner's answer (as text), the state. `owner`: the owner may answer; `actions`: the admin's decision.
 */
export function OfferReportList({ reports, showBusiness, owner, actions }: {
  reports: OfferReport[]; showBusiness?: boolean; owner?: boolean; actions?: (report: OfferReport) => ReactNode;
}) {
  // Read once per render of the list: whether the 72 hours to answer are still running.
  const [now] = useState(() => Date.now());
  if (reports.length === 0) return <p className="text-sm text-stone-600">No reports.</p>;
  return (
    <ul className="space-y-2">
      {reports.map((report) => (
        <li key={report.id} className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-950" data-testid="offer-report">
          <p className="font-medium">
            {showBusiness && <>{report.merchantName} · </>}{report.dealTitle ?? 'No visit named'}
            <span className="font-normal text-red-900"> · {dayAndTime(report.createdAt)}</span>
          </p>
          {report.visit?.kind === 'refusal' && <p className="text-xs text-red-900">Refused at the counter: {report.visit.reason}</p>}
          {report.note && <p className="mt-1 whitespace-pre-line break-words"><span className="font-medium">Member: </span>{report.note}</p>}
          {report.reply && <p className="mt-1 whitespace-pre-line break-words"><span className="font-medium">Business: </span>{report.reply}</p>}
          <p className="mt-1 text-xs font-medium" data-testid="offer-report-state">{offerReportState(report)}</p>
          {owner && report.state === 'open' && !report.reply && Date.parse(report.replyDueAt) > now && <OfferReplyForm report={report} />}
          {actions?.(report)}
        </li>
      ))}
    </ul>
  );
}

/** The member's own reports with their state, for the profile (placed by app/routes/profile.tsx). */
export function MyOfferReports() {
  const reports = useMyOfferReports().data?.reports ?? [];
  if (reports.length === 0) return null;
  return (
    <section aria-labelledby="my-offer-reports-heading" className="space-y-2 rounded-2xl border border-stone-200 bg-white p-6">
      <h2 id="my-offer-reports-heading" className="text-lg font-semibold text-stone-900">Your "offer not honoured" reports</h2>
      <OfferReportList reports={reports} showBusiness />
    </section>
  );
}
