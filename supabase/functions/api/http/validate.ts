import type { Context } from 'hono';
import type { z } from 'zod';
import { findUnstorableField, UNSTORABLE_TEXT_MESSAGE } from '../../_shared/contract/common.ts';
import { fieldMessage } from '../../_shared/contract/field-labels.ts';
import { badRequest } from './http-error.ts';

/** The first zod issue as a sentence about the field by its label (field-labels.ts): "The email must be a valid email address". */
function describeIssue(error: z.ZodError, field?: string): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = [...(field ? [field] : []), ...issue.path.map(String)];
  const message = /received undefined/.test(issue.message) ? 'is required' : issue.message;
  return path.length ? fieldMessage(path, message) : message;
}

/** Validates request input: first that every string in it can be stored (decision 086), then the schema. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, field?: string): z.output<S> {
  const unstorable = findUnstorableField(value);
  if (unstorable !== null) throw badRequest(fieldMessage(unstorable || field || '', UNSTORABLE_TEXT_MESSAGE));
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssue(result.error, field));
  return result.data;
}

/**
 * As parse, but null where parse answers 400: for a statement sent ahead with the session lookup (session.ts
 * AheadStatement), which must not carry what the route refuses (a NUL cannot even be written as a literal).
 */
export function parseOrNull<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
  if (findUnstorableField(value) !== null) return null;
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/** The request's JSON body, refused (400) when it is not JSON or nests deeper than JSON_MAX_DEPTH. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (jsonNestsDeeperThan(text)) throw badRequest(JSON_TOO_DEEP_MESSAGE);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
}

export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parse(schema, await readJsonBody(c));
}

/**
 * How deep a JSON text nests, read in one pass with constant stack (issue 41): a body nested thousands deep is
 * refused before JSON.parse and before any recursive walk of the value (the storable-text check, zod), which on
 * such a body overflowed the stack (500) or held the event loop for hundreds of milliseconds.
 */
export const JSON_MAX_DEPTH = 64;
export const JSON_TOO_DEEP_MESSAGE = `Request body nests deeper than ${JSON_MAX_DEPTH} levels`;

/** True when the text opens more than `limit` arrays or objects inside each other (brackets in strings do not count). */
export function jsonNestsDeeperThan(text: string, limit = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: the next character is escaped, whatever it is
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) { if (++depth > limit) return true; }
    else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}


export const parseQuery = <S extends z.ZodType>(c: Context, schema: S): z.output<S> => parse(schema, c.req.query());
