/** Timestamps come back as Date (postgres.js, PGlite) or text; answers carry ISO 8601 strings. */
export const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(value as string)).toISOString();
export const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));
