import { useState, type FormEvent } from 'react';
import { OFFER_REPORT_NOTE_MAX, type NotHonouredVisit } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { dayAndTime } from '@/lib/dates';
import { useReportNotHonoured } from '../api/report-not-honoured';

const NONE = 'none';
const keyOf = (v: NotHonouredVisit) => `${v.kind}:${v.id}`;

/**
 * "The offer was not honoured": the member picks their visit (a redemption or a check the counter refused, in the
 * last 24 hours) and the report attaches to that one (decision 191); "none of these" needs a note.
 */
export function NotHonouredForm({ merchantId, merchantName, visits, onDone }: {
  merchantId: string; merchantName: string; visits: NotHonouredVisit[]; onDone: () => void;
}) {
  const [note, setNote] = useState('');
  const [picked, setPicked] = useState(visits[0] ? keyOf(visits[0]) : NONE);
  const [problem, setProblem] = useState<string | null>(null);
  const report = useReportNotHonoured({
    onSuccess: () => {
      toast({ title: 'Report sent', description: `${merchantName} and the Pay Local team will see it.` });
      onDone();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const visit = visits.find((v) => keyOf(v) === picked) ?? null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    report.mutate({ merchantId, note, visit });
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 className="text-sm font-semibold text-red-900">Offer not honoured?</h3>
      <p className="text-sm text-red-900">
        If {merchantName} did not give the discount, tell the business and the Pay Local team. When we uphold it, you get a month of membership as credit.
      </p>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-stone-900">Which visit?</legend>
        {visits.map((v) => (
          <label key={keyOf(v)} className="flex items-start gap-2 text-sm text-stone-900">
            <input type="radio" name="not-honoured-visit" value={keyOf(v)} checked={picked === keyOf(v)} onChange={() => setPicked(keyOf(v))} className="mt-1" />
            <span>
              {v.dealTitle} · {dayAndTime(v.at)} · {v.kind === 'refusal' ? <>refused: {v.reason}</> : 'accepted at the counter'}
            </span>
          </label>
        ))}
        <label className="flex items-start gap-2 text-sm text-stone-900">
          <input type="radio" name="not-honoured-visit" value={NONE} checked={picked === NONE} onChange={() => setPicked(NONE)} className="mt-1" />
          <span>None of these (tell us what happened)</span>
        </label>
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor="not-honoured-note" className="text-sm font-medium text-stone-900">What happened{visit ? ' (optional)' : ''}</label>
        <Textarea id="not-honoured-note" rows={2} maxLength={OFFER_REPORT_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {problem && <p role="alert" className="text-sm font-medium text-red-800">{problem}</p>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="destructive" pending={report.isPending}>Send report</Button>
      </div>
    </form>
  );
}
