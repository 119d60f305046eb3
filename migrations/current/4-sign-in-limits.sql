-- Sign-in limits: failed sign-ins counted per account and client address (and per address), so an
-- attacker locks out only themselves; per-address limits on sign-ins and sign-ups; at most
-- max_sessions_per_user() sessions per user; bcrypt cost from a measurement, old hashes upgraded at
-- the next sign-in; an unknown email costs the same bcrypt work as a wrong password.
-- The counts (how many failures, sign-ins, sign-ups) come from server/auth-limits.ts as arguments.
-- Idempotent: graphile-migrate re-runs this file on every change while it is current.

--------------------------------------------------------------------------------
-- Constants
--------------------------------------------------------------------------------
create or replace function app_private.password_hash_cost() returns int
language sql immutable as $$ select 11 $$;
comment on function app_private.password_hash_cost() is
  E'The bcrypt cost of new password hashes: the highest cost whose hash takes at most 100 ms on the reference machine (pgcrypto on 2 shared cores: cost 10 about 45 ms, 11 about 85 ms, 12 about 170 ms). A hash of a lower cost is replaced at the next successful sign-in.';

create or replace function app_private.password_hash_cost_of(p_hash text) returns int
language sql immutable as $$
  select coalesce(substring(p_hash from '^\$2[abxy]?\$([0-9]{2})\$')::int, 0)
$$;
comment on function app_private.password_hash_cost_of(text) is
  E'The cost of a bcrypt hash (`$2a$11$...` is 11); 0 for anything that is not a bcrypt hash, so it is upgraded.';

create or replace function app_private.max_sessions_per_user() returns int
language sql immutable as $$ select 20 $$;
comment on function app_private.max_sessions_per_user() is
  E'How many sessions (signed-in devices) one user may have; a new sign-in ends the least recently active one beyond this.';

create or replace function app_private.address_key(p_address inet) returns inet
language sql immutable as $$
  -- One IPv6 host usually holds a whole /64: count the /64, or a client could step through addresses.
  select case when family(p_address) = 6 then network(set_masklen(p_address, 64))::inet else set_masklen(p_address, 32) end
$$;
comment on function app_private.address_key(inet) is
  E'The address that sign-in limits count: an IPv4 address as is, an IPv6 address as its /64 network.';

--------------------------------------------------------------------------------
-- Sign-in and sign-up attempts per client address (sliding windows)
--------------------------------------------------------------------------------
create table if not exists app_private.address_attempts (
  action text not null check (action in ('sign-in', 'sign-up')),
  address inet not null,
  attempted_at timestamptz not null default now()
);
create index if not exists address_attempts_action_address on app_private.address_attempts (action, address, attempted_at);
create index if not exists address_attempts_attempted_at on app_private.address_attempts (attempted_at);
-- Reached only through security definer functions; no policy, so no other role sees a row.
alter table app_private.address_attempts enable row level security;
comment on table app_private.address_attempts is
  E'Sign-in and sign-up attempts per client address, for the per-address limits. Refused attempts are not stored, so an address holds at most its limit of rows per window.';
comment on column app_private.address_attempts.action is E'`sign-in` or `sign-up`.';
comment on column app_private.address_attempts.address is E'The client address, as counted (address_key: IPv6 by /64).';
comment on column app_private.address_attempts.attempted_at is E'When the attempt was let through.';

create or replace function app_private.claim_address_attempt(p_action text, p_address inet, p_limit int, p_window_seconds int,
  out allowed boolean, out retry_after int)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_address inet := app_private.address_key(p_address);
  v_window interval := make_interval(secs => p_window_seconds);
  v_count int;
  v_frees timestamptz;
