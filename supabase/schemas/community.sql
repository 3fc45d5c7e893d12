-- The community feed (decision 196): a city's posts by its active members and approved businesses, newest first,
-- live on the city topic (one broadcast per post change), reported by readers, hidden or restored by the admin.
-- All writes go through the functions below; the tables are read under row-level security.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.community_posts (
    id bigint not null,
    city_id uuid not null,
    author_id uuid not null,
    merchant_id uuid,
    author_name text not null,
    body text not null,
    photo_path text,
    deal_id uuid,
    created_at timestamp with time zone default now() not null,
    updated_at timestamp with time zone default now() not null,
    hidden_at timestamp with time zone,
    hidden_by uuid,
    constraint community_posts_author_name_check check (((char_length(author_name) >= 1) and (char_length(author_name) <= 120))),
    constraint community_posts_body_check check (((char_length(body) >= 1) and (char_length(body) <= 500))),
    constraint community_posts_deal_of_business check (((deal_id is null) or (merchant_id is not null))),
    constraint community_posts_photo_path_check check ((photo_path ~ '^/objects/uploads/[0-9a-f-]{36}/[0-9a-f-]{36}$'::text)),
    constraint community_posts_pkey primary key (id),
    constraint community_posts_author_id_fkey foreign key (author_id) references public.profiles(id) on delete cascade,
    constraint community_posts_city_id_fkey foreign key (city_id) references public.cities(id) on delete cascade,
    constraint community_posts_deal_id_fkey foreign key (deal_id) references public.deals(id) on delete set null,
    constraint community_posts_hidden_by_fkey foreign key (hidden_by) references public.profiles(id) on delete set null,
    constraint community_posts_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade
);

