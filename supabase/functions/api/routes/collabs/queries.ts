import type { Collaboration } from '../../../_shared/contract/collabs.ts';
import type { Query } from '../../db/database.ts';

// Every read runs as the caller: RLS returns only collaborations the caller's business is a party of.
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
