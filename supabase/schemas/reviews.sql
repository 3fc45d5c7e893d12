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
    redemption_id bigint,
    deal_title text,
    note text,
    created_at timestamp with time zone default now() not null,
    auto_upheld boolean default false not null,
    credit_cents integer,
    decided_at timestamp with time zone,
    decided_by uuid,
    decision_note text,
    refusal_id bigint,
    replied_at timestamp with time zone,
    reply text,
    upheld boolean,
    constraint offer_reports_note_check check (((char_length(note) >= 1) and (char_length(note) <= 500))),
    constraint offer_reports_one_record check (((redemption_id is null) or (refusal_id is null))),
    constraint offer_reports_reply_check check (((char_length(reply) >= 1) and (char_length(reply) <= 500))),
    constraint offer_reports_decision_note_check check (((char_length(decision_note) >= 1) and (char_length(decision_note) <= 500))),
    constraint offer_reports_decided_check check (((decided_at is null) = (upheld is null))),
    constraint offer_reports_credit_cents_check check ((credit_cents >= 0)),
    constraint offer_reports_pkey primary key (id),
    constraint offer_reports_redemption_id_key unique (redemption_id),
    constraint offer_reports_refusal_id_key unique (refusal_id),
    constraint offer_reports_decided_by_fkey foreign key (decided_by) references public.profiles(id) on delete set null,
    constraint offer_reports_member_id_fkey foreign key (member_id) references public.profiles(id) on delete cascade,
    constraint offer_reports_merchant_id_fkey foreign key (merchant_id) references public.merchants(id) on delete cascade,
    constraint offer_reports_redemption_id_fkey foreign key (redemption_id) references public.deal_redemptions(id) on delete cascade,
    constraint offer_reports_refusal_id_fkey foreign key (refusal_id) references public.counter_refusals(id) on delete cascade
);

