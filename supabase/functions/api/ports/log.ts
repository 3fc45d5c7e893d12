// Server logs: what went wrong and where, never the request's data. Database driver errors carry the
// statement's parameters (postgres.js `parameters`, PGlite `params`) and Postgres' `detail` quotes row
// values ("Key (email)=(...) already exists"); provider errors may echo a customer's email. So an error
// is logged by its kind only: class name, SQLSTATE code, the constraint/table/column it names, and the
// message with anything quoted or after a colon cut off.

export interface SafeErrorSummary {
  name: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  message: string;
}

const identifier = (value: unknown) =>
  typeof value === 'string' && /^[A-Za-z0-9_.]{1,80}$/.test(value) ? value : undefined;

/** Postgres and our own messages put values in quotes or after a colon; keep only the words before. */
const redactMessage = (message: string) =>
  message.replace(/"[^"]*"|'[^']*'|\([^)]*\)/g, '…').split(/:\s/)[0].slice(0, 200);

export function summarizeError(error: unknown): SafeErrorSummary {
  const e = (error ?? {}) as Record<string, unknown>;
  const summary: SafeErrorSummary = {
    name: error instanceof Error ? error.constructor.name : typeof error,
    message: redactMessage(typeof e.message === 'string' ? e.message : String(error)),
  };
  const code = identifier(e.code);
  if (code) summary.code = code;
  const constraint = identifier(e.constraint_name ?? e.constraint);
  if (constraint) summary.constraint = constraint;
  const table = identifier(e.table_name ?? e.table);
  if (table) summary.table = table;
  const column = identifier(e.column_name ?? e.column);
  if (column) summary.column = column;
  return summary;
}

/** Logs an error by its kind (see above) with a fixed description of where it happened. */
export function logError(where: string, error: unknown): void {
  console.error(where, JSON.stringify(summarizeError(error)));
}