begin
  if p_window_seconds is null or p_window_seconds not between 1 and 86400 then
    raise exception 'The window must be between 1 second and 1 day (prune_counters keeps a day)' using errcode = 'SVBAD';
  end if;
  -- Attempts of one address and action are claimed one at a time: the count is exact under concurrency.
  -- Call this in its own statement (autocommit) so the lock is held only for it.
  perform pg_advisory_xact_lock(hashtextextended(p_action || ' ' || v_address::text, 0));
  delete from app_private.address_attempts a
   where a.action = p_action and a.address = v_address and a.attempted_at <= now() - v_window;
  select count(*) into v_count from app_private.address_attempts a where a.action = p_action and a.address = v_address;
  if v_count >= p_limit then
    -- The attempt whose expiry brings the count under the limit.
    select a.attempted_at into v_frees from app_private.address_attempts a
     where a.action = p_action and a.address = v_address
     order by a.attempted_at offset v_count - p_limit limit 1;
    allowed := false;
    retry_after := greatest(1, ceil(extract(epoch from (v_frees + v_window - now()))))::int;
    return;
  end if;
  insert into app_private.address_attempts (action, address) values (p_action, v_address);
  allowed := true;
end;
$$;
comment on function app_private.claim_address_attempt(text, inet, int, int) is
  E'Lets one sign-in or sign-up attempt of an address through if fewer than p_limit were let through in the last p_window_seconds (and records it); otherwise says how many seconds until one is allowed.';

--------------------------------------------------------------------------------
-- Failed sign-ins per account and address
--------------------------------------------------------------------------------
alter table app_private.failed_sign_ins add column if not exists address inet;
create index if not exists failed_sign_ins_email_address on app_private.failed_sign_ins (email, address, attempted_at);
create index if not exists failed_sign_ins_address on app_private.failed_sign_ins (address, attempted_at);
comment on table app_private.failed_sign_ins is
  E'Failed sign-in attempts in the last 15 minutes, for the lockouts per account and address and per address.';
comment on column app_private.failed_sign_ins.email is E'The email tried (known or not).';
comment on column app_private.failed_sign_ins.address is E'The client address, as counted (address_key: IPv6 by /64).';
comment on column app_private.failed_sign_ins.attempted_at is E'When the attempt failed.';

create or replace function app_private.new_session(p_user uuid, p_client text) returns text
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_token text := encode(gen_random_bytes(32), 'hex');
  v_session uuid;
begin
  -- First: the user's row lock makes concurrent sign-ins of one user wait, so the cap below is exact.
  update app_public.users set last_login_method = 'email' where id = p_user;
  insert into app_public.sessions (user_id, client) values (p_user, left(coalesce(nullif(p_client, ''), 'unknown client'), 200))
    returning id into v_session;
  insert into app_private.session_tokens (session_id, token_hash) values (v_session, digest(v_token, 'sha256'));
  delete from app_public.sessions s where s.id in (
    select o.id from app_public.sessions o
     where o.user_id = p_user and o.id <> v_session
     order by o.last_active_at desc, o.created_at desc, o.id
    offset app_private.max_sessions_per_user() - 1);
  return v_token;
end;
$$;
comment on function app_private.new_session(uuid, text) is
  E'Starts a session and returns its token (only its hash is stored); beyond max_sessions_per_user() the user''s least recently active sessions end.';

create or replace function app_private.sign_up(p_name text, p_email text, p_password text, p_client text, out user_id uuid, out token text)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  if exists (select 1 from app_public.users where email = p_email::citext) then
    raise exception 'An account with this email already exists' using errcode = 'SVDUP';
  end if;
  -- The first account on an instance administers it.
  lock table app_public.users in share row exclusive mode;
  insert into app_public.users (name, email, role)
  values (p_name, p_email, case when exists (select 1 from app_public.users) then 'user' else 'admin' end)
  returning id into user_id;
  insert into app_private.user_secrets (user_id, password_hash)
  values (user_id, crypt(p_password, gen_salt('bf', app_private.password_hash_cost())));
  token := app_private.new_session(user_id, p_client);
end;
$$;
comment on function app_private.sign_up(text, text, text, text) is E'Creates an account and signs it in.';

drop function if exists app_private.sign_in(text, text, text);
create or replace function app_private.sign_in(p_email text, p_password text, p_client text, p_address inet,
  p_failures_per_account int, p_failures_per_address int,
  out status text, out user_id uuid, out token text, out retry_after int)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_address inet := app_private.address_key(p_address);
  v_window constant interval := interval '15 minutes';
  v_user app_public.users;
  v_hash text;
  v_check text;
  v_count int;
  v_frees timestamptz;
