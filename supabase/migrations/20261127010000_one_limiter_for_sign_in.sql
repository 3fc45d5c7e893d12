-- Sign-in and change-password count their failures through the one limiter (decision 177, finishing decision 175's
-- open item): decision 085's rules (refuse the failing address, slow the failing account, a success clears only its
-- address's failures) now run on private.limiter_hits, and its own table private.auth_attempts goes.
-- New here: private.limiter_clear (the current definition; nothing else defines it).

/*
 * Ends every window of the named buckets, and of every bucket whose name starts with one of p_prefixes: a right
 * password clears its (account, address) failures; a password reset clears the account's failures from everywhere.
 */
create or replace function private.limiter_clear(p_buckets text[], p_prefixes text[] default '{}')
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  delete from private.limiter_hits h
   where h.bucket = any (coalesce(p_buckets, '{}'))
      or exists (select 1 from unnest(coalesce(p_prefixes, '{}')) p where p <> '' and left(h.bucket, length(p)) = p);
end
$$;
comment on function private.limiter_clear(text[], text[]) is
  'The limiter (decision 168): forgets the named buckets and those starting with a prefix, e.g. a sign-in''s failures once the right password is given (decision 177).';
revoke all on function private.limiter_clear(text[], text[]) from public, anon, authenticated;
grant execute on function private.limiter_clear(text[], text[]) to service_role;

-- Decision 085's table: failed sign-ins and registrations now live in the limiter's buckets.
drop table if exists private.auth_attempts;
