-- Push endpoints stay with the account that registered them (issue 28, decision 176).
--
-- Before, saving an endpoint another account had registered deleted that account's row ("the browser now
-- belongs to the caller"): anyone who learned an endpoint could silence its owner's device. Now the
-- endpoint stays its owner's and the caller gets 409; the web app then makes a fresh subscription, whose
-- new endpoint is its own (use-push-switch.ts). The old row dies when the push service answers 404/410.
create or replace function private.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text)
returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_owner uuid;
  v_id uuid;
begin
  if v_uid is null then
    raise exception 'Sign in first' using errcode = 'PL401';
  end if;
  select s.id, s.user_id into v_id, v_owner from public.push_subscriptions s where s.endpoint = p_endpoint for update;
  if v_owner is not null and v_owner <> v_uid then
    raise exception 'This push address belongs to another account; make a new subscription on this device'
      using errcode = 'PL409';
  end if;
  if v_id is not null then
    update public.push_subscriptions s set p256dh = p_p256dh, auth = p_auth where s.id = v_id;
    return v_id;
  end if;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
  values (v_uid, p_endpoint, p_p256dh, p_auth)
  returning id into v_id;
  return v_id;
end
$$;
comment on function private.save_push_subscription(text, text, text) is
  'Adds or refreshes the signed-in caller''s device by endpoint; an endpoint another account registered stays theirs (PL409, decision 176).';

-- Push services listen on 443 only (decision 176): rows saved with another port before are dropped.
delete from public.push_subscriptions where substring(endpoint from '^https://([^/?#]*)') ~ ':[0-9]*$';
