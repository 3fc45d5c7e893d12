import type { Context } from 'hono';
import { z } from 'zod';
import { uuid } from '../../_shared/contract/common.ts';
import { notFound } from './http-error.ts';
import { parse } from './validate.ts';

// Path parameters, one module: ids in the path are parsed here and nowhere else.

const uuidPattern = z.uuid();
const idParam = z.object({ id: uuid });

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

/** The `{id}` path parameter as a uuid, or 400 "id must be a valid id" (where the spec asks for a 400, not a 404). */
export const pathId = (c: Context): string => parse(idParam, { id: c.req.param('id') }).id;
