import { Hono } from 'hono';
import { collaborationRequestBody, collaborationsQuery } from '../../../_shared/contract/collabs.ts';
import { type AppContext, type AppEnv, userTx } from '../../context.ts';
import type { Query } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { parse, parseJson, parseQuery } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/session.ts';
import { uuid } from '../../../_shared/contract/common.ts';
import { findCollaboration, listCollaborations } from './queries.ts';

export const collabRoutes = new Hono<AppEnv>();

const NO_BUSINESS = 'You need an approved business to collaborate with other businesses';

/** The caller's own business; collaborating needs one that the admin approved. */
async function ownApprovedBusiness(q: Query) {
  const [own] = await q<{ id: string; active: boolean }>(
    `select id, active from public.merchants where id = (select private.current_merchant_id())`,
  );
  if (!own?.active) throw forbidden(NO_BUSINESS);
  return own.id;
}

collabRoutes.get('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const { status } = parseQuery(c, collaborationsQuery);
  return c.json(await userTx(c, (q) => listCollaborations(q, status ?? null)));
});

collabRoutes.post('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const body = await parseJson(c, collaborationRequestBody);
  const created = await userTx(c, async (q) => {
    const ownId = await ownApprovedBusiness(q);
    if (body.recipientBusinessId === ownId) throw conflict('You cannot send a collaboration request to your own business');
    // RLS shows only approved businesses (besides the caller's own), so pending and unknown look alike.
    const [recipient] = await q<{ name: string }>(
      `select name from public.merchants where id = $1 and active`, [body.recipientBusinessId]);
    if (!recipient) throw notFound('That business does not exist or is not approved yet');
    const [open] = await q<{ direction: string }>(
      `select case when requester_merchant_id = $1 then 'sent' else 'received' end as direction
         from public.collaborations
        where status = 'PENDING'
          and least(requester_merchant_id, recipient_merchant_id) = least($1::uuid, $2::uuid)
          and greatest(requester_merchant_id, recipient_merchant_id) = greatest($1::uuid, $2::uuid)`,
      [ownId, body.recipientBusinessId],
    );
    if (open) throw pendingConflict(recipient.name, open.direction);
    const [row] = await q<{ id: string }>(
      `insert into public.collaborations
         (requester_merchant_id, recipient_merchant_id, requester_discount_label, recipient_discount_label,
          start_date, end_date, exclusions_text, message)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [ownId, body.recipientBusinessId, body.requesterDiscountLabel, body.recipientDiscountLabel,
        body.startDate, body.endDate, body.exclusionsText, body.message],
    );
    return findCollaboration(q, row.id);
  }).catch((error: { code?: string }) => {
    // Two requests racing between the same pair: the partial unique index decides.
    if (error.code === '23505') throw pendingConflict('that business', 'sent');
    throw error;
  });
  return c.json(created, 201);
});

function pendingConflict(name: string, direction: string) {
  return conflict(direction === 'sent'
    ? `You already have a pending collaboration request with ${name}`
    : `${name} has already sent you a collaboration request. Answer it under Requests.`);
}

const answer = (status: 'ACCEPTED' | 'DENIED') => async (c: AppContext) => {
  requireUser(c, 'MERCHANT');
  const id = parse(uuid, c.req.param('id'));
  const updated = await userTx(c, async (q) => {
    const existing = await findCollaboration(q, id);
    if (!existing) throw notFound('Collaboration not found');
    if (existing.direction !== 'received') throw forbidden('Only the business that received the request can answer it');
    if (existing.status !== 'PENDING') {
      throw conflict(`This collaboration request was already ${existing.status.toLowerCase()}`);
    }
    // A concurrent answer that committed first leaves nothing to update here.
    const changed = await q(`update public.collaborations set status = $2 where id = $1 and status = 'PENDING' returning id`, [id, status]);
    if (changed.length === 0) throw conflict('This collaboration request was already answered');
    return findCollaboration(q, id);
  });
  return c.json(updated);
};

collabRoutes.post('/:id/accept', answer('ACCEPTED'));
collabRoutes.post('/:id/deny', answer('DENIED'));
