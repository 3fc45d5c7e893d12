-- The hosted rehearsal's pg_net (decision 194), shaped from pg_net's own SQL (https://github.com/supabase/pg_net/blob/master/sql/pg_net.sql): the
-- schema net, the request queue pg_net's worker reads, and net.http_get / net.http_post / net.http_delete with
-- pg_net's signatures and defaults (timeout_milliseconds 5000), each inserting its request and returning its id.
-- No worker: the queue keeps what Cron asked for, which the rehearsal reads. `create extension pg_net with schema
-- extensions` then runs as it is written in docs/operating.md (the objects live in net, as with the real one).
\echo Use "create extension pg_net" to load this file. \quit

create schema if not exists net;

create domain net.http_method as text
check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

create unlogged table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);

-- The double takes no query parameters (pg_net url-encodes them in C); none of the operator's jobs passes any.
create function net._refuse_params(params jsonb) returns void
language plpgsql
as $$
begin
  if params is not null and params <> '{}'::jsonb then
    raise exception 'the rehearsal''s pg_net double takes no params: put them in the url';
  end if;
end
$$;

create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint
language plpgsql
as $$
declare
  request_id bigint;
begin
  perform net._refuse_params(params);
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', url, headers, timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint
language plpgsql
as $$
declare
  request_id bigint;
  content_type text;
begin
  -- As pg_net: a JSON body, the Content-Type added when the caller's headers leave it out.
  select header_value into content_type
    from jsonb_each_text(coalesce(headers, '{}'::jsonb)) as r (header_name, header_value)
   where lower(header_name) = 'content-type'
   limit 1;
  if content_type is null then
    headers := headers || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  perform net._refuse_params(params);
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', url, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000,
  body jsonb default null
) returns bigint
language plpgsql
as $$
declare
  request_id bigint;
begin
  perform net._refuse_params(params);
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('DELETE', url, headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

-- pg_net's own grants.
grant usage on schema net to public;
grant all on all sequences in schema net to public;
grant all on all tables in schema net to public;