alter table public.offer_reports alter column id add generated always as identity (
    sequence name public.offer_reports_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

comment on table public.offer_reports is 'A member''s "offer not honoured" about a business, naming where one exists their redemption or refused check there in the last 24 hours: read by the member, the business''s owner and the admin (decision 183); the owner''s reply within 72 hours, the admin''s decision, an upheld report''s credit (decision 191).';

comment on column public.offer_reports.decided_by is 'The admin who decided; null with decided_at set: upheld automatically, the owner having left a report that names a record unanswered for 72 hours.';

comment on column public.offer_reports.credit_cents is 'The account credit the upheld report gave (0: the member had one from an upheld report in the last 30 days).';

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

create index offer_reports_unanswered_idx on public.offer_reports using btree (created_at) where ((decided_at is null) and (reply is null));

create index offer_reports_upheld_idx on public.offer_reports using btree (merchant_id, decided_at) where upheld;

create index offer_reports_decided_by_idx on public.offer_reports using btree (decided_by);

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
    exists (select 1 from private.not_honoured_records(p_merchant))
$$;

comment on function private.review_rights(p_merchant uuid) is 'Whether the caller has a visit (a day with a counted redemption) at the business still to rate, and a redemption or refused check there in the last 24 hours not yet reported as not honoured.';

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

-- "Offer not honoured": a member's report about a business, naming the visit they pick (decision 191).
create function private.not_honoured_records(p_merchant uuid) returns table(kind text, id bigint, deal_title text, happened_at timestamp with time zone, reason text)
    language sql stable security definer
    set search_path to ''
    as $$
  select x.kind, x.id, x.deal_title, x.happened_at, x.reason from (
    select 'redemption'::text as kind, r.id, d.title as deal_title, r.used_at as happened_at, null::text as reason
      from public.deal_redemptions r join public.deals d on d.id = r.deal_id
     where r.member_id = (select auth.uid()) and r.merchant_id = p_merchant and r.used_at > now() - interval '24 hours'
       and not exists (select 1 from public.offer_reports o where o.redemption_id = r.id)
    union all
    select 'refusal'::text, f.id, f.deal_title, f.created_at, f.reason
      from public.counter_refusals f
     where f.member_id = (select auth.uid()) and f.merchant_id = p_merchant and f.created_at > now() - interval '24 hours'
       and not exists (select 1 from public.offer_reports o where o.refusal_id = f.id)
  ) x
  order by x.happened_at desc, x.id desc
  limit 20
$$;

comment on function private.not_honoured_records(p_merchant uuid) is 'The caller''s redemptions and refused checks at the business in the last 24 hours not yet reported: what the report sheet offers to pick.';

create function private.report_offer_not_honoured(p_merchant uuid, p_note text, p_redemption bigint, p_refusal bigint) returns public.offer_reports
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_me uuid := (select auth.uid());
  v_note text := private.review_text(p_note, 500, 'note');
  v_title text;
  v_report public.offer_reports;
begin
  -- A member's report (issue 38): a business's owner, staff or the admin has no visit to report.
  if not exists (select 1 from public.profiles p where p.id = v_me and p.role = 'USER') then
    raise exception 'Only members report an offer that was not honoured.' using errcode = 'PL403';
  end if;
  if p_redemption is not null and p_refusal is not null then
    raise exception 'Name one visit: a redemption or a refused check, not both.' using errcode = 'PL400';
  end if;
  if p_redemption is not null then
    select d.title into v_title from public.deal_redemptions r join public.deals d on d.id = r.deal_id
     where r.id = p_redemption and r.member_id = v_me and r.merchant_id = p_merchant and r.used_at > now() - interval '24 hours';
  elsif p_refusal is not null then
    select f.deal_title into v_title from public.counter_refusals f
     where f.id = p_refusal and f.member_id = v_me and f.merchant_id = p_merchant and f.created_at > now() - interval '24 hours';
  else
    if not exists (select 1 from public.merchants m where m.id = p_merchant and m.active) then
      raise exception 'Business not found' using errcode = 'PL404';
    end if;
    if v_note is null then
      raise exception 'Tell us what happened: a report that names no visit needs a note.' using errcode = 'PL400';
    end if;
    if exists (select 1 from public.offer_reports o
                where o.member_id = v_me and o.merchant_id = p_merchant and o.redemption_id is null and o.refusal_id is null
                  and o.created_at > now() - interval '24 hours') then
      raise exception 'You already reported this business today.' using errcode = 'PL409';
    end if;
  end if;
  if (p_redemption is not null or p_refusal is not null) and v_title is null then
    raise exception 'You can report a visit within 24 hours of showing your pass or a code at this business.' using errcode = 'PL409';
  end if;
  insert into public.offer_reports (merchant_id, member_id, redemption_id, refusal_id, deal_title, note)
  values (p_merchant, v_me, p_redemption, p_refusal, v_title, v_note)
  on conflict do nothing
  returning * into v_report;
  if v_report.id is null then
    raise exception 'You already reported this visit.' using errcode = 'PL409';
  end if;
  return v_report;
end
$$;

comment on function private.report_offer_not_honoured(p_merchant uuid, p_note text, p_redemption bigint, p_refusal bigint) is 'The caller reports that the offer was not honoured at the business, naming the redemption or refused check they picked (theirs, there, in the last 24 hours; once each), or none with a note (once a day per business).';

create function private.reply_to_offer_report(p_report bigint, p_reply text) returns public.offer_reports
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_merchant public.merchants := private.owner_merchant();
  v_reply text := private.review_text(p_reply, 500, 'reply');
  v_report public.offer_reports;
begin
  if v_reply is null then
    raise exception 'reply must not be empty' using errcode = 'PL400';
  end if;
  select * into v_report from public.offer_reports o where o.id = p_report and o.merchant_id = v_merchant.id for update;
  if v_report.id is null then
    raise exception 'Report not found' using errcode = 'PL404';
  end if;
  if v_report.reply is not null then
    raise exception 'You already answered this report.' using errcode = 'PL409';
  end if;
  if v_report.decided_at is not null then
    raise exception 'This report was already decided.' using errcode = 'PL409';
  end if;
  if v_report.created_at <= now() - interval '72 hours' then
    raise exception 'The 72 hours to answer this report are over.' using errcode = 'PL409';
  end if;
  update public.offer_reports set reply = v_reply, replied_at = now() where id = p_report returning * into v_report;
  return v_report;
end
$$;

comment on function private.reply_to_offer_report(p_report bigint, p_reply text) is 'The business''s owner (not staff) answers a report about their business once, within 72 hours and before it is decided.';

create function private.settle_offer_report(p_report bigint, p_upheld boolean, p_note text, p_by uuid, p_credit_cents integer) returns table(report_id bigint, member_id uuid, merchant_id uuid, upheld boolean, credit_cents integer, upheld_in_90_days integer)
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_report public.offer_reports;
  v_credit integer := 0;
  v_count integer;
begin
  select * into v_report from public.offer_reports o where o.id = p_report for update;
  if v_report.id is null then
    raise exception 'Report not found' using errcode = 'PL404';
  end if;
  if v_report.decided_at is not null then
    raise exception 'This report was already decided.' using errcode = 'PL409';
  end if;
  if p_upheld then
    -- At most one promise credit per member in 30 days: the member's row is locked so two decisions queue.
    perform 1 from public.profiles p where p.id = v_report.member_id for update;
    if not exists (select 1 from public.account_credits a
                    where a.user_id = v_report.member_id and a.reason = 'offer_not_honoured'
                      and a.created_at > now() - interval '30 days') then
      perform private.grant_account_credit(v_report.member_id, p_credit_cents, 'offer_not_honoured', 'offer_report:' || p_report);
      v_credit := p_credit_cents;
    end if;
  end if;
  update public.offer_reports o
     set decided_at = now(), upheld = p_upheld, decision_note = private.review_text(p_note, 500, 'note'), decided_by = p_by,
         credit_cents = case when p_upheld then v_credit end, auto_upheld = p_by is null
   where o.id = p_report;
  insert into public.admin_audit_log (actor_id, actor_label, action, reason, subject_user_id, details)
  values (p_by, coalesce((select p.email from public.profiles p where p.id = p_by), 'automatic: unanswered for 72 hours'),
          case when p_upheld then 'offer_report_upheld' else 'offer_report_rejected' end,
          private.review_text(p_note, 500, 'note'), v_report.member_id,
          jsonb_build_object('offerReportId', p_report, 'merchantId', v_report.merchant_id, 'creditCents', v_credit));
  select count(*)::int into v_count from public.offer_reports o
   where o.merchant_id = v_report.merchant_id and o.upheld and o.decided_at > now() - interval '90 days';
  return query select p_report, v_report.member_id, v_report.merchant_id, p_upheld, v_credit, v_count;
end
$$;

comment on function private.settle_offer_report(p_report bigint, p_upheld boolean, p_note text, p_by uuid, p_credit_cents integer) is 'Decides a report once (p_by: the admin; null: upheld automatically): upheld gives the member p_credit_cents of account credit unless a promise credit was given in the last 30 days; audited; returns the business''s upheld reports in the last 90 days.';

create function private.decide_offer_report(p_report bigint, p_upheld boolean, p_note text, p_credit_cents integer) returns table(report_id bigint, member_id uuid, merchant_id uuid, upheld boolean, credit_cents integer, upheld_in_90_days integer)
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if not private.is_admin() then
    raise exception 'Admin access required' using errcode = 'PL403';
  end if;
  return query select * from private.settle_offer_report(p_report, p_upheld, p_note, (select auth.uid()), p_credit_cents);
end
$$;

comment on function private.decide_offer_report(p_report bigint, p_upheld boolean, p_note text, p_credit_cents integer) is 'The admin upholds or rejects a report (private.settle_offer_report).';

create function private.uphold_unanswered_offer_reports(p_credit_cents integer, p_limit integer default 100) returns table(report_id bigint, member_id uuid, merchant_id uuid, upheld boolean, credit_cents integer, upheld_in_90_days integer)
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_id bigint;
begin
  for v_id in
    select o.id from public.offer_reports o
     where o.decided_at is null and o.reply is null and (o.redemption_id is not null or o.refusal_id is not null)
       and o.created_at <= now() - interval '72 hours'
     order by o.created_at, o.id
     limit p_limit
     for update skip locked
  loop
    return query select * from private.settle_offer_report(v_id, true, null, null, p_credit_cents);
  end loop;
end
$$;

comment on function private.uphold_unanswered_offer_reports(p_credit_cents integer, p_limit integer) is 'The scheduled job: upholds each report that names a redemption or refused check and was left unanswered by the owner for 72 hours.';

create function private.pause_business_for_offer_reports(p_merchant uuid, p_reason text) returns table(owner_email text, owner_name text, business_name text, upheld_in_90_days integer)
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  v_me uuid := (select auth.uid());
  v_merchant public.merchants;
  v_count integer;
begin
  if not private.is_admin() then
    raise exception 'Admin access required' using errcode = 'PL403';
  end if;
  -- Paused = not approved (active false): public.merchant_is_listed then lists none of its deals (decision 150).
  update public.merchants m set active = false where m.id = p_merchant and m.active returning * into v_merchant;
  if v_merchant.id is null then
    raise exception 'This business is not listed.' using errcode = 'PL409';
  end if;
  select count(*)::int into v_count from public.offer_reports o
   where o.merchant_id = p_merchant and o.upheld and o.decided_at > now() - interval '90 days';
  insert into public.admin_audit_log (actor_id, actor_label, action, reason, subject_user_id, details)
  values (v_me, coalesce((select email from public.profiles where id = v_me), 'admin'), 'business_paused',
          private.review_text(p_reason, 500, 'reason'), v_merchant.owner_user_id,
          jsonb_build_object('merchantId', p_merchant, 'upheldIn90Days', v_count));
  return query select p.email, p.name, v_merchant.name, v_count from public.profiles p where p.id = v_merchant.owner_user_id;
end
$$;

comment on function private.pause_business_for_offer_reports(p_merchant uuid, p_reason text) is 'The admin pauses a business over upheld "offer not honoured" reports: no longer listed until approved again; audited; returns whom to tell.';

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
  private.report_offer_not_honoured(uuid,text,bigint,bigint),
  private.not_honoured_records(uuid),
  private.reply_to_offer_report(bigint,text),
  private.settle_offer_report(bigint,boolean,text,uuid,integer),
  private.decide_offer_report(bigint,boolean,text,integer),
  private.uphold_unanswered_offer_reports(integer,integer),
  private.pause_business_for_offer_reports(uuid,text)
  from public;
grant execute on function
  private.review_rights(uuid),
  private.review_text(text,integer,text),
  private.rate_business(uuid,integer,text),
  private.edit_review(bigint,integer,text),
  private.reply_to_review(bigint,text),
  private.report_review(bigint,text),
  private.moderate_review(bigint,boolean,text),
  private.report_offer_not_honoured(uuid,text,bigint,bigint),
  private.not_honoured_records(uuid),
  private.reply_to_offer_report(bigint,text),
  private.decide_offer_report(bigint,boolean,text,integer),
  private.pause_business_for_offer_reports(uuid,text)
  to authenticated, service_role;
grant execute on function
  private.uphold_unanswered_offer_reports(integer,integer)
  to service_role;
