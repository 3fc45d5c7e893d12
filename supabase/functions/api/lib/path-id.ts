import type { Context } from 'hono';
import { z } from 'zod';
import { uuid } from '../../_shared/contract/common.ts';
import { parse } from './validate.ts';

const idParam = z.object({ id: uuid });

/** The `{id}` path parameter as a uuid, or 400 "id must be a valid id". */
export const pathId = (c: Context): string => parse(idParam, { id: c.req.param('id') }).id;
