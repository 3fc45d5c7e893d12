import { useState, type FormEvent } from 'react';
import { OFFER_REPORT_NOTE_MAX } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/form-controls';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useReportNotHonoured } from '../api/report-not-honoured';

/** "The offer was not honoured" about the member's visit in the last 24 hours: to the business's owner and the admin. */
export function NotHonouredForm({ merchantId, merchantName, onDone }: { merchantId: string; merchantName: string; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const report = useReportNotHonoured({
    onSuccess: () => {
      toast({ title: 'Report sent', description: `${merchantName} and the Pay Local team will see it.` });
      onDone();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    report.mutate({ merchantId, note });
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 className="text-sm font-semibold text-red-900">Offer not honoured?</h3>
      <p className="text-sm text-red-900">
        You showed your pass or a code at {merchantName} in the last 24 hours. If they did not give the discount, tell the business and the Pay Local team.
      </p>
      <div className="space-y-1.5">
        <label htmlFor="not-honoured-note" className="text-sm font-medium text-stone-900">What happened (optional)</label>
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
