-- Reviews (decision 183): a member rates a business once per verified redemption, edits within 7 days, the owner
-- replies once, anyone signed in reports, the admin hides or restores; and "offer not honoured" reports about a visit.
-- All writes go through the functions below; the tables are read under row-level security.

set check_function_bodies = false;

-- ---------------------------------------------------------------- tables
create table public.business_reviews (
    id bigint not null,
    merchant_id uuid not null,
    member_id uuid not null,
    redemption_id bigint not null,
    author_name text not null,
    rating smallint not null,
    comment text,
    created_at timestamp with time zone default now() not null,
    updated_at timestamp with time zone default now() not null,
    reply text,
    replied_at timestamp with time zone,
    hidden_at timestamp with time zone,
    hidden_by uuid,
    visit_day date not null,
    constraint business_reviews_author_name_check check ((char_length(author_name) <= 60)),
    constraint business_reviews_comment_check check (((char_length(comment) >= 1) and (char_length(comment) <= 500))),
    constraint business_reviews_rating_check check (((rating >= 1) and (rating <= 5))),
    constraint business_reviews_reply_check check (((char_length(reply) >= 1) and (char_length(reply) <= 500))),
    constraint business_reviews_pkey primary key (id),
    constraint business_reviews_redemption_id_key unique (redemption_id),
    constraint business_reviews_hidden_by_fkey foreign key (hidden_by) references public.profiles(id) on delete set null,
    constraint business_reviews_member_id_fkey foreign key (member_id) references public.profiles(id) on delete cascade,
    constraint business_reviews_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade,
    constraint business_reviews_redemption_id_fkey foreign key (redemption_id) references public.deal_redemptions(id) on delete cascade
);

