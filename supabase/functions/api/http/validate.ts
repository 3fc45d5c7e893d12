import type { Context } from 'hono';
import type { z } from 'zod';
import { findUnstorableField, UNSTORABLE_TEXT_MESSAGE } from '../../_shared/contract/common.ts';
import { badRequest } from './http-error.ts';

/** First zod issue as "<field> <message>", e.g. "email must be a valid email address". */
function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.map(String).join('.');
  const message = /received undefined/.test(issue.message) ? 'is required' : issue.message;
  return field ? `${field} ${message}` : message;
}

/** Validates request input: first that every string in it can be stored (decision 086), then the schema. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, field?: string): z.output<S> {
  const unstorable = findUnstorableField(value);
  if (unstorable !== null) throw badRequest(`${unstorable || field || 'value'} ${UNSTORABLE_TEXT_MESSAGE}`.trim());
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(field ? `${field} ${describeIssue(result.error)}` : describeIssue(result.error));
  return result.data;
}

export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
  return parse(schema, body);
}

export const parseQuery = <S extends z.ZodType>(c: Context, schema: S): z.output<S> => parse(schema, c.req.query());
