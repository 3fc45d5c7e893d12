-- Subscription state from Stripe, not from event order (decision 170). Stripe does not deliver webhook
-- events in order, redelivers them, and stamps them in whole seconds, so the webhook no longer applies the
-- object an event carries: it retrieves the subscription's current state from Stripe and applies that.
-- Two deliveries for one subscription may still answer out of order (the earlier retrieval answering
-- last), so each retrieval draws a ticket from one sequence just before it asks; a state is applied only
-- when its ticket is above the last one applied to that subscription. A later ticket asked later, so it
-- never saw an older state: the last state applied is the newest one read.
create sequence private.subscription_sync_tickets as bigint;
comment on sequence private.subscription_sync_tickets is
  'Tickets drawn just before the webhook retrieves a subscription from the payment provider; higher = asked later (decision 170).';
grant usage on sequence private.subscription_sync_tickets to service_role;

-- The marks keep the ticket of the last state applied; the event creation time they kept before is not
-- used any more (it could not order two events of one second).
alter table private.subscription_event_marks
  add column last_sync_ticket bigint not null default 0,
  drop column last_event_created;
comment on table private.subscription_event_marks is
  'Per provider subscription, the ticket of the last state applied from the provider; a state read with a lower ticket is skipped (decision 170).';
comment on column private.subscription_event_marks.last_sync_ticket is
  'The private.subscription_sync_tickets ticket of the retrieval whose state the subscriptions row holds.';
alter table private.subscription_event_marks enable row level security;
revoke all on private.subscription_event_marks from public, anon, authenticated;