alter table public.community_posts alter column id add generated always as identity (
    sequence name public.community_posts_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table public.community_posts is 'A plain-text post (at most 500 characters, an optional uploaded photo) in the feed of a city, by an active member of it or an approved business there (merchant_id, which may link one of its live deals); hidden by the admin (decision 196).';

comment on column public.community_posts.author_name is 'As shown when posted: the member''s first name, or the business''s name.';

create table public.community_post_reports (
    post_id bigint not null,
    reporter_id uuid not null,
    reason text,
    created_at timestamp with time zone default now() not null,
    resolved_at timestamp with time zone,
    constraint community_post_reports_reason_check check (((char_length(reason) >= 1) and (char_length(reason) <= 300))),
    constraint community_post_reports_pkey primary key (post_id, reporter_id),
    constraint community_post_reports_post_id_fkey foreign key (post_id) references public.community_posts(id) on delete cascade,
    constraint community_post_reports_reporter_id_fkey foreign key (reporter_id) references public.profiles(id) on delete cascade
);

comment on table public.community_post_reports is 'One report per reader per community post; the admin''s moderation queue reads them beside the review reports (decision 196).';

-- ---------------------------------------------------------------- indexes
-- The feed: one city's shown posts, newest first, read a page at a time from a (created_at, id) cursor.
create index community_posts_city_feed_idx on public.community_posts using btree (city_id, created_at desc, id desc) where (hidden_at is null);

create index community_posts_author_idx on public.community_posts using btree (author_id);

create index community_posts_deal_idx on public.community_posts using btree (deal_id) where (deal_id is not null);

create index community_posts_merchant_idx on public.community_posts using btree (merchant_id) where (merchant_id is not null);

create index community_post_reports_created_idx on public.community_post_reports using btree (created_at desc);

create index community_post_reports_open_idx on public.community_post_reports using btree (created_at desc) where (resolved_at is null);

create index community_post_reports_reporter_idx on public.community_post_reports using btree (reporter_id);

-- ---------------------------------------------------------------- functions
-- Whose feed the caller reads and writes: an active member's home city, an approved business's city, else none.
create function private.community_city() returns uuid
    language sql stable security definer
    set search_path to ''
    as $$
  select case
           when p.role = 'USER' and private.has_active_subscription(p.id) then p.home_city_id
           when p.role = 'MERCHANT' then (select m.city_id from public.merchants m where m.owner_user_id = p.id and m.active)
         end
    from public.profiles p
   where p.id = (select auth.uid())
$$;

comment on function private.community_city() is 'The city whose community feed the caller reads and posts to: an active member''s home city, the city of the approved business the caller owns; null for anyone else (visitors, inactive members, staff, the admin).';

create function private.community_deal(p_merchant uuid, p_deal uuid) returns uuid
    language plpgsql stable security definer
    set search_path to ''
    as $$
begin
  if p_deal is null then
    return null;
  end if;
  if p_merchant is null then
    raise exception 'Only a business links one of its deals to a post.' using errcode = 'PL403';
  end if;
  if not exists (select 1 from public.deals d
                  where d.id = p_deal and d.merchant_id = p_merchant and public.deal_is_live(d.active, d.valid_from, d.valid_to)) then
    raise exception 'dealId must be one of your live deals' using errcode = 'PL400';
  end if;
  return p_deal;
end
$$;

comment on function private.community_deal(p_merchant uuid, p_deal uuid) is 'The deal a business post links: null for none; PL403 for a member''s post, PL400 unless it is a live deal of the business.';

-- The writes (decision 196): post, edit and delete by the author, a reader's report, the admin's hide or restore.
create function private.create_community_post(p_body text, p_photo text, p_deal uuid) returns public.community_posts
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_me uuid := (select auth.uid());
  v_profile public.profiles;
  v_merchant public.merchants;
  v_city uuid;
  v_name text;
  v_body text := private.review_text(p_body, 500, 'text');
  v_post public.community_posts;
begin
  select * into v_profile from public.profiles p where p.id = v_me;
  if v_profile.id is null then
    raise exception 'Sign in to post' using errcode = 'PL401';
  end if;
  if v_profile.role = 'USER' then
    if not private.has_active_subscription(v_me) then
      raise exception 'The community is for active members. Subscribe to post.' using errcode = 'PL403';
    end if;
    v_city := v_profile.home_city_id;
    v_name := coalesce(nullif(left(split_part(btrim(v_profile.name), ' ', 1), 60), ''), 'Member');
  elsif v_profile.role = 'MERCHANT' then
    select * into v_merchant from public.merchants m where m.owner_user_id = v_me;
    if v_merchant.id is null or not v_merchant.active then
      raise exception 'Your business must be approved before posting in the community.' using errcode = 'PL403';
    end if;
    v_city := v_merchant.city_id;
    v_name := v_merchant.name;
  else
    raise exception 'Only members and businesses post in the community.' using errcode = 'PL403';
  end if;
  if v_city is null then
    raise exception 'Choose your home city on your profile to post in its community.' using errcode = 'PL409';
  end if;
  if v_body is null then
    raise exception 'text must not be empty' using errcode = 'PL400';
  end if;
  if p_photo is not null and p_photo not like '/objects/uploads/' || v_me::text || '/%' then
    raise exception 'photoUrl must be an address from your own upload' using errcode = 'PL400';
  end if;
  insert into public.community_posts (city_id, author_id, merchant_id, author_name, body, photo_path, deal_id)
  values (v_city, v_me, v_merchant.id, v_name, v_body, p_photo, private.community_deal(v_merchant.id, p_deal))
  returning * into v_post;
  return v_post;
end
$$;

comment on function private.create_community_post(p_body text, p_photo text, p_deal uuid) is 'The caller posts in their city''s feed (private.community_city''s rule, with reasons): an active member, or an approved business, which may link one of its live deals.';

create function private.edit_community_post(p_post bigint, p_body text, p_deal uuid) returns public.community_posts
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_body text := private.review_text(p_body, 500, 'text');
  v_post public.community_posts;
begin
  select * into v_post from public.community_posts where id = p_post and author_id = (select auth.uid()) for update;
  if v_post.id is null then
    raise exception 'Post not found' using errcode = 'PL404';
  end if;
  if v_post.hidden_at is not null then
    raise exception 'This post was hidden by the Pay Local team and can no longer be changed.' using errcode = 'PL409';
  end if;
  if v_body is null then
    raise exception 'text must not be empty' using errcode = 'PL400';
  end if;
  update public.community_posts
     set body = v_body, deal_id = private.community_deal(v_post.merchant_id, p_deal), updated_at = now()
   where id = p_post
  returning * into v_post;
  return v_post;
end
$$;

comment on function private.edit_community_post(p_post bigint, p_body text, p_deal uuid) is 'The author changes the text (and, for a business, the linked deal) of their post, unless the admin hid it.';

create function private.delete_community_post(p_post bigint) returns text
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_post public.community_posts;
begin
  delete from public.community_posts where id = p_post and author_id = (select auth.uid()) returning * into v_post;
  if v_post.id is null then
    raise exception 'Post not found' using errcode = 'PL404';
  end if;
  return v_post.photo_path;
end
$$;

comment on function private.delete_community_post(p_post bigint) is 'The author deletes their post (its reports go with it); answers its photo''s path, for the API to delete the object.';

create function private.report_community_post(p_post bigint, p_reason text) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_me uuid := (select auth.uid());
begin
  -- Only a post the caller reads in their feed.
  if not exists (select 1 from public.community_posts p
                  where p.id = p_post and p.hidden_at is null and p.city_id = private.community_city()) then
    raise exception 'Post not found' using errcode = 'PL404';
  end if;
  insert into public.community_post_reports (post_id, reporter_id, reason)
  values (p_post, v_me, private.review_text(p_reason, 300, 'reason'))
  on conflict do nothing;
  if not found then
    raise exception 'You already reported this post.' using errcode = 'PL409';
  end if;
end
$$;

comment on function private.report_community_post(p_post bigint, p_reason text) is 'A reader of the city''s feed reports a shown post, once.';

create function private.moderate_community_post(p_post bigint, p_hide boolean, p_reason text) returns public.community_posts
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_me uuid := (select auth.uid());
  v_post public.community_posts;
  v_city text;
begin
  if not private.is_admin() then
    raise exception 'Admin access required' using errcode = 'PL403';
  end if;
  update public.community_posts
     set hidden_at = case when p_hide then coalesce(hidden_at, now()) end,
         hidden_by = case when p_hide then coalesce(hidden_by, v_me) end
   where id = p_post
  returning * into v_post;
  if v_post.id is null then
    raise exception 'Post not found' using errcode = 'PL404';
  end if;
  update public.community_post_reports set resolved_at = now() where post_id = p_post and resolved_at is null;
  select c.name into v_city from public.cities c where c.id = v_post.city_id;
  insert into public.admin_audit_log (actor_id, actor_label, action, reason, subject_user_id, details)
  values (v_me, coalesce((select email from public.profiles where id = v_me), 'admin'),
          case when p_hide then 'post_hidden' else 'post_restored' end,
          private.review_text(p_reason, 300, 'reason'), v_post.author_id,
          jsonb_build_object('postId', p_post, 'cityId', v_post.city_id,
            'description', format('community post by %s in %s: "%s"', v_post.author_name, coalesce(v_city, 'a closed city'),
                                  case when char_length(v_post.body) > 80 then left(v_post.body, 79) || '…' else v_post.body end)));
  return v_post;
end
$$;

comment on function private.moderate_community_post(p_post bigint, p_hide boolean, p_reason text) is 'The admin hides or restores a community post: its open reports resolved, the action in admin_audit_log with a description a person reads.';

-- One message per change of a post on its city's topic (decision 196): ids only, no copy per reader or follower.
create function private.on_community_post_changed() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_post public.community_posts := case when tg_op = 'DELETE' then old else new end;
  v_change text := case
    when tg_op = 'INSERT' then 'created'
    when tg_op = 'DELETE' then 'deleted'
    when old.hidden_at is null and new.hidden_at is not null then 'hidden'
    when old.hidden_at is not null and new.hidden_at is null then 'restored'
    else 'edited' end;
begin
  perform realtime.send(jsonb_build_object('postId', v_post.id::text, 'cityId', v_post.city_id, 'change', v_change),
                        'post_changed', 'city:' || v_post.city_id::text, true);
  return null;
end
$$;

comment on function private.on_community_post_changed() is 'Sends post_changed {postId, cityId, change} on city:<id> once per post created, edited, hidden, restored or deleted (decision 196).';

-- ---------------------------------------------------------------- row-level security
-- After the functions: the posts policy asks private.community_city(), made above.
alter table public.community_posts enable row level security;

create policy "community_posts: city's members and businesses read shown; author own; admin all" on public.community_posts
  for select to authenticated
  using ((((hidden_at is null) and (city_id = ( select private.community_city() as community_city))) or (author_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

alter table public.community_post_reports enable row level security;

create policy "community_post_reports: reporter reads own; admin all" on public.community_post_reports
  for select to authenticated
  using (((reporter_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

-- ---------------------------------------------------------------- triggers
create trigger community_posts_live after insert or delete or update of body, deal_id, hidden_at on public.community_posts for each row execute function private.on_community_post_changed();

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke delete, insert, select, update on table public.community_posts from anon, authenticated;
grant select on table public.community_posts to authenticated;
revoke delete, insert, select, update on table public.community_post_reports from anon, authenticated;
grant select on table public.community_post_reports to authenticated;

revoke execute on function
  private.community_city(),
  private.community_deal(uuid,uuid),
  private.create_community_post(text,text,uuid),
  private.edit_community_post(bigint,text,uuid),
  private.delete_community_post(bigint),
  private.report_community_post(bigint,text),
  private.moderate_community_post(bigint,boolean,text),
  private.on_community_post_changed()
  from public;
grant execute on function
  private.community_city(),
  private.create_community_post(text,text,uuid),
  private.edit_community_post(bigint,text,uuid),
  private.delete_community_post(bigint),
  private.report_community_post(bigint,text),
  private.moderate_community_post(bigint,boolean,text)
  to authenticated, service_role;
