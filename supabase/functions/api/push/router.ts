import { Hono } from 'hono';
import { pushSubscriptionInput, pushUnsubscribeInput, type PushKey } from '../../_shared/contract/push.ts';
import { type AppEnv, userTx } from '../http/context.ts';
import { removeSubscription, saveSubscription } from './subscriptions.ts';
import { isAllowedPushHost } from '../config.ts';
import { badRequest, notFound } from '../http/http-error.ts';
import { parseJson } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';
import { fieldMessage } from '../../_shared/contract/field-labels.ts';

// Web Push devices (decision 110). The sending happens in the push queue's drainer, never here.
export const pushRoutes = new Hono<AppEnv>();

pushRoutes.get('/key', (c) => {
  const { publicKey } = c.var.deps.push;
  if (!publicKey) throw notFound('Push notifications are not configured');
  return c.json({ publicKey } satisfies PushKey);
});

pushRoutes.post('/subscriptions', async (c) => {
  requireUser(c);
  const input = await parseJson(c, pushSubscriptionInput);
  // Only browsers' push services: the drainer must never be made to POST to any other host (SSRF).
  const url = new URL(input.endpoint);
  if (!isAllowedPushHost(url.hostname, c.var.deps.config.pushHosts)) throw badRequest(fieldMessage('endpoint', 'is not a known push service'));
  // Push services listen on 443 only; any other port would aim the drainer at another service (decision 176).
  if (url.port !== '') throw badRequest(fieldMessage('endpoint', 'must use the standard https port (443)'));
  await userTx(c, (q) => saveSubscription(q, input));
  return c.json({ subscribed: true }, 201);
});

pushRoutes.delete('/subscriptions', async (c) => {
  requireUser(c);
  const { endpoint } = await parseJson(c, pushUnsubscribeInput);
  const removed = await userTx(c, (q) => removeSubscription(q, endpoint));
  return c.json({ removed });
});
