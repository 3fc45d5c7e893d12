-- The audit log of privileged acts (issue 41, decision 202). The table is public.admin_audit_log (billing.sql);
-- here: who else reads it, the one writer (private.audit), the completion of entries the money and moderation
-- functions write themselves, and the triggers that record every other act on someone else's data. Triggers, not
-- calls from the API: an act is recorded in the same transaction whichever path makes it, and nobody can write a
-- false entry (no API role may insert).

alter table only public.admin_audit_log
    add constraint admin_audit_log_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete set null;

-- ---------------------------------------------------------------- indexes
create index admin_audit_log_merchant_id_idx on public.admin_audit_log using btree (merchant_id, id desc);

-- ---------------------------------------------------------------- row-level security
create policy "admin_audit_log: owner reads own business" on public.admin_audit_log
  for select to authenticated
  using (merchant_id = (select private.my_merchant_id() as my_merchant_id));

-- ---------------------------------------------------------------- functions
create function private.audit(p_action text, p_description text, p_merchant uuid, p_subject_user uuid, p_before jsonb, p_after jsonb, p_actor_label text default null::text) returns void
    language sql security definer
    set search_path to ''
    as $$
  insert into public.admin_audit_log (actor_id, actor_label, action, subject_user_id, merchant_id, description, before, after)
  values ((select auth.uid()),
          coalesce(p_actor_label, (select p.email from public.profiles p where p.id = (select auth.uid())), 'Pay Local'),
          p_action, p_subject_user, p_merchant, p_description, p_before, p_after)
$$;

comment on function private.audit(p_action text, p_description text, p_merchant uuid, p_subject_user uuid, p_before jsonb, p_after jsonb, p_actor_label text) is 'Writes one audit entry as the signed-in user (their email names them unless p_actor_label says otherwise).';

create function private.business_name(p_merchant uuid) returns text
    language sql stable security definer
    set search_path to ''
    as $$ select coalesce((select m.name from public.merchants m where m.id = p_merchant), 'a deleted business') $$;

comment on function private.business_name(p_merchant uuid) is 'A business''s name for an audit description.';

create function private.person_name(p_user uuid) returns text
    language sql stable security definer
    set search_path to ''
    as $$ select coalesce((select p.name from public.profiles p where p.id = p_user), 'a deleted account') $$;

comment on function private.person_name(p_user uuid) is 'A person''s name for an audit description.';

create function private.complete_audit_entry() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_payment public.payments;
  v_refunded integer;
  v_subject text := private.person_name(new.subject_user_id);
  v_merchant uuid := coalesce(new.merchant_id, (select r.merchant_id from public.business_reviews r where r.id = new.review_id),
                              case when new.details ? 'merchantId' then (new.details->>'merchantId')::uuid end);
begin
  new.merchant_id := (select m.id from public.merchants m where m.id = v_merchant);
  if new.description is not null then
    return new;
  end if;
  if new.payment_id is not null then
    select * into v_payment from public.payments p where p.id = new.payment_id;
  end if;
  if new.action = 'refund' then
    select coalesce(sum(r.amount_cents), 0)::int into v_refunded from public.payment_refunds r where r.payment_id = new.payment_id;
    new.description := format('Refund of %s of %s''s payment of %s', private.usd_text((new.details->>'amountCents')::int), v_subject,
                              private.usd_text(v_payment.amount_cents));
    new.before := jsonb_build_object('refundedCents', v_refunded - (new.details->>'amountCents')::int);
    new.after := jsonb_build_object('refundedCents', v_refunded, 'membershipEnded', coalesce((new.details->>'membershipEnded')::boolean, false));
  elsif new.action like 'dispute_%' then
    new.description := format('Dispute of %s''s payment of %s %s', v_subject, private.usd_text(v_payment.amount_cents),
                              case new.action when 'dispute_opened' then 'opened' when 'dispute_won' then 'won' else 'lost' end);
    new.before := case when new.action = 'dispute_opened' then null else jsonb_build_object('dispute', 'open') end;
    new.after := jsonb_build_object('dispute', case when new.action = 'dispute_opened' then 'open' else replace(new.action, 'dispute_', '') end);
  elsif new.action in ('review_hidden', 'review_restored') then
    new.description := format('Review of %s by %s %s', private.business_name(new.merchant_id), v_subject,
                              case when new.action = 'review_hidden' then 'hidden' else 'restored' end);
    new.before := jsonb_build_object('hidden', new.action = 'review_restored');
    new.after := jsonb_build_object('hidden', new.action = 'review_hidden');
  elsif new.action in ('post_hidden', 'post_restored') then
    -- community.sql writes its own words ("community post by Maya in Lyons: ...").
    new.description := format('%s %s', coalesce(upper(left(new.details->>'description', 1)) || substr(new.details->>'description', 2),
                                                format('Community post by %s', v_subject)),
                              case when new.action = 'post_hidden' then 'hidden' else 'restored' end);
    new.before := jsonb_build_object('hidden', new.action = 'post_restored');
    new.after := jsonb_build_object('hidden', new.action = 'post_hidden');
  elsif new.action in ('offer_report_upheld', 'offer_report_rejected') then
    new.description := format('"Offer not honoured" report by %s about %s %s', v_subject, private.business_name(new.merchant_id),
                              case when new.action = 'offer_report_upheld' then 'upheld' else 'rejected' end);
    new.before := jsonb_build_object('decision', null);
    new.after := jsonb_build_object('decision', case when new.action = 'offer_report_upheld' then 'upheld' else 'rejected' end,
                                    'creditCents', coalesce((new.details->>'creditCents')::int, 0));
  elsif new.action = 'business_paused' then
    new.description := format('%s paused over "offer not honoured" reports', private.business_name(new.merchant_id));
    new.before := jsonb_build_object('listed', true);
    new.after := jsonb_build_object('listed', false);
  end if;
  return new;
