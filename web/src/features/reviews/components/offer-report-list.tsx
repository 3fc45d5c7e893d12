import type { OfferReport } from '@shared/contract/index.ts';
import { dayAndTime } from '@/lib/dates';

/** "Offer not honoured" reports, newest first: when, which business and deal, the member's note (as text). */
export function OfferReportList({ reports, showBusiness }: { reports: OfferReport[]; showBusiness?: boolean }) {
  if (reports.length === 0) return <p className="text-sm text-stone-600">No reports.</p>;
  return (
    <ul className="space-y-2">
      {reports.map((report) => (
        <li key={report.id} className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-950" data-testid="offer-report">
          <p className="font-medium">
            {showBusiness && <>{report.merchantName} · </>}{report.dealTitle}
            <span className="font-normal text-red-900"> · {dayAndTime(report.createdAt)}</span>
          </p>
          {report.note && <p className="mt-1 whitespace-pre-line break-words">{report.note}</p>}
        </li>
      ))}
    </ul>
  );
}
