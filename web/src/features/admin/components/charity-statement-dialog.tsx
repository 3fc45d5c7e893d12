import { useState } from 'react';
import type { AdminCharity } from '@shared/contract/index.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/form-controls';
import { charityStatementUrl, currentMonth } from '../api/charity-statement-url';

const MONTH = /^20\d\d-(0[1-9]|1[0-2])$/;

/**
 * The monthly statement of one charity: its payments of a calendar month (UTC), amounts and shares, as a CSV
 * file the browser downloads with the admin's session. No member names or emails (decision 125).
 */
export function CharityStatementDialog({ charity, onClose }: { charity: AdminCharity; onClose: () => void }) {
  const [month, setMonth] = useState(currentMonth());
  const valid = MONTH.test(month);

  return (
    <Modal open onClose={onClose} title="Monthly Statement" description={`${charity.name}, ${charity.cityName}: payments, amounts and the 10% shares of one month (UTC)`}>
      <div className="space-y-4">
        <Field id="statement-month" label="Month" required hint="Format YYYY-MM, e.g. 2026-11.">
          <Input
            id="statement-month"
            type="month"
            required
            value={month}
            max={currentMonth()}
            onChange={(e) => setMonth(e.target.value)}
            aria-describedby="statement-month-hint"
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {valid ? (
            <a className={buttonClasses('primary', 'md')} href={charityStatementUrl(charity.id, month)} download>
              Download CSV
            </a>
          ) : (
            <Button disabled>Download CSV</Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
