import { Hono } from 'hono';
import { uuid } from '../../_shared/contract/common.ts';
import type { SignedInDevices } from '../../_shared/contract/sessions.ts';
import { type AppEnv, serviceTx } from '../http/context.ts';
import { endSession, listSessions } from '../sessions/index.ts';
import { clearSessionCookie } from '../http/session.ts';
import { notFound } from '../http/http-error.ts';
import { parse } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';

// The signed-in devices list on /profile (decision 176).
export const sessionRoutes = new Hono<AppEnv>();

sessionRoutes.get('/sessions', async (c) => {
  const user = requireUser(c);
  const sessions = await serviceTx(c, (q) => listSessions(q, user.id, user.sessionTokenHash));
  return c.json({ sessions } satisfies SignedInDevices);
});

sessionRoutes.delete('/sessions/:id', async (c) => {
  const user = requireUser(c);
  const id = parse(uuid, c.req.param('id'), 'id');
  const ended = await serviceTx(c, (q) => endSession(q, user.id, id, user.sessionTokenHash));
  if (!ended) throw notFound('No such session of yours (it may have ended already)');
  if (ended.current) clearSessionCookie(c);
  return c.json({ success: true, current: ended.current });
});
