-- New deals reach followers (NEW_DEAL) and open member apps of the deal's city (deal_changed).
-- Both in the database, set-based: private.notify_followers stores and publishes in one statement.

create or replace function private.on_deal_created() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  business record;
begin
  select m.name, m.active into business from public.merchants m where m.id = new.merchant_id;
  if new.active and business.active then
    perform private.notify_followers(
      new.merchant_id, 'NEW_DEAL', new.id,
      jsonb_build_object(
        'merchantName', business.name,
        'dealTitle', new.title,
        'previewText', left(new.description, 160)
      )
    );
  end if;
  return null;
end
$$;
comment on function private.on_deal_created() is 'After a deal is created active by an approved merchant, notifies every follower (NEW_DEAL).';
create trigger deals_notify_followers after insert on public.deals
  for each row execute function private.on_deal_created();

-- Ids only (never codes) on the city topic, so open member apps refetch their deal list.
create or replace function private.on_deal_changed() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  row_deal record := coalesce(new, old);
  city uuid;
begin
  select m.city_id into city from public.merchants m where m.id = row_deal.merchant_id;
  if city is not null then
    perform realtime.send(
      jsonb_build_object(
        'dealId', row_deal.id, 'merchantId', row_deal.merchant_id, 'cityId', city,
        'change', case tg_op when 'INSERT' then 'created' when 'UPDATE' then 'updated' else 'deleted' end
      ),
      'deal_changed', 'city:' || city::text, true
    );
  end if;
  return null;
end
$$;
comment on function private.on_deal_changed() is 'Publishes deal_changed {dealId, merchantId, cityId, change} on city:<id> for every insert, update or delete of a deal.';
-- Not for used_count-only updates: redemptions at the counter would otherwise wake every member app.
create trigger deals_publish_insert_delete after insert or delete on public.deals
  for each row execute function private.on_deal_changed();
create trigger deals_publish_update after update of title, description, discount_percent, discount_amount_cents,
  category, active, valid_from, valid_to, max_uses on public.deals
  for each row execute function private.on_deal_changed();

revoke execute on function private.on_deal_created(), private.on_deal_changed() from public, anon;