end
$$;

comment on function private.complete_audit_entry() is 'Before an audit entry is stored: the business it concerns (from its review or details) and, for the entries the money and moderation functions write themselves, the description and before/after.';

create function private.refuse_audit_edit() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  -- A deleted account, business or review leaves its entries: only those keys may become null.
  if (to_jsonb(new) - array['actor_id', 'subject_user_id', 'merchant_id', 'review_id'])
       is distinct from (to_jsonb(old) - array['actor_id', 'subject_user_id', 'merchant_id', 'review_id'])
     or coalesce(new.actor_id, old.actor_id) is distinct from old.actor_id
     or coalesce(new.subject_user_id, old.subject_user_id) is distinct from old.subject_user_id
     or coalesce(new.merchant_id, old.merchant_id) is distinct from old.merchant_id
     or coalesce(new.review_id, old.review_id) is distinct from old.review_id then
    raise exception 'admin_audit_log rows are never edited: add a new row instead' using errcode = '42501';
  end if;
  return new;
end
$$;

comment on function private.refuse_audit_edit() is 'Refuses any edit of an audit entry but the keys set null when the account, business or review it names is deleted.';

create function private.audit_merchant_change() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if not private.is_admin() then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    -- Pausing (active false) is recorded by its own function with the reason; here the approval.
    if new.active and not old.active then
      perform private.audit('business_approved', format('%s approved', new.name), new.id, new.owner_user_id,
                            jsonb_build_object('listed', false), jsonb_build_object('listed', true));
    end if;
  -- Deleted with its owner's account: that deletion is the entry.
  elsif exists (select 1 from public.profiles p where p.id = old.owner_user_id) then
    perform private.audit('business_deleted', format('%s deleted', old.name), null, old.owner_user_id,
                          jsonb_build_object('name', old.name, 'address', old.address, 'city', old.city_name, 'listed', old.active), null);
  end if;
  return null;
end
$$;

comment on function private.audit_merchant_change() is 'The admin approves or deletes a business: one audit entry.';

create function private.audit_account_deletion() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if private.is_admin() and old.id <> (select auth.uid()) then
    perform private.audit('account_deleted',
      format('%s''s %s account deleted', old.name,
             case old.role when 'MERCHANT' then 'business owner' when 'STAFF' then 'staff' else 'member' end),
      null, null, jsonb_build_object('name', old.name, 'role', old.role, 'memberNumber', old.member_number), null);
  end if;
  return null;
end
$$;

comment on function private.audit_account_deletion() is 'The admin deletes someone''s account: one audit entry (their name and role, not their email).';

create function private.audit_city_change() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_before jsonb := case when tg_op <> 'INSERT' then jsonb_build_object('name', old.name, 'state', old.state, 'description', old.description, 'open', old.active, 'timeZone', old.time_zone) end;
  v_after jsonb := case when tg_op <> 'DELETE' then jsonb_build_object('name', new.name, 'state', new.state, 'description', new.description, 'open', new.active, 'timeZone', new.time_zone) end;
begin
  if not private.is_admin() or v_before is not distinct from v_after then
    return null;
  end if;
  perform private.audit(
    case tg_op when 'INSERT' then 'city_created' when 'UPDATE' then 'city_updated' else 'city_deleted' end,
    case tg_op
      when 'INSERT' then format('%s, %s added', new.name, new.state)
      when 'DELETE' then format('%s, %s deleted', old.name, old.state)
      when 'UPDATE' then case
        when old.active and not new.active then format('%s, %s closed', new.name, new.state)
        when new.active and not old.active then format('%s, %s reopened', new.name, new.state)
        when (old.name, old.state) is distinct from (new.name, new.state) then format('%s, %s renamed %s, %s', old.name, old.state, new.name, new.state)
        else format('%s, %s edited', new.name, new.state) end
    end,
    null, null, v_before, v_after);
  return null;