begin
  -- Attempts on one account from one address run one at a time, so their failure count is exact.
  perform pg_advisory_xact_lock(hashtextextended(lower(p_email) || ' ' || v_address::text, 1));
  select count(*) into v_count from app_private.failed_sign_ins f
   where f.email = p_email::citext and f.address = v_address and f.attempted_at > now() - v_window;
  if v_count >= p_failures_per_account then
    select f.attempted_at into v_frees from app_private.failed_sign_ins f
     where f.email = p_email::citext and f.address = v_address and f.attempted_at > now() - v_window
     order by f.attempted_at offset v_count - p_failures_per_account limit 1;
    status := 'locked';
    retry_after := greatest(1, ceil(extract(epoch from (v_frees + v_window - now()))))::int;
    return;
  end if;
  select count(*) into v_count from app_private.failed_sign_ins f
   where f.address = v_address and f.attempted_at > now() - v_window;
  if v_count >= p_failures_per_address then
    select f.attempted_at into v_frees from app_private.failed_sign_ins f
     where f.address = v_address and f.attempted_at > now() - v_window
     order by f.attempted_at offset v_count - p_failures_per_address limit 1;
    status := 'address-locked';
    retry_after := greatest(1, ceil(extract(epoch from (v_frees + v_window - now()))))::int;
    return;
  end if;
  select u.* into v_user from app_public.users u where u.email = p_email::citext;
  select s.password_hash into v_hash from app_private.user_secrets s where s.user_id = v_user.id;
  -- Always one bcrypt of the current cost or the stored one: an unknown email is checked against a
  -- fresh salt, so its answer takes as long as a wrong password's.
  v_check := crypt(p_password, coalesce(v_hash, gen_salt('bf', app_private.password_hash_cost())));
  if v_hash is null or v_check <> v_hash then
    -- A hash of a lower cost answers faster than an unknown email would; one more hash of the
    -- current cost (what a success spends upgrading it) keeps it from standing out as an account.
    if app_private.password_hash_cost_of(v_hash) < app_private.password_hash_cost() and v_hash is not null then
      perform crypt(p_password, gen_salt('bf', app_private.password_hash_cost()));
    end if;
    insert into app_private.failed_sign_ins (email, address) values (p_email, v_address);
    status := 'wrong';
    return;
  end if;
  if v_user.banned and (v_user.ban_expires is null or v_user.ban_expires > now()) then
    status := 'banned';
    return;
  end if;
  -- The owner's success clears only this address's failures: an attacker's elsewhere stay counted.
  delete from app_private.failed_sign_ins f where f.email = p_email::citext and f.address = v_address;
  if app_private.password_hash_cost_of(v_hash) < app_private.password_hash_cost() then
    update app_private.user_secrets s set password_hash = crypt(p_password, gen_salt('bf', app_private.password_hash_cost()))
     where s.user_id = v_user.id;
  end if;
  status := 'ok';
  user_id := v_user.id;
  token := app_private.new_session(v_user.id, p_client);
end;
$$;
comment on function app_private.sign_in(text, text, text, inet, int, int) is
  E'Checks a password and starts a session. Failures are counted per email and client address: after p_failures_per_account in 15 minutes that pair is `locked`, after p_failures_per_address from one address over all emails the address is `address-locked` (retry_after in seconds). A successful sign-in upgrades a hash of a lower cost than password_hash_cost().';

create or replace function app_private.prune_counters() returns int
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_counters int;
  v_failures int;
  v_attempts int;
begin
  delete from app_private.rate_counters c where c.window_start < now() - interval '10 minutes';
  get diagnostics v_counters = row_count;
  delete from app_private.failed_sign_ins f where f.attempted_at < now() - interval '15 minutes';
  get diagnostics v_failures = row_count;
  delete from app_private.address_attempts a where a.attempted_at < now() - interval '1 day';
  get diagnostics v_attempts = row_count;
  return v_counters + v_failures + v_attempts;
end;
$$;
comment on function app_private.prune_counters() is
  E'Deletes rate-limit counters older than 10 minutes, failed sign-ins older than 15 minutes and per-address attempts older than a day (outside every window that reads them); returns how many rows went.';
