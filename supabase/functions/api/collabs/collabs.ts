import type { Collaboration, collaborationRequestBody } from '../../_shared/contract/collabs.ts';
import type { Query } from '../db/database.ts';
import { conflict, forbidden, notFound } from '../domain-error.ts';

// Collaborations between two approved businesses (spec: Local Collabs; issue 31 adds the sender's withdrawal).
// Every statement runs as the caller: RLS returns only collaborations the caller's business is a party of,
// lets the recipient answer and the requester withdraw (the policies on public.collaborations in supabase/schemas/collabs.sql).

/** The request as the contract parsed it. */
type RequestBody = ReturnType<typeof collaborationRequestBody.parse>;

const NO_BUSINESS = 'You need an approved business to collaborate with other businesses';

/** The caller's own business; collaborating needs one that the admin approved. */
async function ownApprovedBusiness(q: Query) {
  const [own] = await q<{ id: string; active: boolean }>(
    `select id, active from public.merchants where id = (select private.current_merchant_id())`,
  );
  if (!own?.active) throw forbidden(NO_BUSINESS);
  return own.id;
}

const selectCollaborations = `
  select c.id, c.status,
         json_build_object('id', req.id, 'name', coalesce(req.name, 'Former business'), 'logoUrl', req.logo_url) as "requesterBusiness",
         json_build_object('id', rec.id, 'name', coalesce(rec.name, 'Former business'), 'logoUrl', rec.logo_url) as "recipientBusiness",
         c.requester_discount_label as "requesterDiscountLabel",
         c.recipient_discount_label as "recipientDiscountLabel",
         to_char(c.start_date, 'YYYY-MM-DD') as "startDate",
         to_char(c.end_date, 'YYYY-MM-DD') as "endDate",
         c.exclusions_text as "exclusionsText", c.message,
         c.created_at as "createdAt",
         case when c.requester_merchant_id = (select private.current_merchant_id()) then 'sent' else 'received' end as direction,
         case when c.status = 'ACCEPTED' then private.collaboration_partner_email(c.id) end as "partnerEmail"
    from public.collaborations c
    left join public.merchants req on req.id = c.requester_merchant_id
    left join public.merchants rec on rec.id = c.recipient_merchant_id`;

type Row = Omit<Collaboration, 'createdAt' | 'requesterBusiness' | 'recipientBusiness'> & {
  createdAt: Date | string;
  requesterBusiness: Collaboration['requesterBusiness'] | string;
  recipientBusiness: Collaboration['recipientBusiness'] | string;
};

// PGlite returns json as objects, postgres.js without a type parser may return text.
const party = (value: Row['requesterBusiness']) => (typeof value === 'string' ? JSON.parse(value) : value);
const toCollaboration = (row: Row): Collaboration => ({
  ...row,
  requesterBusiness: party(row.requesterBusiness),
  recipientBusiness: party(row.recipientBusiness),
  createdAt: new Date(row.createdAt).toISOString(),
});

export async function listCollaborations(q: Query, status: Collaboration['status'] | null) {
  const rows = await q<Row>(
    `${selectCollaborations} where ($1::text is null or c.status = $1::text) order by c.created_at desc, c.id`,
    [status],
  );
  return rows.map(toCollaboration);
}

export async function findCollaboration(q: Query, id: string): Promise<Collaboration | null> {
  const [row] = await q<Row>(`${selectCollaborations} where c.id = $1`, [id]);
  return row ? toCollaboration(row) : null;
}

function pendingConflict(name: string, direction: string) {
  return conflict(direction === 'sent'
    ? `You already have a pending collaboration request with ${name}`
    : `${name} has already sent you a collaboration request. Answer it under Requests.`);
}

/** A new PENDING request from the caller's approved business to another approved business. */
export async function requestCollaboration(q: Query, body: RequestBody): Promise<Collaboration> {
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
  ).catch((error: { code?: string }) => {
    // Two requests racing between the same pair: the partial unique index decides.
    if (error.code === '23505') throw pendingConflict('that business', 'sent');
    throw error;
  });
  return (await findCollaboration(q, row!.id))!;
}

/**
 * Moves a PENDING request on: the recipient accepts or denies it, the requester withdraws it (CANCELLED). Only
 * from PENDING (409 after); the other party gets 403.
 */
export async function changeCollaborationStatus(q: Query, id: string, status: 'ACCEPTED' | 'DENIED' | 'CANCELLED'): Promise<Collaboration> {
  const existing = await findCollaboration(q, id);
  if (!existing) throw notFound('Collaboration not found');
  const withdraw = status === 'CANCELLED';
  if (withdraw && existing.direction !== 'sent') throw forbidden('Only the business that sent the request can withdraw it');
  if (!withdraw && existing.direction !== 'received') throw forbidden('Only the business that received the request can answer it');
  if (existing.status !== 'PENDING') {
    throw conflict(`This collaboration request was already ${existing.status.toLowerCase()}`);
  }
  // A concurrent answer or withdrawal that committed first leaves nothing to update here.
  const changed = await q(`update public.collaborations set status = $2 where id = $1 and status = 'PENDING' returning id`, [id, status]);
  if (changed.length === 0) throw conflict('This collaboration request was already answered or withdrawn');
  return (await findCollaboration(q, id))!;
}
