import { isoMonth } from '@shared/iso-dates.ts';

/** GET /api/admin/charities/{id}/statement?month=YYYY-MM: a CSV file the browser downloads (cookie session). */
export const charityStatementUrl = (charityId: string, month: string) =>
  `/api/admin/charities/${charityId}/statement?${new URLSearchParams({ month })}`;

/** The current calendar month in UTC, "YYYY-MM" (statements and /impact count months in UTC). */
export const currentMonth = (now = new Date()) => isoMonth(now);