alter table public.business_reviews alter column id add generated always as identity (
    sequence name public.business_reviews_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on column public.business_reviews.visit_day is 'The visit rated: the day of the redemption in the business''s city''s time (private.business_local_day). One review per member, business and visit day.';

comment on table public.business_reviews is 'A member''s rating (1-5) of a business with an optional plain-text comment, one per verified redemption, editable for 7 days; the owner''s one reply; hidden by the admin (decision 183).';

create table public.business_review_summaries (
    merchant_id uuid not null,
    review_count integer default 0 not null,
    rating_sum integer default 0 not null,
    constraint business_review_summaries_rating_sum_check check ((rating_sum >= 0)),
    constraint business_review_summaries_review_count_check check ((review_count >= 0)),
    constraint business_review_summaries_pkey primary key (merchant_id),
    constraint business_review_summaries_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade
);

comment on table public.business_review_summaries is 'Count and sum of the shown (not hidden) ratings of a business, kept by a trigger on business_reviews: the deal list reads one row per business.';

create table public.review_reports (
    review_id bigint not null,
    reporter_id uuid not null,
    reason text,
    created_at timestamp with time zone default now() not null,
    resolved_at timestamp with time zone,
    constraint review_reports_reason_check check (((char_length(reason) >= 1) and (char_length(reason) <= 300))),
    constraint review_reports_pkey primary key (review_id, reporter_id),
    constraint review_reports_reporter_id_fkey foreign key (reporter_id) references public.profiles(id) on delete cascade,
    constraint review_reports_review_id_fkey foreign key (review_id) references public.business_reviews(id) on delete cascade
);

comment on table public.review_reports is 'One report per signed-in user per review; the admin''s queue reads the open ones (decision 183).';

create table public.offer_reports (
    id bigint not null,
    merchant_id uuid not null,
    member_id uuid not null,
    redemption_id bigint not null,
    deal_title text not null,
    note text,
    created_at timestamp with time zone default now() not null,
    constraint offer_reports_note_check check (((char_length(note) >= 1) and (char_length(note) <= 500))),
    constraint offer_reports_pkey primary key (id),
    constraint offer_reports_redemption_id_key unique (redemption_id),
    constraint offer_reports_member_id_fkey foreign key (member_id) references public.profiles(id) on delete cascade,
    constraint offer_reports_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade,
    constraint offer_reports_redemption_id_fkey foreign key (redemption_id) references public.deal_redemptions(id) on delete cascade
);

alter table public.offer_reports alter column id add generated always as identity (
    sequence name public.offer_reports_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table public.offer_reports is 'A member''s "offer not honoured" about a visit in the last 24 hours: read by the member, the business''s owner and the admin (decision 183).';

-- ---------------------------------------------------------------- foreign keys of earlier files
-- These tables were made before the table they reference, in an earlier file; their links are added here.
alter table only public.admin_audit_log
    add constraint admin_audit_log_review_id_fkey foreign key (review_id) references public.business_reviews(id) on delete set null;

-- ---------------------------------------------------------------- indexes
create index business_reviews_member_idx on public.business_reviews using btree (member_id);

-- One review per visit (issue 38): a member rates a business once per local day however many deals the visit had.
create unique index business_reviews_one_per_visit_key on public.business_reviews using btree (merchant_id, member_id, visit_day);

create index business_reviews_merchant_idx on public.business_reviews using btree (merchant_id, created_at desc, id desc);

create index review_reports_open_idx on public.review_reports using btree (created_at desc) where (resolved_at is null);

create index review_reports_reporter_idx on public.review_reports using btree (reporter_id);

create index offer_reports_created_idx on public.offer_reports using btree (created_at desc);

create index offer_reports_member_idx on public.offer_reports using btree (member_id);

create index offer_reports_merchant_idx on public.offer_reports using btree (merchant_id, created_at desc);

-- ---------------------------------------------------------------- row-level security
alter table public.business_reviews enable row level security;

create policy "business_reviews: signed-in reads shown, own, own business's; a" on public.business_reviews
  for select to authenticated
  using (((hidden_at is null) or (member_id = ( select auth.uid() as uid)) or (merchant_id = ( select private.current_merchant_id() as current_merchant_id)) or ( select private.is_admin() as is_admin)));

alter table public.business_review_summaries enable row level security;

create policy "business_review_summaries: signed-in reads" on public.business_review_summaries
  for select to authenticated
  using (true);

alter table public.review_reports enable row level security;

create policy "review_reports: reporter reads own; admin all" on public.review_reports
  for select to authenticated
  using (((reporter_id = ( select auth.uid() as uid)) or ( select private.is_admin() as is_admin)));

alter table public.offer_reports enable row level security;

create policy "offer_reports: member own, owner of the business, admin" on public.offer_reports
  for select to authenticated
  using (((member_id = ( select auth.uid() as uid)) or (merchant_id = ( select private.current_merchant_id() as current_merchant_id)) or ( select private.is_admin() as is_admin)));

-- ---------------------------------------------------------------- functions
-- What the caller may still do at a business (a redemption to rate, a visit to report), and the text rules.
create function private.review_rights(p_merchant uuid) returns table(can_rate boolean, can_report_not_honoured boolean)
    language sql stable security definer
    set search_path to ''
    as $$
  select
    exists (select 1 from public.deal_redemptions r
             where r.member_id = (select auth.uid()) and r.merchant_id = p_merchant and r.undone_at is null and r.flag is null
               and not exists (select 1 from public.business_reviews b
                                where b.member_id = r.member_id and b.merchant_id = p_merchant
                                  and b.visit_day = private.business_local_day(p_merchant, r.used_at))),
    exists (select 1 from public.deal_redemptions r
             where r.member_id = (select auth.uid()) and r.merchant_id = p_merchant and r.used_at > now() - interval '24 hours'
               and not exists (select 1 from public.offer_reports o where o.redemption_id = r.id)
               and r.id = (select r2.id from public.deal_redemptions r2
                            where r2.member_id = r.member_id and r2.merchant_id = p_merchant
                            order by r2.used_at desc, r2.id desc limit 1))
$$;

comment on function private.review_rights(p_merchant uuid) is 'Whether the caller has a visit (a day with a counted redemption) at the business still to rate, and a visit in the last 24 hours not yet reported as not honoured.';

create function private.review_text(p_text text, p_max integer, p_what text) returns text
    language plpgsql immutable
    set search_path to ''
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

comment on function private.review_text(p_text text, p_max integer, p_what text) is 'A review text as stored: trimmed, null when empty, length-limited, no control characters.';

-- The writes (decision 183): rate, edit within 7 days, the owner's reply, a report, the admin's hide or restore.
create function private.rate_business(p_merchant uuid, p_rating integer, p_comment text) returns public.business_reviews
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_me uuid := (select auth.uid());
  v_redemption bigint;
  v_day date;
  v_review public.business_reviews;
begin
  if p_rating is null or p_rating not between 1 and 5 then
    raise exception 'rating must be a whole number from 1 to 5' using errcode = 'PL400';
  end if;
  -- The member's newest counted redemption there on a visit day not yet rated (locked: a double tap rates it once;
  -- two taps on two deals of one visit meet at the unique (business, member, visit day) index).
  select r.id, private.business_local_day(p_merchant, r.used_at) into v_redemption, v_day
    from public.deal_redemptions r
   where r.member_id = v_me and r.merchant_id = p_merchant and r.undone_at is null and r.flag is null
     and not exists (select 1 from public.business_reviews b
                      where b.member_id = v_me and b.merchant_id = p_merchant
                        and b.visit_day = private.business_local_day(p_merchant, r.used_at))
   order by r.used_at desc, r.id desc
   limit 1
   for update;
  if v_redemption is null then
    raise exception 'You can rate this business after you use one of its deals there (once per visit).' using errcode = 'PL409';
  end if;
  begin
    insert into public.business_reviews (merchant_id, member_id, redemption_id, author_name, rating, comment, visit_day)
    values (p_merchant, v_me, v_redemption,
            coalesce(nullif(left(split_part(btrim((select p.name from public.profiles p where p.id = v_me)), ' ', 1), 60), ''), 'Member'),
            p_rating, private.review_text(p_comment, 500, 'comment'), v_day)
    returning * into v_review;
  exception when unique_violation then
    raise exception 'You already rated this visit: change your review instead.' using errcode = 'PL409';
  end;
  return v_review;
end
$$;

comment on function private.rate_business(p_merchant uuid, p_rating integer, p_comment text) is 'The caller rates a business once per visit (issue 38): for their newest counted redemption on a day not yet rated (PL409 when there is none; the web then offers to edit).';

create function private.edit_review(p_review bigint, p_rating integer, p_comment text) returns public.business_reviews
    language plpgsql security definer
    set search_path to ''
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

comment on function private.edit_review(p_review bigint, p_rating integer, p_comment text) is 'The author changes their review within 7 days of writing it.';

create function private.reply_to_review(p_review bigint, p_reply text) returns public.business_reviews
    language plpgsql security definer
    set search_path to ''
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

comment on function private.reply_to_review(p_review bigint, p_reply text) is 'The business''s owner (not staff) replies once to a review of their business.';

create function private.report_review(p_review bigint, p_reason text) returns void
    language plpgsql security definer
    set search_path to ''
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

comment on function private.report_review(p_review bigint, p_reason text) is 'A signed-in user reports a review they can see, once.';

create function private.moderate_review(p_review bigint, p_hide boolean, p_reason text) returns public.business_reviews
    language plpgsql security definer
    set search_path to ''
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

comment on function private.moderate_review(p_review bigint, p_hide boolean, p_reason text) is 'The admin hides or restores a review: its open reports resolved, the action in admin_audit_log.';

-- The per-business count and sum the deal list reads, kept by a trigger.
create function private.keep_review_summary() returns trigger
    language plpgsql security definer
    set search_path to ''
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

-- "Offer not honoured": a member's report about a visit in the last 24 hours.
create function private.report_offer_not_honoured(p_merchant uuid, p_note text) returns public.offer_reports
    language plpgsql security definer
    set search_path to ''
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

comment on function private.report_offer_not_honoured(p_merchant uuid, p_note text) is 'The caller reports that the offer was not honoured on their visit (a redemption recorded) to the business in the last 24 hours, once per visit.';

-- ---------------------------------------------------------------- triggers
create trigger business_reviews_summary after insert or delete or update of rating, hidden_at on public.business_reviews for each row execute function private.keep_review_summary();

-- ---------------------------------------------------------------- grants
-- Written as changes to what each object got when it was made, so they hold locally and hosted alike. In public
-- the API roles get Supabase's default privileges (tables: select, insert, update, delete, and hosted more, less what
-- foundation.sql takes back; functions: execute); elsewhere only the owner, and PUBLIC executes a new function.
revoke delete, insert, select, update on table public.business_reviews from anon, authenticated;
grant select on table public.business_reviews to authenticated;
revoke delete, insert, select, update on table public.business_review_summaries from anon, authenticated;
grant select on table public.business_review_summaries to authenticated;
revoke delete, insert, select, update on table public.review_reports from anon, authenticated;
grant select on table public.review_reports to authenticated;
revoke delete, insert, select, update on table public.offer_reports from anon, authenticated;
grant select on table public.offer_reports to authenticated;

revoke execute on function
  private.review_rights(uuid),
  private.review_text(text,integer,text),
  private.rate_business(uuid,integer,text),
  private.edit_review(bigint,integer,text),
  private.reply_to_review(bigint,text),
  private.report_review(bigint,text),
  private.moderate_review(bigint,boolean,text),
  private.keep_review_summary(),
  private.report_offer_not_honoured(uuid,text)
  from public;
grant execute on function
  private.review_rights(uuid),
  private.review_text(text,integer,text),
  private.rate_business(uuid,integer,text),
  private.edit_review(bigint,integer,text),
  private.reply_to_review(bigint,text),
  private.report_review(bigint,text),
  private.moderate_review(bigint,boolean,text),
  private.report_offer_not_honoured(uuid,text)
  to authenticated, service_role;