end
$$;

comment on function private.audit_city_change() is 'The admin adds, edits, closes or deletes a city: one audit entry with before and after.';

create function private.audit_charity_change() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_city text := (select c.name || ', ' || c.state from public.cities c where c.id = new.city_id);
  v_before jsonb := case when tg_op = 'UPDATE' then jsonb_build_object('name', old.name, 'default', old.is_default, 'retired', old.retired_at is not null) end;
  v_after jsonb := jsonb_build_object('name', new.name, 'default', new.is_default, 'retired', new.retired_at is not null);
begin
  -- Another charity made the default takes it from this one: that other change is the entry.
  if not private.is_admin() or v_before is not distinct from v_after
     or (tg_op = 'UPDATE' and v_before = v_after || jsonb_build_object('default', true)) then
    return null;
  end if;
  perform private.audit(case when tg_op = 'INSERT' then 'charity_created' else 'charity_updated' end,
    case
      when tg_op = 'INSERT' then format('%s added in %s', new.name, v_city)
      when new.retired_at is not null and old.retired_at is null then format('%s in %s retired', new.name, v_city)
      when new.retired_at is null and old.retired_at is not null then format('%s in %s offered again', new.name, v_city)
      when new.is_default and not old.is_default then format('%s made the default charity of %s', new.name, v_city)
      when new.name <> old.name then format('%s in %s renamed %s', old.name, v_city, new.name)
      else format('%s in %s edited', new.name, v_city)
    end,
    null, null, v_before, v_after);
  return null;
end
$$;

comment on function private.audit_charity_change() is 'The admin adds or edits a charity (renamed, retired, offered again, made the default): one audit entry.';

create function private.audit_staff_change() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if tg_op = 'INSERT' then
    perform private.audit('staff_invited', format('%s invited to the staff of %s', new.name, private.business_name(new.merchant_id)),
                          new.merchant_id, new.user_id, null, jsonb_build_object('name', new.name, 'email', new.email));
  elsif new.removed_at is not null and old.removed_at is null then
    perform private.audit('staff_removed', format('%s removed from the staff of %s', old.name, private.business_name(old.merchant_id)),
                          old.merchant_id, old.user_id, jsonb_build_object('name', old.name, 'email', old.email), null);
  end if;
  return null;
end
$$;

comment on function private.audit_staff_change() is 'The owner invites or removes a staff member: one audit entry for their business.';

create function private.audit_tablet_change() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if tg_op = 'INSERT' then
    -- The tablet pairs itself with the owner's one-time code: nobody is signed in on it yet.
    perform private.audit('tablet_paired', format('A counter tablet paired with %s', private.business_name(new.merchant_id)),
                          new.merchant_id, null, null, jsonb_build_object('tablet', new.label), 'Counter tablet with the owner''s code');
  -- Gone with its business: the business's deletion is the entry.
  elsif exists (select 1 from public.merchants m where m.id = old.merchant_id) then
    perform private.audit('tablet_unpaired', format('A counter tablet unpaired from %s', private.business_name(old.merchant_id)),
                          old.merchant_id, null, jsonb_build_object('tablet', old.label, 'pairedAt', old.created_at), null);
  end if;
  return null;
end
$$;

comment on function private.audit_tablet_change() is 'A tablet is paired (with the owner''s code) or the owner unpairs it: one audit entry for the business.';

-- ---------------------------------------------------------------- triggers
create trigger admin_audit_log_no_edit before update on public.admin_audit_log for each row execute function private.refuse_audit_edit();

create trigger admin_audit_log_complete before insert on public.admin_audit_log for each row execute function private.complete_audit_entry();

create trigger merchants_audit after update of active or delete on public.merchants for each row execute function private.audit_merchant_change();

create trigger profiles_audit after delete on public.profiles for each row execute function private.audit_account_deletion();

create trigger cities_audit after insert or update or delete on public.cities for each row execute function private.audit_city_change();

create trigger charities_audit after insert or update on public.charities for each row execute function private.audit_charity_change();

create trigger merchant_staff_audit after insert or update of removed_at on public.merchant_staff for each row execute function private.audit_staff_change();

create trigger counter_devices_audit after insert or delete on private.counter_devices for each row execute function private.audit_tablet_change();

-- ---------------------------------------------------------------- grants
-- Only the triggers above write entries: no API role executes the writer.
revoke execute on function
  private.audit(text,text,uuid,uuid,jsonb,jsonb,text),
  private.business_name(uuid),
  private.person_name(uuid),
  private.complete_audit_entry(),
  private.refuse_audit_edit(),
  private.audit_merchant_change(),
  private.audit_account_deletion(),
  private.audit_city_change(),
  private.audit_charity_change(),
  private.audit_staff_change(),
  private.audit_tablet_change()
  from public;
