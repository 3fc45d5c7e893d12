-- Idempotency keys are bound to the request they were first used for (decision 086): the same key with a
-- different body is refused (422) instead of silently answering with the first request's response.
alter table private.idempotency_keys add column request_hash text
  check (request_hash is null or request_hash ~ '^[0-9a-f]{64}$');
comment on column private.idempotency_keys.request_hash is
  'SHA-256 (hex) of the first request''s method, path and body; a repeat with another hash gets 422. Null only on rows from before this column.';
