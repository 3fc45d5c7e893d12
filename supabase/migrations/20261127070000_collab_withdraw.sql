-- Issue 31, decision 182: the business that sent a collaboration request may withdraw it while it is pending
-- (PENDING -> CANCELLED, the status the spec names). The recipient still only accepts or denies
-- ("collaborations: recipient answers", 20261122004000_collabs.sql); the status guard there keeps every
-- change to moves out of PENDING. Nothing else changes.

create policy "collaborations: requester withdraws" on public.collaborations
  for update to authenticated
  using (requester_merchant_id = (select private.current_merchant_id()) and status = 'PENDING')
  with check (requester_merchant_id = (select private.current_merchant_id()) and status = 'CANCELLED');

comment on policy "collaborations: requester withdraws" on public.collaborations is
  'The sender of a pending collaboration request may withdraw it (status CANCELLED); nothing else.';
