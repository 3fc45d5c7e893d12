-- Issue 31 (decision 183): members rate a business after a verified redemption there, the owner replies once,
-- anyone signed in reports a review once, the admin hides or restores it (admin_audit_log); and "offer not
-- honoured" within 24 hours of showing a pass or code there. Every write goes through a security-definer function
-- below (no client role may insert, update or delete these tables directly); reads go through row-level security.
-- The per-business summary (count and sum of shown ratings) is maintained on write, so the deal list joins one row
-- per business instead of aggregating per request.

-- ---------------------------------------------------------------- reviews
create table public.business_reviews (
  id bigint generated always as identity primary key,
  merchant_id uuid not null references public.merchants (id) on delete cascade,
  member_id uuid not null references public.profiles (id) on delete cascade,
  -- The verified redemption the review is for: one review per redemption.
  redemption_id bigint not null unique references public.deal_redemptions (id) on delete cascade,
  -- The member's first name when they wrote it (what the review shows of its author).
  author_name text not null check (char_length(author_name) <= 60),
  rating smallint not null check (rating between 1 and 5),
  comment text check (char_length(comment) between 1 and 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  reply text check (char_length(reply) between 1 and 500),
  replied_at timestamptz,
  hidden_at timestamptz,
  hidden_by uuid references public.profiles (id) on delete set null
);
comment on table public.business_reviews is
  'A member''s rating (1-5) of a business with an optional plain-text comment, one per verified redemption, editable for 7 days; the owner''s one reply; hidden by the admin (decision 183).';
create index business_reviews_merchant_idx on public.business_reviews (merchant_id, created_at desc, id desc);
create index business_reviews_member_idx on public.business_reviews (member_id);
alter table public.business_reviews enable row level security;
revoke all on public.business_reviews from anon, authenticated;
grant select on public.business_reviews to authenticated;
create policy "business_reviews: signed-in reads shown, own, own business's; admin all" on public.business_reviews
  for select to authenticated
  using (hidden_at is null or member_id = (select auth.uid()) or merchant_id = (select private.current_merchant_id())
         or (select private.is_admin()));

-- ---------------------------------------------------------------- reports of a review
create table public.review_reports (
  review_id bigint not null references public.business_reviews (id) on delete cascade,
  reporter_id uuid not null references public.profiles (id) on delete cascade,
  reason text check (char_length(reason) between 1 and 300),
  created_at timestamptz not null default now(),
  -- Set when the admin hid or restored the review after this report.
  resolved_at timestamptz,
  primary key (review_id, reporter_id)
);
comment on table public.review_reports is 'One report per signed-in user per review; the admin''s queue reads the open ones (decision 183).';
create index review_reports_open_idx on public.review_reports (created_at desc) where resolved_at is null;
create index review_reports_reporter_idx on public.review_reports (reporter_id);
alter table public.review_reports enable row level security;
revoke all on public.review_reports from anon, authenticated;
grant select on public.review_reports to authenticated;
create policy "review_reports: reporter reads own; admin all" on public.review_reports
  for select to authenticated
  using (reporter_id = (select auth.uid()) or (select private.is_admin()));

-- ---------------------------------------------------------------- offer not honoured
create table public.offer_reports (
  id bigint generated always as identity primary key,
  merchant_id uuid not null references public.merchants (id) on delete cascade,
  member_id uuid not null references public.profiles (id) on delete cascade,
  -- The visit (the redemption recorded when the member showed a pass or code): one report per visit.
  redemption_id bigint not null unique references public.deal_redemptions (id) on delete cascade,
  deal_title text not null,
  note text check (char_length(note) between 1 and 500),
  created_at timestamptz not null default now()
);
comment on table public.offer_reports is
  'A member''s "offer not honoured" about a visit in the last 24 hours: read by the member, the business''s owner and the admin (decision 183).';
create index offer_reports_merchant_idx on public.offer_reports (merchant_id, created_at desc);
create index offer_reports_member_idx on public.offer_reports (member_id);
create index offer_reports_created_idx on public.offer_reports (created_at desc);
alter table public.offer_reports enable row level security;
revoke all on public.offer_reports from anon, authenticated;
grant select on public.offer_reports to authenticated;
create policy "offer_reports: member own, owner of the business, admin" on public.offer_reports
  for select to authenticated
  using (member_id = (select auth.uid()) or merchant_id = (select private.current_merchant_id())
         or (select private.is_admin()));

-- ---------------------------------------------------------------- the per-business summary
create table public.business_review_summaries (
  merchant_id uuid primary key references public.merchants (id) on delete cascade,
  review_count integer not null default 0 check (review_count >= 0),
  rating_sum integer not null default 0 check (rating_sum >= 0)
);
comment on table public.business_review_summaries is
  'Count and sum of the shown (not hidden) ratings of a business, kept by a trigger on business_reviews: the deal list reads one row per business.';
alter table public.business_review_summaries enable row level security;
revoke all on public.business_review_summaries from anon, authenticated;
grant select on public.business_review_summaries to authenticated;
create policy "business_review_summaries: signed-in reads" on public.business_review_summaries
  for select to authenticated using (true);

-- Increments, not a recount: concurrent writes of one business each add their own change (no lost update).
create or replace function private.keep_review_summary() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant uuid := coalesce(new.merchant_id, old.merchant_id);
  v_count integer := 0;
  v_sum integer := 0;
begin
  if tg_op in ('UPDATE', 'DELETE') and old.hidden_at is null then
    v_count := v_count - 1; v_sum := v_sum - old.rating;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.hidden_at is null then
    v_count := v_count + 1; v_sum := v_sum + new.rating;
  end if;
  if v_count < 0 or v_sum < 0 then
    -- Taking away: the row exists (what is taken was added before).
    update public.business_review_summaries
       set review_count = review_count + v_count, rating_sum = rating_sum + v_sum
     where merchant_id = v_merchant;
  elsif v_count <> 0 or v_sum <> 0 then
    insert into public.business_review_summaries as s (merchant_id, review_count, rating_sum)
    values (v_merchant, v_count, v_sum)
    on conflict (merchant_id) do update
      set review_count = s.review_count + excluded.review_count, rating_sum = s.rating_sum + excluded.rating_sum;
  end if;
  return null;
end
$$;
comment on function private.keep_review_summary() is 'Adds a review''s change (insert, edit, hide, restore, delete) to its business''s summary.';
revoke execute on function private.keep_review_summary() from public, anon, authenticated;
create trigger business_reviews_summary after insert or update of rating, hidden_at or delete on public.business_reviews
  for each row execute function private.keep_review_summary();

-- ---------------------------------------------------------------- the admin audit log learns two actions
alter table public.admin_audit_log drop constraint admin_audit_log_action_check;
alter table public.admin_audit_log add constraint admin_audit_log_action_check
  check (action in ('refund', 'dispute_opened', 'dispute_won', 'dispute_lost', 'review_hidden', 'review_restored'));
alter table public.admin_audit_log add column review_id bigint references public.business_reviews (id) on delete set null;
comment on column public.admin_audit_log.review_id is 'The review hidden or restored (decision 183).';

-- ---------------------------------------------------------------- the writes
/** Plain text: trimmed, empty = null (the web renders text, never HTML; control characters refused). */
create or replace function private.review_text(p_text text, p_max integer, p_what text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v text := nullif(btrim(p_text), '');
begin
  if v is not null and char_length(v) > p_max then
    raise exception '% must be at most % characters', p_what, p_max using errcode = 'PL400';
  end if;
  if v ~ '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]' then
    raise exception '% must be plain text', p_what using errcode = 'PL400';
  end if;
  return v;
end
$$;
comment on function private.review_text(text, integer, text) is 'A review text as stored: trimmed, null when empty, length-limited, no control characters.';

create or replace function private.rate_business(p_merchant uuid, p_rating integer, p_comment text)
returns public.business_reviews
language plpgsql security definer
set search_path = ''
as $$
declare
  v_me uuid := (select auth.uid());
  v_redemption bigint;
  v_review public.business_reviews;
begin
  if p_rating is null or p_rating not between 1 and 5 then
    raise exception 'rating must be a whole number from 1 to 5' using errcode = 'PL400';
  end if;
  -- The member's newest counted redemption there that has no review yet (locked: a double tap rates it once).
  select r.id into v_redemption
    from public.deal_redemptions r
   where r.member_id = v_me and r.merchant_id = p_merchant and r.undone_at is null and r.flag is null
     and not exists (select 1 from public.business_reviews b where b.redemption_id = r.id)
   order by r.used_at desc, r.id desc
   limit 1
   for update;
  if v_redemption is null then
    raise exception 'You can rate this business after you use one of its deals there (once per visit).' using errcode = 'PL409';
  end if;
  insert into public.business_reviews (merchant_id, member_id, redemption_id, author_name, rating, comment)
  values (p_merchant, v_me, v_redemption,
          coalesce(nullif(left(split_part(btrim((select p.name from public.profiles p where p.id = v_me)), ' ', 1), 60), ''), 'Member'),
          p_rating, private.review_text(p_comment, 500, 'comment'))
  returning * into v_review;
  return v_review;
end
$$;
comment on function private.rate_business(uuid, integer, text) is
  'The caller rates a business for their newest counted redemption there without a review (PL409 when there is none).';

create or replace function private.edit_review(p_review bigint, p_rating integer, p_comment text)
returns public.business_reviews
language plpgsql security definer
set search_path = ''
as $$
declare
  v_review public.business_reviews;
begin
  if p_rating is null or p_rating not between 1 and 5 then
    raise exception 'rating must be a whole number from 1 to 5' using errcode = 'PL400';
  end if;
  select * into v_review from public.business_reviews where id = p_review and member_id = (select auth.uid()) for update;
  if v_review.id is null then
    raise exception 'Review not found' using errcode = 'PL404';
  end if;
  if v_review.created_at < now() - interval '7 days' then
    raise exception 'A review can be changed for 7 days after it was written.' using errcode = 'PL409';
  end if;
  update public.business_reviews
     set rating = p_rating, comment = private.review_text(p_comment, 500, 'comment'), updated_at = now()
   where id = p_review
  returning * into v_review;
  return v_review;
end
$$;
comment on function private.edit_review(bigint, integer, text) is 'The author changes their review within 7 days of writing it.';

create or replace function private.reply_to_review(p_review bigint, p_reply text)
returns public.business_reviews
language plpgsql security definer
set search_path = ''
as $$
declare
  v_merchant public.merchants := private.owner_merchant();
  v_reply text := private.review_text(p_reply, 500, 'reply');
  v_review public.business_reviews;
begin
  if v_reply is null then
    raise exception 'reply must not be empty' using errcode = 'PL400';
  end if;
  update public.business_reviews set reply = v_reply, replied_at = now()
   where id = p_review and merchant_id = v_merchant.id and reply is null
  returning * into v_review;
  if v_review.id is null then
    if exists (select 1 from public.business_reviews where id = p_review and merchant_id = v_merchant.id) then
      raise exception 'You already replied to this review.' using errcode = 'PL409';
    end if;
    raise exception 'Review not found' using errcode = 'PL404';
  end if;
  return v_review;
end
$$;
comment on function private.reply_to_review(bigint, text) is 'The business''s owner (not staff) replies once to a review of their business.';

create or replace function private.report_review(p_review bigint, p_reason text) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_me uuid := (select auth.uid());
begin
  if v_me is null then
    raise exception 'Sign in to report a review' using errcode = 'PL401';
  end if;
  -- Only a review the caller can see (the rule of the select policy).
  if not exists (select 1 from public.business_reviews b where b.id = p_review
                  and (b.hidden_at is null or b.member_id = v_me or b.merchant_id = private.current_merchant_id() or private.is_admin())) then
    raise exception 'Review not found' using errcode = 'PL404';
  end if;
  insert into public.review_reports (review_id, reporter_id, reason)
  values (p_review, v_me, private.review_text(p_reason, 300, 'reason'))
  on conflict do nothing;
  if not found then
    raise exception 'You already reported this review.' using errcode = 'PL409';
  end if;
end
$$;
comment on function private.report_review(bigint, text) is 'A signed-in user reports a review they can see, once.';

create or replace function private.moderate_review(p_review bigint, p_hide boolean, p_reason text)
returns public.business_reviews
language plpgsql security definer
set search_path = ''
as $$
declare
  v_me uuid := (select auth.uid());
  v_review public.business_reviews;
begin
  if not private.is_admin() then
    raise exception 'Admin access required' using errcode = 'PL403';
  end if;
  update public.business_reviews
     set hidden_at = case when p_hide then coalesce(hidden_at, now()) end,
         hidden_by = case when p_hide then coalesce(hidden_by, v_me) end
   where id = p_review
  returning * into v_review;
  if v_review.id is null then
    raise exception 'Review not found' using errcode = 'PL404';
  end if;
  update public.review_reports set resolved_at = now() where review_id = p_review and resolved_at is null;
  insert into public.admin_audit_log (actor_id, actor_label, action, reason, subject_user_id, review_id, details)
  values (v_me, coalesce((select email from public.profiles where id = v_me), 'admin'),
          case when p_hide then 'review_hidden' else 'review_restored' end,
          private.review_text(p_reason, 300, 'reason'), v_review.member_id, p_review,
          jsonb_build_object('reviewId', p_review, 'merchantId', v_review.merchant_id));
  return v_review;
end
$$;
comment on function private.moderate_review(bigint, boolean, text) is
  'The admin hides or restores a review: its open reports resolved, the action in admin_audit_log.';

create or replace function private.report_offer_not_honoured(p_merchant uuid, p_note text) returns public.offer_reports
language plpgsql security definer
set search_path = ''
as $$
declare
  v_me uuid := (select auth.uid());
  v_visit record;
  v_report public.offer_reports;
begin
  -- The member's newest showing there in the last 24 hours (undone or flagged included: the visit happened).
  select r.id, d.title into v_visit
    from public.deal_redemptions r
    join public.deals d on d.id = r.deal_id
   where r.member_id = v_me and r.merchant_id = p_merchant and r.used_at > now() - interval '24 hours'
   order by r.used_at desc, r.id desc
   limit 1;
  if v_visit.id is null then
    raise exception 'You can report this within 24 hours of showing your pass or a code at this business.' using errcode = 'PL409';
  end if;
  insert into public.offer_reports (merchant_id, member_id, redemption_id, deal_title, note)
  values (p_merchant, v_me, v_visit.id, v_visit.title, private.review_text(p_note, 500, 'note'))
  on conflict (redemption_id) do nothing
  returning * into v_report;
  if v_report.id is null then
    raise exception 'You already reported this visit.' using errcode = 'PL409';
  end if;
  return v_report;
end
$$;
comment on function private.report_offer_not_honoured(uuid, text) is
  'The caller reports that the offer was not honoured on their visit (a redemption recorded) to the business in the last 24 hours, once per visit.';

-- ---------------------------------------------------------------- what the caller may do at a business
create or replace function private.review_rights(p_merchant uuid)
returns table (can_rate boolean, can_report_not_honoured boolean)
language sql stable security definer
set search_path = ''
as $$
  select
    exists (select 1 from public.deal_redemptions r
             where r.member_id = (select auth.uid()) and r.merchant_id = p_merchant and r.undone_at is null and r.flag is null
               and not exists (select 1 from public.business_reviews b where b.redemption_id = r.id)),
    exists (select 1 from public.deal_redemptions r
             where r.member_id = (select auth.uid()) and r.merchant_id = p_merchant and r.used_at > now() - interval '24 hours'
               and not exists (select 1 from public.offer_reports o where o.redemption_id = r.id)
               and r.id = (select r2.id from public.deal_redemptions r2
                            where r2.member_id = r.member_id and r2.merchant_id = p_merchant
                            order by r2.used_at desc, r2.id desc limit 1))
$$;
comment on function private.review_rights(uuid) is
  'Whether the caller has a redemption at the business still to rate, and a visit in the last 24 hours not yet reported as not honoured.';

create index deal_redemptions_member_merchant_used_idx on public.deal_redemptions (member_id, merchant_id, used_at desc, id desc);

revoke execute on function private.review_text(text, integer, text),
  private.rate_business(uuid, integer, text), private.edit_review(bigint, integer, text),
  private.reply_to_review(bigint, text), private.report_review(bigint, text),
  private.moderate_review(bigint, boolean, text), private.report_offer_not_honoured(uuid, text),
  private.review_rights(uuid) from public, anon;
grant execute on function private.review_text(text, integer, text),
  private.rate_business(uuid, integer, text), private.edit_review(bigint, integer, text),
  private.reply_to_review(bigint, text), private.report_review(bigint, text),
  private.moderate_review(bigint, boolean, text), private.report_offer_not_honoured(uuid, text),
  private.review_rights(uuid) to authenticated, service_role;
