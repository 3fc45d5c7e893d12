import { Hono } from 'hono';
import { collaborationRequestBody, collaborationsQuery } from '../../_shared/contract/collabs.ts';
import { type AppContext, type AppEnv, userTx } from '../http/context.ts';
import { changeCollaborationStatus, listCollaborations, requestCollaboration } from './collabs.ts';
import { parse, parseJson, parseQuery } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';
import { uuid } from '../../_shared/contract/common.ts';

// Local Collabs between approved businesses: each route parses, calls one domain function (collabs/collabs.ts), answers.
export const collabRoutes = new Hono<AppEnv>();

collabRoutes.get('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const { status } = parseQuery(c, collaborationsQuery);
  return c.json(await userTx(c, (q) => listCollaborations(q, status ?? null)));
});

collabRoutes.post('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const body = await parseJson(c, collaborationRequestBody);
  return c.json(await userTx(c, (q) => requestCollaboration(q, body)), 201);
});

const change = (status: 'ACCEPTED' | 'DENIED' | 'CANCELLED') => async (c: AppContext) => {
  requireUser(c, 'MERCHANT');
  const id = parse(uuid, c.req.param('id'));
  return c.json(await userTx(c, (q) => changeCollaborationStatus(q, id, status)));
};

collabRoutes.post('/:id/accept', change('ACCEPTED'));
collabRoutes.post('/:id/deny', change('DENIED'));
/** The sender withdraws a pending request (issue 31). */
collabRoutes.post('/:id/cancel', change('CANCELLED'));
