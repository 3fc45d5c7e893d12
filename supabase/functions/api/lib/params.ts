import type { Context } from 'hono';
import { z } from 'zod';
import { notFound } from './http-error.ts';

const uuidPattern = z.uuid();

/** A uuid path parameter; anything else cannot name a row, so it is a 404 like an unknown id. */
export function uuidParam(c: Context, name: string, what = 'Not found'): string {
  const value = c.req.param(name) ?? '';
  if (!uuidPattern.safeParse(value).success) throw notFound(what);
  return value;
}

/** A bigint identity path parameter, kept as a string (ids may outgrow JS numbers in principle). */
export function serialParam(c: Context, name: string, what = 'Not found'): string {
  const value = c.req.param(name) ?? '';
  if (!/^\d{1,18}$/.test(value)) throw notFound(what);
  return value;
}

/** Timestamps from either driver (Date or string) as ISO strings. */
export const isoOrNull = (value: unknown): string | null => (value == null ? null : new Date(value as string).toISOString());
export const iso = (value: unknown): string => new Date(value as string).toISOString();
