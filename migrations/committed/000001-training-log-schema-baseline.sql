--! Previous: -
--! Hash: sha1:48076ed0d34baa28b073ccc3f4bae0785f53a6a1
--! Message: Training Log schema baseline

--! split: 1-users-and-sessions.sql
-- Users and sessions: the schemas, people with an account, their signed-in sessions, who makes a
-- request (identity, used by every policy) and the account functions the Express auth routes call.
-- The roles svc_visitor (every signed-in request), svc_reader (read-only keys; svc_visitor is a
-- member) and svc_authenticator (PostGraphile's login) are created by db/bootstrap.ts before
-- migrations run. db/CONVENTIONS.md says where things go; data/schema.sql shows the result.

-- The splits of this baseline are ordered by concern, not by dependency: function bodies are
-- checked when they run rather than when they are created (as pg_dump does), so a function may
-- name a table of a later split. Every function runs in the tests.
set local check_function_bodies to off;

drop schema if exists app_public cascade;
drop schema if exists app_hidden cascade;
drop schema if exists app_private cascade;

create extension if not exists pgcrypto;
create extension if not exists citext;
create extension if not exists pg_trgm;

create schema app_public;
create schema app_hidden;
create schema app_private;
comment on schema app_public is E'Tables and functions exposed through GraphQL; row-level security decides what each caller sees.';
comment on schema app_hidden is E'Helpers with the same grants as app_public, not exposed in GraphQL.';
comment on schema app_private is E'Secrets (password, session and key hashes, counters); reached only through security definer functions.';
alter default privileges in schema app_public, app_hidden revoke execute on functions from public;
alter default privileges revoke execute on functions from public;

--------------------------------------------------------------------------------
-- Trigger functions several tables share
--------------------------------------------------------------------------------
create function app_hidden.tg_set_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := clock_timestamp();
  return new;
end;
$$;
comment on function app_hidden.tg_set_updated_at() is E'Trigger: keeps updated_at current on every update.';

-- One-line names outside documents: custom exercises, and routines and workouts written directly.
create function app_hidden.tg_one_line_name() returns trigger
language plpgsql as $$
begin
  if to_jsonb(new) ->> 'name' ~ '[\u0001-\u001f\u007f-\u009f]' then
    raise exception 'name: must not contain control characters such as a newline or tab' using errcode = 'SVBAD';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_one_line_name() is E'Trigger: a name (routine, workout, custom exercise) must not contain control characters such as a newline or tab (INVALID_INPUT), the rule documents apply at their path.';

-- How an argument that may be an id is read (a routine by id or name, a key or session to end, a
-- user to ban, an exercise reference): one rule for every such argument.
create function app_hidden.try_uuid(t text) returns uuid
language sql immutable parallel safe as $$
  select case when t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then t::uuid end;
$$;
comment on function app_hidden.try_uuid(text) is E'The text as a uuid when it is one in the canonical form (8-4-4-4-12 hex digits, either case), else null.';

--------------------------------------------------------------------------------
-- Users
--------------------------------------------------------------------------------
create table app_public.users (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100),
  email citext not null unique check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 254),
  email_verified boolean not null default false,
  image text check (char_length(image) <= 2000),
  role text not null default 'user' check (role in ('user', 'admin')),
  banned boolean not null default false,
  ban_reason text check (char_length(ban_reason) <= 1000),
  ban_expires timestamptz,
  is_anonymous boolean not null default false,
  last_login_method text,
  unit text not null default 'kg' check (unit in ('kg', 'lb')),
  effort text not null default 'rpe' check (effort in ('rpe', 'rir')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table app_public.users enable row level security;
create trigger _100_updated_at before update on app_public.users
  for each row execute procedure app_hidden.tg_set_updated_at();
comment on table app_public.users is E'@behavior -insert -delete\nA person with an account.';
comment on column app_public.users.id is E'Unique identifier of the user.';
comment on column app_public.users.name is E'Display name.';
comment on column app_public.users.email is E'Sign-in email, unique ignoring case.';
comment on column app_public.users.email_verified is E'Whether the email address has been verified.';
comment on column app_public.users.image is E'Address of an avatar image.';
comment on column app_public.users.role is E'`user` or `admin`; the first account on an instance is `admin`.';
comment on column app_public.users.banned is E'Whether the user is banned; a banned user cannot sign in and their keys answer as signed out.';
comment on column app_public.users.ban_reason is E'Why the user was banned.';
comment on column app_public.users.ban_expires is E'When the ban is lifted; null means it lasts until an admin lifts it.';
comment on column app_public.users.is_anonymous is E'Whether the account is anonymous.';
comment on column app_public.users.last_login_method is E'How the user last signed in (`email`).';
comment on column app_public.users.unit is E'Default weight unit for documents: `kg` or `lb`.';
comment on column app_public.users.effort is E'Default effort scale for `@` ratings in sets: `rpe` or `rir`.';
comment on column app_public.users.created_at is E'When the account was created.';
comment on column app_public.users.updated_at is E'When the account was last changed.';

--------------------------------------------------------------------------------
-- A user's display name: a visible, one-line name however it is written (sign-up or Settings)
--------------------------------------------------------------------------------
create function app_hidden.tg_users_name_check() returns trigger
language plpgsql as $$
begin
  if btrim(new.name, E' \t\n\r\u00a0\u200b\u3000') = '' then
    raise exception 'name: must not be blank' using errcode = 'SVBAD';
  end if;
  if new.name ~ '[\u0001-\u001f\u007f-\u009f]' then
    raise exception 'name: must not contain control characters such as a newline or tab' using errcode = 'SVBAD';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_users_name_check() is E'Trigger: a user''s display name has a visible character and no control characters (INVALID_INPUT naming `name`), whichever way it is written: the sign-up route checks the same before SQL, updateUserById did not.';
create trigger _120_name_check before insert or update of name on app_public.users
  for each row execute procedure app_hidden.tg_users_name_check();
create index users_ban_expiry on app_public.users (ban_expires) where banned and ban_expires is not null;

create table app_private.user_secrets (
  user_id uuid primary key references app_public.users on delete cascade,
  password_hash text not null
);
comment on table app_private.user_secrets is E'Password hashes (bcrypt through pgcrypto); never exposed.';

--------------------------------------------------------------------------------
-- Sessions (signed-in devices). The token itself is never stored, only its SHA-256.
--------------------------------------------------------------------------------
create table app_public.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  client text not null check (char_length(client) <= 200),
  created_at timestamptz not null default now(),
  last_active_at timestamptz not null default now()
);
create index on app_public.sessions (user_id);
alter table app_public.sessions enable row level security;
comment on column app_public.sessions.id is E'Unique identifier of the session.';
comment on column app_public.sessions.user_id is E'@behavior -*\nThe signed-in user.';
comment on column app_public.sessions.client is E'What signed in: `svc CLI on <host>` or the browser named from its user agent.';
comment on column app_public.sessions.created_at is E'When the device signed in.';
comment on column app_public.sessions.last_active_at is E'When the device last made a request; idle sessions end after 30 days.';
comment on table app_public.sessions is
  E'@behavior -insert -update -delete -query:resource:list -query:resource:connection -query:resource:single\nA signed-in device: a browser or a command-line client.';
comment on constraint sessions_user_id_fkey on app_public.sessions is E'@behavior -*\nThe signed-in user of a session.';
create index sessions_last_active on app_public.sessions (last_active_at);

create table app_private.session_tokens (
  session_id uuid primary key references app_public.sessions on delete cascade,
  token_hash bytea not null unique
);
comment on table app_private.session_tokens is E'SHA-256 of each session token.';

--------------------------------------------------------------------------------
-- Identity: pgSettings carry the SHA-256 (hex) of the session token or key, never a user id.
--------------------------------------------------------------------------------
create function app_public.current_session_id() returns uuid
language sql stable security definer set search_path to pg_catalog, public as $$
  select s.id
    from app_private.session_tokens t
    join app_public.sessions s on s.id = t.session_id
   where t.token_hash = decode(nullif(current_setting('svc.session_hash', true), ''), 'hex')
     and s.last_active_at > now() - interval '30 days';
$$;
comment on function app_public.current_session_id() is E'@behavior -*\nThe session making this request, if it is a live sign-in.';

create function app_public.current_api_key_id() returns uuid
language sql stable security definer set search_path to pg_catalog, public as $$
  select k.id
    from app_private.api_key_hashes h
    join app_public.api_keys k on k.id = h.api_key_id
    join app_public.users u on u.id = k.user_id
   where h.key_hash = decode(nullif(current_setting('svc.key_hash', true), ''), 'hex')
     and not k.expired
     and (k.expires_at is null or k.expires_at > now())
     and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
$$;
comment on function app_public.current_api_key_id() is E'@behavior -*\nThe live API key making this request, if any.';

create function app_public.current_user_id() returns uuid
language sql stable security definer set search_path to pg_catalog, public as $$
  select coalesce(
    (select s.user_id from app_public.sessions s where s.id = app_public.current_session_id()),
    (select k.user_id from app_public.api_keys k where k.id = app_public.current_api_key_id()),
    (select c.user_id from app_public.connected_apps c where c.id = app_public.current_oauth_connection_id())
  );
$$;
comment on function app_public.current_user_id() is E'@behavior -*\nThe user making this request (through a session, a key or a connected app''s token), or null.';

create function app_hidden.require_session() returns uuid
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := (select s.user_id from app_public.sessions s where s.id = app_public.current_session_id());
begin
  if v_user is null then
    raise exception 'Sign in to do this; API keys cannot' using errcode = 'SVFBD';
  end if;
  return v_user;
end;
$$;
comment on function app_hidden.require_session() is E'The signed-in user of a session (not a key), or FORBIDDEN.';

create function app_hidden.require_user() returns uuid
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_public.current_user_id();
begin
  if v_user is null then
    raise exception 'Sign in to do this' using errcode = 'SVFBD';
  end if;
  return v_user;
end;
$$;
comment on function app_hidden.require_user() is E'The user making this request, or FORBIDDEN.';

create function app_hidden.touch_current_session(out user_id uuid, out session_id uuid)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  -- As app_private.session_for_token: last_active_at moves at most once a minute.
  update app_public.sessions s set last_active_at = now()
   where s.id = app_public.current_session_id()
     and s.last_active_at < now() - interval '1 minute'
  returning s.user_id, s.id into user_id, session_id;
  if session_id is null then
    select s.user_id, s.id into user_id, session_id from app_public.sessions s where s.id = app_public.current_session_id();
  end if;
end;
$$;
comment on function app_hidden.touch_current_session() is
  E'The live session of this request (svc.session_hash) and its user, marking it active (at most once a minute); nulls when it is not a live sign-in.';

--------------------------------------------------------------------------------
-- Row-level security. Policies call the identity functions inside a scalar subquery, so they are
-- evaluated once per statement (an InitPlan) rather than once per row.
--------------------------------------------------------------------------------
-- Each user sees and edits only their own record.
create policy select_own on app_public.users for select using (id = (select app_public.current_user_id()));
create policy update_own on app_public.users for update using (id = (select app_public.current_user_id()));
-- Sessions and keys are managed with a sign-in only: a key sees none of them.
create policy select_own on app_public.sessions for select
  using (user_id = (select app_public.current_user_id()) and (select app_public.current_session_id()) is not null);

create function app_public.sessions_current(s app_public.sessions) returns boolean
language sql stable as $$
  select s.id = app_public.current_session_id();
$$;
comment on function app_public.sessions_current(app_public.sessions) is E'@notNull\nWhether this is the session making the request.';

--------------------------------------------------------------------------------
-- Accounts (called by the Express auth routes on the owner connection); the limits they apply
-- are in sign-in-limits.
--------------------------------------------------------------------------------
create function app_private.new_session(p_user uuid, p_client text) returns text
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

create function app_private.sign_up(p_name text, p_email text, p_password text, p_client text, out user_id uuid, out token text)
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

create function app_private.sign_in(p_email text, p_password text, p_client text, p_address inet,
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

create function app_private.session_for_token(p_token_hash bytea, out session_id uuid, out user_id uuid)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  -- Touch last_active_at at most once a minute: a read-mostly hot path should not write every time.
  update app_public.sessions s set last_active_at = now()
    from app_private.session_tokens t
   where t.session_id = s.id and t.token_hash = p_token_hash
     and s.last_active_at > now() - interval '30 days'
     and s.last_active_at < now() - interval '1 minute'
  returning s.id, s.user_id into session_id, user_id;
  if session_id is null then
    select s.id, s.user_id into session_id, user_id
      from app_private.session_tokens t join app_public.sessions s on s.id = t.session_id
     where t.token_hash = p_token_hash and s.last_active_at > now() - interval '30 days';
  end if;
end;
$$;
comment on function app_private.session_for_token(bytea) is E'The live session for a token hash, marking it active.';

create function app_private.end_session(p_token_hash bytea) returns boolean
language sql volatile security definer set search_path to pg_catalog, public as $$
  with gone as (
    delete from app_public.sessions s using app_private.session_tokens t
     where t.session_id = s.id and t.token_hash = p_token_hash returning 1
  ) select exists (select 1 from gone);
$$;
comment on function app_private.end_session(bytea) is E'Signs a session out.';

create function app_private.user_record(p_user uuid) returns jsonb
language sql stable security definer set search_path to pg_catalog, public as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'id', u.id, 'name', u.name, 'email', u.email, 'emailVerified', u.email_verified, 'image', u.image,
    'createdAt', to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(u.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'role', u.role, 'banned', u.banned, 'banReason', u.ban_reason,
    'banExpires', to_char(u.ban_expires at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'isAnonymous', u.is_anonymous, 'lastLoginMethod', u.last_login_method))
  from app_public.users u where u.id = p_user;
$$;
comment on function app_private.user_record(uuid) is E'The user record of spec 2.5 (camelCase, ISO date-times), as every auth response returns it.';

--------------------------------------------------------------------------------
-- Account deletion
--------------------------------------------------------------------------------
create function app_public.delete_account() returns uuid
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
begin
  -- Documents first: routine exercises refer to (custom) exercises with ON DELETE RESTRICT.
  delete from app_public.workouts w where w.user_id = v_user;
  delete from app_public.routines r where r.user_id = v_user;
  -- Everything else (sessions, keys and their hashes, bodyweights, custom exercises, secrets) cascades.
  delete from app_public.users u where u.id = v_user;
  return v_user;
end;
$$;
comment on function app_public.delete_account() is
  E'@behavior -*\nDeletes the signed-in user''s account with every key, session and all their data, for good. Needs a signed-in session.';

--! split: 2-sign-in-limits.sql
-- Sign-in limits: failed sign-ins counted per account and client address (and per address), so an
-- attacker locks out only themselves; per-address limits on sign-ins and sign-ups; at most
-- max_sessions_per_user() sessions per user; bcrypt cost from a measurement, old hashes upgraded at
-- the next sign-in; an unknown email costs the same bcrypt work as a wrong password.
-- The counts (how many failures, sign-ins, sign-ups) come from server/auth-limits.ts as arguments.

--------------------------------------------------------------------------------
-- Constants
--------------------------------------------------------------------------------
create function app_private.password_hash_cost() returns int
language sql immutable as $$ select 11 $$;
comment on function app_private.password_hash_cost() is
  E'The bcrypt cost of new password hashes: the highest cost whose hash takes at most 100 ms on the reference machine (pgcrypto on 2 shared cores: cost 10 about 45 ms, 11 about 85 ms, 12 about 170 ms). A hash of a lower cost is replaced at the next successful sign-in.';

create function app_private.password_hash_cost_of(p_hash text) returns int
language sql immutable as $$
  select coalesce(substring(p_hash from '^\$2[abxy]?\$([0-9]{2})\$')::int, 0)
$$;
comment on function app_private.password_hash_cost_of(text) is
  E'The cost of a bcrypt hash (`$2a$11$...` is 11); 0 for anything that is not a bcrypt hash, so it is upgraded.';

create function app_private.max_sessions_per_user() returns int
language sql immutable as $$ select 20 $$;
comment on function app_private.max_sessions_per_user() is
  E'How many sessions (signed-in devices) one user may have; a new sign-in ends the least recently active one beyond this.';

create function app_private.address_key(p_address inet) returns inet
language sql immutable as $$
  -- One IPv6 host usually holds a whole /64: count the /64, or a client could step through addresses.
  select case when family(p_address) = 6 then network(set_masklen(p_address, 64))::inet else set_masklen(p_address, 32) end
$$;
comment on function app_private.address_key(inet) is
  E'The address that sign-in limits count: an IPv4 address as is, an IPv6 address as its /64 network.';

--------------------------------------------------------------------------------
-- Sign-in and sign-up attempts per client address (sliding windows)
--------------------------------------------------------------------------------
create table app_private.address_attempts (
  action text not null check (action in ('sign-in', 'sign-up')),
  address inet not null,
  attempted_at timestamptz not null default now()
);
create index address_attempts_action_address on app_private.address_attempts (action, address, attempted_at);
create index address_attempts_attempted_at on app_private.address_attempts (attempted_at);

-- Reached only through security definer functions; no policy, so no other role sees a row.
alter table app_private.address_attempts enable row level security;
comment on table app_private.address_attempts is
  E'Sign-in and sign-up attempts per client address, for the per-address limits. Refused attempts are not stored, so an address holds at most its limit of rows per window.';
comment on column app_private.address_attempts.action is E'`sign-in` or `sign-up`.';
comment on column app_private.address_attempts.address is E'The client address, as counted (address_key: IPv6 by /64).';
comment on column app_private.address_attempts.attempted_at is E'When the attempt was let through.';

create function app_private.claim_address_attempt(p_action text, p_address inet, p_limit int, p_window_seconds int,
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

create table app_private.failed_sign_ins (
  email citext not null,
  attempted_at timestamptz not null default now(),
  address inet
);
create index on app_private.failed_sign_ins (email, attempted_at);
create index failed_sign_ins_email_address on app_private.failed_sign_ins (email, address, attempted_at);
create index failed_sign_ins_address on app_private.failed_sign_ins (address, attempted_at);
comment on table app_private.failed_sign_ins is
  E'Failed sign-in attempts in the last 15 minutes, for the lockouts per account and address and per address.';
comment on column app_private.failed_sign_ins.email is E'The email tried (known or not).';
comment on column app_private.failed_sign_ins.address is E'The client address, as counted (address_key: IPv6 by /64).';
comment on column app_private.failed_sign_ins.attempted_at is E'When the attempt failed.';

--! split: 3-keys-and-rate-limit.sql
-- Personal API keys and the per-minute counters that limit them (requests and GraphQL cost).
-- Every function that acts for a caller starts with app_hidden.require_session(): an API key
-- (even an admin's) cannot list, create or revoke keys, manage devices or delete the account.

-- An enum so GraphQL types the column (and createApiKey's input) as ApiKeyAccess.
create type app_public.api_key_access as enum ('read_only', 'read_write');
comment on type app_public.api_key_access is E'What a key may do: READ_ONLY (queries only; every mutation is refused) or READ_WRITE (queries and mutations).';

--------------------------------------------------------------------------------
-- API keys. Only the SHA-256 of a key and its first characters are stored.
--------------------------------------------------------------------------------
create table app_public.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  start text not null,
  access app_public.api_key_access not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  expires_at timestamptz,
  expired boolean not null default false
);
create index on app_public.api_keys (user_id);
alter table app_public.api_keys enable row level security;
-- One way in for keys and devices: viewer { apiKeys } and viewer { sessions } (functions below,
-- FORBIDDEN with a key). The generated root fields and User relations are hidden.
comment on table app_public.api_keys is
  E'@behavior -insert -update -delete -query:resource:list -query:resource:connection -query:resource:single\nA personal API key for scripts and other clients.';
comment on column app_public.api_keys.id is E'Unique identifier of the key.';
comment on column app_public.api_keys.user_id is E'@behavior -*\nThe owner.';
comment on column app_public.api_keys.name is E'A name chosen by the owner.';
comment on column app_public.api_keys.start is E'The first characters of the key, to recognise it.';
comment on column app_public.api_keys.access is E'`read_only` (queries only) or `read_write`.';
comment on column app_public.api_keys.created_at is E'When the key was created.';
comment on column app_public.api_keys.last_used_at is E'When the key was last used (updated at most once a minute).';
comment on column app_public.api_keys.expires_at is E'When the key expires; null for never.';
comment on column app_public.api_keys.expired is E'Whether the key has expired: true from the moment its expiry passes. An expired key answers as signed out and stays listed until revoked.';
comment on constraint api_keys_user_id_fkey on app_public.api_keys is E'@behavior -*\nThe owner of a key.';
-- Answering a key costs one lookup on its hash (unique index of api_key_hashes) and one counter upsert.
create index api_keys_expiry on app_public.api_keys (expires_at) where not expired and expires_at is not null;
create policy select_own on app_public.api_keys for select
  using (user_id = (select app_public.current_user_id()) and (select app_public.current_session_id()) is not null);

create table app_private.api_key_hashes (
  api_key_id uuid primary key references app_public.api_keys on delete cascade,
  key_hash bytea not null unique
);
comment on table app_private.api_key_hashes is E'SHA-256 of each API key.';

create table app_private.rate_counters (
  subject text not null,
  window_start timestamptz not null,
  count int not null default 0,
  primary key (subject, window_start)
);
comment on table app_private.rate_counters is E'Requests per subject (an API key, an admin session) per window, shared by every server process.';
create index rate_counters_window on app_private.rate_counters (window_start);

--------------------------------------------------------------------------------
-- A key on the request path: one statement finds the key, checks it and counts the request.
-- Besides its requests, a key spends a GraphQL cost budget each minute: the cost of an operation
-- is measured in the server (plugins/operation-cost.ts) before it runs and counted here, in
-- rate_counters beside the request count (subject 'key-cost:<key id>'), so every server process
-- shares it. The budget itself is the server's (OPERATION_LIMITS.keyCostPerMinute).
--------------------------------------------------------------------------------
create function app_private.use_api_key(p_key_hash bytea,
  out api_key_id uuid, out user_id uuid, out access text, out request_count int, out cost_used int, out window_end timestamptz)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_window timestamptz := date_trunc('minute', now());
begin
  select k.id, k.user_id, k.access into api_key_id, user_id, access
    from app_private.api_key_hashes h
    join app_public.api_keys k on k.id = h.api_key_id
    join app_public.users u on u.id = k.user_id
   where h.key_hash = p_key_hash
     and not k.expired
     and (k.expires_at is null or k.expires_at > now())
     and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
  if api_key_id is null then
    return;
  end if;
  -- The upsert takes a row lock, so concurrent requests from many processes count exactly.
  insert into app_private.rate_counters as c (subject, window_start, count)
  values ('key:' || api_key_id, v_window, 1)
  on conflict (subject, window_start) do update set count = c.count + 1
  returning c.count into request_count;
  select c.count into cost_used
    from app_private.rate_counters c
   where c.subject = 'key-cost:' || api_key_id and c.window_start = v_window;
  cost_used := coalesce(cost_used, 0);
  window_end := v_window + interval '1 minute';
  update app_public.api_keys k set last_used_at = now()
   where k.id = api_key_id and (k.last_used_at is null or k.last_used_at < now() - interval '1 minute');
end;
$$;
comment on function app_private.use_api_key(bytea) is
  E'Looks up a live key by its SHA-256, counts this request in the current minute, marks the key used and says how much of its per-minute GraphQL cost budget is spent.';

create function app_private.spend_api_key_cost(p_api_key_id uuid, p_cost int) returns int
language sql volatile security definer set search_path to pg_catalog, public as $$
  -- The row lock of the upsert makes concurrent spending from many processes count exactly.
  insert into app_private.rate_counters as c (subject, window_start, count)
  values ('key-cost:' || p_api_key_id, date_trunc('minute', now()), p_cost)
  on conflict (subject, window_start) do update set count = least(c.count::bigint + excluded.count, 2147483647)::int
  returning c.count;
$$;
comment on function app_private.spend_api_key_cost(uuid, int) is
  E'Adds an operation''s cost to its key''s spending in the current minute and returns the total. The server refuses an operation that does not fit before spending (it knows what was spent from use_api_key).';

--------------------------------------------------------------------------------
-- Keys for the signed-in user (a session, never a key)
--------------------------------------------------------------------------------
create function app_private.random_base62(p_length int) returns text
language plpgsql volatile set search_path to pg_catalog, public as $$
declare
  v_alphabet constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  v_out text := '';
  v_bytes bytea;
  v_byte int;
begin
  while char_length(v_out) < p_length loop
    v_bytes := gen_random_bytes(64);
    for i in 0 .. 63 loop
      v_byte := get_byte(v_bytes, i);
      -- 248 = 4 * 62: bytes at or above it are dropped so every character is equally likely.
      if v_byte < 248 and char_length(v_out) < p_length then
        v_out := v_out || substr(v_alphabet, v_byte % 62 + 1, 1);
      end if;
    end loop;
  end loop;
  return v_out;
end;
$$;
comment on function app_private.random_base62(int) is E'A string of cryptographically random base62 characters (0-9, A-Z, a-z), without modulo bias.';

create function app_public.create_api_key(p_name text, p_access app_public.api_key_access, p_expires_in text,
  out api_key_id uuid, out key text)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
  v_name text := btrim(p_name);
  v_expires timestamptz;
begin
  if v_name is null or char_length(v_name) not between 1 and 80 then
    raise exception 'name: must be 1 to 80 characters' using errcode = 'SVBAD';
  end if;
  if p_access is null then
    raise exception 'access: must be READ_ONLY or READ_WRITE' using errcode = 'SVBAD';
  end if;
  v_expires := case lower(p_expires_in)
    when 'days_30' then now() + interval '30 days'
    when 'days_90' then now() + interval '90 days'
    when 'year_1' then now() + interval '1 year'
    when 'never' then null
    else 'infinity'::timestamptz end;
  if v_expires = 'infinity' then
    raise exception 'expiresIn: must be DAYS_30, DAYS_90, YEAR_1 or NEVER' using errcode = 'SVBAD';
  end if;
  -- Serialise key creation per user so the limit holds under concurrent requests.
  perform 1 from app_public.users u where u.id = v_user for update;
  if (select count(*) from app_public.api_keys k where k.user_id = v_user) >= 50 then
    raise exception 'You already hold 50 API keys, the most allowed; revoke one first' using errcode = 'SVLIM';
  end if;
  key := 'svc_' || app_private.random_base62(40);
  insert into app_public.api_keys (user_id, name, start, access, expires_at)
  values (v_user, v_name, left(key, 8), p_access, v_expires)
  returning id into api_key_id;
  insert into app_private.api_key_hashes (api_key_id, key_hash) values (api_key_id, digest(key, 'sha256'));
end;
$$;
comment on function app_public.create_api_key(text, app_public.api_key_access, text) is
  E'@behavior -*\nCreates an API key for the signed-in user (a session, never a key) and returns the full key value, once: `svc_` and 40 random base62 characters. Only its SHA-256 and its first 8 characters are kept. name: 1 to 80 characters (trimmed); expires_in: days_30, days_90, year_1 or never; at most 50 keys per user.';

create function app_public.revoke_api_key(p_id text) returns uuid
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
  v_id uuid;
begin
  delete from app_public.api_keys k where k.id = app_hidden.try_uuid(p_id) and k.user_id = v_user returning k.id into v_id;
  if v_id is null then
    raise exception 'No API key with this id' using errcode = 'SVNFD';
  end if;
  return v_id;
end;
$$;
comment on function app_public.revoke_api_key(text) is
  E'@behavior -*\nDeletes one of the signed-in user''s API keys at once; the next request with it is answered as signed out. Another user''s key or an unknown id: NOT_FOUND.';

create function app_public.users_api_keys(u app_public.users) returns setof app_public.api_keys
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
  v_key app_public.api_keys;
begin
  for v_key in
    select k.* from app_public.api_keys k
     where k.user_id = u.id and u.id = v_user
     order by k.created_at desc, k.id desc
  loop
    -- A key past its expiry is dead at once; the worker sets the stored flag within a minute.
    v_key.expired := v_key.expired or coalesce(v_key.expires_at <= now(), false);
    return next v_key;
  end loop;
end;
$$;
comment on function app_public.users_api_keys(app_public.users) is
  E'@behavior -*\nThe user''s API keys, newest first; `expired` is true as soon as the expiry has passed. Needs a signed-in session: with an API key it raises FORBIDDEN (the RLS policy would hide the rows anyway).';

--------------------------------------------------------------------------------
-- Background maintenance (server/tasks/*.ts, every minute, on the owner connection)
--------------------------------------------------------------------------------
create function app_private.expire_api_keys() returns int
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_count int;
begin
  update app_public.api_keys k set expired = true where not k.expired and k.expires_at <= now();
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function app_private.expire_api_keys() is
  E'Marks keys past their expiry as expired (they stay listed until revoked); returns how many.';

create function app_private.prune_counters() returns int
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

--! split: 4-devices.sql
-- Signed-in devices: the user's sessions as a list they manage (viewer { sessions }), with a
-- signed-in session only (app_hidden.require_session), and the idle ones ended by the worker.
create function app_public.users_sessions(u app_public.users) returns setof app_public.sessions
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
begin
  return query
    select s.* from app_public.sessions s
     where s.user_id = u.id and u.id = v_user and s.last_active_at > now() - interval '30 days'
     order by s.last_active_at desc, s.id desc;
end;
$$;
comment on function app_public.users_sessions(app_public.users) is
  E'@behavior -*\nThe user''s live sessions (signed-in browsers and command-line clients), most recently active first. Needs a signed-in session: FORBIDDEN with an API key.';

create function app_public.sign_out_session(p_id text) returns uuid
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
  v_id uuid;
begin
  delete from app_public.sessions s where s.id = app_hidden.try_uuid(p_id) and s.user_id = v_user returning s.id into v_id;
  if v_id is null then
    raise exception 'No session with this id' using errcode = 'SVNFD';
  end if;
  return v_id;
end;
$$;
comment on function app_public.sign_out_session(text) is
  E'@behavior -*\nEnds one of the signed-in user''s sessions at once (the current one too); the next request with its token is signed out. Another user''s session or an unknown id: NOT_FOUND.';

create function app_public.sign_out_other_sessions() returns int
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
  v_count int;
begin
  delete from app_public.sessions s where s.user_id = v_user and s.id <> app_public.current_session_id();
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function app_public.sign_out_other_sessions() is
  E'@behavior -*\nEnds every session of the signed-in user except the one making the request; returns how many ended.';

-- Background maintenance (server/tasks/*.ts, every minute, on the owner connection).
create function app_private.delete_idle_sessions() returns int
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_count int;
begin
  delete from app_public.sessions s where s.last_active_at <= now() - interval '30 days';
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function app_private.delete_idle_sessions() is
  E'Deletes sessions idle for 30 days (they stopped counting as signed in at that moment); returns how many.';

--! split: 5-connected-apps.sql
--------------------------------------------------------------------------------
-- OAuth 2.1 for the MCP server (/api/mcp): registered clients, authorization codes, connected apps
-- and their tokens. Codes and tokens are stored only as SHA-256 hashes, and a client secret too.
-- The server calls the app_private functions on the owner connection (server/oauth/); GraphQL
-- reaches a request's connection through svc.oauth_hash, like svc.session_hash and svc.key_hash.
--------------------------------------------------------------------------------

create table app_private.oauth_clients (
  id text primary key check (char_length(id) between 1 and 100),
  name text not null check (char_length(name) between 1 and 200),
  redirect_uris text[] not null check (cardinality(redirect_uris) between 1 and 10),
  metadata jsonb not null,
  secret_hash bytea,
  secret_expires_at timestamptz,
  created_at timestamptz not null default now()
);
alter table app_private.oauth_clients enable row level security;
comment on table app_private.oauth_clients is E'OAuth clients registered dynamically (RFC 7591); a confidential client''s secret only as its SHA-256.';
comment on column app_private.oauth_clients.metadata is E'The registration as the client sent it (without any secret), answered back when the client is looked up.';

create table app_private.oauth_codes (
  code_hash bytea primary key,
  client_id text not null references app_private.oauth_clients on delete cascade,
  user_id uuid not null references app_public.users on delete cascade,
  redirect_uri text not null,
  code_challenge text not null,
  resource text not null,
  access app_public.api_key_access not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  connection_id uuid
);
create index oauth_codes_user on app_private.oauth_codes (user_id);
create index oauth_codes_client on app_private.oauth_codes (client_id);
alter table app_private.oauth_codes enable row level security;
comment on table app_private.oauth_codes is E'Authorization codes (SHA-256): single use, one minute; a code presented twice revokes the connection it made.';

create table app_public.connected_apps (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  client_id text not null references app_private.oauth_clients on delete cascade,
  client_name text not null check (char_length(client_name) between 1 and 200),
  redirect_host text not null check (char_length(redirect_host) <= 300),
  access app_public.api_key_access not null,
  resource text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index connected_apps_user on app_public.connected_apps (user_id);
create index connected_apps_client on app_public.connected_apps (client_id);
alter table app_public.connected_apps enable row level security;
comment on table app_public.connected_apps is E'@behavior -insert -update -delete -query:resource:list -query:resource:connection -query:resource:single\nAn app (an AI assistant through MCP) the user allowed to use their account through OAuth.';
comment on column app_public.connected_apps.id is E'Unique identifier of the connection.';
comment on column app_public.connected_apps.user_id is E'@behavior -*\nThe user who allowed it.';
comment on column app_public.connected_apps.client_id is E'@behavior -*\nThe registered OAuth client.';
comment on column app_public.connected_apps.client_name is E'The name the app registered with (its own claim).';
comment on column app_public.connected_apps.redirect_host is E'The host the sign-in returned to: where the app runs.';
comment on column app_public.connected_apps.access is E'READ_ONLY (reads only; every save is refused) or READ_WRITE.';
comment on constraint connected_apps_user_id_fkey on app_public.connected_apps is E'@behavior -*\nThe user who allowed the app.';
comment on column app_public.connected_apps.resource is E'@behavior -*\nThe server address its tokens are for.';
comment on column app_public.connected_apps.created_at is E'When the user allowed it.';
comment on column app_public.connected_apps.last_used_at is E'When it last made a request (updated at most once a minute).';

create table app_private.oauth_tokens (
  token_hash bytea primary key,
  connection_id uuid not null references app_public.connected_apps on delete cascade,
  kind text not null check (kind in ('access', 'refresh')),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index oauth_tokens_connection on app_private.oauth_tokens (connection_id);
alter table app_private.oauth_tokens enable row level security;
comment on table app_private.oauth_tokens is E'Access and refresh tokens of connected apps (SHA-256). A refresh token is used once (rotation); presented again, its connection is revoked.';
create policy select_own on app_public.connected_apps for select
  using (user_id = (select app_public.current_user_id()) and (select app_public.current_session_id()) is not null);

--------------------------------------------------------------------------------
-- Identity: the connection of this request's access token (svc.oauth_hash) and its user
--------------------------------------------------------------------------------
create function app_public.current_oauth_connection_id() returns uuid
language sql stable security definer set search_path to pg_catalog, public as $$
  select c.id
    from app_private.oauth_tokens t
    join app_public.connected_apps c on c.id = t.connection_id
    join app_public.users u on u.id = c.user_id
   where t.token_hash = decode(nullif(current_setting('svc.oauth_hash', true), ''), 'hex')
     and t.kind = 'access'
     and t.expires_at > now()
     and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
$$;
comment on function app_public.current_oauth_connection_id() is E'@behavior -*\nThe connected app making this request with a live access token (its user not banned), if any.';

--------------------------------------------------------------------------------
-- Clients (RFC 7591)
--------------------------------------------------------------------------------
create function app_private.oauth_register_client(p_id text, p_name text, p_redirect_uris text[], p_metadata jsonb,
  p_secret_hash bytea, p_secret_expires_at timestamptz) returns void
language sql volatile security definer set search_path to pg_catalog, public as $$
  insert into app_private.oauth_clients (id, name, redirect_uris, metadata, secret_hash, secret_expires_at)
  values (p_id, p_name, p_redirect_uris, p_metadata, p_secret_hash, p_secret_expires_at);
$$;
comment on function app_private.oauth_register_client(text, text, text[], jsonb, bytea, timestamptz) is
  E'Registers an OAuth client (its secret, if any, as a SHA-256).';

create function app_private.oauth_client(p_id text,
  out id text, out name text, out redirect_uris text[], out metadata jsonb, out secret_hash bytea, out secret_expires_at timestamptz)
language sql stable security definer set search_path to pg_catalog, public as $$
  select c.id, c.name, c.redirect_uris, c.metadata, c.secret_hash, c.secret_expires_at from app_private.oauth_clients c where c.id = p_id;
$$;
comment on function app_private.oauth_client(text) is E'A registered OAuth client, or no row.';

--------------------------------------------------------------------------------
-- Codes and tokens
--------------------------------------------------------------------------------
create function app_private.oauth_issue_code(p_code_hash bytea, p_session uuid, p_client text, p_redirect_uri text,
  p_challenge text, p_resource text, p_access app_public.api_key_access, p_ttl_seconds int) returns void
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid;
begin
  select s.user_id into v_user from app_public.sessions s join app_public.users u on u.id = s.user_id
   where s.id = p_session and s.last_active_at > now() - interval '30 days'
     and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
  if v_user is null then
    raise exception 'Sign in to allow an app' using errcode = 'SVFBD';
  end if;
  insert into app_private.oauth_codes (code_hash, client_id, user_id, redirect_uri, code_challenge, resource, access, expires_at)
  values (p_code_hash, p_client, v_user, p_redirect_uri, p_challenge, p_resource, p_access, now() + make_interval(secs => p_ttl_seconds));
end;
$$;
comment on function app_private.oauth_issue_code(bytea, uuid, text, text, text, text, app_public.api_key_access, int) is
  E'Records the authorization code a signed-in user (session p_session) granted a client on the consent page.';

create function app_private.oauth_code_challenge(p_code_hash bytea, p_client text) returns text
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_code app_private.oauth_codes;
begin
  select * into v_code from app_private.oauth_codes c where c.code_hash = p_code_hash and c.client_id = p_client;
  if v_code.used_at is not null then
    -- A code presented twice was stolen or replayed: what it made is revoked (RFC 9700 4.2.1).
    delete from app_public.connected_apps a where a.id = v_code.connection_id;
    return null;
  end if;
  return case when v_code.expires_at > now() then v_code.code_challenge end;
end;
$$;
comment on function app_private.oauth_code_challenge(bytea, text) is
  E'The PKCE challenge of a live, unused code of this client, or null; a code already used revokes the connection it made.';

create function app_private.oauth_exchange_code(p_code_hash bytea, p_client text, p_redirect_uri text, p_resource text,
  p_access_hash bytea, p_refresh_hash bytea, p_access_ttl int, p_refresh_ttl int,
  out status text, out access app_public.api_key_access)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_code app_private.oauth_codes;
  v_client app_private.oauth_clients;
  v_connection uuid;
begin
  select * into v_code from app_private.oauth_codes c where c.code_hash = p_code_hash and c.client_id = p_client for update;
  if v_code.code_hash is null then
    status := 'invalid'; return;
  end if;
  if v_code.used_at is not null then
    -- A code presented twice was stolen or replayed: what it made is revoked (RFC 9700 4.2.1).
    delete from app_public.connected_apps a where a.id = v_code.connection_id;
    status := 'reused'; return;
  end if;
  if v_code.expires_at <= now() then
    status := 'expired'; return;
  end if;
  if p_redirect_uri is distinct from v_code.redirect_uri then
    status := 'redirect_mismatch'; return;
  end if;
  if p_resource is not null and p_resource is distinct from v_code.resource then
    status := 'resource_mismatch'; return;
  end if;
  select * into v_client from app_private.oauth_clients c where c.id = p_client;
  insert into app_public.connected_apps (user_id, client_id, client_name, redirect_host, access, resource)
  values (v_code.user_id, p_client, v_client.name, coalesce(substring(v_code.redirect_uri from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#]+)'), v_code.redirect_uri),
          v_code.access, v_code.resource)
  returning id into v_connection;
  update app_private.oauth_codes c set used_at = now(), connection_id = v_connection where c.code_hash = p_code_hash;
  insert into app_private.oauth_tokens (token_hash, connection_id, kind, expires_at) values
    (p_access_hash, v_connection, 'access', now() + make_interval(secs => p_access_ttl)),
    (p_refresh_hash, v_connection, 'refresh', now() + make_interval(secs => p_refresh_ttl));
  status := 'ok';
  access := v_code.access;
end;
$$;
comment on function app_private.oauth_exchange_code(bytea, text, text, text, bytea, bytea, int, int) is
  E'Exchanges an authorization code for a new connected app with an access and a refresh token. status: ok, invalid, reused (the connection it made is revoked), expired, redirect_mismatch or resource_mismatch.';

create function app_private.oauth_refresh(p_refresh_hash bytea, p_client text, p_resource text,
  p_access_hash bytea, p_refresh_hash_new bytea, p_access_ttl int, p_refresh_ttl int,
  out status text, out access app_public.api_key_access)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_token app_private.oauth_tokens;
  v_app app_public.connected_apps;
begin
  select t.* into v_token from app_private.oauth_tokens t
    join app_public.connected_apps a on a.id = t.connection_id
   where t.token_hash = p_refresh_hash and t.kind = 'refresh' and a.client_id = p_client
   for update of t;
  if v_token.token_hash is null then
    status := 'invalid'; return;
  end if;
  if v_token.used_at is not null then
    -- A rotated refresh token presented again: someone else holds a copy, so the connection ends.
    delete from app_public.connected_apps a where a.id = v_token.connection_id;
    status := 'reused'; return;
  end if;
  if v_token.expires_at <= now() then
    status := 'expired'; return;
  end if;
  select a.* into v_app from app_public.connected_apps a join app_public.users u on u.id = a.user_id
   where a.id = v_token.connection_id and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
  if v_app.id is null then
    status := 'invalid'; return;
  end if;
  if p_resource is not null and p_resource is distinct from v_app.resource then
    status := 'resource_mismatch'; return;
  end if;
  update app_private.oauth_tokens t set used_at = now() where t.token_hash = p_refresh_hash;
  -- Access tokens of the connection that were already replaced stay valid until they expire (minutes).
  delete from app_private.oauth_tokens t where t.connection_id = v_app.id and t.expires_at <= now();
  insert into app_private.oauth_tokens (token_hash, connection_id, kind, expires_at) values
    (p_access_hash, v_app.id, 'access', now() + make_interval(secs => p_access_ttl)),
    (p_refresh_hash_new, v_app.id, 'refresh', now() + make_interval(secs => p_refresh_ttl));
  status := 'ok';
  access := v_app.access;
end;
$$;
comment on function app_private.oauth_refresh(bytea, text, text, bytea, bytea, int, int) is
  E'Rotates a refresh token: the old one is spent, a new access and refresh token are stored. status: ok, invalid, reused (the connection is revoked), expired or resource_mismatch.';

create function app_private.oauth_use_token(p_access_hash bytea,
  out connection_id uuid, out user_id uuid, out access app_public.api_key_access, out resource text, out expires_at timestamptz)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  select a.id, a.user_id, a.access, a.resource, t.expires_at into connection_id, user_id, access, resource, expires_at
    from app_private.oauth_tokens t
    join app_public.connected_apps a on a.id = t.connection_id
    join app_public.users u on u.id = a.user_id
   where t.token_hash = p_access_hash and t.kind = 'access' and t.expires_at > now()
     and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
  if connection_id is not null then
    update app_public.connected_apps a set last_used_at = now()
     where a.id = connection_id and (a.last_used_at is null or a.last_used_at < now() - interval '1 minute');
  end if;
end;
$$;
comment on function app_private.oauth_use_token(bytea) is
  E'The live connection of an access token (its user not banned), marking it used at most once a minute; nulls otherwise.';

create function app_private.oauth_revoke(p_token_hash bytea, p_client text) returns void
language sql volatile security definer set search_path to pg_catalog, public as $$
  delete from app_public.connected_apps a
   using app_private.oauth_tokens t
   where t.token_hash = p_token_hash and a.id = t.connection_id and a.client_id = p_client;
$$;
comment on function app_private.oauth_revoke(bytea, text) is E'Token revocation (RFC 7009): the connection of the token ends, with all its tokens.';

create function app_private.forget_expired_oauth() returns int
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_codes int;
  v_tokens int;
  v_clients int;
begin
  delete from app_private.oauth_codes c where c.expires_at < now() - interval '1 day';
  get diagnostics v_codes = row_count;
  delete from app_private.oauth_tokens t where t.expires_at < now() - interval '1 day';
  get diagnostics v_tokens = row_count;
  -- Registrations nobody connected with for 30 days (assistants register again on 401 invalid_client).
  delete from app_private.oauth_clients c
   where c.created_at < now() - interval '30 days'
     and not exists (select 1 from app_public.connected_apps a where a.client_id = c.id)
     and not exists (select 1 from app_private.oauth_codes o where o.client_id = c.id and o.expires_at > now());
  get diagnostics v_clients = row_count;
  return v_codes + v_tokens + v_clients;
end;
$$;
comment on function app_private.forget_expired_oauth() is
  E'Deletes OAuth codes and tokens expired over a day ago, and client registrations unused for 30 days; returns how many rows went (a worker task, every minute).';

--------------------------------------------------------------------------------
-- Connected apps in GraphQL: viewer.connectedApps and disconnectApp (session only)
--------------------------------------------------------------------------------
create function app_public.users_connected_apps(u app_public.users) returns setof app_public.connected_apps
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
begin
  return query
    select a.* from app_public.connected_apps a
     where a.user_id = u.id and u.id = v_user
     order by a.created_at desc, a.id desc;
end;
$$;
comment on function app_public.users_connected_apps(app_public.users) is
  E'@behavior -*\nThe apps the user connected through OAuth, newest first. Needs a signed-in session: FORBIDDEN with an API key or an app''s token.';

create function app_public.disconnect_app(p_id uuid) returns uuid
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
  v_id uuid;
begin
  delete from app_public.connected_apps a where a.id = p_id and a.user_id = v_user returning a.id into v_id;
  if v_id is null then
    raise exception 'No connected app with this id' using errcode = 'SVNFD';
  end if;
  return v_id;
end;
$$;
comment on function app_public.disconnect_app(uuid) is
  E'@behavior -*\nDisconnects one of the signed-in user''s apps: its tokens stop working at once. Another user''s or an unknown id: NOT_FOUND.';

--! split: 6-admin.sql
-- Administration: operators (grant_admin in psql), the admin ban endpoints' functions (server/admin-routes.ts,
-- on the owner connection), bans lifted by the worker, and the Admin page's list of users.

create function app_public.grant_admin(p_email text) returns void
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  update app_public.users set role = 'admin' where email = p_email::citext;
  if not found then
    raise exception 'No user with email %', p_email using errcode = 'SVNFD';
  end if;
end;
$$;
comment on function app_public.grant_admin(text) is E'@behavior -*\nFor operators in psql: makes the user with this email an admin.';

--------------------------------------------------------------------------------
-- Admin endpoints (called by server/admin-routes.ts on the owner connection)
--------------------------------------------------------------------------------
create function app_private.count_admin_call(p_session uuid,
  out request_count int, out window_end timestamptz, out is_admin boolean)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_window timestamptz := date_trunc('minute', now());
begin
  insert into app_private.rate_counters as c (subject, window_start, count)
  values ('admin:' || p_session, v_window, 1)
  on conflict (subject, window_start) do update set count = c.count + 1
  returning c.count into request_count;
  window_end := v_window + interval '1 minute';
  select u.role = 'admin' into is_admin
    from app_public.sessions s join app_public.users u on u.id = s.user_id where s.id = p_session;
  is_admin := coalesce(is_admin, false);
end;
$$;
comment on function app_private.count_admin_call(uuid) is
  E'Counts one admin-endpoint call for a session in the current minute (committed on its own, so refused calls count too) and says whether the session''s user is an admin.';

create function app_private.admin_user(p_session uuid) returns uuid
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_admin uuid;
begin
  select u.id into v_admin from app_public.sessions s join app_public.users u on u.id = s.user_id
   where s.id = p_session and s.last_active_at > now() - interval '30 days' and u.role = 'admin';
  if v_admin is null then
    raise exception 'Only an admin may do this' using errcode = 'SVFBD';
  end if;
  return v_admin;
end;
$$;
comment on function app_private.admin_user(uuid) is E'The admin signed in with this session, or FORBIDDEN.';

create function app_private.ban_user(p_session uuid, p_user text, p_reason text, p_expires_in double precision) returns jsonb
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_admin uuid := app_private.admin_user(p_session);
  v_user uuid;
begin
  if p_expires_in is not null and (p_expires_in <= 0 or p_expires_in > 315360000 or p_expires_in = 'NaN') then
    raise exception 'banExpiresIn must be a positive number of seconds, at most 315360000 (10 years)' using errcode = 'SVBAD';
  end if;
  select u.id into v_user from app_public.users u where u.id = app_hidden.try_uuid(p_user) for update;
  if v_user is null then
    raise exception 'No user with this id' using errcode = 'SVNFD';
  end if;
  if v_user = v_admin then
    raise exception 'You cannot ban yourself' using errcode = 'SVBAD', hint = 'CANNOT_BAN_YOURSELF';
  end if;
  update app_public.users u
     set banned = true,
         ban_reason = p_reason,
         ban_expires = case when p_expires_in is null then null else now() + make_interval(secs => p_expires_in) end
   where u.id = v_user;
  -- Every device is signed out at once; keys answer as signed out while the ban lasts (use_api_key checks it).
  delete from app_public.sessions s where s.user_id = v_user;
  return app_private.user_record(v_user);
end;
$$;
comment on function app_private.ban_user(uuid, text, text, double precision) is
  E'Bans a user for the admin signed in with p_session, in one transaction: records banned, ban_reason and ban_expires (now + p_expires_in seconds, or null for no end) and ends all the user''s sessions. Returns the user record.';

create function app_private.unban_user(p_session uuid, p_user text) returns jsonb
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_admin uuid := app_private.admin_user(p_session);
  v_user uuid;
begin
  select u.id into v_user from app_public.users u where u.id = app_hidden.try_uuid(p_user) for update;
  if v_user is null then
    raise exception 'No user with this id' using errcode = 'SVNFD';
  end if;
  if v_user = v_admin then
    raise exception 'You cannot unban yourself' using errcode = 'SVBAD', hint = 'CANNOT_UNBAN_YOURSELF';
  end if;
  update app_public.users u set banned = false, ban_reason = null, ban_expires = null where u.id = v_user;
  return app_private.user_record(v_user);
end;
$$;
comment on function app_private.unban_user(uuid, text) is
  E'Lifts a user''s ban for the admin signed in with p_session: banned false, ban_reason and ban_expires cleared. Returns the user record.';

--------------------------------------------------------------------------------
-- Background maintenance (server/tasks/*.ts, every minute, on the owner connection)
--------------------------------------------------------------------------------
create function app_private.lift_expired_bans() returns int
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_count int;
begin
  update app_public.users u set banned = false, ban_reason = null, ban_expires = null
   where u.banned and u.ban_expires <= now();
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function app_private.lift_expired_bans() is
  E'Lifts the bans whose ban_expires has passed (they already stopped counting at that moment); returns how many.';

--------------------------------------------------------------------------------
-- The Admin page's list of users: admins only, with a signed-in session (not an API key).
-- RLS lets each user read only their own row of app_public.users, so the list is a security
-- definer function that checks the caller first; it returns its own type (no relations), so an
-- admin sees these columns of other users and nothing else of theirs.
--------------------------------------------------------------------------------
create type app_public.admin_user as (
  id uuid,
  name text,
  email text,
  role text,
  banned boolean,
  ban_reason text,
  ban_expires timestamptz,
  created_at timestamptz
);
comment on type app_public.admin_user is E'A user as the Admin page lists them.';
comment on column app_public.admin_user.id is E'@notNull\nThe user id (what the ban routes take as userId).';
comment on column app_public.admin_user.name is E'@notNull\nThe user''s name.';
comment on column app_public.admin_user.email is E'@notNull\nThe user''s sign-in email.';
comment on column app_public.admin_user.role is E'@notNull\n`admin` or `user`.';
comment on column app_public.admin_user.banned is E'@notNull\nWhether a ban was set (see banExpires: a ban whose end has passed no longer applies).';
comment on column app_public.admin_user.ban_reason is E'Why the user was banned, if a reason was given.';
comment on column app_public.admin_user.ban_expires is E'When the ban ends; null with banned means it lasts until an admin lifts it.';
comment on column app_public.admin_user.created_at is E'@notNull\nWhen the account was created.';

create function app_public.admin_users(search text default null) returns setof app_public.admin_user
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_caller uuid := app_hidden.require_session();
  v_words text := lower(btrim(coalesce(search, '')));
begin
  if not exists (select 1 from app_public.users where id = v_caller and role = 'admin') then
    raise exception 'Only an admin may list users' using errcode = 'SVFBD';
  end if;
  return query
    select u.id, u.name, u.email::text, u.role, u.banned, u.ban_reason, u.ban_expires, u.created_at
      from app_public.users u
     where v_words = ''
        or strpos(lower(u.name), v_words) > 0
        or strpos(lower(u.email::text), v_words) > 0
     order by u.created_at, u.id;
end;
$$;
comment on function app_public.admin_users(text) is E'Users whose name or email contains `search` (any case; all users without it), oldest first. Admins only, with a signed-in session: FORBIDDEN otherwise.';

--! split: 7-catalog.sql
-- The exercise catalog: the shared catalog (user_id null; its rows are in catalog-seed) and each
-- user's custom exercises, their rules, reference resolution and search.
--
-- Reference resolution (spec 2.1 rule 4) is shared with the document functions:
--   app_hidden.resolve_exercises(refs) / resolve_exercise(ref) -> uuid or null
--   app_hidden.closest_exercises(ref, n)      -> up to n names, most similar first
--   app_hidden.unknown_exercise_reason(ref)   -> 'unknown exercise "<ref>"; closest: A, B, C'
-- Search for clients: app_public.search_exercises(words, limit), GraphQL `searchExercises`.
-- Custom exercises: app_public.create_custom_exercise / update_custom_exercise / delete_custom_exercise
-- (GraphQL createCustomExercise / updateCustomExercise / deleteCustomExercise).

--------------------------------------------------------------------------------
-- Exercises and their aliases
--------------------------------------------------------------------------------
create function app_public.exercise_key(name text) returns text
language sql immutable parallel safe as $$
  select lower(regexp_replace(name, '[\s\-‐‑–—_.]+', '', 'g'));
$$;
comment on function app_public.exercise_key(text) is E'@behavior -*\nHow references are compared: ignoring case, spacing, hyphens, underscores and dots.';

create table app_public.exercises (
  id uuid primary key default gen_random_uuid(),
  user_id uuid default app_public.current_user_id() references app_public.users on delete cascade,
  name text not null check (char_length(name) between 1 and 100),
  key text generated always as (app_public.exercise_key(name)) stored,
  equipment text not null default 'other'
    check (equipment in ('barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio', 'other')),
  muscles text[] not null default '{}',
  region text not null default 'full body' check (region in ('upper', 'lower', 'core', 'full body', 'cardio')),
  kind text not null default 'reps' check (kind in ('reps', 'time', 'cardio')),
  created_at timestamptz not null default now()
);
create unique index exercises_catalog_key on app_public.exercises (key) where user_id is null;
create unique index exercises_custom_key on app_public.exercises (user_id, key) where user_id is not null;
create index exercises_name_trgm on app_public.exercises using gin (name gin_trgm_ops);
alter table app_public.exercises enable row level security;
-- Catalog writes go through migrations; users write only through the custom exercise functions.
comment on table app_public.exercises is E'@behavior -insert -update -delete\nAn exercise: from the shared catalog, or a custom one private to its user. Users add theirs with createCustomExercise.';
comment on column app_public.exercises.id is E'Unique identifier.';
comment on column app_public.exercises.user_id is E'@behavior -*\nThe owner of a custom exercise; null for the catalog.';
comment on column app_public.exercises.name is E'The exercise''s name.';
comment on column app_public.exercises.key is E'@behavior -*\nThe name as references compare it.';
comment on column app_public.exercises.equipment is E'barbell, dumbbell, machine, cable, bodyweight, kettlebell, band, cardio or other.';
comment on column app_public.exercises.muscles is E'Primary muscles worked.';
comment on column app_public.exercises.region is E'upper, lower, core, full body or cardio; sets the progression increment.';
comment on column app_public.exercises.kind is E'reps, time (holds) or cardio.';
comment on column app_public.exercises.created_at is E'When it was added.';
create policy select_catalog_or_own on app_public.exercises for select
  using (user_id is null or user_id = (select app_public.current_user_id()));
create policy insert_own on app_public.exercises for insert with check (user_id = (select app_public.current_user_id()));
create policy update_own on app_public.exercises for update using (user_id = (select app_public.current_user_id()));
create policy delete_own on app_public.exercises for delete using (user_id = (select app_public.current_user_id()));
create trigger _140_one_line_name before insert or update of name on app_public.exercises
  for each row execute procedure app_hidden.tg_one_line_name();

create table app_public.exercise_aliases (
  id uuid primary key default gen_random_uuid(),
  exercise_id uuid not null references app_public.exercises on delete cascade,
  alias text not null check (char_length(alias) between 1 and 100),
  key text generated always as (app_public.exercise_key(alias)) stored,
  unique (exercise_id, key)
);
create index on app_public.exercise_aliases (key);
alter table app_public.exercise_aliases enable row level security;
comment on table app_public.exercise_aliases is E'@behavior -insert -update -delete\nAn everyday name for a catalog exercise (`bench`, `OHP`, `RDL`).';
comment on column app_public.exercise_aliases.id is E'Unique identifier.';
comment on column app_public.exercise_aliases.exercise_id is E'The exercise this name refers to.';
comment on column app_public.exercise_aliases.alias is E'The everyday name.';
comment on column app_public.exercise_aliases.key is E'@behavior -*\nThe alias as references compare it.';
create policy select_visible on app_public.exercise_aliases for select
  using (exists (select 1 from app_public.exercises e where e.id = exercise_id));
-- An alias names exactly one exercise: its key is unique across the catalog.
create unique index exercise_aliases_key_unique on app_public.exercise_aliases (key);

--------------------------------------------------------------------------------
-- Rules on the tables
--------------------------------------------------------------------------------
create function app_hidden.tg_exercise_aliases_check() returns trigger
language plpgsql as $$
begin
  if not exists (select 1 from app_public.exercises e where e.id = new.exercise_id and e.user_id is null) then
    raise exception 'Aliases belong to catalog exercises only' using errcode = 'SVBAD';
  end if;
  if app_public.exercise_key(new.alias) = '' then
    raise exception 'alias: must contain a letter or digit' using errcode = 'SVBAD';
  end if;
  -- Generated columns are not computed yet in a BEFORE trigger: compute the key here.
  if exists (select 1 from app_public.exercises e where e.user_id is null and e.key = app_public.exercise_key(new.alias)) then
    raise exception 'alias "%" is already the name of a catalog exercise', new.alias using errcode = 'SVDUP';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_exercise_aliases_check() is E'Trigger: an alias belongs to a catalog exercise and never equals (ignoring case, spacing, hyphens) a catalog exercise''s name, so every reference names one exercise.';
create trigger _200_alias_check before insert or update on app_public.exercise_aliases
  for each row execute procedure app_hidden.tg_exercise_aliases_check();

create function app_hidden.tg_exercises_check() returns trigger
language plpgsql as $$
declare
  v_existing text;
begin
  if new.user_id is null then
    -- Catalog rows (written by migrations): the name must not be another exercise's alias.
    -- Generated columns are not computed yet in a BEFORE trigger: compute the key here.
    if app_public.exercise_key(new.name) = '' then
      raise exception 'name: must contain a letter or digit' using errcode = 'SVBAD';
    end if;
    if exists (select 1 from app_public.exercise_aliases a where a.key = app_public.exercise_key(new.name)) then
      raise exception 'name "%" is already an alias of a catalog exercise', new.name using errcode = 'SVDUP';
    end if;
    return new;
  end if;
  -- Custom exercises: clear messages that name the field, before the table's own checks.
  new.name := btrim(regexp_replace(coalesce(new.name, ''), '\s+', ' ', 'g'));
  if char_length(new.name) not between 1 and 100 then
    raise exception 'name: must be 1 to 100 characters' using errcode = 'SVBAD';
  end if;
  if app_public.exercise_key(new.name) = '' then
    raise exception 'name: must contain a letter or digit' using errcode = 'SVBAD';
  end if;
  if new.equipment is null or new.equipment not in ('barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio', 'other') then
    raise exception 'equipment: must be one of barbell, dumbbell, machine, cable, bodyweight, kettlebell, band, cardio, other' using errcode = 'SVBAD';
  end if;
  if new.region is null or new.region not in ('upper', 'lower', 'core', 'full body', 'cardio') then
    raise exception 'region: must be one of upper, lower, core, full body, cardio' using errcode = 'SVBAD';
  end if;
  if new.kind is null or new.kind not in ('reps', 'time', 'cardio') then
    raise exception 'kind: must be one of reps, time, cardio' using errcode = 'SVBAD';
  end if;
  new.muscles := coalesce((select array_agg(m order by i) from (
      select btrim(regexp_replace(m, '\s+', ' ', 'g')) as m, i
        from unnest(coalesce(new.muscles, '{}')) with ordinality as u(m, i)) t where m <> ''), '{}');
  if cardinality(new.muscles) > 10 then
    raise exception 'muscles: at most 10 entries' using errcode = 'SVBAD';
  end if;
  if exists (select 1 from unnest(new.muscles) m where char_length(m) > 40) then
    raise exception 'muscles: each entry at most 40 characters' using errcode = 'SVBAD';
  end if;
  select e.name into v_existing from app_public.exercises e
   where e.user_id = new.user_id and e.key = app_public.exercise_key(new.name) and e.id <> new.id;
  if v_existing is not null then
    raise exception 'name: you already have a custom exercise named "%"', v_existing using errcode = 'SVDUP';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_exercises_check() is E'Trigger: catalog names never equal an alias; custom exercises get a tidy name (spaces collapsed), valid equipment, region, kind and muscles (at most 10, 40 characters each), and a name unique among the user''s custom exercises ignoring case, spacing and hyphens (CONFLICT). A custom name may equal a catalog name or alias: the custom one wins when the user references it.';
create trigger _200_exercise_check before insert or update on app_public.exercises
  for each row execute procedure app_hidden.tg_exercises_check();

--------------------------------------------------------------------------------
-- Computed fields (exposed by plugins/exercises.ts as Exercise.aliases and Exercise.custom)
--------------------------------------------------------------------------------
create function app_public.exercises_aliases(e app_public.exercises) returns text[]
language sql stable as $$
  select coalesce(array_agg(a.alias order by a.alias), '{}')
    from app_public.exercise_aliases a where a.exercise_id = e.id;
$$;
comment on function app_public.exercises_aliases(app_public.exercises) is E'@behavior -*\nEveryday names that also refer to this exercise (catalog exercises only), alphabetical.';

create function app_public.exercises_custom(e app_public.exercises) returns boolean
language sql immutable as $$
  select e.user_id is not null;
$$;
comment on function app_public.exercises_custom(app_public.exercises) is E'@behavior -*\nWhether this is one of the user''s custom exercises (false for the catalog).';

create function app_public.users_custom_exercises(u app_public.users) returns setof app_public.exercises
language sql stable security invoker set search_path to pg_catalog, public as $$
  select e.* from app_public.exercises e
   where e.user_id = u.id
   order by lower(e.name), e.id;
$$;
comment on function app_public.users_custom_exercises(app_public.users) is
  E'Your custom exercises (private to you; the catalog is not listed here), by name.';

create function app_hidden.resolve_exercise(ref text) returns uuid
language sql stable security invoker as $$
  select r.exercise_id from app_hidden.resolve_exercises(array[ref]) r;
$$;
comment on function app_hidden.resolve_exercise(text) is E'The exercise a reference names, for the calling user (security invoker: RLS applies), or null: '
  'app_hidden.resolve_exercises of one reference (an id the caller can see; the caller''s custom exercise name; a catalog name; a catalog alias).';

create function app_hidden.exercise_match_score(q_text text, q_key text, name text, key text) returns real
language sql immutable parallel safe as $$
  -- pg_trgm folds case itself. It is found on the caller's search_path (callers set it to pg_catalog, public).
  select greatest(similarity(q_key, key), (word_similarity(q_text, name) + similarity(q_text, name)) / 2);
$$;
comment on function app_hidden.exercise_match_score(text, text, text, text) is E'How much a typed text (lower case, and its exercise_key) looks like a name or alias (and its key), 0 to 1 (pg_trgm): '
  'the larger of the similarity of the keys (spacing and hyphens ignored) and the mean of word similarity and similarity of the texts. Used by closest_exercises and search_exercises.';

create function app_hidden.closest_exercises(ref text, n int default 3) returns text[]
language sql stable security invoker set search_path to pg_catalog, public as $$
  with q as (
    select lower(btrim(regexp_replace(coalesce(ref, ''), '\s+', ' ', 'g'))) as text,
           app_public.exercise_key(coalesce(ref, '')) as key,
           app_public.current_user_id() as me
  ), scored as (
    select e.key, e.name, e.user_id, max(app_hidden.exercise_match_score(q.text, q.key, c.text, c.key)) as score
      from q
      join app_public.exercises e on e.user_id is null or e.user_id = q.me
      cross join lateral (
        select e.name as text, e.key
        union all
        select a.alias, a.key from app_public.exercise_aliases a where a.exercise_id = e.id
      ) c
     where q.key <> ''
     group by e.id
  ), best as (
    -- One entry per name: the user's custom exercise stands for a catalog one spelled the same.
    select distinct on (key) name, score from scored where score >= 0.25
     order by key, (user_id is null), score desc
  )
  select coalesce((select array_agg(name order by score desc, name)
                     from (select name, score from best order by score desc, name
                           limit least(greatest(coalesce(n, 3), 0), 100)) t), '{}');
$$;
comment on function app_hidden.closest_exercises(text, int) is E'Up to n (default 3, at most 100) names of exercises the caller can use whose name or an alias looks most like ref '
  '(exercise_match_score at least 0.25), most similar first, ties by name. Includes the caller''s custom exercises; a name appears once.';

--------------------------------------------------------------------------------
-- Custom exercises: private to their user (RLS), written through these functions.
--------------------------------------------------------------------------------
create function app_public.create_custom_exercise(name text, equipment text default 'other', muscles text[] default '{}',
  region text default 'full body', kind text default 'reps') returns app_public.exercises
language plpgsql volatile security invoker as $$
declare
  v_row app_public.exercises;
begin
  perform app_hidden.require_user();
  insert into app_public.exercises as e (name, equipment, muscles, region, kind)
  values ($1, coalesce($2, 'other'), coalesce($3, '{}'), coalesce($4, 'full body'), coalesce($5, 'reps'))
  returning e.* into v_row;
  return v_row;
end;
$$;
comment on function app_public.create_custom_exercise(text, text, text[], text, text) is E'@resultFieldName exercise\nAdds a custom exercise, private to the signed-in user. '
  'name: 1 to 100 characters, unique among the user''s custom exercises ignoring case, spacing and hyphens (CONFLICT otherwise); '
  'it may equal a catalog name, and then the user''s own exercise is the one their references mean. '
  'equipment (default other), muscles (at most 10), region (default full body), kind (default reps) as on Exercise.';

create function app_public.update_custom_exercise(id uuid, name text default null, equipment text default null,
  muscles text[] default null, region text default null, kind text default null) returns app_public.exercises
language plpgsql volatile security invoker as $$
declare
  v_row app_public.exercises;
begin
  perform app_hidden.require_user();
  update app_public.exercises as e
     set name = coalesce($2, e.name), equipment = coalesce($3, e.equipment), muscles = coalesce($4, e.muscles),
         region = coalesce($5, e.region), kind = coalesce($6, e.kind)
   where e.id = $1 and e.user_id = app_public.current_user_id()
  returning e.* into v_row;
  if v_row.id is null then
    raise exception 'id: no custom exercise of yours has this id' using errcode = 'SVNFD';
  end if;
  return v_row;
end;
$$;
comment on function app_public.update_custom_exercise(uuid, text, text, text[], text, text) is E'@resultFieldName exercise\nRenames or changes one of the user''s custom exercises; '
  'fields left out (or null) stay as they are. Same rules as createCustomExercise. NOT_FOUND for a catalog exercise or someone else''s.';

create function app_public.delete_custom_exercise(id uuid) returns app_public.exercises
language plpgsql volatile security invoker as $$
declare
  v_row app_public.exercises;
  v_routines int;
  v_workouts int;
begin
  perform app_hidden.require_user();
  select e.* into v_row from app_public.exercises e where e.id = $1 and e.user_id = app_public.current_user_id();
  if v_row.id is null then
    raise exception 'id: no custom exercise of yours has this id' using errcode = 'SVNFD';
  end if;
  select count(distinct r.routine_id) into v_routines from app_public.routine_exercises r where r.exercise_id = v_row.id;
  select count(distinct w.workout_id) into v_workouts from app_public.workout_exercises w where w.exercise_id = v_row.id;
  if v_routines + v_workouts > 0 then
    raise exception 'id: "%" is used in % routine(s) and % workout(s); remove it from them first', v_row.name, v_routines, v_workouts
      using errcode = 'SVDUP';
  end if;
  delete from app_public.exercises e where e.id = v_row.id;
  return v_row;
end;
$$;
comment on function app_public.delete_custom_exercise(uuid) is E'@resultFieldName exercise\nDeletes one of the user''s custom exercises. NOT_FOUND for a catalog exercise or someone else''s; '
  'CONFLICT while a routine or workout still uses it (history is never dropped silently).';
-- Exercise names a lifter can trust: one resolver for every place a name is typed (documents,
-- search, records, lastPerformance, imports), names that never shadow each other, and records for
-- bodyweight and timed sets with a rep-max table.
--
-- The resolver (app_hidden.match_exercise, exposed as app_public.resolve_exercise(s)) answers a
-- typed name in tiers, the first that finds something wins:
--   id     an exercise id the caller can see
--   name   a catalog name or one of the caller's custom names (ignoring case, spacing, hyphens)
--   alias  a catalog alias (`bench`, `OHP`, the other apps' export names)
--   words  the same words once abbreviations (`DB`, `OH`, `sq`), plurals, word order, filler words
--          and an export's equipment in brackets (`Squat (Barbell)`) are accounted for; or a whole
--          name mentioned with only the exercise's own words around it; or words that only one
--          exercise covers half a name of (`goblet`), or only one exercise has (`zercher`)
--   typo   as `words`, after correcting words of 5 letters or more that are no word of any
--          exercise by one slip (two from 8 letters): `sqaut`, `plnak`, `deadlfit`
-- Two or more exercises equally good in a tier: `ambiguous`, with the choices, never a guess
-- (`press`). Nothing: `none`, with the closest names as suggestions.
--
-- Names never shadow each other: a custom exercise may not take a name or alias of the catalog,
-- nor a name that means a catalog exercise after abbreviations and plurals, nor one the resolver
-- reads as a catalog exercise at any tier, typos included (CONFLICT naming the catalog exercise
-- to use instead).

--------------------------------------------------------------------------------
-- Words: how the resolver reads a name
--------------------------------------------------------------------------------
create function app_hidden.exercise_word(w text) returns text
language sql immutable parallel safe as $$
  -- One lower-case word in its canonical form: abbreviations and other spellings expanded (one
  -- or more words, space-separated), plurals made singular. Empty for a filler word.
  select coalesce(
    s.map ->> w,
    s.map ->> singular,
    singular)
    from (select case
                   when char_length(w) < 4 then w
                   when w ~ '(ss|ch|sh|x)es$' then left(w, -2)
                   when w ~ 'ies$' then left(w, -3) || 'y'
                   when w ~ 's$' and w !~ '(ss|us|is)$' then left(w, -1)
                   else w
                 end as singular) p,
         (select '{
            "db": "dumbbell", "dbs": "dumbbell", "dumbell": "dumbbell", "dumbel": "dumbbell", "dumbells": "dumbbell",
            "bb": "barbell", "barbel": "barbell", "kb": "kettlebell", "kbs": "kettlebell", "mach": "machine",
            "bw": "bodyweight", "ezbar": "ez bar", "tbar": "t bar",
            "oh": "overhead", "ohp": "overhead press", "bp": "bench press", "dl": "deadlift", "dls": "deadlift",
            "deads": "deadlift", "rdl": "romanian deadlift", "rdls": "romanian deadlift",
            "sldl": "stiff leg deadlift", "sq": "squat", "sqt": "squat", "mil": "military",
            "pushup": "push up", "pullup": "pull up", "chinup": "chin up", "situp": "sit up", "pressup": "press up",
            "stepup": "step up", "muscleup": "muscle up", "skullcrusher": "skull crusher",
            "pressdown": "pushdown", "hyper": "hyperextension", "ups": "up",
            "ham": "hamstring", "hams": "hamstring", "hammy": "hamstring", "tri": "tricep", "tris": "tricep",
            "bi": "bicep", "bis": "bicep", "abs": "ab", "calves": "calf", "calve": "calf",
            "inc": "incline", "incl": "incline", "dec": "decline", "decl": "decline", "ext": "extension",
            "extn": "extension", "flye": "fly", "flys": "fly", "paused": "pause", "side": "lateral",
            "alt": "alternating", "alternate": "alternating", "sa": "single arm", "one": "single", "sl": "single leg",
            "legged": "leg", "wtd": "weighted", "rev": "reverse",
            "the": "", "s": "", "a": "", "an": "", "of": "", "on": "", "with": "", "and": "", "to": "", "w": "", "for": ""
          }'::jsonb as map) s;
$$;
comment on function app_hidden.exercise_word(text) is
  E'One lower-case word of an exercise name in its canonical form: abbreviations and other spellings expanded (`db` -> `dumbbell`, `ohp` -> `overhead press`, `sq` -> `squat`, `side` -> `lateral`), plurals made singular; empty for a filler word (the, with, ...).';

create function app_hidden.exercise_words(t text) returns text[]
language sql immutable parallel safe as $$
  -- Words split at anything but letters and digits (spaces, hyphens, brackets, slashes), each in
  -- its canonical form, in order.
  select coalesce(array_agg(x.w order by t1.n, x.n), '{}')
    from regexp_split_to_table(lower(coalesce(t, '')), '[^[:alnum:]]+') with ordinality as t1(w, n)
    cross join lateral regexp_split_to_table(app_hidden.exercise_word(t1.w), ' ') with ordinality as x(w, n)
   where t1.w <> '' and x.w <> '';
$$;
comment on function app_hidden.exercise_words(text) is
  E'The words of an exercise name as the resolver compares them (app_hidden.exercise_word of each), in order: `DB OHP` and `Dumbbell Overhead Press` have the same words.';

create function app_hidden.word_set(words text[]) returns text[]
language sql immutable parallel safe as $$
  select coalesce(array_agg(distinct w order by w), '{}') from unnest(words) w;
$$;
comment on function app_hidden.word_set(text[]) is E'The distinct words of a list, sorted: names compared regardless of word order.';

create function app_hidden.typo_distance(a text, b text) returns int
language plpgsql immutable parallel safe strict as $$
-- Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
-- neighbouring letters each count one (`sqaut` is 1 from `squat`).
declare
  la int := char_length(a);
  lb int := char_length(b);
  d int[];
  w int := lb + 1;
  cost int;
begin
  if la = 0 then return lb; end if;
  if lb = 0 then return la; end if;
  d := array_fill(0, array[(la + 1) * (lb + 1)]);
  for i in 0..la loop d[i * w + 1] := i; end loop;
  for j in 0..lb loop d[j + 1] := j; end loop;
  for i in 1..la loop
    for j in 1..lb loop
      cost := case when substr(a, i, 1) = substr(b, j, 1) then 0 else 1 end;
      d[i * w + j + 1] := least(d[(i - 1) * w + j + 1] + 1, d[i * w + j] + 1, d[(i - 1) * w + j] + cost);
      if i > 1 and j > 1 and substr(a, i, 1) = substr(b, j - 1, 1) and substr(a, i - 1, 1) = substr(b, j, 1) then
        d[i * w + j + 1] := least(d[i * w + j + 1], d[(i - 2) * w + j - 1] + 1);
      end if;
    end loop;
  end loop;
  return d[la * w + lb + 1];
end;
$$;
comment on function app_hidden.typo_distance(text, text) is
  E'How many typing slips separate two words (optimal string alignment: an insertion, deletion, substitution or swap of neighbouring letters each counts 1).';

--------------------------------------------------------------------------------
-- Labels: every name and alias with its words, kept current by triggers
--------------------------------------------------------------------------------
-- Reading the words of ~900 names and aliases takes ~50 ms; kept here they are index lookups.
create table app_hidden.exercise_labels (
  source_id uuid primary key,
  exercise_id uuid not null references app_public.exercises on delete cascade,
  user_id uuid references app_public.users on delete cascade,
  is_name boolean not null,
  words text[] not null,
  word_set text[] not null,
  joined text not null
);
create index exercise_labels_exercise on app_hidden.exercise_labels (exercise_id);
create index exercise_labels_word_set on app_hidden.exercise_labels (word_set);
create index exercise_labels_joined on app_hidden.exercise_labels (joined);
create index exercise_labels_words on app_hidden.exercise_labels using gin (words);
alter table app_hidden.exercise_labels enable row level security;
comment on table app_hidden.exercise_labels is
  E'Every exercise name and catalog alias with its words as the resolver compares them (app_hidden.exercise_words); written only by triggers on exercises and exercise_aliases.';
comment on column app_hidden.exercise_labels.source_id is E'The exercise''s id for its name, the alias''s id for an alias.';
comment on column app_hidden.exercise_labels.exercise_id is E'The exercise the label names.';
comment on column app_hidden.exercise_labels.user_id is E'The owner of a custom exercise; null for the catalog.';
comment on column app_hidden.exercise_labels.is_name is E'True for the exercise''s name, false for an alias.';
comment on column app_hidden.exercise_labels.words is E'app_hidden.exercise_words of the label.';
comment on column app_hidden.exercise_labels.word_set is E'The distinct words, sorted (word order ignored).';
comment on column app_hidden.exercise_labels.joined is E'The words run together (`pull up` and `pullup` alike).';
create policy select_catalog_or_own on app_hidden.exercise_labels for select
  using (user_id is null or user_id = (select app_public.current_user_id()));

create function app_hidden.refresh_exercise_labels(p_exercise uuid) returns void
language sql volatile security definer set search_path to pg_catalog, public as $$
  delete from app_hidden.exercise_labels where exercise_id = p_exercise;
  insert into app_hidden.exercise_labels (source_id, exercise_id, user_id, is_name, words, word_set, joined)
  select l.source_id, e.id, e.user_id, l.is_name, w.words, app_hidden.word_set(w.words), array_to_string(w.words, '')
    from app_public.exercises e
    cross join lateral (
      select e.id as source_id, true as is_name, e.name as label
      union all
      select a.id, false, a.alias from app_public.exercise_aliases a where a.exercise_id = e.id
    ) l
    cross join lateral (select app_hidden.exercise_words(l.label) as words) w
   where e.id = p_exercise and cardinality(w.words) > 0;
$$;
comment on function app_hidden.refresh_exercise_labels(uuid) is E'Rewrites the labels (name and aliases) of one exercise.';

create function app_hidden.tg_exercise_labels() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  if tg_table_name = 'exercises' then
    perform app_hidden.refresh_exercise_labels(new.id);
  elsif tg_op = 'DELETE' then
    perform app_hidden.refresh_exercise_labels(old.exercise_id);
  else
    perform app_hidden.refresh_exercise_labels(new.exercise_id);
    if tg_op = 'UPDATE' then
      perform app_hidden.refresh_exercise_labels(old.exercise_id);
    end if;
  end if;
  return null;
end;
$$;
comment on function app_hidden.tg_exercise_labels() is E'Trigger: keeps app_hidden.exercise_labels current when an exercise''s name or an alias is written or an alias deleted (a deleted exercise''s labels cascade).';
create trigger _900_labels after insert or update of name on app_public.exercises
  for each row execute procedure app_hidden.tg_exercise_labels();
create trigger _900_labels after insert or update or delete on app_public.exercise_aliases
  for each row execute procedure app_hidden.tg_exercise_labels();

--------------------------------------------------------------------------------
-- The resolver
--------------------------------------------------------------------------------
create function app_hidden.exercise_staple_rank(p_name text) returns int
language sql immutable parallel safe as $$
  -- Lifts most logged first, so a list of choices for an ambiguous word starts with the likely ones.
  select array_position(array[
    'Back Squat', 'Bench Press', 'Deadlift', 'Overhead Press', 'Barbell Row', 'Pull-Up', 'Chin-Up', 'Dip',
    'Push-Up', 'Romanian Deadlift', 'Front Squat', 'Incline Bench Press', 'Dumbbell Bench Press',
    'Incline Dumbbell Press', 'Dumbbell Shoulder Press', 'Lat Pulldown', 'Seated Cable Row', 'Dumbbell Row',
    'Leg Press', 'Lateral Raise', 'Barbell Curl', 'Dumbbell Curl', 'Hammer Curl', 'Triceps Pushdown',
    'Lying Triceps Extension', 'Leg Extension', 'Lying Leg Curl', 'Seated Leg Curl', 'Standing Calf Raise',
    'Barbell Hip Thrust', 'Bulgarian Split Squat', 'Lunge', 'Plank', 'Face Pull', 'Cable Fly', 'Dumbbell Fly',
    'Pec Deck', 'Hack Squat', 'Goblet Squat', 'Sumo Deadlift', 'Power Clean', 'Push Press', 'Chest Press Machine',
    'Shoulder Press Machine', 'Machine Row', 'Preacher Curl', 'Cable Curl', 'Barbell Shrug', 'Hanging Leg Raise',
    'Crunch', 'Kettlebell Swing'], p_name);
$$;
comment on function app_hidden.exercise_staple_rank(text) is E'Where a catalog name stands among the most logged lifts (1 first), null for the rest: the order of choices for an ambiguous name.';

create function app_hidden.body_part_words() returns text[]
language sql immutable parallel safe as $$
  select array['ab', 'arm', 'back', 'bicep', 'body', 'calf', 'chest', 'core', 'delt', 'forearm', 'full', 'glute', 'hamstring',
               'hip', 'lat', 'leg', 'lower', 'neck', 'oblique', 'quad', 'shoulder', 'trap', 'tricep', 'upper'];
$$;
comment on function app_hidden.body_part_words() is
  E'Words that name a body part (canonical, singular): words made only of them (`abs`, `arms`, `bicep`) name a muscle group, not one exercise, so they answer with choices.';

create function app_hidden.match_exercise_words(q text[], p_me uuid, out tier int, out ids uuid[])
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
-- The word tiers for one list of words (already canonical), best first:
--   1 a name or alias with the same words (in any order), or the same letters run together;
--   2 the words mention a whole name or alias of one exercise, and every other word is one of its
--     words or its equipment (`Squat (Barbell)`); the longest name mentioned wins;
--   3 every word is one of the exercise's words: the answer is the one exercise of which the words
--     cover at least half of a name or alias (`goblet`: Goblet Squat, not Kettlebell Goblet Squat;
--     never for words that only name body parts, such as `abs`), or the only exercise with every
--     word (`zercher`); otherwise all of them are the choices.
-- Several found: when two or more have every word in their name, only those are the choices.
-- ids: the exercises of the first tier that finds any, best first (several: ambiguous).
declare
  qs text[] := app_hidden.word_set(q);
  qj text := array_to_string(q, '');
  named uuid[];
begin
  tier := null;
  ids := '{}';
  if cardinality(qs) = 0 then return; end if;
  select array_agg(x.exercise_id order by x.custom desc, app_hidden.exercise_staple_rank(x.name) nulls last, x.name)
    into ids
    from (select distinct l.exercise_id, e.user_id is not null as custom, e.name
            from app_hidden.exercise_labels l join app_public.exercises e on e.id = l.exercise_id
           where (l.word_set = qs or l.joined = qj) and (l.user_id is null or l.user_id = p_me)) x;
  if ids is not null then tier := 1; return; end if;
  with vocab as (
    -- Each exercise's words (of its name and aliases) and its equipment, for exercises sharing a word.
    select e.id, e.name, e.user_id, array_agg(distinct w) || e.equipment as words
      from app_public.exercises e
      join app_hidden.exercise_labels l on l.exercise_id = e.id
      cross join lateral unnest(l.words) w
     where e.id in (select l2.exercise_id from app_hidden.exercise_labels l2
                     where l2.words && qs and (l2.user_id is null or l2.user_id = p_me))
     group by e.id
  ), covering as (
    select v.id, v.name, v.user_id,
           max(cardinality(l.word_set)) filter (where l.word_set <@ qs) as mentioned,
           max(cardinality(array(select unnest(l.word_set) intersect select unnest(qs)))::numeric / cardinality(l.word_set)) as coverage
      from vocab v join app_hidden.exercise_labels l on l.exercise_id = v.id
     where qs <@ v.words
     group by v.id, v.name, v.user_id
  ), best_mentioned as (
    select * from covering where mentioned = (select max(mentioned) from covering)
  )
  select case when exists (select 1 from best_mentioned) then 2
              when exists (select 1 from covering) then 3 end,
         case when exists (select 1 from best_mentioned)
              then (select array_agg(b.id order by b.user_id is not null desc, app_hidden.exercise_staple_rank(b.name) nulls last, b.name) from best_mentioned b)
              when (select count(*) from covering where coverage >= 0.5) = 1 and not (qs <@ app_hidden.body_part_words())
              then (select array_agg(c.id) from covering c where c.coverage >= 0.5)
              when (select count(*) from covering) = 1
              then (select array_agg(c.id) from covering c)
              else (select array_agg(c.id order by c.coverage >= 0.5 desc, c.user_id is not null desc,
                                         app_hidden.exercise_staple_rank(c.name) nulls last, c.coverage desc, c.name)
                      from covering c)
         end
    into tier, ids;
  ids := coalesce(ids, '{}');
  -- Choices share the words typed: when two or more of them have every word in their name, only
  -- those are offered (`incline press`: the incline presses, not Leg Press by its alias `incline leg press`).
  if cardinality(ids) > 1 then
    select array_agg(x.id order by x.o) into named
      from unnest(ids) with ordinality as x(id, o)
     where exists (select 1 from app_hidden.exercise_labels l where l.exercise_id = x.id and l.is_name and l.word_set @> qs);
    if cardinality(named) >= 2 then
      ids := named;
    end if;
  end if;
end;
$$;
comment on function app_hidden.match_exercise_words(text[], uuid) is
  E'The word tiers of the resolver for one list of canonical words (see app_hidden.match_exercise): the tier that found exercises (1 same words, 2 a whole name mentioned, 3 every word belongs to the exercise) and those exercises, best first; several mean ambiguous.';

create function app_hidden.match_exercise(ref text, suggest boolean default true,
  out match text, out exercise_id uuid, out candidate_ids uuid[])
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
-- The one resolver (tiers in the header of this file). candidate_ids: the exercise found, or the
-- choices when ambiguous (at most 10, likeliest first), or the closest names when none (at most 3).
declare
  v_ref text := btrim(coalesce(ref, ''));
  v_key text := app_public.exercise_key(coalesce(ref, ''));
  v_me uuid := app_public.current_user_id();
  v_words text[];
  v_vocab text[];
  v_unknown_words text[];
  v_unknown text;
  v_fixes text[];
  v_combos text[];
  v_next text[];
  v_combo text;
  v_fix text;
  v_max int;
  v_best int;
  v_ids uuid[] := '{}';
  r record;
begin
  match := 'none';
  candidate_ids := '{}';
  if v_ref = '' then return; end if;
  -- An id the caller can see.
  if app_hidden.try_uuid(v_ref) is not null then
    select e.id into exercise_id from app_public.exercises e where e.id = app_hidden.try_uuid(v_ref) and (e.user_id is null or e.user_id = v_me);
    if exercise_id is not null then
      match := 'id'; candidate_ids := array[exercise_id]; return;
    end if;
  end if;
  if v_key <> '' then
    -- A catalog name, else one of the caller's custom names (never both: see tg_custom_exercise_name_free).
    select e.id into exercise_id from app_public.exercises e
     where e.key = v_key and (e.user_id is null or e.user_id = v_me)
     order by e.user_id nulls first limit 1;
    if exercise_id is not null then
      match := 'name'; candidate_ids := array[exercise_id]; return;
    end if;
    select a.exercise_id into exercise_id
      from app_public.exercise_aliases a join app_public.exercises e on e.id = a.exercise_id
     where a.key = v_key and e.user_id is null;
    if exercise_id is not null then
      match := 'alias'; candidate_ids := array[exercise_id]; return;
    end if;
  end if;
  v_words := app_hidden.exercise_words(v_ref);
  if cardinality(v_words) > 0 and cardinality(v_words) <= 12 then
    -- Words that are no word of any exercise (index probes; the whole vocabulary only for typos).
    v_unknown_words := array(
      select distinct w from unnest(v_words) w
       where w <> all (array['barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio'])
         and not exists (select 1 from app_hidden.exercise_labels l
                          where l.words @> array[w] and (l.user_id is null or l.user_id = v_me))
         and not exists (select 1 from app_hidden.exercise_labels l
                          where l.joined = w and (l.user_id is null or l.user_id = v_me)));
    if cardinality(v_unknown_words) > 0 then
      select array_agg(distinct w) into v_vocab from (
        select unnest(l.words) as w from app_hidden.exercise_labels l where l.user_id is null or l.user_id = v_me
        union all
        select l.joined from app_hidden.exercise_labels l where (l.user_id is null or l.user_id = v_me) and cardinality(l.words) > 1
        union all
        select unnest(array['barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio'])
      ) t;
    end if;
    if cardinality(v_unknown_words) = 0 then
      r := app_hidden.match_exercise_words(v_words, v_me);
      if r.tier is not null then
        v_ids := r.ids;
        match := 'words';
      end if;
    else
      -- Typos: each word that is no word of any exercise, corrected to the words nearest to it
      -- (one slip for words of 5 to 7 letters, two from 8; shorter words are never corrected: `row`
      -- and `rdl` are too close to other words to guess).
      v_combos := array[array_to_string(v_words, ' ')];
      foreach v_unknown in array v_unknown_words loop
        v_max := case when char_length(v_unknown) >= 8 then 2 when char_length(v_unknown) >= 5 then 1 else 0 end;
        with near as (
          select v.w, app_hidden.typo_distance(v_unknown, v.w) as d
            from unnest(v_vocab) v(w)
           where v_max > 0 and abs(char_length(v.w) - char_length(v_unknown)) <= v_max
             and (left(v.w, 1) = left(v_unknown, 1) or right(v.w, 1) = right(v_unknown, 1))
        )
        select array_agg(n.w order by n.w) into v_fixes
          from near n where n.d <= v_max and n.d = (select min(d) from near);
        if v_fixes is null then
          v_combos := '{}';
          exit;
        end if;
        v_next := '{}';
        foreach v_combo in array v_combos loop
          foreach v_fix in array v_fixes loop
            v_next := v_next || btrim(regexp_replace(' ' || v_combo || ' ', ' ' || v_unknown || ' ', ' ' || v_fix || ' ', 'g'));
          end loop;
        end loop;
        v_combos := v_next[1:16];
      end loop;
      foreach v_combo in array v_combos loop
        r := app_hidden.match_exercise_words(string_to_array(v_combo, ' '), v_me);
        if r.tier is not null and (v_best is null or r.tier < v_best) then
          v_best := r.tier;
          v_ids := r.ids;
        elsif r.tier is not null and r.tier = v_best then
          v_ids := v_ids || array(select x from unnest(r.ids) x where not (x = any(v_ids)));
        end if;
      end loop;
      if v_best is not null then match := 'typo'; end if;
    end if;
  end if;
  if match <> 'none' then
    if cardinality(v_ids) = 1 then
      exercise_id := v_ids[1];
      candidate_ids := v_ids;
    else
      match := 'ambiguous';
      exercise_id := null;
      candidate_ids := v_ids[1:10];
    end if;
    return;
  end if;
  exercise_id := null;
  if not suggest then return; end if;
  candidate_ids := coalesce((
    select array_agg(e.id order by n.o)
      from unnest(app_hidden.closest_exercises(ref, 3)) with ordinality as n(name, o)
      cross join lateral (select e.id from app_public.exercises e
                           where e.name = n.name and (e.user_id is null or e.user_id = v_me)
                           order by e.user_id nulls last limit 1) e), '{}');
end;
$$;
comment on function app_hidden.match_exercise(text, boolean) is
  E'The one exercise resolver, for the calling user (security invoker: RLS applies): how a typed name matches (id, name, alias, words, typo, ambiguous or none), '
  'the exercise (only for a single match) and candidate_ids (the match; the choices when ambiguous, at most 10, likeliest first; the closest names when none, at most 3, unless suggest is false). '
  'Documents, search, records, lastPerformance and imports all resolve names through it.';

--------------------------------------------------------------------------------
-- Weighted bodyweight exercises have one home: the bodyweight exercise, with `bw+20x5` sets
--------------------------------------------------------------------------------
-- A weighted pull-up is a pull-up with load added (`bw+20x5`), so its sets, plans and records live
-- with Pull-Up; `weighted pull ups` and the exports' `Pull Up (Weighted)` are aliases of it. The
-- catalog seed has no separate weighted exercises (their names are aliases). This function, and
-- rename_custom_exercises_named_like_catalog below, are not run here: they fixed the data of
-- databases made before these rules, and stay defined so the schema is the one data/schema.sql records.
create function app_hidden.merge_weighted_bodyweight_exercises() returns int
language plpgsql volatile as $$
declare
  p record;
  v_variant uuid;
  v_base uuid;
  v_count int := 0;
begin
  for p in select * from (values ('Weighted Pull-Up', 'Pull-Up'), ('Weighted Chin-Up', 'Chin-Up'), ('Weighted Dip', 'Dip'),
                                 ('Weighted Push-Up', 'Push-Up'), ('Weighted Plank', 'Plank')) v(variant, base)
  loop
    select e.id into v_variant from app_public.exercises e where e.user_id is null and e.name = p.variant;
    select e.id into v_base from app_public.exercises e where e.user_id is null and e.name = p.base;
    continue when v_variant is null or v_base is null;
    -- A loaded set of reps on the weighted exercise was load added to the body.
    update app_public.workout_sets set bodyweight = true
     where exercise_id = v_variant and weight is not null and seconds is null and not bodyweight;
    update app_public.workout_exercises set exercise_id = v_base where exercise_id = v_variant;
    update app_public.routine_exercises set exercise_id = v_base where exercise_id = v_variant;
    update app_hidden.progression_restarts r set exercise_id = v_base
     where r.exercise_id = v_variant
       and not exists (select 1 from app_hidden.progression_restarts o
                        where o.routine_id = r.routine_id and o.exercise_id = v_base and o.occurrence = r.occurrence);
    if to_regclass('app_public.exercise_import_names') is not null then
      update app_public.exercise_import_names set exercise_id = v_base where exercise_id = v_variant;
    end if;
    insert into app_public.exercise_aliases (exercise_id, alias)
    select v_base, a.alias from app_public.exercise_aliases a where a.exercise_id = v_variant
    on conflict do nothing;
    delete from app_public.exercises where id = v_variant;
    insert into app_public.exercise_aliases (exercise_id, alias) values (v_base, p.variant) on conflict do nothing;
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;
comment on function app_hidden.merge_weighted_bodyweight_exercises() is
  E'Merges the catalog''s weighted variants of bodyweight exercises (Weighted Pull-Up, Chin-Up, Dip, Push-Up, Plank) into the bodyweight exercise: '
  'loaded sets of reps become `bw+` sets, workouts, routines and import names move, the variant''s name and aliases become aliases of the bodyweight exercise; '
  'returns how many were merged. Run by the migration; a no-op afterwards.';

--------------------------------------------------------------------------------
-- Custom names never shadow the catalog
--------------------------------------------------------------------------------
create function app_hidden.catalog_exercise_meaning(p_name text) returns text
language sql stable security invoker set search_path to pg_catalog, public as $$
  -- The catalog exercise a name already means: the same name or alias (ignoring case, spacing and
  -- hyphens), or the same words once abbreviations, plurals and word order are accounted for, or
  -- what the resolver reads it as (words only one exercise has, a typo: `Sqaut` is Back Squat).
  with q as (select app_public.exercise_key(p_name) as key, app_hidden.exercise_words(p_name) as words)
  select m.name from (
    select e.name, 1 as how from q, app_public.exercises e where e.user_id is null and e.key = q.key
    union all
    select e.name, 2 from q, app_public.exercise_aliases a join app_public.exercises e on e.id = a.exercise_id
     where e.user_id is null and a.key = q.key
    union all
    select e.name, 3 from q, app_hidden.exercise_labels l join app_public.exercises e on e.id = l.exercise_id
     where l.user_id is null and cardinality(q.words) > 0
       and (l.word_set = app_hidden.word_set(q.words) or l.joined = array_to_string(q.words, ''))
    union all
    select e.name, 4 from app_hidden.match_exercise(p_name, false) r join app_public.exercises e on e.id = r.exercise_id
     where e.user_id is null
  ) m
  order by m.how, m.name
  limit 1;
$$;
comment on function app_hidden.catalog_exercise_meaning(text) is
  E'The name of the catalog exercise a name already means (its name or an alias, the same words after abbreviations, plurals and word order, or the one catalog exercise app_hidden.match_exercise resolves it to, typos included), or null.';

create function app_hidden.tg_custom_exercise_name_free() returns trigger
language plpgsql as $$
declare
  v_catalog text;
begin
  if new.user_id is null or (tg_op = 'UPDATE' and old.name = new.name) then
    return new;
  end if;
  v_catalog := app_hidden.catalog_exercise_meaning(new.name);
  if v_catalog is not null then
    raise exception 'name: "%" already means the catalog exercise "%"; use it, or choose another name', new.name, v_catalog
      using errcode = 'SVDUP';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_custom_exercise_name_free() is
  E'Trigger: a custom exercise may not take a name that already means a catalog exercise (CONFLICT naming it), so every name a user sees means one exercise and the catalog one is always shown by its name.';
create trigger _210_custom_name_free before insert or update of name on app_public.exercises
  for each row execute procedure app_hidden.tg_custom_exercise_name_free();

-- Custom exercises made before this rule with a catalog exercise's very name got " (custom)"
-- appended (" (custom 2)" and so on when that was taken); not run here (see above).
create function app_hidden.rename_custom_exercises_named_like_catalog() returns int
language plpgsql volatile as $$
declare
  c record;
  v_suffix text;
  n int;
  v_count int := 0;
begin
  for c in select x.id, x.user_id, x.name from app_public.exercises x
            where x.user_id is not null
              and exists (select 1 from app_public.exercises k where k.user_id is null and k.key = x.key)
            order by x.created_at, x.id
  loop
    n := 1;
    loop
      v_suffix := case when n = 1 then ' (custom)' else ' (custom ' || n || ')' end;
      exit when not exists (select 1 from app_public.exercises o
                             where o.user_id = c.user_id and o.key = app_public.exercise_key(left(c.name, 100 - char_length(v_suffix)) || v_suffix));
      n := n + 1;
    end loop;
    update app_public.exercises set name = left(c.name, 100 - char_length(v_suffix)) || v_suffix where id = c.id;
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;
comment on function app_hidden.rename_custom_exercises_named_like_catalog() is
  E'Renames every custom exercise named exactly like a catalog exercise (made before custom names were refused that), appending " (custom)" '
  '(or " (custom 2)", ... when taken), so the catalog exercise is shown by its name and its records are its own; returns how many. Run by the migration; a no-op afterwards.';

--------------------------------------------------------------------------------
-- The resolver in GraphQL, and everywhere a name is resolved
--------------------------------------------------------------------------------
create type app_public.exercise_resolution as (
  name text,
  match text,
  exercise_id uuid,
  candidate_ids uuid[]
);
comment on type app_public.exercise_resolution is E'How a typed exercise name resolves (app_hidden.match_exercise).';
comment on column app_public.exercise_resolution.name is E'@notNull\nThe name as asked.';
comment on column app_public.exercise_resolution.match is E'@notNull\nHow it matched: `id`, `name` (a catalog or your custom name), `alias`, `words` (the same words once abbreviations such as DB or OHP, plurals, word order and an export''s equipment in brackets are accounted for), `typo` (after correcting slips such as sqaut), `ambiguous` (several exercises fit: see candidates) or `none`.';
comment on column app_public.exercise_resolution.exercise_id is E'The exercise it means; null when ambiguous or none.';
comment on column app_public.exercise_resolution.candidate_ids is E'@notNull\n@behavior -*\nThe exercise found; or the choices when ambiguous (at most 10, likeliest first); or the closest names when none (at most 3).';

create function app_public.resolve_exercise(name text) returns app_public.exercise_resolution
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
declare
  m record;
begin
  if char_length(name) > 200 then
    raise exception 'name: must be at most 200 characters' using errcode = 'SVBAD';
  end if;
  m := app_hidden.match_exercise(name);
  return row(coalesce(name, ''), m.match, m.exercise_id, m.candidate_ids)::app_public.exercise_resolution;
end;
$$;
comment on function app_public.resolve_exercise(text) is
  E'@notNull\nThe exercise a typed name means, as documents, search, records and imports read it: an id, a catalog or custom name, an alias, '
  'the same words after abbreviations (`DB OHP`, `ham curl`), plurals and word order, or a name with a typo (`sqaut`). '
  'Several equally good: match `ambiguous` with the choices in candidates, never a guess. name: at most 200 characters (INVALID_INPUT).';

create function app_public.resolve_exercises(names text[]) returns setof app_public.exercise_resolution
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
begin
  if cardinality(names) > 100 then
    raise exception 'names: at most 100 names at a time' using errcode = 'SVBAD';
  end if;
  if exists (select 1 from unnest(names) n where char_length(n) > 200) then
    raise exception 'names: each name must be at most 200 characters' using errcode = 'SVBAD';
  end if;
  return query
    select coalesce(x.name, ''), m.match, m.exercise_id, m.candidate_ids
      from unnest(names) with ordinality as x(name, ord)
      cross join lateral app_hidden.match_exercise(x.name) m
     order by x.ord;
end;
$$;
comment on function app_public.resolve_exercises(text[]) is
  E'@behavior -queryField:resource:connection +queryField:resource:list\n'
  'resolveExercise for each of these names (at most 100, each at most 200 characters; INVALID_INPUT otherwise), in the order asked: what an import resolves its exercise names with.';

create function app_hidden.resolve_exercises(refs text[])
returns table (ord bigint, exercise_id uuid)
language sql stable security invoker as $$
  -- The exact tiers inline (what nearly every reference is, without a function call each), then
  -- the resolver for the rest.
  with me as (
    select app_public.current_user_id() as id
  ), r as (
    select x.ord, x.ref, btrim(x.ref) as t, app_public.exercise_key(x.ref) as key
      from unnest(refs) with ordinality as x(ref, ord)
  )
  select r.ord,
         case when r.t is not null and r.t <> '' then coalesce(
           (select e.id from app_public.exercises e
             where e.id = app_hidden.try_uuid(r.t)
               and (e.user_id is null or e.user_id = me.id)),
           case when r.key <> '' then coalesce(
             (select e.id from app_public.exercises e where e.user_id is null and e.key = r.key),
             (select e.id from app_public.exercises e where e.user_id = me.id and e.key = r.key),
             (select a.exercise_id from app_public.exercise_aliases a join app_public.exercises e on e.id = a.exercise_id
               where a.key = r.key and e.user_id is null)) end,
           (select m.exercise_id from app_hidden.match_exercise(r.ref, false) m)) end
    from r, me;
$$;
comment on function app_hidden.resolve_exercises(text[]) is E'The exercise each reference names (by its position in refs, from 1), for the calling user, or null when it names none or is ambiguous: '
  'app_hidden.match_exercise (an id; a catalog or custom name; an alias; the same words; a typo), its exact tiers inline.';

create function app_hidden.unknown_exercise_reason(ref text) returns text
language sql stable security invoker set search_path to pg_catalog, public as $$
  select case when m.match = 'ambiguous'
              then 'ambiguous exercise "' || coalesce(ref, '') || '": could be '
                   || (select string_agg(e.name, ', ' order by array_position(m.candidate_ids, e.id))
                         from app_public.exercises e where e.id = any(m.candidate_ids[1:5]))
                   || '; write one of them'
              else 'unknown exercise "' || coalesce(ref, '') || '"'
                   || case when cardinality(c) > 0 then '; closest: ' || array_to_string(c, ', ') else '' end end
    from app_hidden.match_exercise(ref, false) m,
         lateral (select case when m.match = 'ambiguous' then '{}'::text[] else app_hidden.closest_exercises(ref, 3) end as c) t;
$$;
comment on function app_hidden.unknown_exercise_reason(text) is E'The reason given for a reference that names no single exercise: '
  '`ambiguous exercise "<ref>": could be A, B, C; write one of them` (up to five choices, likeliest first), or '
  '`unknown exercise "<ref>"; closest: A, B, C` (up to three names from closest_exercises), or just `unknown exercise "<ref>"` when nothing is close.';

create function app_public.search_exercises(words text, "limit" int default 20) returns setof app_public.exercises
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
declare
  v_limit int := coalesce("limit", 20);
  v_text text := lower(btrim(regexp_replace(coalesce(words, ''), '\s+', ' ', 'g')));
  v_key text := app_public.exercise_key(coalesce(words, ''));
  v_tokens text[];
  v_me uuid := app_public.current_user_id();
  v_resolved uuid[];
begin
  if v_limit < 1 or v_limit > 100 then
    raise exception 'limit: must be between 1 and 100' using errcode = 'SVBAD';
  end if;
  if v_text = '' then
    raise exception 'words: must not be empty' using errcode = 'SVBAD';
  end if;
  if char_length(words) > 200 then
    raise exception 'words: must be at most 200 characters' using errcode = 'SVBAD';
  end if;
  -- What the resolver makes of the words comes first: the exercise they mean, or the choices.
  select case when m.match = 'none' then '{}' else m.candidate_ids end into v_resolved from app_hidden.match_exercise(words, false) m;
  v_tokens := array(select t from regexp_split_to_table(v_text, '[^[:alnum:]]+') t where t <> '');
  return query
  with candidates as (
    select e.id, e.name, e.user_id,
           bool_or(c.key = v_key) as exact,
           bool_or(starts_with(c.key, v_key)) as prefix,
           string_agg(lower(c.text) || ' ' || lower(regexp_replace(c.text, '[-‐‑–—_.]+', '', 'g')), ' ') as haystack,
           max(app_hidden.exercise_match_score(v_text, v_key, c.text, c.key)) as score
      from app_public.exercises e
      cross join lateral (
        select e.name as text, e.key
        union all
        select a.alias, a.key from app_public.exercise_aliases a where a.exercise_id = e.id
      ) c
     where e.user_id is null or e.user_id = v_me
     group by e.id
  ), ranked as (
    select c.id, c.name, c.user_id, c.score, array_position(v_resolved, c.id) as resolved,
           case
             when c.id = any(v_resolved) then -1
             when v_key <> '' and c.exact then 0
             when v_key <> '' and c.prefix then 1
             when cardinality(v_tokens) > 0
                  and not exists (select 1 from unnest(v_tokens) t where c.haystack !~ ('\m' || t)) then 2
             when c.score >= 0.3 then 3
           end as tier
      from candidates c
  )
  select e.*
    from ranked r join app_public.exercises e on e.id = r.id
   where r.tier is not null
   order by r.tier, r.resolved, case when r.tier = 3 then r.score end desc nulls last, r.name, (r.user_id is null), r.id
   limit v_limit;
end;
$$;
comment on function app_public.search_exercises(text, int) is E'@behavior -*\nExercises the caller can use (the catalog and their custom ones) matching words, best first: '
  '0. what the resolver makes of the words (app_hidden.match_exercise: the exercise they mean, or the choices when ambiguous), '
  '1. an exact name or alias (ignoring case, spacing and hyphens), 2. a name or alias starting with the words, '
  '3. names and aliases containing every word (at a word start), 4. fuzzy matches (exercise_match_score at least 0.3, most similar first). '
  'Ties by name, the caller''s custom exercise first. limit: 1 to 100, default 20. words: 1 to 200 characters, not blank. Exposed as Query.searchExercises.';

--! split: 8-catalog-seed.sql
-- The catalog's rows, written for this project: one row per exercise, aliases separated by `|`.
-- The rules of the catalog split check every row as it goes in (names never equal an alias).
create temporary table catalog_seed (
  name text not null, equipment text not null, region text not null, kind text not null,
  muscles text not null, aliases text not null
);

insert into catalog_seed (name, equipment, region, kind, muscles, aliases) values
  -- Barbell: presses
  ('Bench Press', 'barbell', 'upper', 'reps', 'chest,triceps,front delts', 'bench|flat bench|barbell bench press|bench presses|bp'),
  ('Incline Bench Press', 'barbell', 'upper', 'reps', 'upper chest,front delts,triceps', 'incline bench|incline barbell press'),
  ('Decline Bench Press', 'barbell', 'upper', 'reps', 'lower chest,triceps', 'decline bench'),
  ('Close-Grip Bench Press', 'barbell', 'upper', 'reps', 'triceps,chest,front delts', 'cgbp|close grip bench'),
  ('Wide-Grip Bench Press', 'barbell', 'upper', 'reps', 'chest,front delts', 'wide bench'),
  ('Reverse-Grip Bench Press', 'barbell', 'upper', 'reps', 'upper chest,triceps', 'reverse grip bench|underhand bench'),
  ('Pause Bench Press', 'barbell', 'upper', 'reps', 'chest,triceps,front delts', 'paused bench|competition bench'),
  ('Spoto Press', 'barbell', 'upper', 'reps', 'chest,triceps', ''),
  ('Larsen Press', 'barbell', 'upper', 'reps', 'chest,triceps', 'feet up bench'),
  ('Pin Press', 'barbell', 'upper', 'reps', 'triceps,chest', 'bench pin press'),
  ('Floor Press', 'barbell', 'upper', 'reps', 'triceps,chest', 'barbell floor press'),
  ('Overhead Press', 'barbell', 'upper', 'reps', 'front delts,side delts,triceps', 'OHP|military press|standing press|strict press|barbell overhead press'),
  ('Seated Overhead Press', 'barbell', 'upper', 'reps', 'front delts,triceps', 'seated barbell press|seated military press'),
  ('Behind-the-Neck Press', 'barbell', 'upper', 'reps', 'front delts,side delts,triceps', 'btn press'),
  ('Z Press', 'barbell', 'upper', 'reps', 'front delts,triceps,abs', ''),
  ('Push Press', 'barbell', 'upper', 'reps', 'front delts,triceps,quads', ''),
  ('Landmine Press', 'barbell', 'upper', 'reps', 'upper chest,front delts,triceps', ''),
  ('Barbell Front Raise', 'barbell', 'upper', 'reps', 'front delts', ''),
  ('Barbell Upright Row', 'barbell', 'upper', 'reps', 'side delts,traps', 'upright row|upright rows'),
  ('Log Press', 'other', 'upper', 'reps', 'front delts,triceps,upper chest', 'log clean and press'),
  -- Barbell: squats and lunges
  ('Back Squat', 'barbell', 'lower', 'reps', 'quads,glutes,adductors', 'squat|squats|barbell squat|high bar squat'),
  ('Low-Bar Squat', 'barbell', 'lower', 'reps', 'glutes,quads,hamstrings', 'low bar|low bar back squat'),
  ('Front Squat', 'barbell', 'lower', 'reps', 'quads,glutes,upper back', 'front squats'),
  ('Pause Squat', 'barbell', 'lower', 'reps', 'quads,glutes', 'paused squat'),
  ('Box Squat', 'barbell', 'lower', 'reps', 'glutes,hamstrings,quads', ''),
  ('Zercher Squat', 'barbell', 'lower', 'reps', 'quads,glutes,upper back', ''),
  ('Overhead Squat', 'barbell', 'full body', 'reps', 'quads,glutes,shoulders', 'OHS'),
  ('Safety Bar Squat', 'barbell', 'lower', 'reps', 'quads,glutes,upper back', 'SSB squat|safety squat bar'),
  ('Barbell Hack Squat', 'barbell', 'lower', 'reps', 'quads', ''),
  ('Landmine Squat', 'barbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Barbell Lunge', 'barbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Barbell Reverse Lunge', 'barbell', 'lower', 'reps', 'glutes,quads', ''),
  ('Barbell Split Squat', 'barbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Barbell Step-Up', 'barbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Barbell Hip Thrust', 'barbell', 'lower', 'reps', 'glutes,hamstrings', 'hip thrust|hip thrusts|bb hip thrust'),
  ('Barbell Glute Bridge', 'barbell', 'lower', 'reps', 'glutes,hamstrings', ''),
  ('Barbell Calf Raise', 'barbell', 'lower', 'reps', 'calves', ''),
  -- Barbell: hinges
  ('Deadlift', 'barbell', 'lower', 'reps', 'glutes,hamstrings,lower back,quads,traps', 'conventional deadlift|deadlifts|DL|conventional'),
  ('Sumo Deadlift', 'barbell', 'lower', 'reps', 'glutes,adductors,quads,hamstrings', 'sumo|sumo dl'),
  ('Romanian Deadlift', 'barbell', 'lower', 'reps', 'hamstrings,glutes,lower back', 'RDL|RDLs|romanian|romanian deadlifts'),
  ('Stiff-Leg Deadlift', 'barbell', 'lower', 'reps', 'hamstrings,lower back', 'SLDL|stiff legged deadlift'),
  ('Deficit Deadlift', 'barbell', 'lower', 'reps', 'glutes,hamstrings,quads', ''),
  ('Pause Deadlift', 'barbell', 'lower', 'reps', 'glutes,hamstrings,lower back', 'paused deadlift'),
  ('Snatch-Grip Deadlift', 'barbell', 'lower', 'reps', 'hamstrings,upper back,glutes', ''),
  ('Rack Pull', 'barbell', 'lower', 'reps', 'glutes,lower back,traps', 'rack pulls|block pull'),
  ('Trap Bar Deadlift', 'barbell', 'lower', 'reps', 'quads,glutes,hamstrings', 'hex bar deadlift|trap bar|hex bar|trap bar dl'),
  ('Good Morning', 'barbell', 'lower', 'reps', 'hamstrings,lower back,glutes', 'good mornings'),
  -- Barbell: rows and pulls
  ('Barbell Row', 'barbell', 'upper', 'reps', 'lats,upper back,rear delts,biceps', 'bent over row|bb row|bent over barbell row|barbell rows'),
  ('Pendlay Row', 'barbell', 'upper', 'reps', 'upper back,lats', 'pendlay rows'),
  ('Yates Row', 'barbell', 'upper', 'reps', 'lats,biceps,upper back', 'underhand barbell row'),
  ('T-Bar Row', 'barbell', 'upper', 'reps', 'upper back,lats', 'landmine row'),
  ('Seal Row', 'barbell', 'upper', 'reps', 'upper back,lats,rear delts', ''),
  ('Meadows Row', 'barbell', 'upper', 'reps', 'lats,upper back', ''),
  ('Barbell Shrug', 'barbell', 'upper', 'reps', 'traps', 'shrug|shrugs|barbell shrugs'),
  ('Barbell Pullover', 'barbell', 'upper', 'reps', 'lats,chest', ''),
  -- Barbell: arms
  ('Barbell Curl', 'barbell', 'upper', 'reps', 'biceps', 'bb curl|straight bar curl|barbell curls'),
  ('EZ-Bar Curl', 'barbell', 'upper', 'reps', 'biceps', 'ez curl'),
  ('Preacher Curl', 'barbell', 'upper', 'reps', 'biceps', 'ez bar preacher curl|preacher curls'),
  ('Reverse Curl', 'barbell', 'upper', 'reps', 'forearms,brachialis', 'reverse barbell curl'),
  ('Drag Curl', 'barbell', 'upper', 'reps', 'biceps', ''),
  ('Lying Triceps Extension', 'barbell', 'upper', 'reps', 'triceps', 'skullcrusher|skullcrushers|lying tricep extension|ez bar skullcrusher'),
  ('JM Press', 'barbell', 'upper', 'reps', 'triceps', ''),
  ('Barbell Wrist Curl', 'barbell', 'upper', 'reps', 'forearms', 'wrist curl|wrist curls'),
  ('Barbell Reverse Wrist Curl', 'barbell', 'upper', 'reps', 'forearms', ''),
  -- Barbell: Olympic lifts
  ('Power Clean', 'barbell', 'full body', 'reps', 'glutes,hamstrings,quads,traps', 'power cleans'),
  ('Hang Clean', 'barbell', 'full body', 'reps', 'glutes,hamstrings,traps', ''),
  ('Hang Power Clean', 'barbell', 'full body', 'reps', 'glutes,hamstrings,traps', 'HPC'),
  ('Squat Clean', 'barbell', 'full body', 'reps', 'quads,glutes,hamstrings,traps', 'full clean'),
  ('Clean and Jerk', 'barbell', 'full body', 'reps', 'quads,glutes,front delts,triceps', 'C&J|clean & jerk'),
  ('Clean Pull', 'barbell', 'full body', 'reps', 'hamstrings,glutes,traps', ''),
  ('Snatch', 'barbell', 'full body', 'reps', 'quads,glutes,hamstrings,shoulders', 'squat snatch|full snatch'),
  ('Power Snatch', 'barbell', 'full body', 'reps', 'glutes,hamstrings,traps,shoulders', ''),
  ('Hang Snatch', 'barbell', 'full body', 'reps', 'glutes,hamstrings,traps,shoulders', ''),
  ('Snatch Pull', 'barbell', 'full body', 'reps', 'hamstrings,glutes,traps', ''),
  ('Push Jerk', 'barbell', 'full body', 'reps', 'front delts,triceps,quads', ''),
  ('Split Jerk', 'barbell', 'full body', 'reps', 'front delts,triceps,quads,glutes', ''),
  ('Thruster', 'barbell', 'full body', 'reps', 'quads,glutes,front delts,triceps', 'thrusters|barbell thruster'),
  ('Barbell Rollout', 'barbell', 'core', 'reps', 'abs', ''),
  -- Dumbbell: chest and shoulders
  ('Dumbbell Bench Press', 'dumbbell', 'upper', 'reps', 'chest,triceps,front delts', 'db bench|db bench press|dumbbell press|flat dumbbell press'),
  ('Incline Dumbbell Press', 'dumbbell', 'upper', 'reps', 'upper chest,front delts,triceps', 'incline db press|incline dumbbell bench press'),
  ('Decline Dumbbell Press', 'dumbbell', 'upper', 'reps', 'lower chest,triceps', ''),
  ('Dumbbell Floor Press', 'dumbbell', 'upper', 'reps', 'triceps,chest', ''),
  ('Dumbbell Squeeze Press', 'dumbbell', 'upper', 'reps', 'chest,triceps', ''),
  ('Dumbbell Fly', 'dumbbell', 'upper', 'reps', 'chest', 'db fly|dumbbell flye|dumbbell flyes|chest fly'),
  ('Incline Dumbbell Fly', 'dumbbell', 'upper', 'reps', 'upper chest', 'incline fly'),
  ('Dumbbell Pullover', 'dumbbell', 'upper', 'reps', 'lats,chest', ''),
  ('Dumbbell Shoulder Press', 'dumbbell', 'upper', 'reps', 'front delts,side delts,triceps', 'db shoulder press|seated dumbbell press|dumbbell overhead press'),
  ('Arnold Press', 'dumbbell', 'upper', 'reps', 'front delts,side delts,triceps', ''),
  ('Lateral Raise', 'dumbbell', 'upper', 'reps', 'side delts', 'side raise|lateral raises|lat raise|dumbbell lateral raise|side lateral raise'),
  ('Front Raise', 'dumbbell', 'upper', 'reps', 'front delts', 'dumbbell front raise|front raises'),
  ('Rear Delt Fly', 'dumbbell', 'upper', 'reps', 'rear delts,upper back', 'reverse fly|rear delt raise|bent over reverse fly'),
  ('Y-Raise', 'dumbbell', 'upper', 'reps', 'side delts,traps', 'incline y raise'),
  ('Dumbbell External Rotation', 'dumbbell', 'upper', 'reps', 'rotator cuff', 'side lying external rotation'),
  ('Dumbbell Upright Row', 'dumbbell', 'upper', 'reps', 'side delts,traps', ''),
  ('Dumbbell Shrug', 'dumbbell', 'upper', 'reps', 'traps', 'db shrug|dumbbell shrugs'),
  -- Dumbbell: back
  ('Dumbbell Row', 'dumbbell', 'upper', 'reps', 'lats,upper back,biceps', 'db row|one arm dumbbell row|single arm dumbbell row'),
  ('Dumbbell Bent-Over Row', 'dumbbell', 'upper', 'reps', 'lats,upper back', 'two arm dumbbell row'),
  ('Chest-Supported Dumbbell Row', 'dumbbell', 'upper', 'reps', 'upper back,lats,rear delts', 'chest supported row|incline dumbbell row'),
  ('Renegade Row', 'dumbbell', 'full body', 'reps', 'lats,abs,upper back', ''),
  -- Dumbbell: arms
  ('Dumbbell Curl', 'dumbbell', 'upper', 'reps', 'biceps', 'db curl|bicep curl|biceps curl|dumbbell curls|dumbbell bicep curl'),
  ('Hammer Curl', 'dumbbell', 'upper', 'reps', 'brachialis,forearms,biceps', 'hammer curls|dumbbell hammer curl'),
  ('Incline Dumbbell Curl', 'dumbbell', 'upper', 'reps', 'biceps', 'incline curl'),
  ('Concentration Curl', 'dumbbell', 'upper', 'reps', 'biceps', ''),
  ('Dumbbell Preacher Curl', 'dumbbell', 'upper', 'reps', 'biceps', ''),
  ('Zottman Curl', 'dumbbell', 'upper', 'reps', 'biceps,forearms', ''),
  ('Spider Curl', 'dumbbell', 'upper', 'reps', 'biceps', ''),
  ('Cross-Body Hammer Curl', 'dumbbell', 'upper', 'reps', 'brachialis,biceps', ''),
  ('Overhead Triceps Extension', 'dumbbell', 'upper', 'reps', 'triceps', 'overhead tricep extension|french press|dumbbell overhead extension'),
  ('Dumbbell Kickback', 'dumbbell', 'upper', 'reps', 'triceps', 'tricep kickback|triceps kickback'),
  ('Dumbbell Skull Crusher', 'dumbbell', 'upper', 'reps', 'triceps', 'dumbbell lying triceps extension'),
  ('Tate Press', 'dumbbell', 'upper', 'reps', 'triceps', ''),
  ('Dumbbell Wrist Curl', 'dumbbell', 'upper', 'reps', 'forearms', ''),
  ('Dumbbell Reverse Wrist Curl', 'dumbbell', 'upper', 'reps', 'forearms', 'reverse wrist curl'),
  -- Dumbbell: legs
  ('Goblet Squat', 'dumbbell', 'lower', 'reps', 'quads,glutes', 'goblet squats|dumbbell goblet squat'),
  ('Dumbbell Squat', 'dumbbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Bulgarian Split Squat', 'dumbbell', 'lower', 'reps', 'quads,glutes', 'BSS|rear foot elevated split squat|RFESS|bulgarian'),
  ('Dumbbell Split Squat', 'dumbbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Dumbbell Lunge', 'dumbbell', 'lower', 'reps', 'quads,glutes', 'db lunge'),
  ('Dumbbell Walking Lunge', 'dumbbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Dumbbell Reverse Lunge', 'dumbbell', 'lower', 'reps', 'glutes,quads', ''),
  ('Dumbbell Step-Up', 'dumbbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Dumbbell Romanian Deadlift', 'dumbbell', 'lower', 'reps', 'hamstrings,glutes', 'db rdl|dumbbell rdl'),
  ('Single-Leg Romanian Deadlift', 'dumbbell', 'lower', 'reps', 'hamstrings,glutes', 'single leg rdl|SL RDL|one leg rdl'),
  ('Dumbbell Deadlift', 'dumbbell', 'lower', 'reps', 'glutes,hamstrings,quads', ''),
  ('Dumbbell Hip Thrust', 'dumbbell', 'lower', 'reps', 'glutes', ''),
  ('Dumbbell Calf Raise', 'dumbbell', 'lower', 'reps', 'calves', ''),
  -- Dumbbell: full body and carries
  ('Dumbbell Thruster', 'dumbbell', 'full body', 'reps', 'quads,glutes,front delts', ''),
  ('Dumbbell Snatch', 'dumbbell', 'full body', 'reps', 'glutes,hamstrings,shoulders', 'db snatch'),
  ('Dumbbell Clean', 'dumbbell', 'full body', 'reps', 'glutes,hamstrings,traps', ''),
  ('Dumbbell Clean and Press', 'dumbbell', 'full body', 'reps', 'glutes,quads,front delts', ''),
  ('Devil Press', 'dumbbell', 'full body', 'reps', 'chest,glutes,shoulders', 'devils press'),
  ('Man Maker', 'dumbbell', 'full body', 'reps', 'chest,lats,quads,shoulders', 'man makers'),
  ('Dumbbell Side Bend', 'dumbbell', 'core', 'reps', 'obliques', 'side bends'),
  ('Farmer''s Carry', 'dumbbell', 'full body', 'time', 'forearms,traps,abs', 'farmer walk|farmers walk|farmer carry|farmers carry'),
  ('Suitcase Carry', 'dumbbell', 'core', 'time', 'obliques,forearms', ''),
  ('Overhead Carry', 'dumbbell', 'full body', 'time', 'shoulders,abs', 'waiter walk'),
  -- Machines: legs
  ('Leg Press', 'machine', 'lower', 'reps', 'quads,glutes', 'leg presses|sled leg press'),
  ('Single-Leg Leg Press', 'machine', 'lower', 'reps', 'quads,glutes', ''),
  ('Hack Squat', 'machine', 'lower', 'reps', 'quads,glutes', 'machine hack squat|hack squats'),
  ('Pendulum Squat', 'machine', 'lower', 'reps', 'quads,glutes', ''),
  ('Belt Squat', 'machine', 'lower', 'reps', 'quads,glutes', ''),
  ('Smith Machine Squat', 'machine', 'lower', 'reps', 'quads,glutes', 'smith squat'),
  ('Leg Extension', 'machine', 'lower', 'reps', 'quads', 'leg extensions|quad extension'),
  ('Lying Leg Curl', 'machine', 'lower', 'reps', 'hamstrings', 'leg curl|leg curls|hamstring curl|prone leg curl'),
  ('Seated Leg Curl', 'machine', 'lower', 'reps', 'hamstrings', ''),
  ('Standing Leg Curl', 'machine', 'lower', 'reps', 'hamstrings', ''),
  ('Standing Calf Raise', 'machine', 'lower', 'reps', 'calves', 'calf raise|calf raises|machine calf raise'),
  ('Seated Calf Raise', 'machine', 'lower', 'reps', 'calves', ''),
  ('Leg Press Calf Raise', 'machine', 'lower', 'reps', 'calves', 'calf press'),
  ('Donkey Calf Raise', 'machine', 'lower', 'reps', 'calves', ''),
  ('Hip Abduction Machine', 'machine', 'lower', 'reps', 'glutes,abductors', 'hip abduction|abductor machine'),
  ('Hip Adduction Machine', 'machine', 'lower', 'reps', 'adductors', 'hip adduction|adductor machine'),
  ('Glute Kickback Machine', 'machine', 'lower', 'reps', 'glutes', ''),
  ('Hip Thrust Machine', 'machine', 'lower', 'reps', 'glutes', 'machine hip thrust'),
  ('Reverse Hyperextension', 'machine', 'lower', 'reps', 'glutes,hamstrings,lower back', 'reverse hyper'),
  -- Machines: upper body
  ('Chest Press Machine', 'machine', 'upper', 'reps', 'chest,triceps', 'chest press|machine chest press'),
  ('Incline Chest Press Machine', 'machine', 'upper', 'reps', 'upper chest,triceps', ''),
  ('Pec Deck', 'machine', 'upper', 'reps', 'chest', 'pec fly|machine fly|butterfly|pec deck fly'),
  ('Reverse Pec Deck', 'machine', 'upper', 'reps', 'rear delts', 'rear delt machine|reverse machine fly'),
  ('Shoulder Press Machine', 'machine', 'upper', 'reps', 'front delts,triceps', 'machine shoulder press'),
  ('Lateral Raise Machine', 'machine', 'upper', 'reps', 'side delts', 'machine lateral raise'),
  ('Smith Machine Bench Press', 'machine', 'upper', 'reps', 'chest,triceps', 'smith bench'),
  ('Smith Machine Incline Press', 'machine', 'upper', 'reps', 'upper chest,triceps', 'smith incline'),
  ('Smith Machine Shoulder Press', 'machine', 'upper', 'reps', 'front delts,triceps', ''),
  ('Machine Row', 'machine', 'upper', 'reps', 'upper back,lats', 'seated machine row|chest supported machine row'),
  ('Iso-Lateral Row', 'machine', 'upper', 'reps', 'lats,upper back', 'plate loaded row|hammer strength row'),
  ('Machine Pulldown', 'machine', 'upper', 'reps', 'lats,biceps', 'plate loaded pulldown'),
  ('Machine Pullover', 'machine', 'upper', 'reps', 'lats', ''),
  ('Assisted Pull-Up Machine', 'machine', 'upper', 'reps', 'lats,biceps', 'assisted pull up'),
  ('Assisted Dip Machine', 'machine', 'upper', 'reps', 'triceps,chest', 'assisted dip'),
  ('Seated Dip Machine', 'machine', 'upper', 'reps', 'triceps', 'machine dip'),
  ('Machine Preacher Curl', 'machine', 'upper', 'reps', 'biceps', 'machine curl'),
  ('Machine Triceps Extension', 'machine', 'upper', 'reps', 'triceps', 'machine tricep extension'),
  ('Machine Shrug', 'machine', 'upper', 'reps', 'traps', ''),
  ('Ab Crunch Machine', 'machine', 'core', 'reps', 'abs', 'machine crunch'),
  ('Rotary Torso Machine', 'machine', 'core', 'reps', 'obliques', 'torso rotation'),
  -- Cable
  ('Lat Pulldown', 'cable', 'upper', 'reps', 'lats,biceps', 'pulldown|pulldowns|wide grip pulldown|lat pulldowns'),
  ('Close-Grip Lat Pulldown', 'cable', 'upper', 'reps', 'lats,biceps', 'v bar pulldown|close grip pulldown'),
  ('Single-Arm Lat Pulldown', 'cable', 'upper', 'reps', 'lats', ''),
  ('Straight-Arm Pulldown', 'cable', 'upper', 'reps', 'lats', 'straight arm lat pulldown|lat prayer'),
  ('Seated Cable Row', 'cable', 'upper', 'reps', 'upper back,lats,biceps', 'cable row|seated row|low row'),
  ('Single-Arm Cable Row', 'cable', 'upper', 'reps', 'lats,upper back', ''),
  ('Face Pull', 'cable', 'upper', 'reps', 'rear delts,upper back', 'face pulls'),
  ('Cable Fly', 'cable', 'upper', 'reps', 'chest', 'cable crossover|cable flye|cable crossovers'),
  ('Low-to-High Cable Fly', 'cable', 'upper', 'reps', 'upper chest', ''),
  ('High-to-Low Cable Fly', 'cable', 'upper', 'reps', 'lower chest', ''),
  ('Cable Chest Press', 'cable', 'upper', 'reps', 'chest,triceps', ''),
  ('Cable Lateral Raise', 'cable', 'upper', 'reps', 'side delts', ''),
  ('Cable Front Raise', 'cable', 'upper', 'reps', 'front delts', ''),
  ('Cable Rear Delt Fly', 'cable', 'upper', 'reps', 'rear delts', ''),
  ('Cable Y-Raise', 'cable', 'upper', 'reps', 'side delts,traps', ''),
  ('Cable Upright Row', 'cable', 'upper', 'reps', 'side delts,traps', ''),
  ('Cable Shrug', 'cable', 'upper', 'reps', 'traps', ''),
  ('Cable External Rotation', 'cable', 'upper', 'reps', 'rotator cuff', ''),
  ('Triceps Pushdown', 'cable', 'upper', 'reps', 'triceps', 'tricep pushdown|pushdown|pushdowns|triceps pressdown'),
  ('Rope Pushdown', 'cable', 'upper', 'reps', 'triceps', 'rope tricep pushdown'),
  ('Overhead Cable Triceps Extension', 'cable', 'upper', 'reps', 'triceps', 'cable overhead extension'),
  ('Cable Curl', 'cable', 'upper', 'reps', 'biceps', 'cable bicep curl'),
  ('Cable Hammer Curl', 'cable', 'upper', 'reps', 'brachialis,forearms', 'rope hammer curl'),
  ('Bayesian Curl', 'cable', 'upper', 'reps', 'biceps', ''),
  ('Cable Crunch', 'cable', 'core', 'reps', 'abs', 'kneeling cable crunch'),
  ('Cable Woodchop', 'cable', 'core', 'reps', 'obliques,abs', 'woodchopper|wood chop'),
  ('Pallof Press', 'cable', 'core', 'reps', 'obliques,abs', 'anti rotation press'),
  ('Cable Pull-Through', 'cable', 'lower', 'reps', 'glutes,hamstrings', 'pull through|pull throughs'),
  ('Cable Glute Kickback', 'cable', 'lower', 'reps', 'glutes', 'cable kickback'),
  ('Cable Hip Abduction', 'cable', 'lower', 'reps', 'glutes,abductors', ''),
  -- Bodyweight: upper
  ('Pull-Up', 'bodyweight', 'upper', 'reps', 'lats,biceps,upper back', 'pull-ups|overhand pull-up|Weighted Pull-Up'),
  ('Chin-Up', 'bodyweight', 'upper', 'reps', 'lats,biceps', 'chin-ups|chins|Weighted Chin-Up'),
  ('Neutral-Grip Pull-Up', 'bodyweight', 'upper', 'reps', 'lats,biceps,brachialis', 'hammer grip pull-up'),
  ('Wide-Grip Pull-Up', 'bodyweight', 'upper', 'reps', 'lats,upper back', ''),
  ('Scapular Pull-Up', 'bodyweight', 'upper', 'reps', 'lats,lower traps', 'scap pull-up'),
  ('Muscle-Up', 'bodyweight', 'upper', 'reps', 'lats,chest,triceps', 'muscle ups|bar muscle-up'),
  ('Ring Muscle-Up', 'other', 'upper', 'reps', 'lats,chest,triceps', ''),
  ('Rope Climb', 'other', 'upper', 'reps', 'lats,biceps,forearms', ''),
  ('Inverted Row', 'bodyweight', 'upper', 'reps', 'upper back,lats,biceps', 'bodyweight row|australian pull-up'),
  ('Ring Row', 'other', 'upper', 'reps', 'upper back,biceps', 'trx row|suspension row'),
  ('Push-Up', 'bodyweight', 'upper', 'reps', 'chest,triceps,front delts', 'push-ups|press-up|press-ups|Weighted Push-Up'),
  ('Incline Push-Up', 'bodyweight', 'upper', 'reps', 'chest,triceps', ''),
  ('Decline Push-Up', 'bodyweight', 'upper', 'reps', 'upper chest,triceps', 'feet elevated push-up'),
  ('Knee Push-Up', 'bodyweight', 'upper', 'reps', 'chest,triceps', 'kneeling push-up'),
  ('Diamond Push-Up', 'bodyweight', 'upper', 'reps', 'triceps,chest', 'close grip push-up|triangle push-up'),
  ('Wide Push-Up', 'bodyweight', 'upper', 'reps', 'chest', ''),
  ('Archer Push-Up', 'bodyweight', 'upper', 'reps', 'chest,triceps', ''),
  ('Clap Push-Up', 'bodyweight', 'upper', 'reps', 'chest,triceps', 'plyo push-up'),
  ('Pike Push-Up', 'bodyweight', 'upper', 'reps', 'front delts,triceps', ''),
  ('Handstand Push-Up', 'bodyweight', 'upper', 'reps', 'front delts,triceps', 'HSPU'),
  ('Dip', 'bodyweight', 'upper', 'reps', 'chest,triceps,front delts', 'dips|parallel bar dip|chest dip|Weighted Dip'),
  ('Bench Dip', 'bodyweight', 'upper', 'reps', 'triceps', 'bench dips|chair dip'),
  ('Ring Dip', 'other', 'upper', 'reps', 'chest,triceps', ''),
  -- Bodyweight: lower
  ('Bodyweight Squat', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'air squat|air squats'),
  ('Jump Squat', 'bodyweight', 'lower', 'reps', 'quads,glutes,calves', 'squat jump|squat jumps'),
  ('Pistol Squat', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'pistol|pistols'),
  ('Cossack Squat', 'bodyweight', 'lower', 'reps', 'adductors,quads,glutes', ''),
  ('Sissy Squat', 'bodyweight', 'lower', 'reps', 'quads', ''),
  ('Lunge', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'lunges|forward lunge'),
  ('Reverse Lunge', 'bodyweight', 'lower', 'reps', 'glutes,quads', 'reverse lunges'),
  ('Walking Lunge', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'walking lunges'),
  ('Lateral Lunge', 'bodyweight', 'lower', 'reps', 'adductors,quads,glutes', 'side lunge'),
  ('Jumping Lunge', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'jump lunge|split jump'),
  ('Curtsy Lunge', 'bodyweight', 'lower', 'reps', 'glutes,adductors', ''),
  ('Step-Up', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'step ups|box step-up'),
  ('Glute Bridge', 'bodyweight', 'lower', 'reps', 'glutes,hamstrings', 'hip bridge|glute bridges'),
  ('Single-Leg Glute Bridge', 'bodyweight', 'lower', 'reps', 'glutes,hamstrings', ''),
  ('Single-Leg Hip Thrust', 'bodyweight', 'lower', 'reps', 'glutes', ''),
  ('Nordic Curl', 'bodyweight', 'lower', 'reps', 'hamstrings', 'nordic hamstring curl|nordics'),
  ('Bodyweight Calf Raise', 'bodyweight', 'lower', 'reps', 'calves', ''),
  ('Single-Leg Calf Raise', 'bodyweight', 'lower', 'reps', 'calves', ''),
  ('Tibialis Raise', 'bodyweight', 'lower', 'reps', 'tibialis', 'tib raise'),
  ('Box Jump', 'bodyweight', 'lower', 'reps', 'quads,glutes,calves', 'box jumps'),
  ('Broad Jump', 'bodyweight', 'lower', 'reps', 'glutes,quads,hamstrings', 'standing long jump'),
  ('Tuck Jump', 'bodyweight', 'lower', 'reps', 'quads,calves', ''),
  ('Skater Jump', 'bodyweight', 'lower', 'reps', 'glutes,quads', 'skaters'),
  ('Clamshell', 'band', 'lower', 'reps', 'glutes,abductors', 'clamshells|clams'),
  ('Fire Hydrant', 'bodyweight', 'lower', 'reps', 'glutes,abductors', ''),
  ('Donkey Kick', 'bodyweight', 'lower', 'reps', 'glutes', 'donkey kicks'),
  ('Back Extension', 'other', 'lower', 'reps', 'lower back,glutes,hamstrings', 'hyperextension|hyperextensions|45 degree back extension'),
  ('Glute-Ham Raise', 'other', 'lower', 'reps', 'hamstrings,glutes', 'GHR'),
  -- Bodyweight: full body
  ('Burpee', 'bodyweight', 'full body', 'reps', 'chest,quads,shoulders', 'burpees'),
  ('Mountain Climber', 'bodyweight', 'full body', 'reps', 'abs,hip flexors,shoulders', 'mountain climbers'),
  ('Jumping Jack', 'bodyweight', 'full body', 'reps', 'calves,shoulders', 'jumping jacks|star jumps'),
  ('Bear Crawl', 'bodyweight', 'full body', 'time', 'shoulders,abs,quads', ''),
  ('Inchworm', 'bodyweight', 'full body', 'reps', 'hamstrings,shoulders,abs', 'inchworms'),
  -- Core (reps)
  ('Crunch', 'bodyweight', 'core', 'reps', 'abs', 'crunches'),
  ('Sit-Up', 'bodyweight', 'core', 'reps', 'abs,hip flexors', 'sit-ups'),
  ('Decline Sit-Up', 'bodyweight', 'core', 'reps', 'abs,hip flexors', 'decline crunch'),
  ('Bicycle Crunch', 'bodyweight', 'core', 'reps', 'abs,obliques', 'bicycles|bicycle crunches'),
  ('Reverse Crunch', 'bodyweight', 'core', 'reps', 'abs', ''),
  ('V-Up', 'bodyweight', 'core', 'reps', 'abs', 'v-ups'),
  ('Leg Raise', 'bodyweight', 'core', 'reps', 'abs,hip flexors', 'lying leg raise|leg raises'),
  ('Hanging Leg Raise', 'bodyweight', 'core', 'reps', 'abs,hip flexors', 'HLR|hanging leg raises'),
  ('Hanging Knee Raise', 'bodyweight', 'core', 'reps', 'abs,hip flexors', 'knee raise|knee raises'),
  ('Captain''s Chair Leg Raise', 'machine', 'core', 'reps', 'abs,hip flexors', 'captains chair|vertical knee raise'),
  ('Toes-to-Bar', 'bodyweight', 'core', 'reps', 'abs,lats', 'T2B|TTB'),
  ('Russian Twist', 'bodyweight', 'core', 'reps', 'obliques', 'russian twists'),
  ('Dead Bug', 'bodyweight', 'core', 'reps', 'abs', 'dead bugs'),
  ('Bird Dog', 'bodyweight', 'core', 'reps', 'lower back,abs,glutes', 'bird dogs'),
  ('Hollow Rock', 'bodyweight', 'core', 'reps', 'abs', 'hollow rocks'),
  ('Windshield Wiper', 'bodyweight', 'core', 'reps', 'obliques,abs', 'windshield wipers'),
  ('Dragon Flag', 'bodyweight', 'core', 'reps', 'abs', 'dragon flags'),
  ('Superman', 'bodyweight', 'core', 'reps', 'lower back,glutes', 'supermans'),
  ('Ab Wheel Rollout', 'other', 'core', 'reps', 'abs,lats', 'ab wheel|ab rollout|rollout|ab roller'),
  ('Flutter Kick', 'bodyweight', 'core', 'time', 'abs,hip flexors', 'flutter kicks'),
  ('Scissor Kick', 'bodyweight', 'core', 'time', 'abs,hip flexors', 'scissor kicks|scissors'),
  ('Plank Shoulder Tap', 'bodyweight', 'core', 'reps', 'abs,shoulders', 'shoulder taps'),
  ('Stir the Pot', 'other', 'core', 'reps', 'abs,obliques', ''),
  ('Side-Lying Hip Raise', 'bodyweight', 'core', 'reps', 'obliques', 'side plank dip|side plank hip dip'),
  -- Holds (time)
  ('Plank', 'bodyweight', 'core', 'time', 'abs,obliques', 'front plank|forearm plank|planks|elbow plank|Weighted Plank'),
  ('Side Plank', 'bodyweight', 'core', 'time', 'obliques', 'side planks'),
  ('Straight-Arm Plank', 'bodyweight', 'core', 'time', 'abs,shoulders', 'high plank|push-up plank'),
  ('RKC Plank', 'bodyweight', 'core', 'time', 'abs,glutes', 'hardstyle plank'),
  ('Reverse Plank', 'bodyweight', 'core', 'time', 'glutes,hamstrings,lower back', ''),
  ('Copenhagen Plank', 'bodyweight', 'core', 'time', 'adductors,obliques', 'copenhagen|copenhagen side plank'),
  ('Hollow Hold', 'bodyweight', 'core', 'time', 'abs', 'hollow body hold|hollow body'),
  ('Arch Hold', 'bodyweight', 'core', 'time', 'lower back,glutes', 'superman hold'),
  ('L-Sit', 'bodyweight', 'core', 'time', 'abs,hip flexors,triceps', 'l-sits|l sit hold'),
  ('V-Sit', 'bodyweight', 'core', 'time', 'abs,hip flexors', ''),
  ('Dead Hang', 'bodyweight', 'upper', 'time', 'forearms,lats', 'hang|bar hang|passive hang'),
  ('Active Hang', 'bodyweight', 'upper', 'time', 'lats,lower traps', 'scapular hang'),
  ('Flexed-Arm Hang', 'bodyweight', 'upper', 'time', 'biceps,lats,forearms', 'chin-up hold|bent arm hang'),
  ('Handstand Hold', 'bodyweight', 'upper', 'time', 'shoulders,triceps', 'handstand|wall handstand'),
  ('Front Lever', 'bodyweight', 'upper', 'time', 'lats,abs', 'front lever hold'),
  ('Back Lever', 'bodyweight', 'upper', 'time', 'lats,chest,biceps', ''),
  ('Planche', 'bodyweight', 'upper', 'time', 'front delts,chest', 'tuck planche'),
  ('Support Hold', 'bodyweight', 'upper', 'time', 'triceps,chest', 'dip support hold|ring support'),
  ('Wall Sit', 'bodyweight', 'lower', 'time', 'quads', 'wall sits|wall squat'),
  ('Glute Bridge Hold', 'bodyweight', 'lower', 'time', 'glutes,hamstrings', ''),
  ('Split Squat Hold', 'bodyweight', 'lower', 'time', 'quads,glutes', 'isometric split squat'),
  ('Plate Pinch', 'other', 'upper', 'time', 'forearms', 'plate pinches|pinch grip hold'),
  ('Towel Hang', 'other', 'upper', 'time', 'forearms,lats', ''),
  ('Horse Stance', 'bodyweight', 'lower', 'time', 'quads,adductors', ''),
  -- Kettlebell
  ('Kettlebell Swing', 'kettlebell', 'full body', 'reps', 'glutes,hamstrings,lower back', 'kb swing|russian swing|swings|kettlebell swings'),
  ('American Kettlebell Swing', 'kettlebell', 'full body', 'reps', 'glutes,hamstrings,shoulders', 'american swing'),
  ('Single-Arm Kettlebell Swing', 'kettlebell', 'full body', 'reps', 'glutes,hamstrings,obliques', 'one arm swing'),
  ('Kettlebell Goblet Squat', 'kettlebell', 'lower', 'reps', 'quads,glutes', 'kb goblet squat'),
  ('Kettlebell Front Squat', 'kettlebell', 'lower', 'reps', 'quads,glutes,abs', ''),
  ('Kettlebell Deadlift', 'kettlebell', 'lower', 'reps', 'glutes,hamstrings', 'kb deadlift'),
  ('Kettlebell Single-Leg Deadlift', 'kettlebell', 'lower', 'reps', 'hamstrings,glutes', 'kb single leg deadlift'),
  ('Kettlebell Reverse Lunge', 'kettlebell', 'lower', 'reps', 'glutes,quads', ''),
  ('Kettlebell Clean', 'kettlebell', 'full body', 'reps', 'glutes,hamstrings,forearms', 'kb clean'),
  ('Kettlebell Snatch', 'kettlebell', 'full body', 'reps', 'glutes,hamstrings,shoulders', 'kb snatch'),
  ('Kettlebell Clean and Press', 'kettlebell', 'full body', 'reps', 'glutes,front delts,triceps', ''),
  ('Kettlebell Press', 'kettlebell', 'upper', 'reps', 'front delts,triceps', 'kb press|kettlebell overhead press'),
  ('Kettlebell Push Press', 'kettlebell', 'upper', 'reps', 'front delts,triceps,quads', ''),
  ('Kettlebell Bottoms-Up Press', 'kettlebell', 'upper', 'reps', 'front delts,rotator cuff,forearms', 'bottoms up press'),
  ('Kettlebell Floor Press', 'kettlebell', 'upper', 'reps', 'chest,triceps', ''),
  ('Kettlebell Row', 'kettlebell', 'upper', 'reps', 'lats,upper back', 'kb row'),
  ('Kettlebell Gorilla Row', 'kettlebell', 'upper', 'reps', 'lats,upper back,abs', 'gorilla row'),
  ('Kettlebell High Pull', 'kettlebell', 'full body', 'reps', 'traps,glutes,side delts', ''),
  ('Kettlebell Thruster', 'kettlebell', 'full body', 'reps', 'quads,glutes,front delts', ''),
  ('Kettlebell Halo', 'kettlebell', 'upper', 'reps', 'shoulders,abs', 'halos'),
  ('Kettlebell Windmill', 'kettlebell', 'core', 'reps', 'obliques,shoulders,hamstrings', 'windmill'),
  ('Kettlebell Figure Eight', 'kettlebell', 'core', 'reps', 'abs,glutes', 'figure 8'),
  ('Kettlebell Rack Carry', 'kettlebell', 'full body', 'time', 'abs,upper back', 'front rack carry'),
  ('Turkish Get-Up', 'kettlebell', 'full body', 'reps', 'shoulders,abs,glutes', 'TGU|get-up'),
  -- Bands
  ('Band Pull-Apart', 'band', 'upper', 'reps', 'rear delts,upper back', 'pull-aparts'),
  ('Band Face Pull', 'band', 'upper', 'reps', 'rear delts,upper back', ''),
  ('Band Row', 'band', 'upper', 'reps', 'upper back,lats', ''),
  ('Band Pulldown', 'band', 'upper', 'reps', 'lats', ''),
  ('Band Chest Press', 'band', 'upper', 'reps', 'chest,triceps', ''),
  ('Band Overhead Press', 'band', 'upper', 'reps', 'front delts,triceps', ''),
  ('Band Curl', 'band', 'upper', 'reps', 'biceps', 'banded curl'),
  ('Band Pushdown', 'band', 'upper', 'reps', 'triceps', 'banded pushdown'),
  ('Band External Rotation', 'band', 'upper', 'reps', 'rotator cuff', ''),
  ('Band Dislocate', 'band', 'upper', 'reps', 'shoulders', 'shoulder dislocates|pass-through|band pass through'),
  ('Band-Assisted Pull-Up', 'band', 'upper', 'reps', 'lats,biceps', 'banded pull-up'),
  ('Band Good Morning', 'band', 'lower', 'reps', 'hamstrings,lower back', ''),
  ('Banded Lateral Walk', 'band', 'lower', 'reps', 'glutes,abductors', 'lateral band walk|band walk'),
  ('Monster Walk', 'band', 'lower', 'reps', 'glutes,abductors', 'monster walks'),
  ('Banded Glute Bridge', 'band', 'lower', 'reps', 'glutes', ''),
  ('Band Pallof Press', 'band', 'core', 'reps', 'obliques,abs', ''),
  -- Strongman and other implements
  ('Sled Push', 'other', 'full body', 'time', 'quads,glutes,calves', 'prowler push|prowler'),
  ('Sled Drag', 'other', 'full body', 'time', 'glutes,hamstrings,quads', 'sled pull|backward sled drag'),
  ('Tire Flip', 'other', 'full body', 'reps', 'glutes,hamstrings,upper back', 'tire flips'),
  ('Atlas Stone', 'other', 'full body', 'reps', 'glutes,hamstrings,upper back,biceps', 'stone load|atlas stones'),
  ('Yoke Carry', 'other', 'full body', 'time', 'quads,glutes,upper back', 'yoke walk|yoke'),
  ('Sandbag Carry', 'other', 'full body', 'time', 'upper back,biceps,abs', ''),
  ('Sandbag Clean', 'other', 'full body', 'reps', 'glutes,hamstrings,upper back', ''),
  ('Battle Ropes', 'other', 'full body', 'time', 'shoulders,arms,abs', 'battle rope|battling ropes'),
  ('Medicine Ball Slam', 'other', 'full body', 'reps', 'lats,abs,shoulders', 'ball slam|slam ball|med ball slam'),
  ('Wall Ball', 'other', 'full body', 'reps', 'quads,glutes,shoulders', 'wall balls|wall ball shot'),
  ('Rotational Medicine Ball Throw', 'other', 'core', 'reps', 'obliques,shoulders', 'rotational throw'),
  ('Wrist Roller', 'other', 'upper', 'reps', 'forearms', ''),
  ('Neck Curl', 'other', 'upper', 'reps', 'neck', 'neck flexion'),
  ('Neck Extension', 'other', 'upper', 'reps', 'neck', ''),
  ('Landmine Rotation', 'barbell', 'core', 'reps', 'obliques,shoulders', 'landmine twist|landmine 180'),
  -- Cardio
  ('Rowing Machine', 'cardio', 'cardio', 'cardio', 'cardiovascular,lats,legs', 'rower|erg|rowing|indoor rowing|row erg|indoor row|concept2'),
  ('Running', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'run|jog|jogging|outdoor run'),
  ('Treadmill', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'treadmill run|treadmill running'),
  ('Incline Walk', 'cardio', 'cardio', 'cardio', 'cardiovascular,glutes,calves', 'incline treadmill walk'),
  ('Walking', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'walk'),
  ('Hiking', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'hike'),
  ('Rucking', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs,upper back', 'ruck|ruck march'),
  ('Trail Running', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'trail run'),
  ('Sprints', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'sprint|sprinting'),
  ('Hill Sprints', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs,glutes', 'hill sprint|hill repeats'),
  ('Cycling', 'cardio', 'cardio', 'cardio', 'cardiovascular,quads', 'bike|biking|cycle|road cycling|bike ride'),
  ('Stationary Bike', 'cardio', 'cardio', 'cardio', 'cardiovascular,quads', 'exercise bike|spin bike|spinning|indoor cycling|spin class'),
  ('Recumbent Bike', 'cardio', 'cardio', 'cardio', 'cardiovascular,quads', 'recumbent bicycle'),
  ('Assault Bike', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs,arms', 'air bike|airdyne|echo bike|fan bike'),
  ('Mountain Biking', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'mtb'),
  ('Elliptical', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'cross trainer|elliptical trainer'),
  ('Stair Climber', 'cardio', 'cardio', 'cardio', 'cardiovascular,glutes,quads', 'stairmaster|stair machine|stepmill|stairs'),
  ('Jump Rope', 'cardio', 'cardio', 'cardio', 'cardiovascular,calves', 'skipping|skipping rope|jumping rope|double unders'),
  ('Swimming', 'cardio', 'cardio', 'cardio', 'cardiovascular,lats,shoulders', 'swim|laps'),
  ('SkiErg', 'cardio', 'cardio', 'cardio', 'cardiovascular,lats,triceps', 'ski machine|nordic ski erg'),
  ('Cross-Country Skiing', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs,arms', 'nordic skiing|xc skiing'),
  ('Arm Ergometer', 'cardio', 'cardio', 'cardio', 'cardiovascular,shoulders,arms', 'upper body ergometer|UBE|arm bike'),
  ('Shadow Boxing', 'cardio', 'cardio', 'cardio', 'cardiovascular,shoulders', 'shadow box'),
  ('Heavy Bag', 'cardio', 'cardio', 'cardio', 'cardiovascular,shoulders,abs', 'bag work|punching bag'),
  ('Kayaking', 'cardio', 'cardio', 'cardio', 'cardiovascular,lats,shoulders', 'kayak|paddling'),
  ('Skating', 'cardio', 'cardio', 'cardio', 'cardiovascular,glutes,legs', 'inline skating|ice skating'),
  ('Dancing', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'dance'),
  ('Aerobics', 'cardio', 'cardio', 'cardio', 'cardiovascular', 'aerobics class|step aerobics')
;

insert into app_public.exercises (user_id, name, equipment, region, kind, muscles)
select null, s.name, s.equipment, s.region, s.kind, string_to_array(s.muscles, ',')
  from catalog_seed s;

insert into app_public.exercise_aliases (exercise_id, alias)
select e.id, a.alias
  from catalog_seed s
  join app_public.exercises e on e.user_id is null and e.name = s.name
  cross join lateral unnest(string_to_array(s.aliases, '|')) as a(alias)
 where a.alias <> '';
drop table catalog_seed;

--------------------------------------------------------------------------------
-- More aliases: the words lifters type and the other apps' export names that the word rules
-- alone do not reach (Strong and Hevy write `Name (Equipment)`, FitNotes `Flat Barbell ...`)
--------------------------------------------------------------------------------
insert into app_public.exercise_aliases (exercise_id, alias)
select e.id, v.alias
  from (values
    ('Back Squat', 'barbell back squat'), ('Back Squat', 'bb squat'),
    ('Deadlift', 'barbell deadlift'),
    ('Overhead Press', 'standing military press'), ('Overhead Press', 'standing overhead press'), ('Overhead Press', 'barbell shoulder press'),
    ('Stiff-Leg Deadlift', 'straight leg deadlift'),
    ('Seated Cable Row', 'seated cable row v grip'), ('Seated Cable Row', 'v grip cable row'),
    ('Barbell Curl', 'barbell bicep curl'),
    ('Incline Dumbbell Curl', 'seated incline dumbbell curl'),
    ('Triceps Pushdown', 'straight bar pushdown'), ('Triceps Pushdown', 'cable pushdown'),
    ('Overhead Triceps Extension', 'dumbbell triceps extension'),
    ('Dip', 'triceps dip'), ('Dip', 'parallel bar triceps dip'),
    ('Dumbbell Fly', 'flat dumbbell fly'),
    ('Incline Dumbbell Fly', 'incline chest fly'),
    ('Cable Fly', 'cable chest fly'),
    ('Pec Deck', 'machine chest fly'), ('Pec Deck', 'seated machine fly'),
    ('Seated Leg Curl', 'seated hamstring curl'),
    ('Lying Leg Curl', 'lying hamstring curl'),
    ('Russian Twist', 'weighted russian twist'),
    ('Leg Press', '45 degree leg press'), ('Leg Press', 'incline leg press'),
    ('Lat Pulldown', 'wide grip lat pulldown'),
    ('Barbell Hip Thrust', 'glute thrust'),
    ('Dumbbell Shoulder Press', 'dumbbell military press'), ('Dumbbell Shoulder Press', 'seated dumbbell shoulder press'),
    ('Face Pull', 'rope face pull'),
    ('Kettlebell Swing', 'russian kettlebell swing'),
    ('Hip Abduction Machine', 'hip abductor'), ('Hip Adduction Machine', 'hip adductor'),
    ('Glute-Ham Raise', 'glute ham raise'),
    ('Reverse Curl', 'reverse grip curl'),
    ('Rowing Machine', 'row machine'),
    ('Crunch', 'weighted crunch'),
    -- Weighted bodyweight exercises (see merge_weighted_bodyweight_exercises), as typed and exported.
    ('Pull-Up', 'weighted pull-up'), ('Chin-Up', 'weighted chin-up'), ('Push-Up', 'weighted push-up'), ('Plank', 'weighted plank'),
    ('Dip', 'weighted dip'), ('Dip', 'weighted chest dip'), ('Dip', 'weighted triceps dip'), ('Dip', 'weighted parallel bar dip')
  ) as v(name, alias)
  join app_public.exercises e on e.user_id is null and e.name = v.name
 where not exists (select 1 from app_public.exercises c where c.user_id is null and c.key = app_public.exercise_key(v.alias))
on conflict do nothing;

--! split: 9-routines.sql
-- Routines (plans) and their exercises. Weights keep the routine's unit. Documents (the documents
-- split) write them; their rules hold for direct writes too.

--------------------------------------------------------------------------------
-- Routines
--------------------------------------------------------------------------------
-- "The same routine name": one rule, used by the unique index, the name check of documents and
-- direct writes, and every lookup of a routine by name (like exercise_key for exercises).
create function app_public.routine_name_key(name text) returns text
language sql immutable parallel safe as $$
  select lower(btrim(name, E' \t\n\r'));
$$;
comment on function app_public.routine_name_key(text) is E'@behavior -*\nHow routine names are compared: ignoring case and surrounding spaces (`Push ` is `push`).';

create table app_public.routines (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  icon text,
  progression text not null default 'linear' check (progression in ('linear', 'greyskull', 'double', 'time', 'none')),
  unit text not null check (unit in ('kg', 'lb')),
  deload boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  name_key text generated always as (app_public.routine_name_key(name)) stored,
  program text,
  constraint routines_program_check check (char_length(program) between 1 and 80)
);
-- Races between two writes of the same name are settled here.
create unique index routines_name_key on app_public.routines (user_id, name_key);
alter table app_public.routines enable row level security;
create trigger _100_updated_at before update on app_public.routines
  for each row execute procedure app_hidden.tg_set_updated_at();
comment on table app_public.routines is E'@behavior -insert -update\nA routine: a planned training template. Written with applyRoutineDocument.';
comment on column app_public.routines.id is E'Unique identifier.';
comment on column app_public.routines.user_id is E'@behavior -*\nThe owner.';
comment on column app_public.routines.name is E'Name, unique per user ignoring case.';
comment on column app_public.routines.icon is E'Icon identifier (dumbbell, barbell, bench, pullup, squat, trophy, ...).';
comment on column app_public.routines.progression is E'How targets grow: linear, greyskull, double, time or none.';
comment on column app_public.routines.unit is E'Unit of every weight in the routine.';
comment on column app_public.routines.deload is E'A planned deload: opens on its written targets and never feeds progression.';
comment on column app_public.routines.created_at is E'When it was created.';
comment on column app_public.routines.updated_at is E'When it was last replaced.';
comment on column app_public.routines.name_key is E'@behavior -*\nThe name as routine names compare (routine_name_key).';
-- Owner-only, like every document table: read through svc_reader, write through svc_visitor.
create policy select_own on app_public.routines for select using (user_id = (select app_public.current_user_id()));
create policy insert_own on app_public.routines for insert with check (user_id = (select app_public.current_user_id()));
create policy update_own on app_public.routines for update using (user_id = (select app_public.current_user_id()));
create policy delete_own on app_public.routines for delete using (user_id = (select app_public.current_user_id()));
create trigger _140_one_line_name before insert or update of name on app_public.routines
  for each row execute procedure app_hidden.tg_one_line_name();

create function app_hidden.tg_routine_name_unique() returns trigger
language plpgsql volatile security invoker set search_path to pg_catalog, public as $$
declare
  v_other uuid;
begin
  select r.id into v_other from app_public.routines r
   where r.user_id = new.user_id and r.name_key = app_public.routine_name_key(new.name) and r.id <> new.id
   limit 1;
  if v_other is not null then
    raise exception 'name: a routine with this name already exists: %', v_other using errcode = 'SVDOC',
      detail = 'name', hint = 'a routine with this name already exists: ' || v_other;
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_routine_name_unique() is E'Trigger: a routine name that is another of the user''s by routine_name_key (case, surrounding spaces) is refused at path `name`, like the document check.';
create trigger _150_name_unique before insert or update of name on app_public.routines
  for each row execute procedure app_hidden.tg_routine_name_unique();

create table app_public.routine_exercises (
  id uuid primary key default gen_random_uuid(),
  routine_id uuid not null references app_public.routines on delete cascade,
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  position int not null,
  exercise_id uuid not null references app_public.exercises on delete restrict,
  sets int not null check (sets between 1 and 20),
  reps_low int check (reps_low between 0 and 500),
  reps_high int check (reps_high between 0 and 500),
  seconds int check (seconds >= 0),
  weight double precision check (weight >= 0),
  rest_seconds int check (rest_seconds between 0 and 900),
  superset text,
  progression text check (progression in ('linear', 'greyskull', 'double', 'time', 'none')),
  warmups int not null default 0 check (warmups between 0 and 5),
  drops int not null default 0 check (drops between 0 and 5),
  bursts int not null default 0 check (bursts between 0 and 5),
  check (reps_low <= reps_high),
  unique (routine_id, position),
  training_max double precision check (training_max between 0 and 10000),
  cycle jsonb,
  stages jsonb,
  increment double precision check (increment > 0 and increment <= 100)
);
create index on app_public.routine_exercises (user_id);
create index on app_public.routine_exercises (exercise_id);
alter table app_public.routine_exercises enable row level security;
comment on table app_public.routine_exercises is E'@behavior -insert -update -delete\nOne exercise of a routine, with its targets.';
comment on column app_public.routine_exercises.id is E'Unique identifier.';
comment on column app_public.routine_exercises.routine_id is E'The routine.';
comment on column app_public.routine_exercises.user_id is E'@behavior -*\nThe owner (the routine''s).';
comment on column app_public.routine_exercises.position is E'Order within the routine, from 0.';
comment on column app_public.routine_exercises.exercise_id is E'The exercise.';
comment on column app_public.routine_exercises.sets is E'Work sets, 1 to 20.';
comment on column app_public.routine_exercises.reps_low is E'Target reps (low end of a range).';
comment on column app_public.routine_exercises.reps_high is E'Target reps (high end of a range; equal to reps_low for a single number).';
comment on column app_public.routine_exercises.seconds is E'Hold or cardio duration used instead of reps.';
comment on column app_public.routine_exercises.weight is E'Starting weight, in the routine''s unit.';
comment on column app_public.routine_exercises.rest_seconds is E'Rest after each set, at most 900 seconds.';
comment on column app_public.routine_exercises.superset is E'Exercises sharing a letter alternate as a superset.';
comment on column app_public.routine_exercises.progression is E'Overrides the routine''s progression rule.';
comment on column app_public.routine_exercises.warmups is E'Warm-up sets ramped toward the work weight, 0 to 5.';
comment on column app_public.routine_exercises.drops is E'Drop sets after the last work set, 0 to 5.';
comment on column app_public.routine_exercises.bursts is E'Rest-pause bursts after the last work set, 0 to 5.';
create policy select_own on app_public.routine_exercises for select using (user_id = (select app_public.current_user_id()));
create policy insert_own on app_public.routine_exercises for insert with check (user_id = (select app_public.current_user_id()));
create policy update_own on app_public.routine_exercises for update using (user_id = (select app_public.current_user_id()));
create policy delete_own on app_public.routine_exercises for delete using (user_id = (select app_public.current_user_id()));

-- Child rows must belong to the parent's owner (RLS checks user_id; this checks the parent).
-- One static query per table (cached plans): dynamic SQL here cost ~60 us per row, most of the
-- time of writing a workout's sets. The trigger arguments name the parent, for readers.
create function app_hidden.tg_check_parent_owner() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  case tg_table_name
    when 'routine_exercises' then
      perform from app_public.routines p where p.id = new.routine_id and p.user_id = new.user_id;
    when 'workout_exercises' then
      perform from app_public.workouts p where p.id = new.workout_id and p.user_id = new.user_id;
    when 'workout_sets' then
      -- A set also belongs to the same workout as its exercise.
      perform from app_public.workout_exercises p
       where p.id = new.workout_exercise_id and p.user_id = new.user_id and p.workout_id = new.workout_id;
  end case;
  if not found then
    raise exception 'Not found' using errcode = 'SVNFD';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_check_parent_owner() is E'Trigger: a child row must belong to the owner of its parent (and a set to its exercise''s workout).';
create trigger _200_parent_owner before insert or update on app_public.routine_exercises
  for each row execute procedure app_hidden.tg_check_parent_owner('routines', 'routine_id');

-- A routine or workout may use catalog exercises and its owner's custom ones, never another
-- user's: the foreign key alone would accept any id.
create function app_hidden.tg_check_exercise_visible() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  if not exists (select 1 from app_public.exercises e
                  where e.id = new.exercise_id and (e.user_id is null or e.user_id = new.user_id)) then
    raise exception 'Exercise not found' using errcode = 'SVNFD';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_check_exercise_visible() is E'Trigger: the exercise must be from the catalog or the row owner''s own.';
create trigger _210_exercise_visible before insert or update on app_public.routine_exercises
  for each row execute procedure app_hidden.tg_check_exercise_visible();

--! split: 10-workouts.sql
-- Workouts, their exercises and sets (weights keep the workout's unit), and bodyweights.
-- Documents (the documents split) write them; their rules hold for direct writes too.

--------------------------------------------------------------------------------
-- Workouts
--------------------------------------------------------------------------------
create table app_public.workouts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  routine_id uuid references app_public.routines on delete set null,
  name text check (char_length(name) between 1 and 80),
  date date not null,
  start timestamptz not null,
  minutes int check (minutes between 0 and 1440),
  bodyweight double precision check (bodyweight >= 0),
  unit text not null check (unit in ('kg', 'lb')),
  effort text not null check (effort in ('rpe', 'rir')),
  notes text check (char_length(notes) <= 2000),
  skip_progression boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Saving a workout at most once per idempotency key: a client makes a key (a UUID) when a
  -- workout starts and sends it with every save of that workout; a retry after a lost answer then
  -- finds the workout the first save logged instead of logging it again. The key and a hash of the
  -- canonical document it saved stay hidden from GraphQL; only apply_workout_document writes them.
  idempotency_key uuid,
  idempotency_hash bytea
);
create index workouts_user_date on app_public.workouts (user_id, date desc, start desc);
create index on app_public.workouts (routine_id);
alter table app_public.workouts enable row level security;
create trigger _100_updated_at before update on app_public.workouts
  for each row execute procedure app_hidden.tg_set_updated_at();
comment on table app_public.workouts is E'@behavior -insert -update\nA workout: a session done or planned. Written with applyWorkoutDocument.';
comment on column app_public.workouts.id is E'Unique identifier.';
comment on column app_public.workouts.user_id is E'@behavior -*\nThe owner.';
comment on column app_public.workouts.routine_id is E'The routine followed, if any.';
comment on column app_public.workouts.name is E'Name, 1 to 80 characters.';
comment on column app_public.workouts.date is E'The day of the workout.';
comment on column app_public.workouts.start is E'When it started (default noon UTC on the date).';
comment on column app_public.workouts.minutes is E'Duration in minutes, 0 to 1440.';
comment on column app_public.workouts.bodyweight is E'Bodyweight that day, in `unit`.';
comment on column app_public.workouts.unit is E'Unit of every weight in the workout.';
comment on column app_public.workouts.effort is E'Scale of `@` effort ratings: rpe or rir.';
comment on column app_public.workouts.notes is E'Free text, at most 2000 characters.';
comment on column app_public.workouts.skip_progression is E'Leaves the whole session out of progression.';
comment on column app_public.workouts.created_at is E'When it was logged.';
comment on column app_public.workouts.updated_at is E'When it was last replaced.';
create unique index workouts_idempotency_key on app_public.workouts (user_id, idempotency_key)
  where idempotency_key is not null;
comment on index app_public.workouts_idempotency_key is E'One workout per idempotency key and user; what a concurrent second save with the same key waits on.';
comment on column app_public.workouts.idempotency_key is E'@behavior -*\nThe key the workout was logged with (applyWorkoutDocument''s idempotencyKey), unique per user.';
comment on column app_public.workouts.idempotency_hash is E'@behavior -*\nSHA-256 of the canonical document the key first saved: a retry with the same key and document is that save again.';
-- Owner-only, like every document table: read through svc_reader, write through svc_visitor.
create policy select_own on app_public.workouts for select using (user_id = (select app_public.current_user_id()));
create policy insert_own on app_public.workouts for insert with check (user_id = (select app_public.current_user_id()));
create policy update_own on app_public.workouts for update using (user_id = (select app_public.current_user_id()));
create policy delete_own on app_public.workouts for delete using (user_id = (select app_public.current_user_id()));
create trigger _140_one_line_name before insert or update of name on app_public.workouts
  for each row execute procedure app_hidden.tg_one_line_name();

-- A workout written straight in SQL as svc_visitor must not point at another user's routine (the
-- document functions refuse it too). Same rule as app_hidden.tg_check_parent_owner (routines
-- split), for an optional parent.
create function app_hidden.tg_check_workout_routine() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  if new.routine_id is not null
     and not exists (select 1 from app_public.routines r where r.id = new.routine_id and r.user_id = new.user_id) then
    raise exception 'Routine not found' using errcode = 'SVNFD';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_check_workout_routine() is
  E'Trigger: a workout''s routine, when it names one, must belong to the workout''s owner.';
create trigger _210_routine_owner before insert or update of routine_id, user_id on app_public.workouts
  for each row execute procedure app_hidden.tg_check_workout_routine();

create table app_public.workout_exercises (
  id uuid primary key default gen_random_uuid(),
  workout_id uuid not null references app_public.workouts on delete cascade,
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  position int not null,
  exercise_id uuid not null references app_public.exercises on delete restrict,
  superset text,
  note text check (char_length(note) <= 500),
  pinned boolean not null default false,
  skip_progression boolean not null default false,
  unique (workout_id, position)
);
create index on app_public.workout_exercises (user_id, exercise_id);
create index on app_public.workout_exercises (exercise_id);
alter table app_public.workout_exercises enable row level security;
comment on table app_public.workout_exercises is E'@behavior -insert -update -delete\nOne exercise done (or planned) in a workout.';
comment on column app_public.workout_exercises.id is E'Unique identifier.';
comment on column app_public.workout_exercises.workout_id is E'The workout.';
comment on column app_public.workout_exercises.user_id is E'@behavior -*\nThe owner (the workout''s).';
comment on column app_public.workout_exercises.position is E'Order within the workout, from 0.';
comment on column app_public.workout_exercises.exercise_id is E'The exercise.';
comment on column app_public.workout_exercises.superset is E'Superset letter.';
comment on column app_public.workout_exercises.note is E'Note for this exercise today, at most 500 characters.';
comment on column app_public.workout_exercises.pinned is E'Show the note again next time.';
comment on column app_public.workout_exercises.skip_progression is E'Leaves this exercise out of progression.';
create policy select_own on app_public.workout_exercises for select using (user_id = (select app_public.current_user_id()));
create policy insert_own on app_public.workout_exercises for insert with check (user_id = (select app_public.current_user_id()));
create policy update_own on app_public.workout_exercises for update using (user_id = (select app_public.current_user_id()));
create policy delete_own on app_public.workout_exercises for delete using (user_id = (select app_public.current_user_id()));

create table app_public.workout_sets (
  id uuid primary key default gen_random_uuid(),
  workout_exercise_id uuid not null references app_public.workout_exercises on delete cascade,
  workout_id uuid not null references app_public.workouts on delete cascade,
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  position int not null,
  kind text not null default 'work' check (kind in ('work', 'warmup', 'drop', 'burst')),
  weight double precision check (weight >= 0),
  bodyweight boolean not null default false,
  reps int check (reps between 0 and 500),
  seconds int check (seconds >= 0),
  effort double precision check (effort between 0 and 10),
  done boolean not null default true,
  -- Copies of the parents' values (tg_workout_sets_denormalize) and what they give, for records and
  -- @graphile/pg-aggregates grouped aggregates (volume per exercise and week).
  exercise_id uuid not null references app_public.exercises,
  date date not null,
  unit text not null check (unit in ('kg', 'lb')),
  week date not null generated always as (date_trunc('week', date::timestamp)::date) stored,
  volume_kg double precision not null generated always as (
    case when kind = 'work' and done and weight is not null and reps is not null
         then round(weight::numeric * reps * case when unit = 'lb' then 0.45359237 else 1 end, 2)::float8
         else 0 end) stored,
  volume_lb double precision not null generated always as (
    case when kind = 'work' and done and weight is not null and reps is not null
         then round(weight::numeric * reps / case when unit = 'kg' then 0.45359237 else 1 end, 2)::float8
         else 0 end) stored,
  work_sets int not null generated always as (case when kind = 'work' and done then 1 else 0 end) stored,
  unique (workout_exercise_id, position)
);
create index on app_public.workout_sets (user_id);
alter table app_public.workout_sets enable row level security;
comment on table app_public.workout_sets is E'@behavior -insert -update -delete\nOne set of a workout exercise.';
comment on column app_public.workout_sets.id is E'Unique identifier.';
comment on column app_public.workout_sets.workout_exercise_id is E'The workout exercise.';
comment on column app_public.workout_sets.workout_id is E'The workout.';
comment on column app_public.workout_sets.user_id is E'@behavior -*\nThe owner (the workout''s).';
comment on column app_public.workout_sets.position is E'Order within the exercise, from 0.';
comment on column app_public.workout_sets.kind is E'work, warmup, drop or burst (rest-pause).';
comment on column app_public.workout_sets.weight is E'Load in the workout''s unit; null when none.';
comment on column app_public.workout_sets.bodyweight is E'A bodyweight set (`bw x 8`).';
comment on column app_public.workout_sets.reps is E'Repetitions done (or planned).';
comment on column app_public.workout_sets.seconds is E'Hold or cardio duration.';
comment on column app_public.workout_sets.effort is E'`@` effort rating on the workout''s scale.';
comment on column app_public.workout_sets.done is E'False for a planned set not done.';
comment on column app_public.workout_sets.exercise_id is E'The exercise (the workout exercise''s), kept here for records and per-exercise volume.';
comment on column app_public.workout_sets.date is E'The workout''s date, kept here for grouping.';
comment on column app_public.workout_sets.unit is E'The workout''s unit: the unit of `weight`.';
comment on column app_public.workout_sets.week is E'Monday of the workout''s week (ISO weeks), for weekly volume.';
comment on column app_public.workout_sets.volume_kg is E'Weight x reps in kg for a done work set with a weight; 0 for warm-ups, drops, bursts, sets not done, unloaded and timed sets. Sum it for volume.';
comment on column app_public.workout_sets.volume_lb is E'Weight x reps in lb for a done work set with a weight; 0 otherwise. Sum it for volume.';
comment on column app_public.workout_sets.work_sets is E'1 for a done work set, else 0. Sum it for the number of work sets.';
create policy select_own on app_public.workout_sets for select using (user_id = (select app_public.current_user_id()));
create policy insert_own on app_public.workout_sets for insert with check (user_id = (select app_public.current_user_id()));
create policy update_own on app_public.workout_sets for update using (user_id = (select app_public.current_user_id()));
create policy delete_own on app_public.workout_sets for delete using (user_id = (select app_public.current_user_id()));
create index workout_sets_user_exercise_date on app_public.workout_sets (user_id, exercise_id, date);
create index workout_sets_user_week on app_public.workout_sets (user_id, week);
create index workout_sets_exercise on app_public.workout_sets (exercise_id);

-- Each exercise's latest date with a done set, and whether a workout has one, straight from an
-- index (index-only): lastPerformance's lookups.
create index workout_sets_done_by_exercise_date on app_public.workout_sets (user_id, exercise_id, date desc, workout_id) where done;
comment on index app_public.workout_sets_done_by_exercise_date is E'Done sets by user, exercise and latest date first, with their workout: an exercise''s last workout (lastPerformance) in a few index probes.';

-- The sets of one exercise in one workout (LastPerformance.sets, one probe per entry); it also
-- serves everything the index on workout_id alone did (the foreign key, a workout's sets).
create index workout_sets_workout_exercise on app_public.workout_sets (workout_id, exercise_id);
comment on index app_public.workout_sets_workout_exercise is E'A workout''s sets, and its sets of one exercise (LastPerformance.sets).';
create trigger _200_parent_owner before insert or update on app_public.workout_exercises
  for each row execute procedure app_hidden.tg_check_parent_owner('workouts', 'workout_id');
create trigger _200_parent_owner before insert or update on app_public.workout_sets
  for each row execute procedure app_hidden.tg_check_parent_owner('workout_exercises', 'workout_exercise_id');
create trigger _210_exercise_visible before insert or update on app_public.workout_exercises
  for each row execute procedure app_hidden.tg_check_exercise_visible();

-- The denormalized columns follow their parents: filled on every insert and update of a set, and
-- refreshed when a workout's date or unit, or a workout exercise's exercise, changes.
create function app_hidden.tg_workout_sets_denormalize() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  select we.exercise_id, w.date, w.unit into new.exercise_id, new.date, new.unit
    from app_public.workout_exercises we
    join app_public.workouts w on w.id = we.workout_id
   where we.id = new.workout_exercise_id;
  return new;
end;
$$;
comment on function app_hidden.tg_workout_sets_denormalize() is E'Trigger: copies exercise_id (from the workout exercise), date and unit (from the workout) onto a set.';
create trigger _300_denormalize before insert or update on app_public.workout_sets
  for each row execute procedure app_hidden.tg_workout_sets_denormalize();

create function app_hidden.tg_workout_sets_refresh() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  if tg_table_name = 'workouts' then
    update app_public.workout_sets s set date = new.date, unit = new.unit
      from app_public.workout_exercises we
     where we.workout_id = new.id and s.workout_exercise_id = we.id;
  else
    update app_public.workout_sets s set exercise_id = new.exercise_id where s.workout_exercise_id = new.id;
  end if;
  return null;
end;
$$;
comment on function app_hidden.tg_workout_sets_refresh() is E'Trigger: refreshes the copies on workout_sets when a workout''s date or unit, or a workout exercise''s exercise, changes.';
create trigger _300_refresh_sets after update of date, unit on app_public.workouts
  for each row when (old.date is distinct from new.date or old.unit is distinct from new.unit)
  execute procedure app_hidden.tg_workout_sets_refresh();
create trigger _300_refresh_sets after update of exercise_id on app_public.workout_exercises
  for each row when (old.exercise_id is distinct from new.exercise_id)
  execute procedure app_hidden.tg_workout_sets_refresh();

--------------------------------------------------------------------------------
-- Bodyweights: one value per user per date, kept in the unit it was logged in.
--------------------------------------------------------------------------------
create table app_public.bodyweights (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  date date not null,
  weight double precision not null,
  unit text not null check (unit in ('kg', 'lb')),
  created_at timestamptz not null default now(),
  unique (user_id, date),
  -- Written through log_bodyweight; the table holds the value rule too.
  constraint bodyweights_weight_rule check (weight > 0 and weight <= 1500 and weight::numeric = round(weight::numeric, 2))
);
alter table app_public.bodyweights enable row level security;
comment on table app_public.bodyweights is E'@behavior -insert -update\nA bodyweight measurement; one per user per date.';
comment on column app_public.bodyweights.id is E'Unique identifier.';
comment on column app_public.bodyweights.user_id is E'@behavior -*\nThe owner.';
comment on column app_public.bodyweights.date is E'The day measured.';
comment on column app_public.bodyweights.weight is E'The weight, in `unit`.';
comment on column app_public.bodyweights.unit is E'`kg` or `lb`: the unit it was logged in.';
comment on column app_public.bodyweights.created_at is E'When it was logged.';
comment on constraint bodyweights_weight_rule on app_public.bodyweights is E'A bodyweight is above 0, at most 1500 and has at most 2 decimals (the rule of workout documents).';
create policy select_own on app_public.bodyweights for select using (user_id = (select app_public.current_user_id()));
create policy insert_own on app_public.bodyweights for insert with check (user_id = (select app_public.current_user_id()));
create policy update_own on app_public.bodyweights for update using (user_id = (select app_public.current_user_id()));
create policy delete_own on app_public.bodyweights for delete using (user_id = (select app_public.current_user_id()));

create function app_public.log_bodyweight(p_date date, p_weight double precision, p_unit text default null)
returns app_public.bodyweights
language plpgsql volatile security invoker set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.bodyweights;
begin
  if p_date is null or p_date < date '1900-01-01' then
    raise exception 'date: must be from 1900-01-01 and not in the future' using errcode = 'SVBAD';
  end if;
  -- Tomorrow in UTC is already today east of UTC (up to UTC+14).
  if p_date > (now() at time zone 'UTC')::date + 1 then
    raise exception 'date: must be from 1900-01-01 and not in the future' using errcode = 'SVBAD';
  end if;
  if p_weight is null or not (p_weight > 0 and p_weight <= 1500) or p_weight::numeric <> round(p_weight::numeric, 2) then
    raise exception 'weight: must be a number above 0 and at most 1500 with at most 2 decimals' using errcode = 'SVBAD';
  end if;
  if p_unit is not null and p_unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  insert into app_public.bodyweights as b (date, weight, unit)
  values (p_date, p_weight, coalesce(p_unit, (select u.unit from app_public.users u where u.id = v_user)))
  on conflict (user_id, date) do update set weight = excluded.weight, unit = excluded.unit
  returning b.* into v_row;
  return v_row;
end;
$$;
comment on function app_public.log_bodyweight(date, double precision, text) is E'@behavior -*\nLogs the bodyweight for a date, replacing that day''s value. '
  'weight: above 0, at most 1500, at most 2 decimals (as in workout documents); date: from 1900-01-01, not in the future (not after tomorrow in UTC).';

--! split: 11-documents.sql
-- Routine and workout documents: validation, apply and show, all in SQL over jsonb, on the tables
-- of the routines and workouts splits, with the catalog's reference resolution
-- (app_hidden.resolve_exercise, app_hidden.unknown_exercise_reason).
--
-- The walk is the SDK's (sdk/src/documents/validate.ts), step for step, so both report the same
-- first problem for every document the SDK can judge:
-- - at each object: not an object (root path `document`), then the unknown key that comes first in
--   code point order (`collate "C"`), then the known fields in the spec's table order, each checked
--   completely (type, limits, inner walk, and the server-only check at that field) before the next;
-- - at each array: type, size, then the items by index, depth first;
-- - only a missing key is absent; `null` is a value, allowed only where the spec says "or null".
-- Server-only checks, at the field's position: `id` is one of the caller's (else `not found`),
-- `name` is not another routine's (app_public.routine_name_key), every exercise reference resolves
-- (app_hidden.resolve_exercise, else app_hidden.unknown_exercise_reason), `routine` is one of the
-- caller's routines (else `not found`).
-- The regular expressions are the SDK's (text.ts, validate.ts), character for character;
-- app_hidden.document_patterns() returns them so a test can hold the two sides together.
-- Numbers are compared as exact `numeric` (jsonb keeps `3.0` and long digit strings as written).
--
-- Limits and rules for a public instance (the SDK's sdk/src/documents holds the same rules):
-- - one-line text (routine and workout names, icon, exercise references, superset letters, custom
--   exercise names) refuses control characters (U+0001-U+001F, U+007F-U+009F) such as a newline
--   or tab; notes keep them;
-- - a workout has at most 100 exercises, at most 50 sets per exercise and at most 500 sets in all,
--   checked before any entry is looked at (saving is then bounded: a few times the largest real
--   session);
-- - a workout date is from 1900-01-01 to 2099-12-31, and its start falls on the day before, of or
--   after it (in UTC);
-- - a bodyweight is above 0, at most 1500 and has at most 2 decimals, in documents and in
--   logBodyweight, whose date is from 1900-01-01 and not after tomorrow in UTC (today somewhere).
-- Nesting depth, U+0000 and unpaired surrogates are refused before the document reaches
-- PostgreSQL (plugins/documents.ts with the SDK's firstBadJsonValue).

--------------------------------------------------------------------------------
-- Patterns and small parsers
--------------------------------------------------------------------------------
create function app_hidden.document_patterns() returns table (name text, pattern text)
language sql immutable parallel safe as $$
  values
    ('uuid', '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'),
    ('date', '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    ('dateTime', '^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,6}))?)?(Z|([+-])([0-9]{2}):([0-9]{2}))$'),
    ('duration', '^[ \t]*(?:([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)[ \t]*$'),
    ('repsRange', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$'),
    ('setText', '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?(?:([bB][wW])[ \t]*[xX×][ \t]*([0-9]+)|([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*(?:([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?|([bB][wW])[ \t]*\+[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*[xX×][ \t]*([0-9]+))(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$'),
    ('percentSet', '^[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*%[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$'),
    ('stage', '^[ \t]*([0-9]+)[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$');
$$;
comment on function app_hidden.document_patterns() is E'The regular expressions of the document languages, identical to the SDK''s (UUID_PATTERN, DATE_PATTERN, DATE_TIME_PATTERN, DURATION_PATTERN, REPS_RANGE_PATTERN, SET_TEXT_PATTERN, PERCENT_SET_PATTERN, STAGE_PATTERN). The functions below repeat them as literals (so PostgreSQL caches the compiled forms); a test checks all three agree.';

create function app_hidden.doc_unknown_key(o jsonb, known text[]) returns text
language sql immutable parallel safe as $$
  select k from jsonb_object_keys(o) k where k <> all (known) order by k collate "C" limit 1;
$$;
comment on function app_hidden.doc_unknown_key(jsonb, text[]) is E'The first key of an object (in code point order) that is not one of known, or null.';

create function app_hidden.doc_integer(v jsonb, lo numeric, hi numeric) returns int
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'number' then
    case when v::numeric = trunc(v::numeric) and v::numeric between lo and hi then v::numeric::int end
  end;
$$;
comment on function app_hidden.doc_integer(jsonb, numeric, numeric) is E'A JSON number that is an integer from lo to hi (`3.0` counts), as int; otherwise null.';

create function app_hidden.doc_string(v jsonb) returns text
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'string' then v #>> '{}' end;
$$;
comment on function app_hidden.doc_string(jsonb) is E'The text of a JSON string, or null for any other JSON type.';

create function app_hidden.doc_uuid(v jsonb) returns text
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'string' and (v #>> '{}') ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
    then lower(v #>> '{}') end;
$$;
comment on function app_hidden.doc_uuid(jsonb) is E'A JSON string of the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (hex digits), lower case; otherwise null.';

create function app_hidden.doc_weight(v jsonb) returns numeric
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'number' then
    case when v::numeric between 0 and 10000 and v::numeric = round(v::numeric, 2) then trim_scale(v::numeric) end
  end;
$$;
comment on function app_hidden.doc_weight(jsonb) is E'A JSON number from 0 to 10000 with at most 2 decimals (trailing zeros aside), without trailing zeros; otherwise null.';

create function app_hidden.doc_duration(v jsonb) returns numeric
language sql immutable parallel safe as $$
  select case jsonb_typeof(v)
    when 'number' then case when v::numeric = trunc(v::numeric) and v::numeric >= 0 then trunc(v::numeric) end
    when 'string' then (
      select case
        when m is null then null
        when m[1] is not null then m[1]::numeric
        when m[2] is not null then m[2]::numeric
        when m[3] is not null then m[3]::numeric * 60 + m[4]::numeric
        else m[5]::numeric * 60 + coalesce(m[6]::numeric, 0)
      end
      from regexp_match(v #>> '{}', '^[ \t]*(?:([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)[ \t]*$') m)
  end;
$$;
comment on function app_hidden.doc_duration(jsonb) is E'Seconds of a `time`/`rest` value: a non-negative integer, or a string `90`, `45s`, `1:30`, `2m`, `1m30s`. Null when it is neither. No maximum here.';

create function app_hidden.format_duration(seconds int) returns text
language sql immutable parallel safe as $$
  select case when seconds < 60 then seconds || 's' else (seconds / 60) || ':' || lpad((seconds % 60)::text, 2, '0') end;
$$;
comment on function app_hidden.format_duration(int) is E'Canonical duration inside set text: `45s` under a minute, else `<m>:<ss>` (`1:30`, `60:00`).';

create function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps int, seconds int, effort numeric)
returns text
language sql immutable parallel safe as $$
  select case kind when 'warmup' then 'w:' when 'drop' then 'd:' when 'burst' then 'rp:' else '' end
      || case
           when seconds is not null and weight is not null then trim_scale(weight)::text || 'x' || app_hidden.format_duration(seconds)
           when seconds is not null then app_hidden.format_duration(seconds)
           when bodyweight and weight is not null then 'bw+' || trim_scale(weight)::text || 'x' || reps
           when bodyweight then 'bw x ' || reps
           when weight is not null then trim_scale(weight)::text || 'x' || reps
           else 'x' || reps
         end
      || coalesce('@' || trim_scale(effort)::text, '');
$$;
comment on function app_hidden.format_set(text, numeric, boolean, int, int, numeric) is E'The one canonical text of a set (the SDK''s formatSet): `w:`/`d:`/`rp:` prefix, `100x5`, `x12`, `bw x 8`, a weighted bodyweight set `bw+20x5`, `45s` or `1:30`, a weighted hold `20x45s`, then `@<effort>`; numbers in shortest form.';

create function app_hidden.doc_parse_set(t text, scale text,
  out reason text, out kind text, out weight numeric, out bodyweight boolean, out reps int, out seconds int, out effort numeric)
language plpgsql immutable parallel safe as $$
declare
  -- Groups: 1 prefix; 2,3 bw and reps; 4 weight; 5 reps, or 6 / 7,8 / 9,10 a weighted duration;
  -- 11 / 12,13 / 14,15 a duration alone; 16,17,18 bw, added load and reps (`bw+20x5`); 19 effort.
  m text[] := regexp_match(t, '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?(?:([bB][wW])[ \t]*[xX×][ \t]*([0-9]+)|([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*(?:([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?|([bB][wW])[ \t]*\+[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*[xX×][ \t]*([0-9]+))(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$');
  v_reps numeric;
  v_seconds numeric;
begin
  if m is null then
    reason := 'must be a set like 100x5, x12, bw x 8, 45s or 1:30';
    return;
  end if;
  kind := case lower(m[1]) when 'w' then 'warmup' when 'd' then 'drop' when 'rp' then 'burst' else 'work' end;
  bodyweight := false;
  if m[2] is not null then
    bodyweight := true;
    v_reps := m[3]::numeric;
  elsif m[5] is not null or m[6] is not null or m[7] is not null or m[9] is not null then
    if m[4] is not null then
      -- Decimals are judged on the text (`102.500` has 1), like the SDK.
      if char_length(rtrim(split_part(replace(m[4], ',', '.'), '.', 2), '0')) > 2
         or replace(m[4], ',', '.')::numeric > 10000 then
        reason := 'weight must be from 0 to 10000 with at most 2 decimals';
        return;
      end if;
      weight := trim_scale(replace(m[4], ',', '.')::numeric);
    end if;
    if m[5] is not null then
      v_reps := m[5]::numeric;
    elsif m[6] is not null then
      v_seconds := m[6]::numeric;
    elsif m[7] is not null then
      v_seconds := m[7]::numeric * 60 + m[8]::numeric;
    else
      v_seconds := m[9]::numeric * 60 + coalesce(m[10]::numeric, 0);
    end if;
  elsif m[16] is not null then
    if char_length(rtrim(split_part(replace(m[17], ',', '.'), '.', 2), '0')) > 2
       or replace(m[17], ',', '.')::numeric > 10000 then
      reason := 'weight must be from 0 to 10000 with at most 2 decimals';
      return;
    end if;
    bodyweight := true;
    weight := trim_scale(replace(m[17], ',', '.')::numeric);
    v_reps := m[18]::numeric;
  elsif m[11] is not null then
    v_seconds := m[11]::numeric;
  elsif m[12] is not null then
    v_seconds := m[12]::numeric * 60 + m[13]::numeric;
  else
    v_seconds := m[14]::numeric * 60 + coalesce(m[15]::numeric, 0);
  end if;
  if v_reps > 500 then
    reason := 'reps must be at most 500';
    return;
  end if;
  if v_seconds > 86400 then
    reason := 'duration must be at most 86400 seconds';
    return;
  end if;
  reps := v_reps;
  seconds := v_seconds;
  if m[19] is not null then
    effort := replace(m[19], ',', '.')::numeric;
    -- Half steps: the decimals are zeros, or a 5 then zeros.
    if rtrim(split_part(replace(m[19], ',', '.'), '.', 2), '0') not in ('', '5')
       or effort > 10 or effort < (case when scale = 'rpe' then 1 else 0 end) then
      reason := case when scale = 'rpe' then 'rpe must be from 1 to 10 in half steps' else 'rir must be from 0 to 10 in half steps' end;
      effort := null;
      return;
    end if;
    effort := trim_scale(effort);
  end if;
end;
$$;
comment on function app_hidden.doc_parse_set(text, text) is E'Parses set text as people type it (the SDK''s parseSet): on failure `reason` is the first problem (form, weight, reps, duration, effort on `scale`), otherwise the set''s parts. A weight before a duration (`20x45s`) is a weighted hold; `bw+20x5` a bodyweight set with 20 added (bodyweight, weight 20).';

create function app_hidden.doc_real_date(y int, m int, d int) returns boolean
language sql immutable parallel safe as $$
  select y >= 1 and m between 1 and 12 and d >= 1 and d <= case
    when m = 2 then case when y % 4 = 0 and (y % 100 <> 0 or y % 400 = 0) then 29 else 28 end
    when m in (4, 6, 9, 11) then 30
    else 31 end;
$$;
comment on function app_hidden.doc_real_date(int, int, int) is E'Whether year (from 1), month and day name a real day of the proleptic Gregorian calendar.';

create function app_hidden.doc_start(t text, out reason text, out start timestamptz, out canonical text)
language plpgsql immutable parallel safe as $$
declare
  m text[] := regexp_match(t, '^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,6}))?)?(Z|([+-])([0-9]{2}):([0-9]{2}))$');
  v_utc timestamp;
  v_offset int;
begin
  if m is null then
    reason := 'must be a date-time with offset like 2024-05-31T18:30:00+02:00';
    return;
  end if;
  if not app_hidden.doc_real_date(m[1]::int, m[2]::int, m[3]::int) or m[4]::int > 23 or m[5]::int > 59
     or coalesce(m[6]::int, 0) > 59 or coalesce(m[10]::int, 0) > 14 or coalesce(m[11]::int, 0) > 59 then
    reason := 'not a real date-time';
    return;
  end if;
  v_offset := case when m[9] = '-' then -1 else 1 end * (coalesce(m[10]::int, 0) * 60 + coalesce(m[11]::int, 0));
  v_utc := make_timestamp(m[1]::int, m[2]::int, m[3]::int, m[4]::int, m[5]::int, coalesce(m[6]::int, 0))
         + make_interval(mins => -v_offset)
         + rpad(coalesce(m[7], ''), 6, '0')::int * interval '1 microsecond';
  if extract(year from v_utc) not between 1 and 9999 then
    reason := 'not a real date-time';
    return;
  end if;
  start := v_utc at time zone 'UTC';
  canonical := app_hidden.format_start(start);
end;
$$;
comment on function app_hidden.doc_start(text) is E'Parses a workout start (ISO 8601 with an offset): the first problem, or the instant and its canonical text.';

create function app_hidden.format_start(t timestamptz) returns text
language sql immutable parallel safe as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')
      || coalesce('.' || nullif(rtrim(to_char(t at time zone 'UTC', 'US'), '0'), ''), '') || 'Z';
$$;
comment on function app_hidden.format_start(timestamptz) is E'Canonical start: UTC, `YYYY-MM-DDTHH:MM:SS`, the fraction without trailing zeros (none when zero), `Z`.';

create function app_hidden.convert_weight(weight numeric, from_unit text, to_unit text) returns numeric
language sql immutable parallel safe as $$
  select case
    when weight is null then null
    when from_unit = to_unit then trim_scale(weight)
    when from_unit = 'lb' then trim_scale(round(weight * 0.45359237, 2))
    else trim_scale(round(weight / 0.45359237, 2))
  end;
$$;
comment on function app_hidden.convert_weight(numeric, text, text) is E'A weight in another unit (1 lb = 0.45359237 kg), rounded to 2 decimals half away from zero; unchanged in the same unit. The SDK''s convertWeight gives the same numbers.';

--------------------------------------------------------------------------------
-- Exercise references
--------------------------------------------------------------------------------
create function app_hidden.doc_exercise(ref text, inout cache jsonb, out exercise_id uuid, out reason text)
language plpgsql stable as $$
begin
  if cache ? ref then
    exercise_id := (cache ->> ref)::uuid;
    return;
  end if;
  exercise_id := app_hidden.resolve_exercise(ref);
  if exercise_id is null then
    reason := app_hidden.unknown_exercise_reason(ref);
    return;
  end if;
  cache := cache || jsonb_build_object(ref, exercise_id);
end;
$$;
comment on function app_hidden.doc_exercise(text, jsonb) is E'Resolves an exercise reference for the caller (app_hidden.resolve_exercise), remembering answers for the rest of the document in cache; reason when it names no exercise.';

create function app_hidden.exercise_reference(p_exercise uuid) returns text
language sql stable as $$
  select case when app_hidden.resolve_exercise(e.name) = e.id then e.name else e.id::text end
    from app_public.exercises e where e.id = p_exercise;
$$;
comment on function app_hidden.exercise_reference(uuid) is E'How a shown document names an exercise: its name, or its id when the name would resolve to another exercise for this caller (a custom exercise spelled like a catalog one), so applying the document back means the same exercise.';

create function app_hidden.doc_bodyweight(v jsonb) returns numeric
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'number' then
    case when v::numeric > 0 and v::numeric <= 1500 and v::numeric = round(v::numeric, 2) then trim_scale(v::numeric) end
  end;
$$;
comment on function app_hidden.doc_bodyweight(jsonb) is E'A JSON number above 0 and at most 1500 with at most 2 decimals (trailing zeros aside), without trailing zeros; otherwise null.';

--------------------------------------------------------------------------------
-- Routine documents
--------------------------------------------------------------------------------
create function app_hidden.doc_exercise_field(entry jsonb, inout cache jsonb, out ref text, out exercise_id uuid, out reason text)
language plpgsql stable set search_path to pg_catalog, public as $$
begin
  if not entry ? 'exercise' then
    reason := 'is required'; return;
  end if;
  ref := app_hidden.doc_string(entry -> 'exercise');
  if ref is null then
    reason := 'must be a string'; return;
  end if;
  if char_length(ref) not between 1 and 100 then
    reason := 'must be 1 to 100 characters'; return;
  end if;
  if ref ~ '[\u0001-\u001f\u007f-\u009f]' then
    reason := 'must not contain control characters such as a newline or tab'; return;
  end if;
  select r.cache, r.exercise_id, r.reason into cache, exercise_id, reason from app_hidden.doc_exercise(ref, cache) r;
end;
$$;
comment on function app_hidden.doc_exercise_field(jsonb, jsonb) is E'The `exercise` field of a routine or workout entry: the reference as written and the exercise it names (resolved through cache, as app_hidden.doc_exercise), or the reason it is refused at `<entry>.exercise`.';

create function app_hidden.walk_routine_document(doc jsonb, p_unit text,
  out path text, out reason text, out canonical jsonb, out exercise_rows jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_public.current_user_id();
  k text;
  s text;
  v_id uuid;
  v_other uuid;
  v_list jsonb;
  e jsonb;
  p text;
  i int;
  v_out jsonb;
  v_cache jsonb := '{}';
  v_exercise uuid;
  v_sets int;
  v_low numeric;
  v_high numeric;
  v_time numeric;
  v_weight numeric;
  v_rest numeric;
  v_superset text;
  v_progression text;
  v_extra int[];
  v_n int;
  f text;
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
begin
  if jsonb_typeof(doc) is distinct from 'object' then
    path := 'document'; reason := 'must be an object'; return;
  end if;
  k := app_hidden.doc_unknown_key(doc, '{id,name,icon,progression,unit,deload,exercises}');
  if k is not null then
    path := k; reason := 'unknown property'; return;
  end if;
  v_out := '{}';
  -- id: a routine of the caller's
  if doc ? 'id' then
    s := app_hidden.doc_uuid(doc -> 'id');
    if s is null then
      path := 'id'; reason := 'must be a uuid'; return;
    end if;
    v_id := s::uuid;
    if not exists (select 1 from app_public.routines r where r.id = v_id and r.user_id = v_user) then
      path := 'id'; reason := 'not found'; return;
    end if;
    v_out := jsonb_build_object('id', s);
  end if;
  -- name: 1 to 80 characters, not another routine's name
  if not doc ? 'name' then
    path := 'name'; reason := 'is required'; return;
  end if;
  s := app_hidden.doc_string(doc -> 'name');
  if s is null then
    path := 'name'; reason := 'must be a string'; return;
  end if;
  if char_length(s) not between 1 and 80 then
    path := 'name'; reason := 'must be 1 to 80 characters'; return;
  end if;
  if s ~ '[\u0001-\u001f\u007f-\u009f]' then
    path := 'name'; reason := 'must not contain control characters such as a newline or tab'; return;
  end if;
  select r.id into v_other from app_public.routines r
   where r.user_id = v_user and r.name_key = app_public.routine_name_key(s) and r.id is distinct from v_id limit 1;
  if v_other is not null then
    path := 'name'; reason := 'a routine with this name already exists: ' || v_other; return;
  end if;
  v_out := v_out || jsonb_build_object('name', s);
  if doc ? 'icon' then
    s := app_hidden.doc_string(doc -> 'icon');
    if s is null then
      path := 'icon'; reason := 'must be a string'; return;
    end if;
    if char_length(s) not between 1 and 40 then
      path := 'icon'; reason := 'must be 1 to 40 characters'; return;
    end if;
    if s ~ '[\u0001-\u001f\u007f-\u009f]' then
      path := 'icon'; reason := 'must not contain control characters such as a newline or tab'; return;
    end if;
    v_out := v_out || jsonb_build_object('icon', s);
  end if;
  s := 'linear';
  if doc ? 'progression' then
    s := app_hidden.doc_string(doc -> 'progression');
    if s is null or s not in ('linear', 'greyskull', 'double', 'time', 'none') then
      path := 'progression'; reason := 'must be one of linear, greyskull, double, time, none'; return;
    end if;
  end if;
  v_out := v_out || jsonb_build_object('progression', s);
  s := p_unit;
  if doc ? 'unit' then
    s := app_hidden.doc_string(doc -> 'unit');
    if s is null or s not in ('kg', 'lb') then
      path := 'unit'; reason := 'must be one of kg, lb'; return;
    end if;
  end if;
  v_out := v_out || jsonb_build_object('unit', s);
  if doc ? 'deload' then
    if jsonb_typeof(doc -> 'deload') <> 'boolean' then
      path := 'deload'; reason := 'must be a boolean'; return;
    end if;
    if (doc -> 'deload')::boolean then
      v_out := v_out || '{"deload": true}';
    end if;
  end if;
  -- exercises: at most 100
  if not doc ? 'exercises' then
    path := 'exercises'; reason := 'is required'; return;
  end if;
  v_list := doc -> 'exercises';
  if jsonb_typeof(v_list) <> 'array' then
    path := 'exercises'; reason := 'must be an array'; return;
  end if;
  if jsonb_array_length(v_list) > 100 then
    path := 'exercises'; reason := 'must have at most 100 entries'; return;
  end if;
  for i in 0 .. jsonb_array_length(v_list) - 1 loop
    e := v_list -> i;
    p := 'exercises[' || i || ']';
    if jsonb_typeof(e) <> 'object' then
      path := p; reason := 'must be an object'; return;
    end if;
    k := app_hidden.doc_unknown_key(e, '{exercise,sets,reps,time,weight,rest,superset,progression,warmups,drops,bursts}');
    if k is not null then
      path := p || '.' || k; reason := 'unknown property'; return;
    end if;
    select r.ref, r.cache, r.exercise_id, r.reason into s, v_cache, v_exercise, reason from app_hidden.doc_exercise_field(e, v_cache) r;
    if reason is not null then
      path := p || '.exercise'; return;
    end if;
    if not e ? 'sets' then
      path := p || '.sets'; reason := 'is required'; return;
    end if;
    v_sets := app_hidden.doc_integer(e -> 'sets', 1, 20);
    if v_sets is null then
      path := p || '.sets'; reason := 'must be an integer from 1 to 20'; return;
    end if;
    v_low := null; v_high := null;
    if e ? 'reps' then
      if jsonb_typeof(e -> 'reps') = 'string' then
        select m[1]::numeric, m[2]::numeric into v_low, v_high
          from regexp_match(e ->> 'reps', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$') m;
        if v_low is null then
          path := p || '.reps'; reason := 'must be an integer from 0 to 500 or a range like 8-12'; return;
        end if;
        if v_low > 500 or v_high > 500 then
          path := p || '.reps'; reason := 'range must be within 0 to 500'; return;
        end if;
        if v_low > v_high then
          path := p || '.reps'; reason := 'range must go from low to high'; return;
        end if;
      else
        v_low := app_hidden.doc_integer(e -> 'reps', 0, 500);
        if v_low is null then
          path := p || '.reps'; reason := 'must be an integer from 0 to 500 or a range like 8-12'; return;
        end if;
        v_high := v_low;
      end if;
    end if;
    v_time := null;
    if e ? 'time' then
      v_time := app_hidden.doc_duration(e -> 'time');
      if v_time is null then
        path := p || '.time'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
      end if;
      if v_time > 86400 then
        path := p || '.time'; reason := 'must be at most 86400 seconds'; return;
      end if;
      if e ? 'reps' then
        path := p || '.time'; reason := 'cannot be used together with reps'; return;
      end if;
    end if;
    v_weight := null;
    if e ? 'weight' and jsonb_typeof(e -> 'weight') <> 'null' then
      v_weight := app_hidden.doc_weight(e -> 'weight');
      if v_weight is null then
        path := p || '.weight'; reason := 'must be a number from 0 to 10000 with at most 2 decimals'; return;
      end if;
    end if;
    v_rest := null;
    if e ? 'rest' then
      v_rest := app_hidden.doc_duration(e -> 'rest');
      if v_rest is null then
        path := p || '.rest'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
      end if;
      if v_rest > 900 then
        path := p || '.rest'; reason := 'must be at most 900 seconds'; return;
      end if;
    end if;
    v_superset := null;
    if e ? 'superset' and jsonb_typeof(e -> 'superset') <> 'null' then
      v_superset := app_hidden.doc_string(e -> 'superset');
      if v_superset is null then
        path := p || '.superset'; reason := 'must be a string'; return;
      end if;
      if char_length(v_superset) not between 1 and 8 then
        path := p || '.superset'; reason := 'must be 1 to 8 characters'; return;
      end if;
      if v_superset ~ '[\u0001-\u001f\u007f-\u009f]' then
        path := p || '.superset'; reason := 'must not contain control characters such as a newline or tab'; return;
      end if;
    end if;
    v_progression := null;
    if e ? 'progression' and jsonb_typeof(e -> 'progression') <> 'null' then
      v_progression := app_hidden.doc_string(e -> 'progression');
      if v_progression is null or v_progression not in ('linear', 'greyskull', 'double', 'time', 'none') then
        path := p || '.progression'; reason := 'must be one of linear, greyskull, double, time, none'; return;
      end if;
    end if;
    v_extra := '{0,0,0}';
    v_n := 0;
    foreach f in array array['warmups', 'drops', 'bursts'] loop
      v_n := v_n + 1;
      if e ? f then
        v_extra[v_n] := app_hidden.doc_integer(e -> f, 0, 5);
        if v_extra[v_n] is null then
          path := p || '.' || f; reason := 'must be an integer from 0 to 5'; return;
        end if;
      end if;
    end loop;
    v_canon := v_canon || jsonb_strip_nulls(jsonb_build_object(
      'exercise', s, 'sets', v_sets,
      'reps', case when v_low is null then null when v_low = v_high then to_jsonb(v_low) else to_jsonb(v_low || '-' || v_high) end,
      'time', v_time, 'weight', v_weight, 'rest', v_rest, 'superset', v_superset, 'progression', v_progression,
      'warmups', nullif(v_extra[1], 0), 'drops', nullif(v_extra[2], 0), 'bursts', nullif(v_extra[3], 0)));
    v_rows := v_rows || jsonb_build_object(
      'exercise_id', v_exercise, 'sets', v_sets, 'reps_low', v_low, 'reps_high', v_high, 'seconds', v_time,
      'weight', v_weight, 'rest_seconds', v_rest, 'superset', v_superset, 'progression', v_progression,
      'warmups', v_extra[1], 'drops', v_extra[2], 'bursts', v_extra[3]);
  end loop;
  canonical := v_out || jsonb_build_object('exercises', to_jsonb(v_canon));
  exercise_rows := to_jsonb(v_rows);
end;
$$;
comment on function app_hidden.walk_routine_document(jsonb, text) is E'The validation walk of a routine document for the calling user: the first problem (path, reason), or the canonical document and the rows to write (exercise ids resolved). p_unit is the unit when the document names none.';

create function app_public.validate_routine_document(doc jsonb, unit text default null,
  out path text, out reason text, out canonical jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
begin
  if unit is not null and unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  select * into w from app_hidden.walk_routine_program(doc,
    coalesce(unit, (select u.unit from app_public.users u where u.id = v_user), 'kg'));
  path := w.path;
  reason := w.reason;
  canonical := w.canonical;
end;
$$;
comment on function app_public.validate_routine_document(jsonb, text) is E'@behavior -*\nValidates a routine document for the signed-in user without saving it: the first problem as (path, reason), or the canonical document '
  '(the SDK''s canonical form: exercises as written, no id added). unit: the unit to assume when the document names none (default the user''s).';

create function app_public.apply_routine_document(doc jsonb, out routine_id uuid, out created boolean)
language plpgsql volatile as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
  c jsonb;
  v_id uuid;
  v_other uuid;
begin
  select * into w from app_hidden.walk_routine_program(doc,
    coalesce((select u.unit from app_public.users u where u.id = v_user), 'kg'));
  if w.path is not null then
    raise exception '%: %', w.path, w.reason using errcode = 'SVDOC', detail = w.path, hint = w.reason;
  end if;
  c := w.canonical;
  begin
    if c ? 'id' then
      v_id := (c ->> 'id')::uuid;
      update app_public.routines r
         set name = c ->> 'name', icon = c ->> 'icon', progression = c ->> 'progression', unit = c ->> 'unit',
             deload = c ? 'deload', program = c ->> 'program'
       where r.id = v_id;
      delete from app_public.routine_exercises re where re.routine_id = v_id;
      created := false;
    else
      insert into app_public.routines as r (name, icon, progression, unit, deload, program)
      values (c ->> 'name', c ->> 'icon', c ->> 'progression', c ->> 'unit', c ? 'deload', c ->> 'program')
      returning r.id into v_id;
      created := true;
    end if;
  exception when unique_violation then
    -- Another transaction took the name between the check and the write.
    select r.id into v_other from app_public.routines r
     where r.user_id = v_user and r.name_key = app_public.routine_name_key(c ->> 'name') and r.id is distinct from v_id limit 1;
    raise exception 'name: a routine with this name already exists: %', v_other using errcode = 'SVDOC',
      detail = 'name', hint = 'a routine with this name already exists: ' || v_other;
  end;
  insert into app_public.routine_exercises (routine_id, position, exercise_id, sets, reps_low, reps_high, seconds, weight,
    rest_seconds, superset, progression, warmups, drops, bursts, training_max, cycle, stages, increment)
  select v_id, x.ord - 1, (x.e ->> 'exercise_id')::uuid, (x.e ->> 'sets')::int, (x.e ->> 'reps_low')::int,
         (x.e ->> 'reps_high')::int, (x.e ->> 'seconds')::int, (x.e ->> 'weight')::float8, (x.e ->> 'rest_seconds')::int,
         x.e ->> 'superset', x.e ->> 'progression', (x.e ->> 'warmups')::int, (x.e ->> 'drops')::int, (x.e ->> 'bursts')::int,
         (x.e ->> 'training_max')::float8, x.e -> 'cycle', x.e -> 'stages', (x.e ->> 'increment')::float8
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord);
  routine_id := v_id;
end;
$$;
comment on function app_public.apply_routine_document(jsonb) is E'@behavior -*\nSaves a routine document for the signed-in user in one statement: with `id`, replaces that routine whole '
  '(exercises left out are removed); without, creates one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with detail = path '
  'and hint = reason (GraphQL INVALID_DOCUMENT). Returns the routine''s id and whether it was created.';

create function app_public.routine_document(ref text, unit text default null) returns json
language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  v_id uuid;
  v_doc json;
begin
  if unit is not null and unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  select r.id into v_id from app_public.routines r where r.id = app_hidden.try_uuid(ref) and r.user_id = v_user;
  if v_id is null then
    select r.id into v_id from app_public.routines r where r.user_id = v_user and r.name_key = app_public.routine_name_key(ref);
  end if;
  if v_id is null then
    return null;
  end if;
  select json_strip_nulls(json_build_object(
           'id', r.id, 'name', r.name, 'icon', r.icon, 'progression', r.progression, 'unit', u.unit,
           'deload', case when r.deload then true end,
           'exercises', coalesce((
             select json_agg(json_build_object(
                      'exercise', app_hidden.exercise_reference(re.exercise_id),
                      'sets', re.sets,
                      'reps', case when re.reps_low = re.reps_high then to_json(re.reps_low)
                                   when re.reps_low is not null then to_json(re.reps_low || '-' || re.reps_high) end,
                      'time', re.seconds,
                      'weight', app_hidden.shown_weight(re.weight::numeric, r.unit, u.unit),
                      'rest', re.rest_seconds, 'superset', re.superset, 'progression', re.progression,
                      'warmups', nullif(re.warmups, 0), 'drops', nullif(re.drops, 0), 'bursts', nullif(re.bursts, 0),
                      'trainingMax', app_hidden.shown_weight(re.training_max::numeric, r.unit, u.unit),
                      'cycle', re.cycle, 'stages', re.stages, 'increment', app_hidden.shown_increment(re.increment::numeric, r.unit, u.unit))
                    order by re.position)
               from app_public.routine_exercises re where re.routine_id = r.id), '[]'),
           'program', r.program))
    into v_doc
    from app_public.routines r, lateral (select coalesce(routine_document.unit, r.unit) as unit) u
   where r.id = v_id;
  return v_doc;
end;
$$;
comment on function app_public.routine_document(text, text) is E'@behavior -*\nShows one of the signed-in user''s routines as its canonical document (keys in the spec''s order): ref is its id or its name '
  '(ignoring case and surrounding spaces); null when the user has none such. Exercises appear by name (by id when the name would mean another exercise); '
  'weights in the routine''s unit, or in unit when given: converted and snapped to the nearest loadable weight of that unit (2.5 kg, 5 lb), '
  'so applying it back stores weights a lifter can load and, being the same load, does not restart progression. Applying the routine''s own unit changes nothing.';

--------------------------------------------------------------------------------
-- Workout documents
--------------------------------------------------------------------------------
create function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text,
  out path text, out reason text, out canonical jsonb, out start timestamptz, out exercise_rows jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_public.current_user_id();
  k text;
  s text;
  v_id uuid;
  v_list jsonb;
  v_sets jsonb;
  e jsonb;
  x jsonb;
  p text;
  sp text;
  i int;
  j int;
  v_out jsonb;
  v_cache jsonb := '{}';
  v_exercise uuid;
  v_date text;
  v_effort text;
  v_n int;
  v_superset text;
  v_note text;
  v_pinned boolean;
  v_skip boolean;
  v_done boolean;
  v_set record;
  v_text text;
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  v_set_canon jsonb[];
  v_set_rows jsonb[];
begin
  if jsonb_typeof(doc) is distinct from 'object' then
    path := 'document'; reason := 'must be an object'; return;
  end if;
  k := app_hidden.doc_unknown_key(doc,
    '{id,name,date,start,minutes,bodyweight,unit,effort,routine,notes,skipProgression,exercises}');
  if k is not null then
    path := k; reason := 'unknown property'; return;
  end if;
  v_out := '{}';
  if doc ? 'id' then
    s := app_hidden.doc_uuid(doc -> 'id');
    if s is null then
      path := 'id'; reason := 'must be a uuid'; return;
    end if;
    v_id := s::uuid;
    if not exists (select 1 from app_public.workouts w where w.id = v_id and w.user_id = v_user) then
      path := 'id'; reason := 'not found'; return;
    end if;
    v_out := jsonb_build_object('id', s);
  end if;
  if doc ? 'name' then
    s := app_hidden.doc_string(doc -> 'name');
    if s is null then
      path := 'name'; reason := 'must be a string'; return;
    end if;
    if char_length(s) not between 1 and 80 then
      path := 'name'; reason := 'must be 1 to 80 characters'; return;
    end if;
    if s ~ '[\u0001-\u001f\u007f-\u009f]' then
      path := 'name'; reason := 'must not contain control characters such as a newline or tab'; return;
    end if;
    v_out := v_out || jsonb_build_object('name', s);
  end if;
  if not doc ? 'date' then
    path := 'date'; reason := 'is required'; return;
  end if;
  v_date := app_hidden.doc_string(doc -> 'date');
  if v_date is null or v_date !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    path := 'date'; reason := 'must be a date like 2024-05-31'; return;
  end if;
  if not app_hidden.doc_real_date(substr(v_date, 1, 4)::int, substr(v_date, 6, 2)::int, substr(v_date, 9, 2)::int) then
    path := 'date'; reason := 'not a real calendar date'; return;
  end if;
  if v_date < '1900-01-01' or v_date > '2099-12-31' then
    path := 'date'; reason := 'must be from 1900-01-01 to 2099-12-31'; return;
  end if;
  v_out := v_out || jsonb_build_object('date', v_date);
  if doc ? 'start' then
    s := app_hidden.doc_string(doc -> 'start');
    if s is null then
      path := 'start'; reason := 'must be a date-time with offset like 2024-05-31T18:30:00+02:00'; return;
    end if;
    select r.reason, r.start, r.canonical into reason, start, s from app_hidden.doc_start(s) r;
    if reason is not null then
      path := 'start'; return;
    end if;
    -- Within a day: the start's UTC day is the day before, of or after `date`.
    if (start at time zone 'UTC')::date not between v_date::date - 1 and v_date::date + 1 then
      path := 'start'; reason := 'must be within a day of date'; return;
    end if;
  else
    start := (v_date || ' 12:00:00')::timestamp at time zone 'UTC';
    s := v_date || 'T12:00:00Z';
  end if;
  v_out := v_out || jsonb_build_object('start', s);
  if doc ? 'minutes' then
    v_n := app_hidden.doc_integer(doc -> 'minutes', 0, 1440);
    if v_n is null then
      path := 'minutes'; reason := 'must be an integer from 0 to 1440'; return;
    end if;
    v_out := v_out || jsonb_build_object('minutes', v_n);
  end if;
  if doc ? 'bodyweight' and jsonb_typeof(doc -> 'bodyweight') <> 'null' then
    if app_hidden.doc_bodyweight(doc -> 'bodyweight') is null then
      path := 'bodyweight'; reason := 'must be a number above 0 and at most 1500 with at most 2 decimals'; return;
    end if;
    v_out := v_out || jsonb_build_object('bodyweight', app_hidden.doc_bodyweight(doc -> 'bodyweight'));
  end if;
  s := p_unit;
  if doc ? 'unit' then
    s := app_hidden.doc_string(doc -> 'unit');
    if s is null or s not in ('kg', 'lb') then
      path := 'unit'; reason := 'must be one of kg, lb'; return;
    end if;
  end if;
  v_out := v_out || jsonb_build_object('unit', s);
  v_effort := p_effort;
  if doc ? 'effort' then
    v_effort := app_hidden.doc_string(doc -> 'effort');
    if v_effort is null or v_effort not in ('rir', 'rpe') then
      path := 'effort'; reason := 'must be one of rir, rpe'; return;
    end if;
  end if;
  v_out := v_out || jsonb_build_object('effort', v_effort);
  if doc ? 'routine' and jsonb_typeof(doc -> 'routine') <> 'null' then
    s := app_hidden.doc_uuid(doc -> 'routine');
    if s is null then
      path := 'routine'; reason := 'must be a uuid'; return;
    end if;
    if not exists (select 1 from app_public.routines r where r.id = s::uuid and r.user_id = v_user) then
      path := 'routine'; reason := 'not found'; return;
    end if;
    v_out := v_out || jsonb_build_object('routine', s);
  end if;
  if doc ? 'notes' and jsonb_typeof(doc -> 'notes') <> 'null' then
    s := app_hidden.doc_string(doc -> 'notes');
    if s is null then
      path := 'notes'; reason := 'must be a string'; return;
    end if;
    if char_length(s) > 2000 then
      path := 'notes'; reason := 'must be at most 2000 characters'; return;
    end if;
    v_out := v_out || jsonb_build_object('notes', s);
  end if;
  if doc ? 'skipProgression' then
    if jsonb_typeof(doc -> 'skipProgression') <> 'boolean' then
      path := 'skipProgression'; reason := 'must be a boolean'; return;
    end if;
    if (doc -> 'skipProgression')::boolean then
      v_out := v_out || '{"skipProgression": true}';
    end if;
  end if;
  if not doc ? 'exercises' then
    path := 'exercises'; reason := 'is required'; return;
  end if;
  v_list := doc -> 'exercises';
  if jsonb_typeof(v_list) <> 'array' then
    path := 'exercises'; reason := 'must be an array'; return;
  end if;
  -- Bounded work: the sizes are checked before any entry is looked at.
  if jsonb_array_length(v_list) > 100 then
    path := 'exercises'; reason := 'must have at most 100 entries'; return;
  end if;
  if (select coalesce(sum(jsonb_array_length(x.e -> 'sets')), 0) from jsonb_array_elements(v_list) x(e)
       where jsonb_typeof(x.e -> 'sets') = 'array') > 500 then
    path := 'exercises'; reason := 'must have at most 500 sets in all'; return;
  end if;
  for i in 0 .. jsonb_array_length(v_list) - 1 loop
    e := v_list -> i;
    p := 'exercises[' || i || ']';
    if jsonb_typeof(e) <> 'object' then
      path := p; reason := 'must be an object'; return;
    end if;
    k := app_hidden.doc_unknown_key(e, '{exercise,superset,note,pinned,skipProgression,sets}');
    if k is not null then
      path := p || '.' || k; reason := 'unknown property'; return;
    end if;
    select r.ref, r.cache, r.exercise_id, r.reason into s, v_cache, v_exercise, reason from app_hidden.doc_exercise_field(e, v_cache) r;
    if reason is not null then
      path := p || '.exercise'; return;
    end if;
    v_superset := null;
    if e ? 'superset' and jsonb_typeof(e -> 'superset') <> 'null' then
      v_superset := app_hidden.doc_string(e -> 'superset');
      if v_superset is null then
        path := p || '.superset'; reason := 'must be a string'; return;
      end if;
      if char_length(v_superset) not between 1 and 8 then
        path := p || '.superset'; reason := 'must be 1 to 8 characters'; return;
      end if;
      if v_superset ~ '[\u0001-\u001f\u007f-\u009f]' then
        path := p || '.superset'; reason := 'must not contain control characters such as a newline or tab'; return;
      end if;
    end if;
    v_note := null;
    if e ? 'note' and jsonb_typeof(e -> 'note') <> 'null' then
      v_note := app_hidden.doc_string(e -> 'note');
      if v_note is null then
        path := p || '.note'; reason := 'must be a string'; return;
      end if;
      if char_length(v_note) > 500 then
        path := p || '.note'; reason := 'must be at most 500 characters'; return;
      end if;
    end if;
    v_pinned := false;
    if e ? 'pinned' then
      if jsonb_typeof(e -> 'pinned') <> 'boolean' then
        path := p || '.pinned'; reason := 'must be a boolean'; return;
      end if;
      v_pinned := (e -> 'pinned')::boolean;
    end if;
    v_skip := false;
    if e ? 'skipProgression' then
      if jsonb_typeof(e -> 'skipProgression') <> 'boolean' then
        path := p || '.skipProgression'; reason := 'must be a boolean'; return;
      end if;
      v_skip := (e -> 'skipProgression')::boolean;
    end if;
    if not e ? 'sets' then
      path := p || '.sets'; reason := 'is required'; return;
    end if;
    v_sets := e -> 'sets';
    if jsonb_typeof(v_sets) <> 'array' then
      path := p || '.sets'; reason := 'must be an array'; return;
    end if;
    if jsonb_array_length(v_sets) < 1 then
      path := p || '.sets'; reason := 'must have at least 1 entry'; return;
    end if;
    if jsonb_array_length(v_sets) > 50 then
      path := p || '.sets'; reason := 'must have at most 50 entries'; return;
    end if;
    v_set_canon := '{}';
    v_set_rows := '{}';
    for j in 0 .. jsonb_array_length(v_sets) - 1 loop
      x := v_sets -> j;
      sp := p || '.sets[' || j || ']';
      v_done := true;
      if jsonb_typeof(x) = 'string' then
        v_text := x #>> '{}';
      elsif jsonb_typeof(x) = 'object' then
        k := app_hidden.doc_unknown_key(x, '{set,done}');
        if k is not null then
          path := sp || '.' || k; reason := 'unknown property'; return;
        end if;
        sp := sp || '.set';
        if not x ? 'set' then
          path := sp; reason := 'is required'; return;
        end if;
        v_text := app_hidden.doc_string(x -> 'set');
        if v_text is null then
          path := sp; reason := 'must be a string'; return;
        end if;
      else
        path := sp; reason := 'must be a string or an object'; return;
      end if;
      select * into v_set from app_hidden.doc_parse_set(v_text, v_effort);
      if v_set.reason is not null then
        path := sp; reason := v_set.reason; return;
      end if;
      if jsonb_typeof(x) = 'object' and x ? 'done' then
        if jsonb_typeof(x -> 'done') <> 'boolean' then
          path := p || '.sets[' || j || '].done'; reason := 'must be a boolean'; return;
        end if;
        v_done := (x -> 'done')::boolean;
      end if;
      v_text := app_hidden.format_set(v_set.kind, v_set.weight, v_set.bodyweight, v_set.reps, v_set.seconds, v_set.effort);
      v_set_canon := v_set_canon || case when v_done then to_jsonb(v_text) else jsonb_build_object('set', v_text, 'done', false) end;
      v_set_rows := v_set_rows || jsonb_build_object('kind', v_set.kind, 'weight', v_set.weight, 'bodyweight', v_set.bodyweight,
        'reps', v_set.reps, 'seconds', v_set.seconds, 'effort', v_set.effort, 'done', v_done);
    end loop;
    v_canon := v_canon || jsonb_strip_nulls(jsonb_build_object(
      'exercise', s, 'superset', v_superset, 'note', v_note,
      'pinned', case when v_pinned then true end, 'skipProgression', case when v_skip then true end,
      'sets', to_jsonb(v_set_canon)));
    v_rows := v_rows || jsonb_build_object('exercise_id', v_exercise, 'superset', v_superset, 'note', v_note,
      'pinned', v_pinned, 'skip_progression', v_skip, 'sets', to_jsonb(v_set_rows));
  end loop;
  canonical := v_out || jsonb_build_object('exercises', to_jsonb(v_canon));
  exercise_rows := to_jsonb(v_rows);
end;
$$;
comment on function app_hidden.walk_workout_document(jsonb, text, text) is E'The validation walk of a workout document for the calling user: the first problem (path, reason), or the canonical document, the start instant and the rows to write. p_unit and p_effort apply when the document names none.';

create function app_public.validate_workout_document(doc jsonb, unit text default null, effort text default null,
  out path text, out reason text, out canonical jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
begin
  if unit is not null and unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  if effort is not null and effort not in ('rir', 'rpe') then
    raise exception 'effort: must be one of rir, rpe' using errcode = 'SVBAD';
  end if;
  select * into w from app_hidden.walk_workout_document(doc,
    coalesce(unit, (select u.unit from app_public.users u where u.id = v_user), 'kg'),
    coalesce(effort, (select u.effort from app_public.users u where u.id = v_user), 'rpe'));
  path := w.path;
  reason := w.reason;
  canonical := w.canonical;
end;
$$;
comment on function app_public.validate_workout_document(jsonb, text, text) is E'@behavior -*\nValidates a workout document for the signed-in user without saving it: the first problem as (path, reason), or the canonical document '
  '(the SDK''s canonical form: exercises as written, no id added). unit and effort: what to assume when the document names none (default the user''s settings).';

create function app_public.apply_workout_document(doc jsonb, idempotency_key uuid default null,
  out workout_id uuid, out created boolean, out replayed boolean)
language plpgsql volatile as $$
#variable_conflict use_column
declare
  v_user uuid := app_hidden.require_user();
  w record;
  c jsonb;
  v_id uuid;
  v_exercise_ids uuid[];
  v_hash bytea;
  v_held record;
begin
  select * into w from app_hidden.walk_workout_document(doc,
    coalesce((select u.unit from app_public.users u where u.id = v_user), 'kg'),
    coalesce((select u.effort from app_public.users u where u.id = v_user), 'rpe'));
  if w.path is not null then
    raise exception '%: %', w.path, w.reason using errcode = 'SVDOC', detail = w.path, hint = w.reason;
  end if;
  c := w.canonical;
  replayed := false;
  if apply_workout_document.idempotency_key is not null then
    v_hash := sha256(convert_to(c::text, 'UTF8'));
    select x.id, x.idempotency_hash into v_held
      from app_public.workouts x
     where x.user_id = v_user and x.idempotency_key = apply_workout_document.idempotency_key;
    if v_held.id is not null and not (c ? 'id') then
      -- The same save again: answer as the first time, change nothing.
      if v_held.idempotency_hash = v_hash then
        workout_id := v_held.id;
        created := true;
        replayed := true;
        return;
      end if;
      raise exception 'idempotencyKey: this key already saved workout % with another document; replace it with "id": "%"', v_held.id, v_held.id
        using errcode = 'SVDUP', detail = v_held.id::text;
    end if;
    if v_held.id is not null and v_held.id <> (c ->> 'id')::uuid then
      raise exception 'idempotencyKey: this key belongs to another workout (%)', v_held.id using errcode = 'SVDUP', detail = v_held.id::text;
    end if;
  end if;
  if c ? 'id' then
    -- A replacement is idempotent by itself: the key (if any) only had to not name another workout.
    v_id := (c ->> 'id')::uuid;
    update app_public.workouts x
       set routine_id = (c ->> 'routine')::uuid, name = c ->> 'name', date = (c ->> 'date')::date, start = w.start,
           minutes = (c ->> 'minutes')::int, bodyweight = (c ->> 'bodyweight')::float8, unit = c ->> 'unit',
           effort = c ->> 'effort', notes = c ->> 'notes', skip_progression = c ? 'skipProgression'
     where x.id = v_id;
    delete from app_public.workout_exercises we where we.workout_id = v_id;
    created := false;
  else
    insert into app_public.workouts as x (routine_id, name, date, start, minutes, bodyweight, unit, effort, notes, skip_progression,
                                          idempotency_key, idempotency_hash)
    values ((c ->> 'routine')::uuid, c ->> 'name', (c ->> 'date')::date, w.start, (c ->> 'minutes')::int,
            (c ->> 'bodyweight')::float8, c ->> 'unit', c ->> 'effort', c ->> 'notes', c ? 'skipProgression',
            apply_workout_document.idempotency_key, v_hash)
    on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
    returning x.id into v_id;
    if v_id is null then
      -- A concurrent save with the same key committed first (the insert waited for it): answer
      -- from it, by the same rule as above.
      select x.id, x.idempotency_hash into v_held
        from app_public.workouts x
       where x.user_id = v_user and x.idempotency_key = apply_workout_document.idempotency_key;
      if v_held.idempotency_hash = v_hash then
        workout_id := v_held.id;
        created := true;
        replayed := true;
        return;
      end if;
      raise exception 'idempotencyKey: this key already saved workout % with another document; replace it with "id": "%"', v_held.id, v_held.id
        using errcode = 'SVDUP', detail = v_held.id::text;
    end if;
    created := true;
  end if;
  with inserted as (
    insert into app_public.workout_exercises as we (workout_id, position, exercise_id, superset, note, pinned, skip_progression)
    select v_id, x.ord - 1, (x.e ->> 'exercise_id')::uuid, x.e ->> 'superset', x.e ->> 'note',
           (x.e ->> 'pinned')::boolean, (x.e ->> 'skip_progression')::boolean
      from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord)
    returning we.id, we.position
  )
  select array_agg(inserted.id order by inserted.position) into v_exercise_ids from inserted;
  insert into app_public.workout_sets (workout_exercise_id, workout_id, position, kind, weight, bodyweight, reps, seconds, effort, done)
  select v_exercise_ids[x.ord], v_id, s.ord - 1, s.v ->> 'kind', (s.v ->> 'weight')::float8, (s.v ->> 'bodyweight')::boolean,
         (s.v ->> 'reps')::int, (s.v ->> 'seconds')::int, (s.v ->> 'effort')::float8, (s.v ->> 'done')::boolean
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord),
         jsonb_array_elements(x.e -> 'sets') with ordinality as s(v, ord);
  workout_id := v_id;
end;
$$;
comment on function app_public.apply_workout_document(jsonb, uuid) is E'@behavior -*\nSaves a workout document for the signed-in user in one statement: with `id`, replaces that workout whole '
  '(exercises and sets left out are removed); without, logs a new one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with '
  'detail = path and hint = reason (GraphQL INVALID_DOCUMENT). Returns the workout''s id, whether it was created, and whether this was a replay. '
  'idempotency_key (a UUID the client makes per workout, unique per user): without `id`, the first save with a key logs the workout and records '
  'the key; a later save with the same key and the same canonical document changes nothing and answers as the first (created, replayed = true); '
  'with another document it is refused (SVDUP, CONFLICT; detail = the workout id: replace it with `id`). With `id` the replacement goes ahead '
  'as without a key (it is idempotent by itself) unless the key names another workout (SVDUP); the key stays with the workout it logged.';

create function app_public.workout_sets_text(s app_public.workout_sets) returns text
language sql stable as $$
  select app_hidden.format_set(s.kind, s.weight::numeric, s.bodyweight, s.reps, s.seconds, s.effort::numeric);
$$;
comment on function app_public.workout_sets_text(app_public.workout_sets) is E'@notNull\nThe set as canonical set text (`100x5@8`, `w:60x5`, `bw x 8`, `45s`), weight in the workout''s unit.';

create function app_public.workout_document(id uuid, unit text default null) returns json
language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  v_doc json;
begin
  if unit is not null and unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  select json_strip_nulls(json_build_object(
           'id', w.id, 'name', w.name, 'date', to_char(w.date, 'YYYY-MM-DD'), 'start', app_hidden.format_start(w.start),
           'minutes', w.minutes, 'bodyweight', app_hidden.convert_weight(w.bodyweight::numeric, w.unit, u.unit),
           'unit', u.unit, 'effort', w.effort, 'routine', w.routine_id, 'notes', w.notes,
           'skipProgression', case when w.skip_progression then true end,
           'exercises', coalesce((
             select json_agg(json_build_object(
                      'exercise', app_hidden.exercise_reference(we.exercise_id),
                      'superset', we.superset, 'note', we.note,
                      'pinned', case when we.pinned then true end,
                      'skipProgression', case when we.skip_progression then true end,
                      'sets', (
                        select json_agg(case when s.done then to_json(t.text) else json_build_object('set', t.text, 'done', false) end
                                        order by s.position)
                          from app_public.workout_sets s,
                               lateral (select app_hidden.format_set(s.kind, app_hidden.convert_weight(s.weight::numeric, w.unit, u.unit),
                                                 s.bodyweight, s.reps, s.seconds, s.effort::numeric) as text) t
                         where s.workout_exercise_id = we.id))
                    order by we.position)
               from app_public.workout_exercises we where we.workout_id = w.id), '[]')))
    into v_doc
    from app_public.workouts w, lateral (select coalesce(workout_document.unit, w.unit) as unit) u
   where w.id = workout_document.id and w.user_id = v_user;
  return v_doc;
end;
$$;
comment on function app_public.workout_document(uuid, text) is E'@behavior -*\nShows one of the signed-in user''s workouts as its canonical document (keys in the spec''s order); null when the user has no workout with this id. '
  'Exercises appear by name (by id when the name would mean another exercise); weights in the workout''s unit, or converted to unit (2 decimals) when given. '
  'Applying the result changes nothing.';

--! split: 12-import-and-export.sql
--------------------------------------------------------------------------------
-- Import and export of a whole history
--------------------------------------------------------------------------------
-- Clients read the other apps' files (Strong, Hevy, FitNotes; @svc/sdk/import) into workout
-- documents whose exercise fields are the file's names; here those names are mapped to exercises
-- (the user's choices, then the rule of documents: an id, a custom exercise, a catalog name or
-- alias, then the table of the other apps' names below), workouts already imported are found (by
-- start and name), and the rest is saved through apply_workout_document, the one home of the
-- document rules. A dry run answers the same summary and writes nothing. Export reads every
-- document back a page at a time.

--------------------------------------------------------------------------------
-- The other apps' exercise names
--------------------------------------------------------------------------------
create table app_public.exercise_import_names (
  id uuid primary key default gen_random_uuid(),
  key text not null unique,
  name text not null check (char_length(name) between 1 and 100),
  app text not null check (app in ('strong', 'hevy', 'fitnotes')),
  exercise_id uuid not null references app_public.exercises on delete cascade
);
create index exercise_import_names_exercise on app_public.exercise_import_names (exercise_id);
alter table app_public.exercise_import_names enable row level security;
comment on table app_public.exercise_import_names is E'@behavior -*\nHow other apps name catalog exercises (`Bench Press (Barbell)` in Strong and Hevy, `Flat Barbell Bench Press` in FitNotes): what an import maps a name to when no exercise has it as its name or alias.';
comment on column app_public.exercise_import_names.id is E'Unique identifier.';
comment on column app_public.exercise_import_names.key is E'The name as references compare it (app_public.exercise_key); unique.';
comment on column app_public.exercise_import_names.name is E'The name as the app writes it.';
comment on column app_public.exercise_import_names.app is E'The app that uses this name first (strong, hevy or fitnotes); Strong and Hevy share many.';
comment on column app_public.exercise_import_names.exercise_id is E'The catalog exercise it means.';
-- Like aliases: a row is seen by whoever sees its exercise (the seeds name catalog exercises only).
create policy select_visible on app_public.exercise_import_names for select
  using (exists (select 1 from app_public.exercises e where e.id = exercise_id));

insert into app_public.exercise_import_names (key, name, app, exercise_id)
select app_public.exercise_key(v.name), v.name, v.app, e.id
  from (values
    ('strong', 'Bench Press (Barbell)', 'Bench Press'),
    ('strong', 'Bench Press (Dumbbell)', 'Dumbbell Bench Press'),
    ('strong', 'Bench Press (Smith Machine)', 'Smith Machine Bench Press'),
    ('strong', 'Bench Press - Close Grip (Barbell)', 'Close-Grip Bench Press'),
    ('strong', 'Bench Press - Wide Grip (Barbell)', 'Wide-Grip Bench Press'),
    ('strong', 'Incline Bench Press (Barbell)', 'Incline Bench Press'),
    ('strong', 'Incline Bench Press (Dumbbell)', 'Incline Dumbbell Press'),
    ('strong', 'Decline Bench Press (Barbell)', 'Decline Bench Press'),
    ('strong', 'Decline Bench Press (Dumbbell)', 'Decline Dumbbell Press'),
    ('strong', 'Chest Fly (Dumbbell)', 'Dumbbell Fly'),
    ('strong', 'Incline Chest Fly (Dumbbell)', 'Incline Dumbbell Fly'),
    ('hevy', 'Chest Fly (Machine)', 'Pec Deck'),
    ('strong', 'Cable Crossover', 'Cable Fly'),
    ('strong', 'Chest Press (Machine)', 'Chest Press Machine'),
    ('strong', 'Chest Dip', 'Dip'),
    ('strong', 'Triceps Dip', 'Dip'),
    ('strong', 'Squat (Barbell)', 'Back Squat'),
    ('strong', 'Squat (Smith Machine)', 'Smith Machine Squat'),
    ('strong', 'Squat (Dumbbell)', 'Dumbbell Squat'),
    ('strong', 'Front Squat (Barbell)', 'Front Squat'),
    ('strong', 'Goblet Squat (Kettlebell)', 'Kettlebell Goblet Squat'),
    ('strong', 'Goblet Squat (Dumbbell)', 'Goblet Squat'),
    ('strong', 'Hack Squat (Machine)', 'Hack Squat'),
    ('strong', 'Leg Press (Machine)', 'Leg Press'),
    ('strong', 'Leg Extension (Machine)', 'Leg Extension'),
    ('strong', 'Lying Leg Curl (Machine)', 'Lying Leg Curl'),
    ('strong', 'Seated Leg Curl (Machine)', 'Seated Leg Curl'),
    ('strong', 'Standing Calf Raise (Machine)', 'Standing Calf Raise'),
    ('strong', 'Seated Calf Raise (Machine)', 'Seated Calf Raise'),
    ('strong', 'Calf Press on Leg Press', 'Leg Press Calf Raise'),
    ('strong', 'Lunge (Dumbbell)', 'Dumbbell Lunge'),
    ('strong', 'Lunge (Barbell)', 'Barbell Lunge'),
    ('strong', 'Walking Lunge (Dumbbell)', 'Dumbbell Walking Lunge'),
    ('strong', 'Bulgarian Split Squat (Dumbbell)', 'Bulgarian Split Squat'),
    ('strong', 'Hip Thrust (Barbell)', 'Barbell Hip Thrust'),
    ('strong', 'Glute Bridge (Barbell)', 'Barbell Glute Bridge'),
    ('strong', 'Deadlift (Barbell)', 'Deadlift'),
    ('strong', 'Deadlift (Dumbbell)', 'Dumbbell Deadlift'),
    ('strong', 'Deadlift (Trap Bar)', 'Trap Bar Deadlift'),
    ('strong', 'Sumo Deadlift (Barbell)', 'Sumo Deadlift'),
    ('strong', 'Romanian Deadlift (Barbell)', 'Romanian Deadlift'),
    ('strong', 'Romanian Deadlift (Dumbbell)', 'Dumbbell Romanian Deadlift'),
    ('strong', 'Stiff Leg Deadlift (Barbell)', 'Stiff-Leg Deadlift'),
    ('strong', 'Good Morning (Barbell)', 'Good Morning'),
    ('strong', 'Overhead Press (Barbell)', 'Overhead Press'),
    ('strong', 'Overhead Press (Dumbbell)', 'Dumbbell Shoulder Press'),
    ('strong', 'Shoulder Press (Dumbbell)', 'Dumbbell Shoulder Press'),
    ('strong', 'Shoulder Press (Machine)', 'Shoulder Press Machine'),
    ('strong', 'Seated Overhead Press (Barbell)', 'Seated Overhead Press'),
    ('strong', 'Push Press (Barbell)', 'Push Press'),
    ('strong', 'Arnold Press (Dumbbell)', 'Arnold Press'),
    ('strong', 'Lateral Raise (Dumbbell)', 'Lateral Raise'),
    ('strong', 'Lateral Raise (Cable)', 'Cable Lateral Raise'),
    ('strong', 'Lateral Raise (Machine)', 'Lateral Raise Machine'),
    ('strong', 'Front Raise (Dumbbell)', 'Front Raise'),
    ('strong', 'Front Raise (Barbell)', 'Barbell Front Raise'),
    ('strong', 'Reverse Fly (Dumbbell)', 'Rear Delt Fly'),
    ('strong', 'Reverse Fly (Machine)', 'Reverse Pec Deck'),
    ('strong', 'Face Pull (Cable)', 'Face Pull'),
    ('strong', 'Upright Row (Barbell)', 'Barbell Upright Row'),
    ('strong', 'Shrug (Barbell)', 'Barbell Shrug'),
    ('strong', 'Shrug (Dumbbell)', 'Dumbbell Shrug'),
    ('strong', 'Bent Over Row (Barbell)', 'Barbell Row'),
    ('strong', 'Bent Over Row (Dumbbell)', 'Dumbbell Bent-Over Row'),
    ('strong', 'Bent Over One Arm Row (Dumbbell)', 'Dumbbell Row'),
    ('strong', 'Pendlay Row (Barbell)', 'Pendlay Row'),
    ('strong', 'T Bar Row', 'T-Bar Row'),
    ('strong', 'Seated Row (Cable)', 'Seated Cable Row'),
    ('hevy', 'Seated Cable Row - V Grip (Cable)', 'Seated Cable Row'),
    ('strong', 'Seated Row (Machine)', 'Machine Row'),
    ('strong', 'Lat Pulldown (Cable)', 'Lat Pulldown'),
    ('strong', 'Lat Pulldown (Machine)', 'Machine Pulldown'),
    ('strong', 'Lat Pulldown - Close Grip (Cable)', 'Close-Grip Lat Pulldown'),
    ('strong', 'Pull Up (Assisted)', 'Assisted Pull-Up Machine'),
    ('strong', 'Pull Up (Band)', 'Band-Assisted Pull-Up'),
    ('strong', 'Pull Up (Weighted)', 'Pull-Up'),
    ('strong', 'Chin Up (Weighted)', 'Chin-Up'),
    ('strong', 'Bicep Curl (Barbell)', 'Barbell Curl'),
    ('strong', 'Bicep Curl (Dumbbell)', 'Dumbbell Curl'),
    ('strong', 'Bicep Curl (Cable)', 'Cable Curl'),
    ('strong', 'Bicep Curl (Machine)', 'Machine Preacher Curl'),
    ('strong', 'EZ Bar Curl', 'EZ-Bar Curl'),
    ('strong', 'Hammer Curl (Dumbbell)', 'Hammer Curl'),
    ('strong', 'Hammer Curl (Cable)', 'Cable Hammer Curl'),
    ('strong', 'Preacher Curl (Barbell)', 'Preacher Curl'),
    ('strong', 'Preacher Curl (Dumbbell)', 'Dumbbell Preacher Curl'),
    ('strong', 'Concentration Curl (Dumbbell)', 'Concentration Curl'),
    ('strong', 'Triceps Pushdown (Cable - Straight Bar)', 'Triceps Pushdown'),
    ('hevy', 'Triceps Rope Pushdown', 'Rope Pushdown'),
    ('strong', 'Triceps Extension (Cable)', 'Overhead Cable Triceps Extension'),
    ('strong', 'Triceps Extension (Dumbbell)', 'Overhead Triceps Extension'),
    ('strong', 'Skullcrusher (Barbell)', 'Lying Triceps Extension'),
    ('strong', 'Skullcrusher (Dumbbell)', 'Dumbbell Skull Crusher'),
    ('strong', 'Triceps Kickback (Dumbbell)', 'Dumbbell Kickback'),
    ('strong', 'Rowing (Machine)', 'Rowing Machine'),
    ('strong', 'Cycling (Indoor)', 'Stationary Bike'),
    ('strong', 'Running (Treadmill)', 'Treadmill'),
    ('strong', 'Knee Raise (Captain''s Chair)', 'Hanging Knee Raise'),
    ('strong', 'Crunch (Machine)', 'Ab Crunch Machine'),
    ('strong', 'Crunch (Cable)', 'Cable Crunch'),
    ('strong', 'Back Extension (Hyperextension)', 'Back Extension'),
    ('fitnotes', 'Flat Barbell Bench Press', 'Bench Press'),
    ('fitnotes', 'Flat Dumbbell Bench Press', 'Dumbbell Bench Press'),
    ('fitnotes', 'Incline Barbell Bench Press', 'Incline Bench Press'),
    ('fitnotes', 'Incline Dumbbell Bench Press', 'Incline Dumbbell Press'),
    ('fitnotes', 'Decline Barbell Bench Press', 'Decline Bench Press'),
    ('fitnotes', 'Close Grip Barbell Bench Press', 'Close-Grip Bench Press'),
    ('fitnotes', 'Flat Dumbbell Fly', 'Dumbbell Fly'),
    ('fitnotes', 'Barbell Squat', 'Back Squat'),
    ('fitnotes', 'Barbell Front Squat', 'Front Squat'),
    ('fitnotes', 'Leg Extension Machine', 'Leg Extension'),
    ('fitnotes', 'Seated Leg Curl Machine', 'Seated Leg Curl'),
    ('fitnotes', 'Lying Leg Curl Machine', 'Lying Leg Curl'),
    ('fitnotes', 'Standing Calf Raise Machine', 'Standing Calf Raise'),
    ('fitnotes', 'Seated Calf Raise Machine', 'Seated Calf Raise'),
    ('fitnotes', 'Seated Dumbbell Press', 'Dumbbell Shoulder Press'),
    ('fitnotes', 'Lateral Dumbbell Raise', 'Lateral Raise'),
    ('fitnotes', 'Front Dumbbell Raise', 'Front Raise'),
    ('fitnotes', 'Rope Push Down', 'Rope Pushdown'),
    ('fitnotes', 'V-Bar Push Down', 'Triceps Pushdown'),
    ('fitnotes', 'Parallel Bar Triceps Dip', 'Dip'),
    ('fitnotes', 'EZ-Bar Skullcrusher', 'Lying Triceps Extension'),
    ('fitnotes', 'Dumbbell Concentration Curl', 'Concentration Curl'),
    ('fitnotes', 'Seated Machine Fly', 'Pec Deck'),
    ('fitnotes', 'One-Arm Dumbbell Row', 'Dumbbell Row'),
    ('fitnotes', 'Hammer Curl, Dumbbell', 'Hammer Curl')
  ) as v(app, name, catalog)
  join app_public.exercises e on e.user_id is null and e.key = app_public.exercise_key(v.catalog)
on conflict (key) do update set name = excluded.name, app = excluded.app, exercise_id = excluded.exercise_id;

--------------------------------------------------------------------------------
-- Mapping a file's names
--------------------------------------------------------------------------------
-- The user's choice for a name, from choices: {"<name>": {"action": "map"|"create"|"skip", "exercise": "<ref>"}}
-- (names compared by exercise_key).
create function app_hidden.import_choice(choices jsonb, p_name text) returns jsonb
language sql stable as $$
  select c.value from jsonb_each(coalesce(choices, '{}')) c
   where app_public.exercise_key(c.key) = app_public.exercise_key(p_name)
   limit 1;
$$;
comment on function app_hidden.import_choice(jsonb, text) is E'The user''s choice for a file''s exercise name (names compared ignoring case, spacing, hyphens and dots), or null.';

create function app_hidden.import_map_names(names text[], choices jsonb, custom jsonb)
returns table (name text, exercise_id uuid, action text, via text, suggestions text[])
language plpgsql stable security invoker as $$
declare
  n text;
  c jsonb;
  v_id uuid;
  v_via text;
  v_parts text[];
  v_match record;
begin
  foreach n in array names loop
    c := app_hidden.import_choice(choices, n);
    v_id := null; v_via := null;
    name := n; suggestions := '{}';
    if c is not null and c ->> 'action' = 'skip' then
      action := 'skip'; exercise_id := null; via := 'choice';
      return next; continue;
    end if;
    if c is not null and c ->> 'action' = 'map' then
      v_id := app_hidden.resolve_exercise(c ->> 'exercise');
      if v_id is null then
        raise exception 'choices: "%" is mapped to "%", which names no exercise', n, c ->> 'exercise' using errcode = 'SVBAD';
      end if;
      action := 'map'; exercise_id := v_id; via := 'choice';
      return next; continue;
    end if;
    -- The one resolver of names (app_hidden.match_exercise): exact tiers first.
    select * into v_match from app_hidden.match_exercise(n);
    if v_match.match in ('id', 'name', 'alias') then
      v_id := v_match.exercise_id; v_via := v_match.match;
    end if;
    -- The other apps' names, before the resolver's looser tiers.
    if v_id is null then
      select x.exercise_id into v_id from app_public.exercise_import_names x where x.key = app_public.exercise_key(n);
      if v_id is not null then v_via := 'other-app'; end if;
    end if;
    -- The resolver's words and typo tiers (shown as such in the dry run).
    if v_id is null and v_match.match in ('words', 'typo') then
      v_id := v_match.exercise_id; v_via := v_match.match;
    end if;
    -- `Name (Equipment)`: the equipment in front, then the name alone (`Curl (Cable)` -> `Cable Curl`).
    if v_id is null then
      v_parts := regexp_match(n, '^\s*(.*\S)\s*\(([^()]+)\)\s*$');
      if v_parts is not null then
        v_id := coalesce(app_hidden.resolve_exercise(v_parts[2] || ' ' || v_parts[1]), app_hidden.resolve_exercise(v_parts[1]));
        if v_id is not null then v_via := 'equipment'; end if;
      end if;
    end if;
    if v_id is not null then
      action := 'map'; exercise_id := v_id; via := v_via;
      return next; continue;
    end if;
    -- A custom exercise the file brings along (an svc export), or the user's choice to create one.
    if (c is not null and c ->> 'action' = 'create')
       or exists (select 1 from jsonb_array_elements(coalesce(custom, '[]')) x where app_public.exercise_key(x ->> 'name') = app_public.exercise_key(n)) then
      action := 'create'; exercise_id := null; via := case when c is not null then 'choice' else 'export' end;
      return next; continue;
    end if;
    -- Unmapped: the resolver's choices when ambiguous, else the closest names.
    action := 'unmapped'; exercise_id := null; via := case when v_match.match = 'ambiguous' then 'ambiguous' end;
    suggestions := coalesce((select array_agg(e.name order by k.o) from unnest(v_match.candidate_ids) with ordinality k(id, o)
                               join app_public.exercises e on e.id = k.id), '{}');
    return next;
  end loop;
end;
$$;
comment on function app_hidden.import_map_names(text[], jsonb, jsonb) is E'What each of a file''s exercise names maps to, for the calling user: the user''s choice (map to a reference, create a custom exercise, or skip); '
  'else the resolver of names (app_hidden.match_exercise) when it finds the exercise by id, name or alias (via = id, name, alias); else the table of the other apps'' names (via = other-app); '
  'else the resolver''s words or typo tiers (via = words, typo: shown in the dry run); else `Name (Equipment)` read as `Equipment Name` or `Name` (via = equipment); '
  'else a custom exercise the file brings (via = export); else unmapped, with suggestions (the resolver''s choices when ambiguous, via = ambiguous; else the closest names).';

--------------------------------------------------------------------------------
-- The wall-clock start of imported workouts
--------------------------------------------------------------------------------
-- A file's times have no zone: the same file read in Europe/Berlin and in UTC gives two instants
-- for one workout. What the file wrote (its local date and time) is kept per imported workout, so a
-- second import finds it whatever zone it is read in.
create table app_hidden.imported_workout_starts (
  workout_id uuid primary key references app_public.workouts on delete cascade,
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  wall_start timestamp not null
);
create index imported_workout_starts_user_wall on app_hidden.imported_workout_starts (user_id, wall_start);
alter table app_hidden.imported_workout_starts enable row level security;
comment on table app_hidden.imported_workout_starts is E'The start of an imported workout as its file wrote it (local date and time, no zone): an import finds a workout already there by it, whatever time zone each import read the file in.';
comment on column app_hidden.imported_workout_starts.workout_id is E'The workout imported.';
comment on column app_hidden.imported_workout_starts.user_id is E'Its owner.';
comment on column app_hidden.imported_workout_starts.wall_start is E'Its start as the file wrote it: the local date (the workout''s date) and wall-clock time.';
create policy select_own on app_hidden.imported_workout_starts for select using (user_id = (select app_public.current_user_id()));
create policy insert_own on app_hidden.imported_workout_starts for insert with check (user_id = (select app_public.current_user_id()));

--------------------------------------------------------------------------------
-- Importing
--------------------------------------------------------------------------------
-- Input bounds: at most 5000 workouts per call (the GraphQL request body is at most 1 MB anyway).
create function app_public.import_history(workouts jsonb, choices jsonb default '{}', extras jsonb default null, dry_run boolean default true)
returns jsonb
language plpgsql volatile security invoker as $$
declare
  v_user uuid := app_hidden.require_user();
  v_unit text;
  v_effort text;
  v_names text[];
  v_map jsonb := '{}';
  r record;
  w jsonb;
  e jsonb;
  i int;
  v_doc jsonb;
  v_entries jsonb;
  v_start timestamptz;
  v_wall timestamp;
  v_seen jsonb := '{}';
  v_key text;
  v_new int := 0;
  v_dup int := 0;
  v_empty int := 0;
  v_sets int := 0;
  v_skipped_sets int := 0;
  v_first date;
  v_last date;
  v_name_sets jsonb := '{}';
  v_routines jsonb := '{}';
  v_routine_new int := 0;
  v_routine_dup int := 0;
  v_bw_new int := 0;
  v_bw_dup int := 0;
  v_custom_new int := 0;
  v_walk record;
  v_names_out jsonb;
  v_unmapped text[];
  v_id uuid;
  x jsonb;
  v_orig int[];
  v_k int;
  v_path text;
  v_reason text;
  v_match text[];
begin
  if jsonb_typeof(workouts) is distinct from 'array' then
    raise exception 'workouts: must be a list of workout documents' using errcode = 'SVBAD';
  end if;
  if jsonb_array_length(workouts) > 5000 then
    raise exception 'workouts: at most 5000 per import (this one has %); split the file by date', jsonb_array_length(workouts) using errcode = 'SVBAD';
  end if;
  if choices is not null and jsonb_typeof(choices) <> 'object' then
    raise exception 'choices: must be an object of name -> {action, exercise}' using errcode = 'SVBAD';
  end if;
  -- One import at a time per user: a second one (the same file sent twice at once) waits for the
  -- first to commit, then finds its workouts already there (each statement reads afresh).
  if not dry_run then
    perform pg_advisory_xact_lock(hashtextextended('app_public.import_history:' || v_user::text, 0));
  end if;
  select u.unit, u.effort into v_unit, v_effort from app_public.users u where u.id = v_user;

  -- Every name the file uses, mapped once.
  select coalesce(array_agg(distinct ex ->> 'exercise'), '{}') into v_names
    from jsonb_array_elements(workouts) wk,
         jsonb_array_elements(case when jsonb_typeof(wk -> 'exercises') = 'array' then wk -> 'exercises' else '[]' end) ex
   where jsonb_typeof(ex -> 'exercise') = 'string';
  for r in select * from app_hidden.import_map_names(v_names, choices, extras -> 'customExercises') loop
    v_map := v_map || jsonb_build_object(r.name, jsonb_build_object('exerciseId', r.exercise_id, 'action', r.action, 'via', r.via, 'suggestions', to_jsonb(r.suggestions)));
  end loop;
  select coalesce(array_agg(k order by k), '{}') into v_unmapped from jsonb_each(v_map) m(k, v) where v ->> 'action' = 'unmapped';
  if not dry_run and cardinality(v_unmapped) > 0 then
    raise exception 'choices: % exercise name(s) map to no exercise: %; choose for each: map to an exercise, create a custom exercise, or skip',
      cardinality(v_unmapped), array_to_string(v_unmapped[1:10], ', ') || case when cardinality(v_unmapped) > 10 then ', ...' else '' end
      using errcode = 'SVMAP', detail = array_to_string(v_unmapped, E'\n');
  end if;

  -- Custom exercises: those the file brings (with their details) and those chosen to be created.
  if not dry_run then
    for r in select k as name from jsonb_each(v_map) m(k, v) where v ->> 'action' = 'create' loop
      x := (select c from jsonb_array_elements(coalesce(extras -> 'customExercises', '[]')) c
             where app_public.exercise_key(c ->> 'name') = app_public.exercise_key(r.name) limit 1);
      v_id := (select ce.id from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(r.name));
      if v_id is null then
        select ce.id into v_id from app_public.create_custom_exercise(r.name, x ->> 'equipment',
          (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(x -> 'muscles', '[]')) m),
          x ->> 'region', x ->> 'kind') ce;
        v_custom_new := v_custom_new + 1;
      end if;
      v_map := jsonb_set(v_map, array[r.name, 'exerciseId'], to_jsonb(v_id));
    end loop;
    -- Custom exercises of an export that no workout uses are brought along too.
    for x in select c from jsonb_array_elements(coalesce(extras -> 'customExercises', '[]')) c loop
      if not exists (select 1 from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(x ->> 'name')) then
        perform app_public.create_custom_exercise(x ->> 'name', x ->> 'equipment',
          (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(x -> 'muscles', '[]')) m), x ->> 'region', x ->> 'kind');
        v_custom_new := v_custom_new + 1;
      end if;
    end loop;
  else
    select count(*) into v_custom_new from jsonb_array_elements(coalesce(extras -> 'customExercises', '[]')) c
     where not exists (select 1 from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(c ->> 'name'));
  end if;

  -- Settings of an export (unit, effort scale): the account then reads as the exported one.
  if extras ? 'settings' and not dry_run then
    update app_public.users u
       set unit = coalesce(extras #>> '{settings,unit}', u.unit), effort = coalesce(extras #>> '{settings,effort}', u.effort)
     where u.id = v_user;
    v_unit := coalesce(extras #>> '{settings,unit}', v_unit);
    v_effort := coalesce(extras #>> '{settings,effort}', v_effort);
  end if;

  -- Routines of an export: one per name; a workout's `routine` (the exporting account's id)
  -- follows the routine of that name here.
  for x in select rt from jsonb_array_elements(coalesce(extras -> 'routines', '[]')) rt loop
    v_id := (select rr.id from app_public.routines rr where rr.user_id = v_user and rr.name_key = app_public.routine_name_key(x ->> 'name'));
    if v_id is not null then
      v_routine_dup := v_routine_dup + 1;
    else
      v_routine_new := v_routine_new + 1;
      if not dry_run then
        select ar.routine_id into v_id from app_public.apply_routine_document(x - 'id') ar;
      end if;
    end if;
    if x ? 'id' then v_routines := v_routines || jsonb_build_object(x ->> 'id', v_id); end if;
  end loop;

  -- Bodyweights of an export: a day already holding the same weight is a duplicate.
  for x in select b from jsonb_array_elements(coalesce(extras -> 'bodyweights', '[]')) b loop
    if exists (select 1 from app_public.bodyweights bw where bw.user_id = v_user and bw.date = (x ->> 'date')::date
                 and bw.weight = (x ->> 'weight')::float8 and bw.unit = x ->> 'unit') then
      v_bw_dup := v_bw_dup + 1;
    else
      v_bw_new := v_bw_new + 1;
      if not dry_run then
        perform app_public.log_bodyweight((x ->> 'date')::date, (x ->> 'weight')::float8, x ->> 'unit');
      end if;
    end if;
  end loop;

  for i in 0 .. jsonb_array_length(workouts) - 1 loop
    w := workouts -> i;
    if jsonb_typeof(w) <> 'object' then
      raise exception 'workouts[%]: must be an object', i using errcode = 'SVDOC', detail = format('workouts[%s]', i), hint = 'must be an object';
    end if;
    -- The same workout: the same start (noon UTC on its date when it has none) and name.
    v_start := coalesce((select ds.start from app_hidden.doc_start(w ->> 'start') ds where w ? 'start'),
                        case when w ->> 'date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then ((w ->> 'date') || ' 12:00:00+00')::timestamptz end);
    -- Or the same name and the same local date and wall-clock time as the file wrote them (read in
    -- another time zone, the same file gives another instant).
    v_match := case when v_start is not null then regexp_match(w ->> 'start', '^([0-9]{4}-[0-9]{2}-[0-9]{2})T([0-9]{2}:[0-9]{2}(:[0-9]{2})?)') end;
    v_wall := case when v_match is not null then (v_match[1] || ' ' || v_match[2])::timestamp
                   when v_start is not null then (w ->> 'date' || ' 12:00')::timestamp end;
    v_key := coalesce(v_start::text, '') || E'\n' || coalesce(w ->> 'name', '');
    if v_seen ? v_key or exists (select 1 from app_public.workouts ow where ow.user_id = v_user and ow.start = v_start
                                   and ow.name is not distinct from (w ->> 'name'))
       or exists (select 1 from app_hidden.imported_workout_starts iw join app_public.workouts ow on ow.id = iw.workout_id
                   where iw.user_id = v_user and iw.wall_start = v_wall and ow.name is not distinct from (w ->> 'name')) then
      v_dup := v_dup + 1;
      continue;
    end if;
    v_seen := v_seen || jsonb_build_object(v_key, true);
    -- Exercise names become exercise ids; skipped names leave with their sets.
    v_entries := '[]';
    v_orig := '{}';
    v_k := -1;
    if jsonb_typeof(w -> 'exercises') = 'array' then
      for e in select value from jsonb_array_elements(w -> 'exercises') loop
        v_k := v_k + 1;
        if jsonb_typeof(e) = 'object' and jsonb_typeof(e -> 'exercise') = 'string' then
          x := v_map -> (e ->> 'exercise');
          v_name_sets := jsonb_set(v_name_sets, array[e ->> 'exercise'],
            to_jsonb(coalesce((v_name_sets ->> (e ->> 'exercise'))::int, 0) + coalesce(jsonb_array_length(case when jsonb_typeof(e -> 'sets') = 'array' then e -> 'sets' end), 0)));
          if x ->> 'action' = 'skip' then
            v_skipped_sets := v_skipped_sets + coalesce(jsonb_array_length(case when jsonb_typeof(e -> 'sets') = 'array' then e -> 'sets' end), 0);
            continue;
          end if;
          if x ->> 'exerciseId' is not null then
            e := jsonb_set(e, '{exercise}', to_jsonb(x ->> 'exerciseId'));
          elsif dry_run then
            -- Unmapped (reported) or to be created: its sets count, the walk cannot check it.
            v_sets := v_sets + coalesce(jsonb_array_length(case when jsonb_typeof(e -> 'sets') = 'array' then e -> 'sets' end), 0);
            continue;
          end if;
        end if;
        v_entries := v_entries || jsonb_build_array(e);
        v_orig := v_orig || v_k;
      end loop;
    end if;
    if jsonb_typeof(w -> 'exercises') = 'array' and jsonb_array_length(w -> 'exercises') > 0 and jsonb_array_length(v_entries) = 0
       and not (dry_run and exists (select 1 from jsonb_array_elements(w -> 'exercises') ee where (v_map -> (ee ->> 'exercise')) ->> 'action' <> 'skip')) then
      -- Every exercise of it was skipped: nothing of it to keep.
      v_empty := v_empty + 1;
      continue;
    end if;
    v_doc := w - 'id';
    if jsonb_typeof(w -> 'exercises') = 'array' then v_doc := jsonb_set(v_doc, '{exercises}', v_entries); end if;
    if w ? 'routine' then
      v_doc := case when jsonb_typeof(w -> 'routine') = 'string' and v_routines ? (w ->> 'routine') and v_routines ->> (w ->> 'routine') is not null
                    then jsonb_set(v_doc, '{routine}', v_routines -> (w ->> 'routine'))
                    else v_doc - 'routine' end;
    end if;
    v_path := null;
    if dry_run then
      select * into v_walk from app_hidden.walk_workout_document(v_doc - 'routine', v_unit, v_effort);
      v_path := v_walk.path;
      v_reason := v_walk.reason;
    else
      begin
        select aw.workout_id into v_id from app_public.apply_workout_document(v_doc) aw;
        if v_wall is not null then
          insert into app_hidden.imported_workout_starts (workout_id, user_id, wall_start) values (v_id, v_user, v_wall)
            on conflict (workout_id) do nothing;
        end if;
      exception when sqlstate 'SVDOC' then
        get stacked diagnostics v_path = pg_exception_detail, v_reason = pg_exception_hint;
      end;
    end if;
    if v_path is not null then
      -- The path in the workout as the file gave it (entries of skipped names were taken out).
      v_match := regexp_match(v_path, '^exercises\[([0-9]+)\](.*)$');
      if v_match is not null and v_orig[v_match[1]::int + 1] is not null then
        v_path := 'exercises[' || v_orig[v_match[1]::int + 1] || ']' || v_match[2];
      end if;
      raise exception 'workouts[%].%: %', i, v_path, v_reason
        using errcode = 'SVDOC', detail = format('workouts[%s].%s', i, v_path), hint = v_reason;
    end if;
    v_new := v_new + 1;
    v_sets := v_sets + (select coalesce(sum(jsonb_array_length(ee -> 'sets')), 0) from jsonb_array_elements(v_entries) ee);
    if (w ->> 'date') is not null then
      v_first := least(v_first, (w ->> 'date')::date);
      v_last := greatest(v_last, (w ->> 'date')::date);
    end if;
  end loop;

  select coalesce(jsonb_agg(jsonb_build_object(
           'name', k,
           'action', v ->> 'action',
           'via', v ->> 'via',
           'exerciseId', v ->> 'exerciseId',
           'exercise', (select ex.name from app_public.exercises ex where ex.id = (v ->> 'exerciseId')::uuid),
           'suggestions', v -> 'suggestions',
           'sets', coalesce((v_name_sets ->> k)::int, 0)) order by k), '[]')
    into v_names_out from jsonb_each(v_map) m(k, v);
  return jsonb_build_object(
    'dryRun', dry_run,
    'workouts', v_new, 'duplicates', v_dup, 'emptied', v_empty,
    'sets', v_sets, 'skippedSets', v_skipped_sets,
    'firstDate', v_first, 'lastDate', v_last,
    'names', v_names_out, 'unmapped', cardinality(v_unmapped),
    'routines', v_routine_new, 'duplicateRoutines', v_routine_dup,
    'bodyweights', v_bw_new, 'duplicateBodyweights', v_bw_dup,
    'customExercises', v_custom_new);
end;
$$;
comment on function app_public.import_history(jsonb, jsonb, jsonb, boolean) is E'@behavior -*\nImports workouts (documents whose `exercise` fields are a file''s names; at most 5000 per call) for the signed-in user, in the caller''s transaction: '
  'names mapped by app_hidden.import_map_names with choices ({"<name>": {"action": "map"|"create"|"skip", "exercise": "<ref>"}}); a workout with the start '
  '(noon UTC on its date when it has none) and name of one already there, or with the name and the local date and wall-clock time (as the file wrote them) of one imported before in any time zone, or earlier in the list, is a duplicate and left alone; the rest saved by apply_workout_document. '
  'extras (an svc export): settings, customExercises, routines (one per name; workouts'' routine ids follow them), bodyweights. '
  'Imports of one user run one at a time (an advisory lock on the user until commit), so the same file sent twice at once is imported once. '
  'dry_run: the same summary, nothing written (every document is still validated). Unmapped names in a real run: SVMAP (UNMAPPED_EXERCISES); '
  'an invalid document: SVDOC with the path from `workouts[i]`. Returns the summary (counts, date range, each name''s mapping with suggestions).';

--------------------------------------------------------------------------------
-- Exporting
--------------------------------------------------------------------------------
create function app_public.export_account() returns jsonb
language sql stable security invoker as $$
  select jsonb_build_object(
    'settings', (select jsonb_build_object('unit', u.unit, 'effort', u.effort) from app_public.users u where u.id = app_hidden.require_user()),
    'customExercises', coalesce((select jsonb_agg(jsonb_build_object('name', e.name, 'equipment', e.equipment, 'muscles', to_jsonb(e.muscles),
                                   'region', e.region, 'kind', e.kind) order by lower(e.name), e.id)
                                 from app_public.exercises e where e.user_id = app_public.current_user_id()), '[]'),
    'routines', coalesce((select jsonb_agg(app_public.routine_document(r.id::text)::jsonb order by lower(r.name), r.id)
                          from app_public.routines r where r.user_id = app_public.current_user_id()), '[]'),
    'bodyweights', coalesce((select jsonb_agg(jsonb_build_object('date', to_char(b.date, 'YYYY-MM-DD'), 'weight', b.weight, 'unit', b.unit) order by b.date)
                             from app_public.bodyweights b where b.user_id = app_public.current_user_id()), '[]'),
    'workouts', (select count(*) from app_public.workouts w where w.user_id = app_public.current_user_id()));
$$;
comment on function app_public.export_account() is E'@behavior -*\nEverything of the signed-in user but workouts, for an export: settings, custom exercises, routines as documents, bodyweights, and the number of workouts (read with export_workouts, a page at a time).';

create function app_public.export_workouts(after_start timestamptz default null, after_id uuid default null, page_size int default 200)
returns table (id uuid, start timestamptz, document jsonb)
language sql stable security invoker as $$
  select w.id, w.start, app_public.workout_document(w.id)::jsonb
    from app_public.workouts w
   where w.user_id = app_hidden.require_user()
     and (after_start is null or (w.start, w.id) > (after_start, after_id))
   order by w.start, w.id
   limit least(greatest(coalesce(page_size, 200), 1), 501);
$$;
comment on function app_public.export_workouts(timestamptz, uuid, int) is E'@behavior -*\nThe signed-in user''s workouts as documents, oldest first (by start, then id), a page (at most 501: exportWorkouts asks one more than its 500 to know whether there is a next page) after the given one: each page is one short statement however long the history.';

--! split: 13-progression-and-programs.sql
-- Progression: next targets from history, warm-ups, drops and bursts. It reuses the catalog's
-- exercise regions and the documents' set text, unit conversion and exercise references.
--
-- Targets are derived from history every time they are asked for, never stored as counters:
--   app_hidden.progression_targets(routine, date)   -> one row per routine exercise: the target and why
--   app_public.routines_next_workout(routine, date) -> GraphQL Routine.nextWorkout(date): a workout document

--------------------------------------------------------------------------------
-- Small helpers
--------------------------------------------------------------------------------
create function app_hidden.weight_increment(region text, unit text) returns numeric
language sql immutable parallel safe as $$
  select case when region = 'lower' then 5.0 else 2.5 end * case when unit = 'lb' then 2 else 1 end;
$$;
comment on function app_hidden.weight_increment(text, text) is E'The progression step of a lift: 5 kg / 10 lb for lower-body exercises (catalog region `lower`), 2.5 kg / 5 lb otherwise.';

create function app_hidden.snap_weight(weight numeric, increment numeric) returns numeric
language sql immutable parallel safe as $$
  select case when weight is null then null
              else trim_scale(greatest(0, round(weight / increment) * increment)) end;
$$;
comment on function app_hidden.snap_weight(numeric, numeric) is E'A weight rounded to the nearest multiple of the increment (halves away from zero), never below 0.';

create function app_hidden.deload_weight(weight numeric, increment numeric) returns numeric
language sql immutable parallel safe as $$
  -- 90 %, snapped, and at least one increment lower (never below 0).
  select case when weight is null then null
              else trim_scale(greatest(0, least(app_hidden.snap_weight(weight * 0.9, increment), weight - increment))) end;
$$;
comment on function app_hidden.deload_weight(numeric, numeric) is E'A deload: 90 % of the weight snapped to the increment, at least one increment lower, never below 0.';

create function app_hidden.check_date(p_date text) returns date
language plpgsql immutable as $$
begin
  if p_date is null then
    return null;
  end if;
  if p_date !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' or to_char(to_date(p_date, 'YYYY-MM-DD'), 'YYYY-MM-DD') <> p_date then
    raise exception 'date: must be a real calendar date as YYYY-MM-DD' using errcode = 'SVBAD';
  end if;
  return p_date::date;
exception when datetime_field_overflow or invalid_datetime_format then
  raise exception 'date: must be a real calendar date as YYYY-MM-DD' using errcode = 'SVBAD';
end;
$$;
comment on function app_hidden.check_date(text) is E'A `YYYY-MM-DD` argument as a date (null stays null); INVALID_INPUT when it is not a real calendar day.';

--------------------------------------------------------------------------------
-- Targets from history
--------------------------------------------------------------------------------
create type app_hidden.progression_target as (
  routine_exercise_id uuid,
  position int,
  exercise_id uuid,
  rule text,
  weight numeric,
  reps int,
  seconds int,
  sessions int,
  note text
);
comment on type app_hidden.progression_target is E'The next target of one routine exercise: rule applied (linear, greyskull, double, time, none or deload), '
  'weight (in the routine''s unit; null for unloaded work), reps or seconds per work set, how many history sessions were replayed, and a short explanation.';

create function app_hidden.progression_first_note(rule text, sets int, reps int, seconds int, weight numeric, unit text) returns text
language sql immutable parallel safe as $$
  select case rule
    when 'deload' then 'Deload routine: '
    when 'none' then 'Progression none: '
    else 'No history yet: ' end
    || sets || 'x' || coalesce(reps::text, app_hidden.format_duration(seconds), '?')
    || coalesce(' at ' || weight || ' ' || unit, '')
    || case rule
    when 'deload' then ' as written; progression paused.'
    when 'none' then ' as written.'
    else ' as written (' || rule || ').' end;
$$;
comment on function app_hidden.progression_first_note(text, int, int, int, numeric, text) is E'The explanation of a target no session has moved: no history yet, progression none, or a deload routine.';

create function app_public.next_workout(routine text, date text default null) returns json
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_user();
  v_routine app_public.routines;
begin
  if next_workout.routine is null then
    raise exception 'routine: required (a routine id or name)' using errcode = 'SVBAD';
  end if;
  perform app_hidden.check_date(next_workout.date);
  select r.* into v_routine from app_public.routines r where r.id = app_hidden.try_uuid(next_workout.routine) and r.user_id = v_user;
  if v_routine.id is null then
    select r.* into v_routine from app_public.routines r
     where r.user_id = v_user and r.name_key = app_public.routine_name_key(next_workout.routine);
  end if;
  if v_routine.id is null then
    return null;
  end if;
  return app_public.routines_next_workout(v_routine, next_workout.date);
end;
$$;
comment on function app_public.next_workout(text, text) is E'The next workout of one of your routines, by id or by name (ignoring case), for a date (YYYY-MM-DD, default today): '
  'the same document as Routine.nextWorkout; null when you have no such routine. What `svc routine next` prints.';
-- Progression: the targets of a routine's next workout, judged from what was actually lifted.
-- app_hidden.progression_targets is built from named steps a reader can follow:
--   app_hidden.weights_meet(...)        -> does a lifted weight meet a target (the unit rule)
--   app_hidden.judge_session(...)       -> judge one session of one routine exercise
--   app_hidden.next_target(...)         -> the next target under a rule, from the current one and a judgement
--   app_hidden.progression_targets(...) -> replays each routine exercise's sessions through the two
--   app_hidden.planned_sets(...)        -> warm-ups, work sets, drops and bursts from a work target
--   app_public.routines_next_workout    -> the next workout as a workout document (pinned notes only)
--   app_public.routines_next_targets    -> GraphQL Routine.nextTargets: each target with its explanation
--   app_hidden.next_stage_target / next_cycle_target -> GZCLP stages and 5/3/1 training-max cycles
--   app_hidden.walk_routine_program     -> the routine walk plus program, trainingMax, cycle, stages, increment
-- Set text gains weight x time (`20x45s`, `20x1:30`): a weighted hold plans, logs, judges and progresses;
-- and `bw+20x5`, a bodyweight set with load added (its weight is the added load).
-- Routines sharing a `program` name share each lift prescribed alike (same sets and reps or time).
--
-- The rules decided (the README's "Progression rules" says the same):
-- Units. Targets live in the routine's unit and move by loadable steps of that unit. A lifted
--   weight meets a target when, compared in kilograms (1 lb = 0.45359237 kg), it is at most the
--   tolerance below it: 0.005 in the same unit, half the smallest loadable step of the lifted
--   unit across units (1.25 kg, or 2.5 lb = 1.134 kg). Every weight shown in another unit is
--   converted and snapped to the nearest loadable weight of that unit (2.5 kg, 5 lb), so a lifter
--   who loads what was shown always meets the target. Explanations give conversions as
--   approximate (`≈`) with the exact value and the weight loaded.
-- Skips. An exercise a session leaves out, or whose work sets are all not done, is skipped: that
--   session is not judged for it (not a miss, not a hit), in every shape of workout. A session
--   with at least one work set done is judged: a set not done or missing is a miss. A workout or
--   exercise marked skipProgression is never judged.
-- Routine edits. Targets come from what was lifted: a hit at a heavier weight than the target
--   continues from that weight; all sets done with the reps but lighter than the target continues
--   from the weight lifted (one step up, never above the target). Changing an exercise's start
--   weight in a routine restarts it from the new weight: sessions before the edit no longer
--   count, and the explanation says so. Other edits (sets, reps, rule) keep the history.
-- Warm-ups and drops come from the work weight, snapped to loadable weights, never above it;
--   each drop is at least one loadable step lighter than the set before it.
-- Explanations are a field of their own (Routine.nextTargets), never written into the planned
--   workout's notes; a note the user pinned on an exercise's latest entry carries forward.

--------------------------------------------------------------------------------
-- Loadable weights and the unit rule
--------------------------------------------------------------------------------
create function app_hidden.loadable_step(unit text) returns numeric
language sql immutable parallel safe as $$
  select case when unit = 'lb' then 5.0 else 2.5 end;
$$;
comment on function app_hidden.loadable_step(text) is E'The smallest change of a loaded weight: a pair of the smallest common plates, 2.5 kg or 5 lb. Planned, converted, warm-up and drop weights snap to it.';

create function app_hidden.snap_down(weight numeric, step numeric) returns numeric
language sql immutable parallel safe as $$
  select case when weight is null then null else trim_scale(greatest(0, floor(weight / step + 0.000001) * step)) end;
$$;
comment on function app_hidden.snap_down(numeric, numeric) is E'The heaviest multiple of step not above weight (a tiny slack absorbs conversion rounding), never below 0.';

create function app_hidden.weights_meet(lifted numeric, lifted_unit text, target numeric, target_unit text) returns boolean
language sql immutable parallel safe as $$
  select case
    when target is null or target = 0 then true
    when lifted is null then false
    when lifted_unit = target_unit then lifted >= target - 0.005
    else app_hidden.weight_kg(lifted, lifted_unit)
         >= app_hidden.weight_kg(target, target_unit) - app_hidden.weight_kg(app_hidden.loadable_step(lifted_unit), lifted_unit) / 2
  end;
$$;
comment on function app_hidden.weights_meet(numeric, text, numeric, text) is E'Whether a lifted weight meets a target (the unit rule): compared in kg, at most 0.005 below in the same unit, '
  'at most half a loadable step of the lifted unit below across units (1.25 kg; 2.5 lb = 1.134 kg). No target (null or 0): always.';

create function app_hidden.shown_weight(weight numeric, from_unit text, to_unit text) returns numeric
language sql immutable parallel safe as $$
  select case when weight is null then null
              when from_unit = to_unit then weight
              else least(10000, app_hidden.snap_weight(app_hidden.convert_weight(weight, from_unit, to_unit), app_hidden.loadable_step(to_unit))) end;
$$;
comment on function app_hidden.shown_weight(numeric, text, text) is E'A weight as shown (and loaded) in another unit: converted and snapped to the nearest loadable weight of that unit; unchanged in the same unit.';

create function app_hidden.shown_increment(increment numeric, from_unit text, to_unit text) returns numeric
language sql immutable parallel safe as $$
  -- The finest step plates make: a pair of 1.25 lb plates (2.5 lb), a pair of 0.25 kg plates (0.5 kg).
  select case when increment is null then null
              when from_unit = to_unit then increment
              else trim_scale(least(100, greatest(g.step, round(app_hidden.convert_weight(increment, from_unit, to_unit) / g.step) * g.step))) end
    from (select case when to_unit = 'lb' then 2.5 else 0.5 end as step) g;
$$;
comment on function app_hidden.shown_increment(numeric, text, text) is E'An exercise''s increment in another unit: converted and snapped to the nearest step plates make in that unit '
  '(2.5 lb, 0.5 kg), never below it nor above 100 (the limit of an increment): 1 kg is 2.5 lb, 2 kg is 5 lb, 2.5 lb is 1 kg. Unchanged in the same unit.';
comment on column app_public.routines.program is E'The program this routine is a day of (Starting Strength, GZCLP, ...): routines of one program (same name ignoring case and surrounding spaces) share the progression of every lift they prescribe alike.';

create function app_hidden.program_key(program text) returns text
language sql immutable parallel safe as $$
  select app_public.routine_name_key(program);
$$;
comment on function app_hidden.program_key(text) is E'How program names are compared: as routine names are (app_public.routine_name_key).';
comment on column app_public.routine_exercises.training_max is E'Training max the cycle''s percentages are of, in the routine''s unit (5/3/1).';
comment on column app_public.routine_exercises.cycle is E'Weeks of percentage sets of the training max, as canonical text (`[["65%x5","75%x5","85%x5+"], ...]`); one week per session in turn.';
comment on column app_public.routine_exercises.stages is E'Stages of sets x reps as canonical text (`["5x3+","6x2+","10x1+"]`, GZCLP): a miss moves to the next stage.';
comment on column app_public.routine_exercises.increment is E'This exercise''s progression and loadable step in the routine''s unit, instead of 2.5 kg / 5 lb (5 kg / 10 lb lower body).';

create function app_hidden.doc_percent_set(t text, out percent numeric, out reps int, out amrap boolean)
language plpgsql immutable parallel safe as $$
declare
  m text[] := regexp_match(t, '^[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*%[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$');
begin
  if m is null or char_length(rtrim(split_part(replace(m[1], ',', '.'), '.', 2), '0')) > 2 then
    return;
  end if;
  if replace(m[1], ',', '.')::numeric <= 0 or replace(m[1], ',', '.')::numeric > 200 or m[2]::numeric > 500 then
    return;
  end if;
  percent := trim_scale(replace(m[1], ',', '.')::numeric);
  reps := m[2]::int;
  amrap := m[3] is not null;
end;
$$;
comment on function app_hidden.doc_percent_set(text) is E'Parses a percentage set (`85%x5`, `95%x1+`; the SDK''s parsePercentSet): percent above 0 and at most 200 with at most 2 decimals, reps at most 500, `+` for as many reps as possible; all null when it is not one.';

create function app_hidden.doc_stage(t text, out sets int, out reps int, out amrap boolean)
language plpgsql immutable parallel safe as $$
declare
  m text[] := regexp_match(t, '^[ \t]*([0-9]+)[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$');
begin
  if m is null or m[1]::numeric not between 1 and 20 or m[2]::numeric > 500 then
    return;
  end if;
  sets := m[1]::int;
  reps := m[2]::int;
  amrap := m[3] is not null;
end;
$$;
comment on function app_hidden.doc_stage(text) is E'Parses a stage (`5x3`, `5x3+`; the SDK''s parseStage): 1 to 20 sets, at most 500 reps; all null when it is not one.';

create function app_hidden.walk_routine_exercise_extras(e jsonb, p text,
  out path text, out reason text, out canonical jsonb, out row_fields jsonb)
language plpgsql immutable as $$
-- The fields after `bursts` of a routine exercise, in this order (the SDK's routineExercise):
-- trainingMax, cycle, stages, increment. `sets` and `reps` are read as the walk reads them; when
-- they are wrong the walk reports them first.
declare
  v_sets int := app_hidden.doc_integer(e -> 'sets', 1, 20);
  v_reps int;
  v_range text[];
  v_tm numeric;
  v_week jsonb;
  v_weeks jsonb := '[]';
  v_texts jsonb;
  v_stages jsonb := '[]';
  x record;
  st record;
  w int;
  k int;
  n numeric;
begin
  canonical := '{}';
  row_fields := '{}';
  v_reps := app_hidden.doc_integer(e -> 'reps', 0, 500);
  if v_reps is null and jsonb_typeof(e -> 'reps') = 'string' then
    v_range := regexp_match(e ->> 'reps', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$');
    if v_range is not null and v_range[1]::numeric = v_range[2]::numeric and v_range[1]::numeric <= 500 then
      v_reps := v_range[1]::int;
    end if;
  end if;
  if e ? 'trainingMax' then
    v_tm := app_hidden.doc_weight(e -> 'trainingMax');
    if v_tm is null then
      path := p || '.trainingMax'; reason := 'must be a number from 0 to 10000 with at most 2 decimals'; return;
    end if;
    if not e ? 'cycle' then
      path := p || '.trainingMax'; reason := 'needs a cycle of percentage sets'; return;
    end if;
    canonical := canonical || jsonb_build_object('trainingMax', v_tm);
    row_fields := row_fields || jsonb_build_object('training_max', v_tm);
  end if;
  if e ? 'cycle' then
    if jsonb_typeof(e -> 'cycle') <> 'array' or jsonb_array_length(e -> 'cycle') not between 1 and 6 then
      path := p || '.cycle'; reason := 'must be an array of 1 to 6 weeks'; return;
    end if;
    for w in 0 .. jsonb_array_length(e -> 'cycle') - 1 loop
      v_week := e -> 'cycle' -> w;
      if jsonb_typeof(v_week) <> 'array' or jsonb_array_length(v_week) is distinct from v_sets then
        path := p || '.cycle[' || w || ']'; reason := 'must be an array of as many percentage sets as sets'; return;
      end if;
      v_texts := '[]';
      for k in 0 .. jsonb_array_length(v_week) - 1 loop
        select * into x from app_hidden.doc_percent_set(case when jsonb_typeof(v_week -> k) = 'string' then v_week ->> k end);
        if x.percent is null then
          path := p || '.cycle[' || w || '][' || k || ']'; reason := 'must be a percentage set like 85%x5 or 95%x1+'; return;
        end if;
        v_texts := v_texts || to_jsonb(x.percent::text || '%x' || x.reps || case when x.amrap then '+' else '' end);
      end loop;
      v_weeks := v_weeks || jsonb_build_array(v_texts);
    end loop;
    if not e ? 'trainingMax' then
      path := p || '.cycle'; reason := 'needs a trainingMax'; return;
    end if;
    if e ? 'reps' or e ? 'time' then
      path := p || '.cycle'; reason := 'must not be given with reps or time'; return;
    end if;
    canonical := canonical || jsonb_build_object('cycle', v_weeks);
    row_fields := row_fields || jsonb_build_object('cycle', v_weeks);
  end if;
  if e ? 'stages' then
    if e ? 'cycle' then
      path := p || '.stages'; reason := 'must not be given with a cycle'; return;
    end if;
    if jsonb_typeof(e -> 'stages') <> 'array' or jsonb_array_length(e -> 'stages') not between 2 and 5 then
      path := p || '.stages'; reason := 'must be an array of 2 to 5 stages like 5x3+'; return;
    end if;
    for k in 0 .. jsonb_array_length(e -> 'stages') - 1 loop
      select * into st from app_hidden.doc_stage(case when jsonb_typeof(e -> 'stages' -> k) = 'string' then e -> 'stages' ->> k end);
      if st.sets is null then
        path := p || '.stages[' || k || ']'; reason := 'must be a stage like 5x3 or 5x3+'; return;
      end if;
      if k = 0 and (st.sets is distinct from v_sets or st.reps is distinct from v_reps) then
        path := p || '.stages[0]'; reason := 'must be the exercise''s sets and reps'; return;
      end if;
      v_stages := v_stages || to_jsonb(st.sets || 'x' || st.reps || case when st.amrap then '+' else '' end);
    end loop;
    canonical := canonical || jsonb_build_object('stages', v_stages);
    row_fields := row_fields || jsonb_build_object('stages', v_stages);
  end if;
  if e ? 'increment' then
    n := case when jsonb_typeof(e -> 'increment') = 'number' then (e -> 'increment')::text::numeric end;
    if n is null or n <= 0 or n > 100 or n <> round(n, 2) then
      path := p || '.increment'; reason := 'must be a number above 0 and at most 100 with at most 2 decimals'; return;
    end if;
    canonical := canonical || jsonb_build_object('increment', trim_scale(n));
    row_fields := row_fields || jsonb_build_object('increment', trim_scale(n));
  end if;
end;
$$;
comment on function app_hidden.walk_routine_exercise_extras(jsonb, text) is E'The validation of a routine exercise''s trainingMax, cycle, stages and increment (after its other fields): the first problem, or their canonical form and row columns.';

create function app_hidden.walk_routine_program(doc jsonb, p_unit text,
  out path text, out reason text, out canonical jsonb, out exercise_rows jsonb)
language plpgsql stable as $$
-- The routine walk (app_hidden.walk_routine_document) on the document without the fields it does
-- not know, then those: each exercise's trainingMax, cycle, stages and increment (last in its entry,
-- so a problem there comes before the walk's problems in later entries only), and `program`, the
-- last field of a routine document: 1 to 80 characters without control characters, or null (none).
declare
  w record;
  x record;
  s text;
  v_entries jsonb := case when jsonb_typeof(doc) = 'object' and jsonb_typeof(doc -> 'exercises') = 'array' then doc -> 'exercises' end;
  v_stripped jsonb;
  v_extra_path text;
  v_extra_reason text;
  v_extra_index int;
  v_core_index int;
  v_extras jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  i int;
begin
  v_stripped := case when jsonb_typeof(doc) = 'object' then doc - 'program' else doc end;
  if v_entries is not null then
    for i in 0 .. jsonb_array_length(v_entries) - 1 loop
      if jsonb_typeof(v_entries -> i) = 'object' then
        select * into x from app_hidden.walk_routine_exercise_extras(v_entries -> i, 'exercises[' || i || ']');
        if x.path is not null and v_extra_path is null then
          v_extra_path := x.path; v_extra_reason := x.reason; v_extra_index := i;
        end if;
        v_extras := v_extras || x.canonical;
        v_rows := v_rows || x.row_fields;
      else
        v_extras := v_extras || '{}'::jsonb;
        v_rows := v_rows || '{}'::jsonb;
      end if;
    end loop;
    v_stripped := jsonb_set(v_stripped, '{exercises}', (
      select coalesce(jsonb_agg(case when jsonb_typeof(x2.e) = 'object' then x2.e - '{trainingMax,cycle,stages,increment}'::text[] else x2.e end order by x2.ord), '[]')
        from jsonb_array_elements(v_entries) with ordinality as x2(e, ord)));
  end if;
  select * into w from app_hidden.walk_routine_document(v_stripped, p_unit);
  if w.path is not null then
    v_core_index := (regexp_match(w.path, '^exercises\[([0-9]+)\]'))[1]::int;
    if v_extra_path is not null and v_core_index is not null and v_extra_index < v_core_index then
      path := v_extra_path; reason := v_extra_reason;
    else
      path := w.path; reason := w.reason;
    end if;
    return;
  end if;
  if v_extra_path is not null then
    path := v_extra_path; reason := v_extra_reason; return;
  end if;
  canonical := w.canonical;
  exercise_rows := w.exercise_rows;
  if v_entries is not null then
    canonical := jsonb_set(canonical, '{exercises}', (
      select coalesce(jsonb_agg(c.e || v_extras[c.ord] order by c.ord), '[]')
        from jsonb_array_elements(canonical -> 'exercises') with ordinality as c(e, ord)));
    exercise_rows := (
      select coalesce(jsonb_agg(c.e || v_rows[c.ord] order by c.ord), '[]')
        from jsonb_array_elements(exercise_rows) with ordinality as c(e, ord));
  end if;
  if doc ? 'program' and jsonb_typeof(doc -> 'program') <> 'null' then
    s := app_hidden.doc_string(doc -> 'program');
    if s is null then
      path := 'program'; reason := 'must be a string'; canonical := null; exercise_rows := null; return;
    end if;
    if char_length(s) not between 1 and 80 then
      path := 'program'; reason := 'must be 1 to 80 characters'; canonical := null; exercise_rows := null; return;
    end if;
    if s ~ '[\u0001-\u001f\u007f-\u009f]' then
      path := 'program'; reason := 'must not contain control characters such as a newline or tab'; canonical := null; exercise_rows := null; return;
    end if;
    canonical := canonical || jsonb_build_object('program', s);
  end if;
end;
$$;
comment on function app_hidden.walk_routine_program(jsonb, text) is E'The validation walk of a routine document with its `program` (checked last): the first problem (path, reason), or the canonical document and the rows to write.';

--------------------------------------------------------------------------------
-- Start-weight edits restart an exercise's progression
--------------------------------------------------------------------------------
-- applyRoutineDocument replaces a routine's exercises whole, so the start weight last written for
-- each (routine, exercise, occurrence) is kept here across replacements.
create table app_hidden.progression_restarts (
  routine_id uuid not null references app_public.routines on delete cascade,
  user_id uuid not null references app_public.users on delete cascade,
  exercise_id uuid not null references app_public.exercises on delete cascade,
  occurrence int not null,
  weight double precision,
  restart_after timestamptz,
  unit text check (unit in ('kg', 'lb')),
  training_max double precision,
  cycle boolean not null default false,
  primary key (routine_id, exercise_id, occurrence)
);
create index progression_restarts_user on app_hidden.progression_restarts (user_id);
alter table app_hidden.progression_restarts enable row level security;
create policy select_own on app_hidden.progression_restarts for select using (user_id = (select app_public.current_user_id()));
comment on table app_hidden.progression_restarts is E'The start weight last written for each exercise of a routine (the k-th occurrence of an exercise), and the start of the last session before it was changed: sessions starting at or before restart_after no longer count for that exercise''s progression. Written by a trigger on routine_exercises.';
comment on column app_hidden.progression_restarts.occurrence is E'1 for the first time the routine lists the exercise, 2 for the second, ...';
comment on column app_hidden.progression_restarts.weight is E'The start weight last written, in the routine''s unit.';
comment on column app_hidden.progression_restarts.restart_after is E'Null, or the start of the routine''s latest session of this exercise when its start weight changed.';
comment on column app_hidden.progression_restarts.unit is E'The routine''s unit when the start weight was written.';
comment on column app_hidden.progression_restarts.training_max is E'The training max last written, in the routine''s unit: a cycle exercise restarts when it changes.';
comment on column app_hidden.progression_restarts.cycle is E'Whether the exercise was last written with a cycle (it then restarts on a training-max edit, not on a start-weight edit).';

create function app_hidden.same_start_weight(a numeric, a_unit text, b numeric, b_unit text) returns boolean
language sql immutable parallel safe as $$
  select case when a is null or b is null then a is null and b is null
              else app_hidden.weights_meet(a, a_unit, b, b_unit) and app_hidden.weights_meet(b, b_unit, a, a_unit) end;
$$;
comment on function app_hidden.same_start_weight(numeric, text, numeric, text) is E'Whether two start weights are the same load under the unit rule (app_hidden.weights_meet both ways): rewriting a routine in the other unit is no edit.';

create function app_hidden.tg_routine_exercises_restart() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  insert into app_hidden.progression_restarts as pr (routine_id, user_id, exercise_id, occurrence, weight, unit, training_max, cycle, restart_after)
  select i.routine_id, i.user_id, i.exercise_id,
         row_number() over (partition by i.routine_id, i.exercise_id order by i.position), i.weight, r.unit, i.training_max,
         i.cycle is not null, null
    from inserted i
    join app_public.routines r on r.id = i.routine_id
  on conflict (routine_id, exercise_id, occurrence) do update
     set weight = excluded.weight,
         unit = excluded.unit,
         training_max = excluded.training_max,
         cycle = excluded.cycle,
         -- The latest session of this exercise in the routine or another day of its program (the
         -- lift's history spans them): every session before the edit no longer counts.
         restart_after = (select max(w.start) from app_public.workouts w
                           where w.routine_id in (select r2.id from app_public.routines r2, app_public.routines r1
                                                   where r1.id = excluded.routine_id and r2.user_id = r1.user_id
                                                     and (r2.id = r1.id or (r1.program is not null
                                                          and app_hidden.program_key(r2.program) = app_hidden.program_key(r1.program))))
                             and exists (select 1 from app_public.workout_sets s
                                          where s.workout_id = w.id and s.exercise_id = excluded.exercise_id and s.done))
   -- What the exercise starts from: its training max in a cycle (a cycle does not use the weight),
   -- else its start weight.
   where case when excluded.cycle
              then not app_hidden.same_start_weight(pr.training_max::numeric, coalesce(pr.unit, excluded.unit), excluded.training_max::numeric, excluded.unit)
              else not app_hidden.same_start_weight(pr.weight::numeric, coalesce(pr.unit, excluded.unit), excluded.weight::numeric, excluded.unit) end;
  return null;
end;
$$;
comment on function app_hidden.tg_routine_exercises_restart() is E'Trigger: records each written start weight; a changed one (not the same load in kg, app_hidden.same_start_weight) restarts that exercise''s progression after the latest session of it in the routine or another routine of its program.';
create trigger _300_progression_restart after insert on app_public.routine_exercises
  referencing new table as inserted for each statement execute procedure app_hidden.tg_routine_exercises_restart();

--------------------------------------------------------------------------------
-- Judging one session
--------------------------------------------------------------------------------
create type app_hidden.session_judgement as (
  outcome text,
  lifted numeric,
  lifted_unit text,
  lifted_in_target_unit numeric,
  lowest_reps int,
  total_reps int,
  top boolean,
  last_reps int
);
comment on type app_hidden.session_judgement is E'How one session went for one routine exercise: outcome (hit, light, miss or skip), the weight lifted (the lightest '
  'of the judged work sets that were done, as logged, and in the target''s unit), the lowest and total reps of the judged sets at the target weight '
  '(a set not done, missing or lighter counts 0), whether every judged set reached the top of the rep range, and the reps of the last judged set.';

create function app_hidden.judge_session(
  sets int, target_weight numeric, target_unit text, target_reps int, top_reps int, target_seconds int,
  session_unit text, weights numeric[], reps int[], seconds int[], done boolean[])
returns app_hidden.session_judgement
language plpgsql immutable as $$
-- The first `sets` work sets are judged (warm-ups, drops and bursts are never passed in; extra work
-- sets are ignored). No work set done at all: skip. Every judged set done, with the target reps (or
-- seconds) and a weight that meets the target: hit. Every judged set done with the reps or seconds,
-- each with a weight, but some lighter than the target: light. Anything else: miss.
declare
  j app_hidden.session_judgement;
  n_logged int := coalesce(array_length(weights, 1), 0);
  all_done boolean := n_logged >= sets;
  all_reps boolean := n_logged >= sets;
  all_weight boolean := n_logged >= sets;
  all_weighted boolean := n_logged >= sets;
  weight_ok boolean;
  reps_ok boolean;
  counted int;
  i int;
begin
  if not coalesce(true = any(done), false) then
    j.outcome := 'skip';
    return j;
  end if;
  j.lifted_unit := session_unit;
  j.total_reps := 0;
  j.top := n_logged >= sets;
  for i in 1 .. sets loop
    if i > n_logged or not done[i] then
      all_done := false;
      j.top := false;
      counted := 0;
    else
      weight_ok := app_hidden.weights_meet(weights[i], session_unit, target_weight, target_unit);
      reps_ok := case when target_reps is not null then coalesce(reps[i] >= target_reps, false)
                      when target_seconds is not null then coalesce(seconds[i] >= target_seconds, false)
                      else true end;
      all_reps := all_reps and reps_ok;
      all_weight := all_weight and weight_ok;
      all_weighted := all_weighted and weights[i] is not null;
      j.top := j.top and weight_ok and coalesce(reps[i] >= top_reps, false);
      counted := case when weight_ok then coalesce(reps[i], 0) else 0 end;
      if weights[i] is not null then
        j.lifted := least(j.lifted, weights[i]);
      end if;
    end if;
    j.lowest_reps := least(j.lowest_reps, counted);
    j.total_reps := j.total_reps + counted;
  end loop;
  if n_logged >= sets and done[sets] then
    j.last_reps := reps[sets];
  end if;
  j.lifted_in_target_unit := case when j.lifted is null then null
                                  when session_unit = target_unit then j.lifted
                                  else j.lifted * app_hidden.weight_kg(1, session_unit) / app_hidden.weight_kg(1, target_unit) end;
  j.outcome := case when all_done and all_reps and all_weight then 'hit'
                    -- A hold is lighter even without its weight logged (`50s` for `20x45s`): it was held.
                    when all_done and all_reps and (all_weighted or target_seconds is not null) and target_weight > 0 then 'light'
                    else 'miss' end;
  return j;
end;
$$;
comment on function app_hidden.judge_session(int, numeric, text, int, int, int, text, numeric[], int[], int[], boolean[]) is
  E'Judges one session of one routine exercise against its target: skip (no work set done), hit, light (every set done with the reps, lighter than the target) or miss (rules in the function body).';

--------------------------------------------------------------------------------
-- The next target under a rule
--------------------------------------------------------------------------------
create function app_hidden.deload_to_step(weight numeric, increment numeric, unit text) returns numeric
language sql immutable parallel safe as $$
  -- 90 % snapped to the nearest loadable step (the exercise's increment when finer, as a stage
  -- reset snaps), and at least one increment lower, never below 0.
  select case when weight is null then null
              else trim_scale(greatest(0, least(app_hidden.snap_weight(weight * 0.9, least(increment, app_hidden.loadable_step(unit))),
                                                weight - increment))) end;
$$;
comment on function app_hidden.deload_to_step(numeric, numeric, text) is E'A deload: 90 % of the weight snapped to the nearest loadable step of the unit (or the finer increment), '
  'at least one increment lower, never below 0: 70 kg deloads to 62.5 kg.';

create function app_hidden.lifted_as_loaded(lifted numeric, lifted_unit text, target numeric, unit text, step numeric) returns numeric
language sql immutable parallel safe as $$
  -- In the same unit: the heaviest step not above it. In the other unit: the target itself when
  -- the lifter loaded what the target was shown as, else the nearest loadable weight of the
  -- target's unit (the same load under the unit rule), so a routine rewritten in the other unit
  -- goes on where it was.
  select case when lifted is null then null
              when lifted_unit = unit then app_hidden.snap_down(lifted, step)
              when target is not null and abs(app_hidden.shown_weight(target, unit, lifted_unit) - lifted) < 0.005 then target
              else app_hidden.snap_weight(app_hidden.convert_weight(lifted, lifted_unit, unit), app_hidden.loadable_step(unit)) end;
$$;
comment on function app_hidden.lifted_as_loaded(numeric, text, numeric, text, numeric) is E'The weight lifted as a target continues from it, in the target''s unit: snapped down to the step in the same unit; '
  'in the other unit, the target when the weight it was shown as was lifted, else the nearest loadable weight of the target''s unit.';

create function app_hidden.lifted_text(lifted numeric, lifted_unit text, target numeric, unit text, step numeric) returns text
language sql immutable parallel safe as $$
  select case when lifted is null then ''
              when lifted_unit = unit then format(' at %s %s', trim_scale(lifted), lifted_unit)
              else format(' at %s %s (≈ %s %s, counted as %s %s)', trim_scale(lifted), lifted_unit,
                          app_hidden.convert_weight(lifted, lifted_unit, unit), unit,
                          app_hidden.lifted_as_loaded(lifted, lifted_unit, target, unit, step), unit) end;
$$;
comment on function app_hidden.lifted_text(numeric, text, numeric, text, numeric) is E'` at 70 kg` in an explanation; lifted in the other unit, with its approximate conversion and the weight it counts as (` at 70 kg (≈ 154.32 lb, counted as 155 lb)`).';

create type app_hidden.progression_state as (
  weight numeric,
  reps int,
  seconds int,
  misses int,
  stalls int,
  best_total int,
  explanation text,
  stage int
);
comment on type app_hidden.progression_state is E'A routine exercise''s target between sessions: weight (routine unit; the training max of a cycle), reps or seconds per work set, '
  'misses in a row, sessions in a row without a rep gained and the best rep total at this weight (double progression), why the target is what it is, '
  'and the stage (stages) or week (cycle) to plan, from 0.';

create function app_hidden.next_target(
  rule text, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date,
  sets int, reps_low int, reps_high int, increment numeric, unit text)
returns app_hidden.progression_state
language plpgsql immutable as $$
-- Rules (the exercise's progression, else the routine's, else linear):
-- - linear: hit -> one increment above the weight lifted (never below the target);
--   light -> one step above the weight lifted, never above the target; third miss in a row ->
--   deload (90 %, snapped to the loadable step, at least one increment lower); other misses -> same target.
-- - greyskull: as linear, with the last set as many reps as possible: a hit with at least twice
--   the target reps on it adds two increments; any miss deloads at once.
-- - double: reps is a range low-high, the rep target starts at low. All sets at the top -> +
--   increment and back to low. Otherwise the next rep target is the lowest set plus one, within the
--   range. A rep is gained when the total over the judged sets beats the best total at this weight;
--   three sessions in a row with none -> deload, back to low.
-- - time: every set held for the target (with its weight) -> + 5 s; held but lighter (or without
--   the weight) -> same targets, not a miss; third miss in a row -> 90 %
--   snapped to 5 s, at least 5 s shorter, never under 5 s.
-- Explanations name only weights that were lifted (as logged), written in the routine, or planned.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
begin
  if rule in ('linear', 'greyskull') then
    if judged.outcome = 'hit' and current.weight is null then
      result.misses := 0;
      result.explanation := format('Last session (%s) hit %s: no weight to add, same targets.', d, what);
    elsif judged.outcome = 'hit' then
      result.misses := 0;
      from_weight := greatest(current.weight, app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)));
      if rule = 'greyskull' and current.reps > 0 and judged.last_reps >= 2 * current.reps then
        result.weight := trim_scale(least(10000, from_weight + 2 * increment));
        result.explanation := format('Last session (%s) hit %s%s with %s reps on the last set: +%s %s to %s %s.',
          d, what, loaded_text, judged.last_reps, trim_scale(2 * increment), unit, result.weight, unit);
      else
        result.weight := trim_scale(least(10000, from_weight + increment));
        result.explanation := format('Last session (%s) hit %s%s: +%s to %s %s.', d, what, loaded_text, inc, result.weight, unit);
      end if;
    elsif judged.outcome = 'light' then
      result.misses := 0;
      result.weight := trim_scale(least(current.weight,
        coalesce(app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)), 0) + increment));
      result.explanation := format('Last session (%s) did %s%s, lighter than the target: continuing from the weight lifted, %s %s.',
        d, what, case when judged.lifted is null then ' without its weight' else loaded_text end, result.weight, unit);
    elsif rule = 'greyskull' and current.weight is not null then
      result.weight := app_hidden.deload_to_step(current.weight, increment, unit);
      result.explanation := format('Last session (%s) missed %s%s: deload to 90 %%, %s %s.', d, what, at_lifted, result.weight, unit);
    elsif rule = 'greyskull' then
      result.explanation := format('Last session (%s) missed %s: same targets.', d, what);
    else
      result.misses := current.misses + 1;
      if result.misses >= 3 and current.weight is not null then
        result.weight := app_hidden.deload_to_step(current.weight, increment, unit);
        result.misses := 0;
        result.explanation := format('Three misses in a row%s (last %s): deload to 90 %%, %s %s.', at_lifted, d, result.weight, unit);
      else
        result.explanation := format('Last session (%s) missed %s%s (miss %s of 3): same targets.', d, what, at_lifted, least(result.misses, 3));
        if result.misses >= 3 then
          result.misses := 0;
        end if;
      end if;
    end if;
    if rule = 'greyskull' then
      result.explanation := result.explanation || ' Last set: as many reps as possible.';
    end if;
  elsif rule = 'double' then
    if judged.top and current.weight is not null then
      result.weight := trim_scale(least(10000, current.weight + increment));
      result.reps := reps_low;
      result.best_total := null;
      result.stalls := 0;
      result.explanation := format('Last session (%s): all %s sets at the top of %s-%s%s: +%s to %s %s, back to %s reps.',
        d, sets, reps_low, reps_high, at_lifted, inc, result.weight, unit, reps_low);
    elsif judged.top then
      result.reps := reps_high;
      result.explanation := format('Last session (%s): all %s sets at the top of %s-%s: no weight to add, stay at %s reps.', d, sets, reps_low, reps_high, reps_high);
    else
      if current.best_total is null or judged.total_reps > current.best_total then
        result.best_total := judged.total_reps;
        result.stalls := 0;
      else
        result.stalls := current.stalls + 1;
      end if;
      if result.stalls >= 3 then
        result.weight := app_hidden.deload_to_step(current.weight, increment, unit);
        result.reps := reps_low;
        result.best_total := null;
        result.stalls := 0;
        result.explanation := case when current.weight is null
          then format('No rep gained in three sessions (last %s): back to %s reps.', d, reps_low)
          else format('No rep gained in three sessions%s (last %s): deload to 90 %%, %s %s, back to %s reps.', at_lifted, d, result.weight, unit, reps_low) end;
      else
        result.reps := greatest(reps_low, least(reps_high, coalesce(judged.lowest_reps, 0) + 1));
        result.explanation := format('Last session (%s): lowest set %s reps%s: aim for %s (range %s-%s).',
          d, coalesce(judged.lowest_reps, 0), at_lifted, result.reps, reps_low, reps_high);
      end if;
    end if;
  elsif rule = 'time' then
    if judged.outcome = 'hit' then
      result.misses := 0;
      result.seconds := least(86400, current.seconds + 5);
      result.explanation := format('Last session (%s) held %s%s: +5 s to %s.', d, what, at_lifted, app_hidden.format_duration(result.seconds));
    elsif judged.outcome = 'light' then
      -- Held for the time, lighter than the weight (or without it): not a miss, nothing moves.
      result.explanation := format('Last session (%s) held %s%s, lighter than the %s %s target: same targets (not a miss; misses in a row: %s of 3).',
        d, what, case when judged.lifted is null then ' without its weight' else at_lifted end, current.weight, unit, current.misses);
    else
      result.misses := current.misses + 1;
      if result.misses >= 3 then
        result.seconds := greatest(5, least(round(current.seconds * 0.9 / 5)::int * 5, current.seconds - 5));
        result.misses := 0;
        result.explanation := format('Three misses in a row at %s (last %s): 90 %%, %s.',
          app_hidden.format_duration(current.seconds), d, app_hidden.format_duration(result.seconds));
      else
        result.explanation := format('Last session (%s) missed %s%s (miss %s of 3): same time.', d, what, at_lifted, result.misses);
      end if;
    end if;
  end if;
  return result;
end;
$$;
comment on function app_hidden.next_target(text, app_hidden.progression_state, app_hidden.session_judgement, date, int, int, int, numeric, text) is
  E'The target after one judged session under a rule (linear, greyskull, double or time), with the explanation of the change (rules in the function body).';

--------------------------------------------------------------------------------
-- Replaying a routine's history
--------------------------------------------------------------------------------
create function app_hidden.next_cycle_target(current app_hidden.progression_state, outcome text, week_sets jsonb, weeks int,
  session_date date, increment numeric, unit text) returns app_hidden.progression_state
language plpgsql immutable as $$
-- A training-max cycle (5/3/1): each judged session moves to the next week. After the last week the
-- training max rises by one increment when that session was a hit (every set with its reps, the
-- `+` sets at least theirs), else it stays; the cycle starts again at week 1.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
begin
  if current.stage + 1 < weeks then
    result.stage := current.stage + 1;
    result.explanation := format('Last session (%s): week %s of %s done; week %s at a training max of %s %s',
      d, current.stage + 1, weeks, current.stage + 2, current.weight, unit);
  elsif outcome = 'hit' then
    result.stage := 0;
    result.weight := trim_scale(least(10000, current.weight + increment));
    result.explanation := format('Last session (%s): week %s of %s done with every rep: training max +%s %s to %s %s; week 1',
      d, weeks, weeks, trim_scale(increment), unit, result.weight, unit);
  else
    result.stage := 0;
    result.explanation := format('Last session (%s): week %s of %s without every rep: training max stays %s %s; week 1',
      d, weeks, weeks, current.weight, unit);
  end if;
  return result;
end;
$$;
comment on function app_hidden.next_cycle_target(app_hidden.progression_state, text, jsonb, int, date, numeric, text) is E'The week and training max after one judged session of a cycle (rules in the function body); the explanation ends where the week''s sets are appended.';

create function app_hidden.next_stage_target(current app_hidden.progression_state, judged app_hidden.session_judgement, stages jsonb,
  session_date date, increment numeric, step numeric, unit text) returns app_hidden.progression_state
language plpgsql immutable as $$
-- Stages (GZCLP): within a stage the weight progresses as linear (a hit adds one increment to the
-- weight lifted; a lighter session continues from the weight lifted). A miss moves to the next
-- stage at the same weight; a miss at the last stage goes back to the first at 85 % of the
-- weight, snapped to the step.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  n int := jsonb_array_length(stages);
  this_stage text := stages ->> current.stage;
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, step);
begin
  if judged.outcome = 'hit' and current.weight is not null then
    result.weight := trim_scale(least(10000, greatest(current.weight,
      app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, step)) + increment));
    result.explanation := format('Last session (%s) hit %s%s: +%s %s to %s %s, stage %s of %s.',
      d, this_stage, loaded_text, trim_scale(increment), unit, result.weight, unit, current.stage + 1, n);
  elsif judged.outcome = 'hit' then
    result.explanation := format('Last session (%s) hit %s: no weight to add, same targets.', d, this_stage);
  elsif judged.outcome = 'light' then
    result.weight := trim_scale(least(current.weight, coalesce(app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, step), 0) + increment));
    result.explanation := format('Last session (%s) did %s%s, lighter than the target: continuing from the weight lifted, %s %s.',
      d, this_stage, case when judged.lifted is null then ' without its weight' else loaded_text end, result.weight, unit);
  elsif current.stage + 1 < n then
    result.stage := current.stage + 1;
    result.explanation := format('Last session (%s) missed %s%s: stage %s of %s, %s at %s %s.',
      d, this_stage, at_lifted, result.stage + 1, n, stages ->> result.stage, coalesce(current.weight::text, 'no weight'),
      case when current.weight is null then '' else unit end);
  else
    result.stage := 0;
    result.weight := case when current.weight is null then null else trim_scale(app_hidden.snap_weight(current.weight * 0.85, step)) end;
    result.explanation := format('Last session (%s) missed %s%s, the last stage: back to %s at 85 %%, %s %s.',
      d, this_stage, at_lifted, stages ->> 0, coalesce(result.weight::text, 'no weight'), case when result.weight is null then '' else unit end);
  end if;
  return result;
end;
$$;
comment on function app_hidden.next_stage_target(app_hidden.progression_state, app_hidden.session_judgement, jsonb, date, numeric, numeric, text) is
  E'The stage and weight after one judged session of an exercise with stages (GZCLP; rules in the function body).';

create type app_hidden.lift_target as (
  routine_exercise_id uuid,
  position int,
  exercise_id uuid,
  rule text,
  weight numeric,
  reps int,
  seconds int,
  sets int,
  sessions int,
  explanation text,
  training_max numeric,
  amrap boolean,
  week_sets jsonb
);
comment on type app_hidden.lift_target is E'The next target of one routine exercise: the rule applied (linear, greyskull, double, time, none, deload, stages or cycle), '
  'the work weight in the routine''s unit (a cycle''s heaviest set), reps or seconds and the number of work sets, the sessions judged, the explanation, '
  'the training max of a cycle, whether the last work set is as many reps as possible, and a cycle''s sets of the week ([{weight, reps, amrap}]).';

create function app_hidden.cycle_week(cycle jsonb, week int, training_max numeric, step numeric) returns jsonb
language sql immutable parallel safe as $$
  -- The week's sets: each percentage of the training max snapped to the step.
  select coalesce(jsonb_agg(jsonb_build_object(
           'weight', app_hidden.snap_weight(training_max * ps.percent / 100, step), 'reps', ps.reps, 'amrap', ps.amrap,
           'text', x.t) order by x.ord), '[]')
    from jsonb_array_elements_text(cycle -> week) with ordinality as x(t, ord),
         lateral app_hidden.doc_percent_set(x.t) ps;
$$;
comment on function app_hidden.cycle_week(jsonb, int, numeric, numeric) is E'A cycle week''s planned sets: [{weight (the percentage of the training max snapped to the step), reps, amrap, text}].';

create function app_hidden.judge_cycle_session(week_sets jsonb, target_unit text, session_unit text,
  weights numeric[], reps int[], done boolean[]) returns text
language plpgsql immutable as $$
-- skip: no work set done; hit: every set of the week done at its weight (the unit rule) with at
-- least its reps (a `+` set: at least that many); miss otherwise.
declare
  n int := jsonb_array_length(week_sets);
  k int;
begin
  if not coalesce(true = any(done), false) then
    return 'skip';
  end if;
  for k in 1 .. n loop
    if k > coalesce(array_length(weights, 1), 0) or not done[k]
       or not app_hidden.weights_meet(weights[k], session_unit, (week_sets -> (k - 1) ->> 'weight')::numeric, target_unit)
       or coalesce(reps[k], -1) < (week_sets -> (k - 1) ->> 'reps')::int then
      return 'miss';
    end if;
  end loop;
  return 'hit';
end;
$$;
comment on function app_hidden.judge_cycle_session(jsonb, text, text, numeric[], int[], boolean[]) is E'Judges one session of a training-max cycle week: skip, hit (every set at its weight with its reps) or miss.';

create function app_hidden.cycle_texts(week_sets jsonb) returns text
language sql immutable parallel safe as $$
  select string_agg(x ->> 'text', ', ' order by o) from jsonb_array_elements(week_sets) with ordinality as w(x, o);
$$;
comment on function app_hidden.cycle_texts(jsonb) is E'A cycle week as its set texts, comma separated (`65%x5, 75%x5, 85%x5+`).';

create function app_hidden.earlier_sessions_note(n int) returns text
language sql immutable parallel safe as $$
  select format('the %s earlier session%s no longer count%s', n, case when n = 1 then '' else 's' end, case when n = 1 then 's' else '' end);
$$;
comment on function app_hidden.earlier_sessions_note(int) is E'How many sessions an edit of the routine left out of the progression: `the 3 earlier sessions no longer count`.';

create function app_hidden.progression_targets(p_routine app_public.routines, p_date date)
returns setof app_hidden.lift_target
language plpgsql stable security definer set search_path to pg_catalog, public as $$
-- History of a routine exercise: the owner's workouts that name this routine, dated on or before
-- p_date, not skipProgression, starting after the exercise's last start-weight edit; in each, the
-- workout exercise for this exercise that is not skipProgression (the k-th occurrence in the
-- routine follows the k-th in each workout), with its work sets. Sessions are replayed oldest first
-- (date, start, id) through judge_session and next_target; skipped ones change nothing. A deload
-- routine never moves. Unloaded work (no weight written) cannot gain weight.
declare
  re record;
  s record;
  state app_hidden.progression_state;
  judged app_hidden.session_judgement;
  sessions_judged int;
  sessions_before_edit int;
  v_inc numeric;
  v_step numeric;
  v_weeks int;
  v_stages int;
  v_week_sets jsonb;
  v_cycle_outcome text;
  v_stage record;
begin
  for re in
    select x.*, pr.restart_after
      from (select rx.*, e.region,
                   case when p_routine.deload then 'deload'
                        when coalesce(rx.progression, p_routine.progression) = 'none' then 'none'
                        when rx.cycle is not null then 'cycle'
                        when rx.stages is not null then 'stages'
                        when coalesce(rx.progression, p_routine.progression) = 'time' and (rx.reps_low is not null or rx.seconds is null) then 'none'
                        when coalesce(rx.progression, p_routine.progression) = 'double' and rx.reps_low is null then 'none'
                        else coalesce(rx.progression, p_routine.progression) end as rule,
                   row_number() over (partition by rx.exercise_id order by rx.position) as occurrence
              from app_public.routine_exercises rx
              join app_public.exercises e on e.id = rx.exercise_id
             where rx.routine_id = p_routine.id) x
      left join app_hidden.progression_restarts pr
        on pr.routine_id = x.routine_id and pr.exercise_id = x.exercise_id and pr.occurrence = x.occurrence
     order by x.position
  loop
    v_inc := coalesce(re.increment::numeric, app_hidden.weight_increment(re.region, p_routine.unit));
    v_step := coalesce(re.increment::numeric, app_hidden.loadable_step(p_routine.unit));
    state := row(case when re.rule = 'cycle' then trim_scale(re.training_max::numeric) else trim_scale(re.weight::numeric) end,
                 re.reps_low, case when re.reps_low is null then re.seconds end, 0, 0, null, null, 0)::app_hidden.progression_state;
    v_weeks := case when re.rule = 'cycle' then jsonb_array_length(re.cycle) end;
    v_stages := case when re.rule = 'stages' then jsonb_array_length(re.stages) end;
    sessions_judged := 0;
    sessions_before_edit := 0;
    if re.rule in ('linear', 'greyskull', 'double', 'time', 'stages', 'cycle') then
      for s in
        with program_routines as (
          -- This routine, and the other routines of its program (deload routines never feed progression).
          select r2.id from app_public.routines r2
           where r2.user_id = p_routine.user_id and not r2.deload
             and (r2.id = p_routine.id
                  or (p_routine.program is not null and app_hidden.program_key(r2.program) = app_hidden.program_key(p_routine.program)))
        ), tracks as (
          -- Where this lift is in each of them: here, this occurrence; in another routine of the
          -- program, the first occurrence prescribed alike (same sets and reps or time).
          select distinct on (t.routine_id) t.routine_id, t.occurrence
            from (select rx.routine_id, rx.position, rx.sets, rx.reps_low, rx.reps_high, rx.seconds,
                         row_number() over (partition by rx.routine_id order by rx.position) as occurrence
                    from app_public.routine_exercises rx
                   where rx.routine_id in (select pr2.id from program_routines pr2) and rx.exercise_id = re.exercise_id) t
           where (t.routine_id = p_routine.id and t.occurrence = re.occurrence)
              or (t.routine_id <> p_routine.id and t.sets = re.sets and t.reps_low is not distinct from re.reps_low
                  and t.reps_high is not distinct from re.reps_high and t.seconds is not distinct from re.seconds)
           order by t.routine_id, t.occurrence
        ), history as (
          select w.id, w.date, w.start, w.unit, t.occurrence as track_occurrence
            from app_public.workouts w
            join tracks t on t.routine_id = w.routine_id
           where w.user_id = p_routine.user_id and w.date <= p_date
             and not w.skip_progression
        ), occurrence as (
          select we.id, we.skip_progression, h.date, h.start, h.unit, h.id as workout_id, h.track_occurrence,
                 row_number() over (partition by we.workout_id order by we.position) as occurrence
            from history h
            join app_public.workout_exercises we on we.workout_id = h.id and we.exercise_id = re.exercise_id
        )
        select o.date, o.start, o.unit, o.start <= re.restart_after as before_edit,
               coalesce(array_agg(ws.weight::numeric order by ws.position) filter (where ws.id is not null), '{}') as weights,
               coalesce(array_agg(ws.reps order by ws.position) filter (where ws.id is not null), '{}') as reps,
               coalesce(array_agg(ws.seconds order by ws.position) filter (where ws.id is not null), '{}') as seconds,
               coalesce(array_agg(ws.done order by ws.position) filter (where ws.id is not null), '{}') as done
          from occurrence o
          left join app_public.workout_sets ws on ws.workout_exercise_id = o.id and ws.kind = 'work'
         where o.occurrence = o.track_occurrence and not o.skip_progression
         group by o.id, o.date, o.start, o.unit, o.workout_id
         order by o.date, o.start, o.workout_id
      loop
        if re.rule = 'cycle' then
          v_week_sets := app_hidden.cycle_week(re.cycle, state.stage, state.weight, v_step);
          v_cycle_outcome := app_hidden.judge_cycle_session(v_week_sets, p_routine.unit, s.unit, s.weights, s.reps, s.done);
          continue when v_cycle_outcome = 'skip';
        else
          select * into v_stage from app_hidden.doc_stage(case when re.rule = 'stages' then re.stages ->> state.stage end);
          judged := app_hidden.judge_session(coalesce(v_stage.sets, re.sets), state.weight, p_routine.unit, coalesce(v_stage.reps, state.reps),
                                             coalesce(v_stage.reps, re.reps_high, re.reps_low),
                                             state.seconds, s.unit, s.weights, s.reps, s.seconds, s.done);
          continue when judged.outcome = 'skip';
        end if;
        if s.before_edit then
          sessions_before_edit := sessions_before_edit + 1;
          continue;
        end if;
        sessions_judged := sessions_judged + 1;
        if re.rule = 'cycle' then
          state := app_hidden.next_cycle_target(state, v_cycle_outcome, v_week_sets, v_weeks, s.date, v_inc, p_routine.unit);
        elsif re.rule = 'stages' then
          state := app_hidden.next_stage_target(state, judged, re.stages, s.date, v_inc, v_step, p_routine.unit);
        else
          state := app_hidden.next_target(re.rule, state, judged, s.date, re.sets, re.reps_low, coalesce(re.reps_high, re.reps_low),
                                          v_inc, p_routine.unit);
        end if;
      end loop;
    end if;
    select * into v_stage from app_hidden.doc_stage(case when re.rule = 'stages' then re.stages ->> state.stage end);
    v_week_sets := case when re.rule = 'cycle' then app_hidden.cycle_week(re.cycle, state.stage, state.weight, v_step) end;
    if state.explanation is null and re.rule = 'cycle' and sessions_before_edit > 0 then
      state.explanation := format('Training max changed in the routine to %s %s: starting the cycle again at week 1 of %s (%s); %s.',
        state.weight, p_routine.unit, v_weeks, app_hidden.cycle_texts(v_week_sets), app_hidden.earlier_sessions_note(sessions_before_edit));
    elsif state.explanation is null and re.rule = 'cycle' then
      state.explanation := format('No history yet: week 1 of %s at a training max of %s %s (%s).',
        v_weeks, state.weight, p_routine.unit, app_hidden.cycle_texts(v_week_sets));
    elsif state.explanation is null and re.rule = 'stages' and sessions_before_edit > 0 then
      state.explanation := format('Start weight changed in the routine to %s %s: starting again from it, stage 1 of %s, %s; %s.',
        coalesce(state.weight::text, 'none'), case when state.weight is null then '' else p_routine.unit end, v_stages, re.stages ->> 0,
        app_hidden.earlier_sessions_note(sessions_before_edit));
    elsif state.explanation is null and re.rule = 'stages' then
      state.explanation := format('No history yet: stage 1 of %s, %s at %s %s as written.',
        v_stages, re.stages ->> 0, coalesce(state.weight::text, 'no weight'), case when state.weight is null then '' else p_routine.unit end);
    elsif state.explanation is null then
      state.explanation := app_hidden.progression_first_note(re.rule, re.sets, state.reps, state.seconds, state.weight, p_routine.unit)
        || case when re.rule = 'greyskull' then ' Last set: as many reps as possible.' else '' end;
      if sessions_before_edit > 0 then
        state.explanation := format('Start weight changed in the routine to %s %s: starting again from it; %s.',
          coalesce(trim_scale(re.weight::numeric)::text, 'none'), case when re.weight is null then '' else p_routine.unit end,
          app_hidden.earlier_sessions_note(sessions_before_edit))
          || case when re.rule = 'greyskull' then ' Last set: as many reps as possible.' else '' end;
      end if;
    end if;
    if re.rule = 'cycle' then
      return next row(re.id, re.position, re.exercise_id, re.rule,
                      (v_week_sets -> -1 ->> 'weight')::numeric, (v_week_sets -> -1 ->> 'reps')::int, null, re.sets,
                      sessions_judged, state.explanation
                        || case when sessions_judged > 0 then format(' (%s).', app_hidden.cycle_texts(v_week_sets)) else '' end
                        || case when v_week_sets @> '[{"amrap": true}]' then ' Sets marked +: as many reps as possible.' else '' end,
                      state.weight, (v_week_sets -> -1 ->> 'amrap')::boolean, v_week_sets)::app_hidden.lift_target;
    else
      return next row(re.id, re.position, re.exercise_id, re.rule, state.weight, coalesce(v_stage.reps, state.reps),
                      case when state.reps is null and v_stage.reps is null then state.seconds end, coalesce(v_stage.sets, re.sets),
                      sessions_judged, state.explanation || case when coalesce(v_stage.amrap, false) then ' Last set: as many reps as possible.' else '' end,
                      null, coalesce(v_stage.amrap, re.rule = 'greyskull'), null)::app_hidden.lift_target;
    end if;
  end loop;
end;
$$;
comment on function app_hidden.progression_targets(app_public.routines, date) is E'The next targets of each exercise of a routine on a date, replayed from the owner''s history (judge_session, then next_target, per session; rules in the comments of those functions and of 13-progression.sql).';

--------------------------------------------------------------------------------
-- The next workout
--------------------------------------------------------------------------------
create function app_hidden.planned_sets(p_kind text, p_weight numeric, p_bodyweight boolean, p_reps int, p_seconds int,
  p_sets int, p_warmups int, p_drops int, p_bursts int, p_increment numeric) returns text[]
language plpgsql immutable as $$
-- Set texts, in order: warm-ups (w:), work sets, drops (d:), bursts (rp:). p_increment is the loadable step
-- weights snap to (the parameter keeps its first name: PostgreSQL cannot rename it in place).
-- Warm-ups ramp toward a loaded work weight: one at 50 %; two or more spread evenly from 40 % to
-- 80 %; each snapped to a loadable weight within 40-80 % of the work weight, with fewer reps
-- (reps * (1.2 - share), at least 1, at most the work reps); a warm-up with no loadable weight
-- in that range (or only 0) is left out. Drops follow the last work set, each about 20 % lighter than the one before and at
-- least one loadable step lighter (snapped; they stop before 0), at the work reps. Bursts
-- (rest-pause) follow at the work weight, a third of the work reps (at least 1).
-- Timed work (a hold, weighted or not) has its work sets only; unloaded work no warm-ups or drops.
declare
  v_out text[] := '{}';
  v_share numeric;
  v_w numeric;
  v_prev numeric;
  v_loaded boolean := p_weight is not null and p_weight > 0 and p_seconds is null and not p_bodyweight;
  v_reps int := coalesce(p_reps, 0);
  i int;
begin
  if v_loaded then
    for i in 1 .. p_warmups loop
      v_share := case when p_warmups = 1 then 0.5 else 0.4 + 0.4 * (i - 1) / (p_warmups - 1) end;
      -- Snapped, then kept within 40-80 % of the work weight on the step's grid.
      v_w := greatest(ceil(p_weight * 0.4 / p_increment - 0.000001) * p_increment,
                      least(floor(p_weight * 0.8 / p_increment + 0.000001) * p_increment,
                            app_hidden.snap_weight(p_weight * v_share, p_increment)));
      v_w := trim_scale(v_w);
      if v_w > 0 and v_w <= p_weight * 0.8 + 0.000001 then
        v_out := v_out || app_hidden.format_set('warmup', v_w, false,
          least(v_reps, greatest(1, round(v_reps * (1.2 - v_share))::int)), null, null);
      end if;
    end loop;
  end if;
  for i in 1 .. p_sets loop
    v_out := v_out || app_hidden.format_set('work', p_weight, p_bodyweight, case when p_seconds is null then v_reps end, p_seconds, null);
  end loop;
  if v_loaded then
    v_prev := p_weight;
    for i in 1 .. p_drops loop
      v_w := least(app_hidden.snap_weight(v_prev * 0.8, p_increment), app_hidden.snap_down(v_prev - p_increment, p_increment));
      exit when v_w <= 0;
      v_out := v_out || app_hidden.format_set('drop', v_w, false, v_reps, null, null);
      v_prev := v_w;
    end loop;
  end if;
  if p_seconds is null then
    for i in 1 .. p_bursts loop
      v_out := v_out || app_hidden.format_set('burst', p_weight, p_bodyweight, greatest(1, round(v_reps / 3.0)::int), null, null);
    end loop;
  end if;
  return v_out;
end;
$$;
comment on function app_hidden.planned_sets(text, numeric, boolean, int, int, int, int, int, int, numeric) is E'The set texts of one planned exercise: warm-ups ramped toward the work weight, the work sets (a weighted hold as `20x45s`), drops about 20 % and at least one loadable step lighter each, rest-pause bursts (rules in the function body).';

create function app_hidden.pinned_note(p_user uuid, p_exercise uuid, p_date date) returns text
language sql stable security definer set search_path to pg_catalog, public as $$
  -- The note of the user's latest entry of this exercise (by date, start, position), on or before
  -- the date, when that entry is pinned.
  select case when we.pinned then we.note end
    from app_public.workout_exercises we
    join app_public.workouts w on w.id = we.workout_id
   where we.user_id = p_user and we.exercise_id = p_exercise and w.date <= p_date
   order by w.date desc, w.start desc, we.position desc
   limit 1;
$$;
comment on function app_hidden.pinned_note(uuid, uuid, date) is E'The pinned note that carries forward to an exercise''s next plan: the note of the user''s latest entry of it on or before the date, if that entry is pinned.';

create function app_hidden.next_plan(r app_public.routines, p_date date)
returns table (exercise_position int, exercise_id uuid, rule text, routine_weight numeric, weight numeric, unit text, reps int, seconds int,
               sessions int, explanation text, pinned_note text, sets text[], training_max numeric, amrap boolean)
language sql stable security definer set search_path to pg_catalog, public as $$
  select t.position, t.exercise_id, t.rule, t.weight, x.weight, u.unit, t.reps, t.seconds, t.sessions,
         left(t.explanation || case when r.unit <> u.unit and t.weight is not null and t.weight > 0
                                    then format(' Routine in %s: %s %s ≈ %s %s, loaded as %s %s.', r.unit, t.weight, r.unit,
                                                app_hidden.convert_weight(t.weight, r.unit, u.unit), u.unit, x.weight, u.unit)
                                    else '' end, 1000),
         app_hidden.pinned_note(r.user_id, t.exercise_id, p_date),
         case when t.week_sets is null then
           -- A bodyweight exercise's weight is load added to the body (`bw+20x5`); none or 0: `bw x 8`.
           app_hidden.planned_sets('work', case when e.equipment = 'bodyweight' and t.seconds is null then nullif(x.weight, 0) else x.weight end,
                                   e.equipment = 'bodyweight' and t.seconds is null, t.reps, t.seconds,
                                   t.sets, re.warmups, re.drops, re.bursts, st.step)
         else
           -- A cycle week: warm-ups toward its first set, its sets, drops and bursts after its last.
           app_hidden.planned_sets('work', app_hidden.shown_weight((t.week_sets -> 0 ->> 'weight')::numeric, r.unit, u.unit), false,
                                   (t.week_sets -> 0 ->> 'reps')::int, null, 0, re.warmups, 0, 0, st.step)
           || (select array_agg(app_hidden.format_set('work', app_hidden.shown_weight((ws.x ->> 'weight')::numeric, r.unit, u.unit), false,
                                                      (ws.x ->> 'reps')::int, null, null) order by ws.o)
                 from jsonb_array_elements(t.week_sets) with ordinality as ws(x, o))
           || app_hidden.planned_sets('work', x.weight, false, t.reps, null, 0, 0, re.drops, re.bursts, st.step)
         end,
         t.training_max, t.amrap
    from app_hidden.progression_targets(r, p_date) t
    join app_public.routine_exercises re on re.id = t.routine_exercise_id
    join app_public.exercises e on e.id = t.exercise_id
    cross join lateral (select us.unit from app_public.users us where us.id = r.user_id) u
    -- Weights shown in the owner's unit snap to the exercise's increment as shown in it (1 kg
    -- micro-plates are 2.5 lb), else to the unit's loadable step.
    cross join lateral (select coalesce(app_hidden.shown_increment(re.increment::numeric, r.unit, u.unit), app_hidden.loadable_step(u.unit)) as step) st
    cross join lateral (select case when r.unit = u.unit or t.weight is null then t.weight
                                    else least(10000, app_hidden.snap_weight(app_hidden.convert_weight(t.weight, r.unit, u.unit), st.step)) end as weight) x
   order by t.position;
$$;
comment on function app_hidden.next_plan(app_public.routines, date) is E'The next workout of a routine, one row per routine exercise: its target in the routine''s unit and as loaded in the owner''s unit, why, the pinned note carried forward, and the planned set texts.';

create function app_public.routines_next_workout(r app_public.routines, date text default null) returns json
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_date date := coalesce(app_hidden.check_date(routines_next_workout.date), current_date);
  v_user app_public.users;
  v_exercises json;
begin
  select u.* into v_user from app_public.users u where u.id = app_public.current_user_id();
  if v_user.id is null or r.user_id is distinct from v_user.id then
    return null;
  end if;
  select coalesce(json_agg(json_strip_nulls(json_build_object(
           'exercise', app_hidden.exercise_reference(p.exercise_id),
           'superset', re.superset,
           'note', p.pinned_note,
           'pinned', case when p.pinned_note is not null then true end,
           'sets', (select json_agg(json_build_object('set', st.text, 'done', false) order by st.ord)
                      from unnest(p.sets) with ordinality as st(text, ord))))
           order by p.exercise_position), '[]')
    into v_exercises
    from app_hidden.next_plan(r, v_date) p
    join app_public.routine_exercises re on re.routine_id = r.id and re.position = p.exercise_position;
  return json_build_object(
    'name', r.name,
    'date', to_char(v_date, 'YYYY-MM-DD'),
    'start', to_char(v_date, 'YYYY-MM-DD') || 'T12:00:00Z',
    'unit', v_user.unit,
    'effort', v_user.effort,
    'routine', r.id,
    'exercises', v_exercises);
end;
$$;
comment on function app_public.routines_next_workout(app_public.routines, text) is E'@behavior -aggregate -havingBy -orderBy -filterBy\nThe next workout of this routine for a date (YYYY-MM-DD, default today) as a workout document to apply: '
  'every set planned (`done: false`): warm-ups (`w:`), work sets at the targets progression derives from your history of this routine, drops (`d:`) and bursts (`rp:`); '
  'weights in your unit (converted and snapped to a loadable weight, 2.5 kg or 5 lb, when the routine has another unit). '
  'An exercise''s note is the one you pinned on its latest entry (with `pinned: true`), never an explanation: those are in nextTargets.';

create type app_public.next_target as (
  position int,
  exercise_id uuid,
  exercise text,
  rule text,
  weight double precision,
  unit text,
  routine_weight double precision,
  routine_unit text,
  reps int,
  seconds int,
  sessions int,
  explanation text,
  training_max double precision,
  amrap boolean
);
comment on type app_public.next_target is E'The target of one exercise of a routine''s next workout, and why.';
comment on column app_public.next_target.position is E'@notNull\nOrder within the routine, from 0 (the same as the next workout''s exercises).';
comment on column app_public.next_target.exercise_id is E'@notNull\nThe exercise.';
comment on column app_public.next_target.exercise is E'@notNull\nThe exercise as the next workout names it.';
comment on column app_public.next_target.rule is E'@notNull\nThe rule applied: linear, greyskull, double, time, none, deload, stages or cycle.';
comment on column app_public.next_target.weight is E'The work weight as planned in your unit (converted and snapped to a loadable weight when the routine has another unit); null for unloaded work.';
comment on column app_public.next_target.unit is E'@notNull\nYour unit: the unit of weight.';
comment on column app_public.next_target.routine_weight is E'The work weight in the routine''s unit, as progression computed it.';
comment on column app_public.next_target.routine_unit is E'@notNull\nThe routine''s unit.';
comment on column app_public.next_target.reps is E'Reps per work set; null for a timed exercise.';
comment on column app_public.next_target.seconds is E'Seconds per work set of a timed exercise.';
comment on column app_public.next_target.sessions is E'@notNull\nSessions of your history judged to reach this target (skipped ones and ones before a start-weight edit not counted).';
comment on column app_public.next_target.training_max is E'The training max a cycle''s percentages are of, in the routine''s unit; null without a cycle.';
comment on column app_public.next_target.amrap is E'@notNull\nWhether the last work set is as many reps as possible (greyskull, a stage or cycle set marked `+`).';
comment on column app_public.next_target.explanation is E'@notNull\nWhy the target is what it is, in a sentence or two. Every weight it names was lifted, written in the routine or is planned here.';

create function app_public.routines_next_targets(r app_public.routines, date text default null) returns setof app_public.next_target
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_date date := coalesce(app_hidden.check_date(routines_next_targets.date), current_date);
begin
  if r.user_id is distinct from app_public.current_user_id() then
    return;
  end if;
  return query
  select p.exercise_position, p.exercise_id, app_hidden.exercise_reference(p.exercise_id), p.rule, p.weight::float8, p.unit,
         p.routine_weight::float8, r.unit, p.reps, p.seconds, p.sessions, p.explanation, p.training_max::float8, coalesce(p.amrap, false)
    from app_hidden.next_plan(r, v_date) p;
end;
$$;
comment on function app_public.routines_next_targets(app_public.routines, text) is
  E'@behavior -typeField:resource:connection +typeField:resource:list -aggregate -havingBy -orderBy -filterBy\n'
  'The targets of this routine''s next workout for a date (YYYY-MM-DD, default today), one per exercise in the routine''s order, each with the explanation of how your history led to it. '
  'The plan itself is nextWorkout; explanations are never saved into a workout.';

--! split: 14-records.sql
-- Records and progress: personal records (Exercise.records, WorkoutSet.personalRecord) and the
-- progress series for the logger and the progress pages (and any client: the CLI, the MCP server):
--   lastPerformance(exercises)    -> per exercise asked (a reference): its sets in your latest workout that did it
--   e1rmSeries(exerciseId)        -> per session: best estimated 1RM and its set, and the best set
--   weeklyVolume(exerciseId)      -> per ISO week: volume in your unit, work sets, workouts
-- Each is one statement over the caller's history (security invoker: RLS decides what rows exist).
-- Volume reads the volume columns of workout_sets (volume_kg / volume_lb / work_sets; workouts split).

--------------------------------------------------------------------------------
-- Small helpers
--------------------------------------------------------------------------------
create function app_hidden.weight_kg(weight numeric, unit text) returns numeric
language sql immutable parallel safe as $$
  select case when unit = 'lb' then weight * 0.45359237 else weight end;
$$;
comment on function app_hidden.weight_kg(numeric, text) is E'A weight in kilograms, unrounded (1 lb = 0.45359237 kg): how records compare sets logged in different units.';

create function app_hidden.e1rm(weight numeric, reps int) returns numeric
language sql immutable parallel safe as $$
  -- Epley, w * (1 + r/30), for 1 to 12 reps; one rep is the weight itself.
  select case when reps = 1 then weight
              when reps between 2 and 12 then weight * (1 + reps / 30.0) end;
$$;
comment on function app_hidden.e1rm(numeric, int) is E'Estimated one-rep max (Epley: w * (1 + r/30)) of a set of 1 to 12 reps; 1 rep is the weight itself; null for other rep counts.';

--------------------------------------------------------------------------------
-- The sets records count
--------------------------------------------------------------------------------
create function app_hidden.record_sets(p_exercise uuid)
returns table (id uuid, workout_id uuid, date date, start timestamptz, exercise_position int, set_position int,
               reps int, kg numeric, shown numeric, unit text)
language sql stable parallel safe as $$
  -- The caller's sets of one exercise that records count (Exercise.records, personal records):
  -- done, not a warm-up (work, drop and burst sets count), with a weight and at least one rep, so
  -- bodyweight (`bw x 8`), unloaded (`x12`) and timed sets never count as weight. kg compares sets
  -- logged in different units (unrounded); shown is the weight in the caller's unit (2 decimals).
  select s.id, s.workout_id, s.date, w.start, we.position, s.position, s.reps,
         app_hidden.weight_kg(s.weight::numeric, s.unit),
         app_hidden.convert_weight(s.weight::numeric, s.unit, u.unit),
         u.unit
    from app_public.users u
    join app_public.workout_sets s on s.user_id = u.id and s.exercise_id = p_exercise
    join app_public.workout_exercises we on we.id = s.workout_exercise_id
    join app_public.workouts w on w.id = s.workout_id
   where u.id = app_public.current_user_id()
     and s.done and s.kind <> 'warmup' and s.weight is not null and s.reps >= 1;
$$;
comment on function app_hidden.record_sets(uuid) is
  E'Your sets of one exercise that records count (done, not warm-ups, with a weight and at least one rep), with their weight in kg (to compare) and in your unit (to show).';

--------------------------------------------------------------------------------
-- Personal records
--------------------------------------------------------------------------------
-- Personal records in one pass per request. The rule (WorkoutSet.personalRecord) compares a set with
-- every earlier set of its exercise; asked row by row it rescanned that history for every set,
-- which is quadratic (100-200 s over 18,000 sets). app_hidden.personal_records answers for many
-- sets at once with one window over the caller's history of their exercises, and
-- plugins/progression.ts asks it once per request for every set the request shows.
-- The per-row function is for psql users, as a call of the same rule.

create function app_hidden.personal_records(p_set_ids uuid[])
returns table (set_id uuid, personal_record boolean)
language sql stable security definer set search_path to pg_catalog, public as $$
  -- A done, non-warm-up set with a weight and at least one rep is a personal record when it beats
  -- every earlier such set of the same exercise (by date, then start, then exercise position, then
  -- set position; sets equal on all four are not earlier than each other) on weight, or, for 1 to
  -- 12 reps, on estimated one-rep max. Beating means more by at least 0.005 kg (conversions between
  -- units round to 2 decimals). The first such set ever is a record.
  with asked as (
    select s.id, s.exercise_id
      from unnest(p_set_ids) as a(id)
      join app_public.workout_sets s on s.id = a.id
     where s.user_id = app_public.current_user_id()
  ), history as (
    select p.id, p.exercise_id, p.date, w.start, we.position as exercise_position, p.position,
           p.done and p.kind <> 'warmup' and p.weight is not null and coalesce(p.reps, 0) >= 1 as counts,
           app_hidden.weight_kg(p.weight::numeric, p.unit) as kg,
           app_hidden.e1rm(app_hidden.weight_kg(p.weight::numeric, p.unit), p.reps) as e1rm
      from app_public.workout_sets p
      join app_public.workouts w on w.id = p.workout_id
      join app_public.workout_exercises we on we.id = p.workout_exercise_id
     where p.user_id = app_public.current_user_id()
       and p.exercise_id in (select distinct exercise_id from asked)
  ), compared as (
    select h.id, h.counts, h.kg, h.e1rm,
           max(h.kg) filter (where h.counts) over earlier as earlier_kg,
           max(h.e1rm) filter (where h.counts) over earlier as earlier_e1rm
      from history h
    window earlier as (partition by h.exercise_id order by h.date, h.start, h.exercise_position, h.position
                       groups between unbounded preceding and 1 preceding)
  )
  select c.id,
         case when not c.counts then false
              else (c.earlier_kg is null or c.kg > c.earlier_kg + 0.005)
                or (c.e1rm is not null and (c.earlier_e1rm is null or c.e1rm > c.earlier_e1rm + 0.005)) end
    from compared c
    join asked a on a.id = c.id;
$$;
comment on function app_hidden.personal_records(uuid[]) is
  E'For each of the given sets that is yours: whether it is a personal record (the rule of WorkoutSet.personalRecord), '
  'computed in one pass over your history of their exercises. Sets that are not yours are left out.';

create function app_public.workout_sets_personal_record(s app_public.workout_sets) returns boolean
language sql stable security definer set search_path to pg_catalog, public as $$
  select case when s.user_id is distinct from app_public.current_user_id() then null
              else coalesce((select r.personal_record from app_hidden.personal_records(array[s.id]) r), false) end;
$$;
comment on function app_public.workout_sets_personal_record(app_public.workout_sets) is
  E'@behavior -*\nTrue when this set is a personal record (see app_hidden.personal_records); null for a set that is not yours. '
  'GraphQL asks app_hidden.personal_records once per request instead (WorkoutSet.personalRecord, plugins/progression.ts).';

--------------------------------------------------------------------------------
-- Last performance
--------------------------------------------------------------------------------
create type app_public.last_performance as (
  exercise text,
  exercise_id uuid,
  workout_id uuid,
  date date,
  unit text
);
comment on type app_public.last_performance is E'What you did last time on one exercise: its sets (LastPerformance.sets, plugins/progress-series.ts) in your latest workout in which one of them was done.';
comment on column app_public.last_performance.exercise is E'@notNull\nThe exercise as asked (a reference: name, alias, custom name or id).';
comment on column app_public.last_performance.exercise_id is E'The exercise the reference names; null when it names none.';
comment on column app_public.last_performance.workout_id is E'The workout; null when you never did a set of this exercise.';
comment on column app_public.last_performance.date is E'The workout''s date; null when none.';
comment on column app_public.last_performance.unit is E'The workout''s unit: the unit of the sets'' weights; null when none.';

create function app_public.last_performance(exercises text[], except_workout_id uuid default null)
returns setof app_public.last_performance
language plpgsql stable as $$
declare
  v_me uuid := app_hidden.require_user();
begin
  if cardinality(exercises) > 100 then
    raise exception 'exercises: at most 100 exercises at a time' using errcode = 'SVBAD';
  end if;
  -- One pass: every reference resolved at once (the rule of documents); for each exercise named
  -- (once, however often it is asked), its latest date with a done set, then the latest workout
  -- that day (start, then id) with one: index probes, never a walk through its history. Its sets
  -- there are LastPerformance.sets (plugins/progress-series.ts: one statement for every entry).
  return query
    with refs as materialized (
      select x.ord, x.ref, r.exercise_id
        from unnest(exercises) with ordinality as x(ref, ord)
        join app_hidden.resolve_exercises(exercises) r on r.ord = x.ord
       where x.ref is not null
    ), latest as materialized (
      select e.exercise_id, l.id as workout_id, l.date, l.unit
        from (select distinct refs.exercise_id from refs where refs.exercise_id is not null) e
        cross join lateral (
          select w.id, w.date, w.unit
            from app_public.workouts w
           where w.user_id = v_me
             and w.date = (select s.date from app_public.workout_sets s
                            where s.user_id = v_me and s.exercise_id = e.exercise_id and s.done
                              and s.workout_id is distinct from except_workout_id
                            order by s.date desc limit 1)
             and w.id is distinct from except_workout_id
             -- A subquery per workout (limit 1: never turned into a join): one index probe each.
             and (select true from app_public.workout_sets s
                   where s.user_id = v_me and s.exercise_id = e.exercise_id and s.done
                     and s.date = w.date and s.workout_id = w.id
                   limit 1)
           order by w.start desc, w.id desc
           limit 1) l
    )
    select refs.ref, refs.exercise_id, latest.workout_id, latest.date, latest.unit
      from refs
      left join latest on latest.exercise_id = refs.exercise_id
     order by refs.ord;
end;
$$;
comment on function app_public.last_performance(text[], uuid) is
  E'@behavior -queryField:resource:connection +queryField:resource:list\n'
  'What you did last time on each of these exercises (at most 100; each a name, alias, custom exercise name or id, as in documents), one entry per exercise in the order asked: '
  'every set of the exercise (as logged) in your latest workout (by date, then start) in which at least one of its sets is done, with that workout''s id, date and unit; '
  'no workout and no sets for an exercise you never did or a reference that names none. exceptWorkoutId leaves out one workout (the one being logged, once saved). '
  'Only your own workouts count; signed out: FORBIDDEN.';

--------------------------------------------------------------------------------
-- Estimated 1RM per session
--------------------------------------------------------------------------------
create type app_public.e1rm_session as (
  workout_id uuid,
  date date,
  unit text,
  e1rm double precision,
  e1rm_set_id uuid,
  e1rm_set_weight double precision,
  e1rm_set_reps int,
  best_set_id uuid,
  best_set_weight double precision,
  best_set_reps int
);
comment on type app_public.e1rm_session is E'One workout''s best on an exercise: the best estimated one-rep max and the set it came from, and the best (heaviest) set.';
comment on column app_public.e1rm_session.workout_id is E'@notNull\nThe workout.';
comment on column app_public.e1rm_session.date is E'@notNull\nThe workout''s date.';
comment on column app_public.e1rm_session.unit is E'@notNull\nYour unit (kg or lb): the unit of every weight here.';
comment on column app_public.e1rm_session.e1rm is E'The best estimated one-rep max of the session (Epley: w * (1 + r/30), sets of 1 to 12 reps; 1 rep is the weight itself), 2 decimals; null when no set had 1 to 12 reps.';
comment on column app_public.e1rm_session.e1rm_set_id is E'The set the estimate came from (the earliest of equals).';
comment on column app_public.e1rm_session.e1rm_set_weight is E'That set''s weight.';
comment on column app_public.e1rm_session.e1rm_set_reps is E'That set''s reps.';
comment on column app_public.e1rm_session.best_set_id is E'@notNull\nThe best set: the heaviest, then the most reps at that weight, then the earliest.';
comment on column app_public.e1rm_session.best_set_weight is E'@notNull\nThe best set''s weight.';
comment on column app_public.e1rm_session.best_set_reps is E'@notNull\nThe best set''s reps.';

create function app_public.e1rm_series(exercise_id uuid) returns setof app_public.e1rm_session
language plpgsql stable strict as $$
begin
  perform app_hidden.require_user();
  -- Over the sets records count (app_hidden.record_sets), one row per workout, oldest first.
  -- Sets compare in kg; values are in the caller's unit, the estimate computed from the shown
  -- weight and rounded as Exercise.records' bestE1rm is.
  return query
  with sets as (
    select * from app_hidden.record_sets(e1rm_series.exercise_id)
  ), best_e1rm as (
    select distinct on (r.workout_id) r.workout_id, r.id, r.shown, r.reps
      from sets r
     where r.reps between 1 and 12
     order by r.workout_id, app_hidden.e1rm(r.kg, r.reps) desc, r.exercise_position, r.set_position
  ), best_set as (
    select distinct on (r.workout_id) r.workout_id, r.date, r.start, r.unit, r.id, r.shown, r.reps
      from sets r
     order by r.workout_id, r.kg desc, r.reps desc, r.exercise_position, r.set_position
  )
  select b.workout_id, b.date, b.unit,
         trim_scale(round(app_hidden.e1rm(e.shown, e.reps), 2))::float8, e.id, e.shown::float8, e.reps,
         b.id, b.shown::float8, b.reps
    from best_set b
    left join best_e1rm e on e.workout_id = b.workout_id
   order by b.date, b.start, b.workout_id;
end;
$$;
comment on function app_public.e1rm_series(uuid) is
  E'@behavior -queryField:resource:connection +queryField:resource:list\n'
  'Your progress on an exercise, one entry per workout (oldest first) that has a set records count: done, not a warm-up, with a weight and at least one rep '
  '(bodyweight, unloaded and timed sets never count as weight): the best estimated one-rep max (the rule of Exercise.records'' bestE1rm) and its set, and the heaviest set. '
  'Weights in your unit (sets logged in the other unit converted; 1 lb = 0.45359237 kg). Signed out: FORBIDDEN.';

--------------------------------------------------------------------------------
-- Volume per week
--------------------------------------------------------------------------------
create type app_public.volume_week as (
  week date,
  volume double precision,
  unit text,
  work_sets int,
  workouts int
);
comment on type app_public.volume_week is E'Training volume in one ISO week.';
comment on column app_public.volume_week.week is E'@notNull\nThe week''s Monday.';
comment on column app_public.volume_week.volume is E'@notNull\nSum of weight x reps of the week''s done work sets with a weight (warm-ups, drops, bursts, sets not done, unloaded and timed sets add nothing), in `unit`.';
comment on column app_public.volume_week.unit is E'@notNull\nYour unit (kg or lb).';
comment on column app_public.volume_week.work_sets is E'@notNull\nDone work sets (timed and unloaded ones included).';
comment on column app_public.volume_week.workouts is E'@notNull\nWorkouts with at least one done work set.';

create function app_public.weekly_volume(exercise_id uuid default null) returns setof app_public.volume_week
language plpgsql stable as $$
begin
  perform app_hidden.require_user();
  -- The volume columns of workout_sets hold the rule (and the per-set conversion, 2 decimals);
  -- this sums the one in the caller's unit per week.
  return query
  select s.week,
         round(sum(case when u.unit = 'lb' then s.volume_lb else s.volume_kg end)::numeric, 2)::float8,
         u.unit,
         sum(s.work_sets)::int,
         count(distinct s.workout_id) filter (where s.work_sets = 1)::int
    from app_public.users u
    join app_public.workout_sets s on s.user_id = u.id
   where u.id = app_public.current_user_id()
     and (weekly_volume.exercise_id is null or s.exercise_id = weekly_volume.exercise_id)
   group by s.week, u.unit
  having sum(s.work_sets) > 0
   order by s.week;
end;
$$;
comment on function app_public.weekly_volume(uuid) is
  E'@behavior -queryField:resource:connection +queryField:resource:list\n'
  'Your training volume per ISO week (Monday first, oldest week first), in your unit: of one exercise, or of everything without exerciseId. '
  'Only weeks with a done work set appear. Per set the rule of WorkoutSet.volumeKg / volumeLb (per exercise and week in both units: allWorkoutSets groupedAggregates). Signed out: FORBIDDEN.';


--------------------------------------------------------------------------------
-- Records: bodyweight sets, timed sets and a rep-max table
--------------------------------------------------------------------------------
create function app_hidden.rep_max_reps() returns int[]
language sql immutable parallel safe as $$ select array[1, 3, 5, 8, 10] $$;
comment on function app_hidden.rep_max_reps() is E'The rows of the rep-max table (Exercise.records.repMaxes): 1, 3, 5, 8 and 10 reps.';

create function app_public.exercises_records(e app_public.exercises) returns json
language sql stable security definer set search_path to pg_catalog, public as $$
  -- Weighted records over the caller's sets that records count (app_hidden.record_sets: done,
  -- warm-ups excluded, work, drop and burst sets with a weight and at least one rep). Sets compare
  -- in kilograms; values are shown in the caller's unit (2 decimals). Ties go to the earliest set
  -- (date, start, exercise position, set position). Bodyweight and timed records read the caller's
  -- other done, non-warm-up sets of the exercise: without a weight (most reps), and with a time.
  -- A weighted bodyweight set (`bw+20x5`) is a record of the load added (added_load): its weight
  -- records say so; it estimates a one-rep max of bodyweight plus that load, with the bodyweight
  -- logged on or before its day, and none when no bodyweight is known then.
  with sets as (
    select r.id, r.workout_id, r.date, r.reps, r.start, r.exercise_position, r.set_position as position, r.kg, r.shown, r.unit,
           ws.bodyweight as added_load, bw.shown as bodyweight,
           case when not ws.bodyweight then r.kg else r.kg + bw.kg end as est_kg,
           case when not ws.bodyweight then r.shown else r.shown + bw.shown end as est_shown
      from app_hidden.record_sets(e.id) r
      join app_public.workout_sets ws on ws.id = r.id
      left join lateral (
        select app_hidden.weight_kg(b.weight::numeric, b.unit) as kg, app_hidden.convert_weight(b.weight::numeric, b.unit, r.unit) as shown
          from app_public.bodyweights b
         where ws.bodyweight and b.user_id = ws.user_id and b.date <= r.date
         order by b.date desc limit 1) bw on true
  ), heaviest as (
    select * from sets order by kg desc, date, start, exercise_position, position limit 1
  ), best as (
    select * from sets where reps between 1 and 12 and est_kg is not null
     order by app_hidden.e1rm(est_kg, reps) desc, date, start, exercise_position, position limit 1
  ), at_weight as (
    select distinct on (shown, added_load) * from sets order by shown, added_load, reps desc, date, start, exercise_position, position
  ), me as (
    select u.id, u.unit from app_public.users u where u.id = app_public.current_user_id()
  ), other_sets as (
    select s.id, s.workout_id, s.date, w.start, we.position as exercise_position, s.position, s.reps, s.seconds,
           app_hidden.convert_weight(s.weight::numeric, s.unit, me.unit) as shown, s.weight
      from me
      join app_public.workout_sets s on s.user_id = me.id and s.exercise_id = e.id
      join app_public.workout_exercises we on we.id = s.workout_exercise_id
      join app_public.workouts w on w.id = s.workout_id
     where s.done and s.kind <> 'warmup' and ((s.weight is null and s.reps >= 1 and s.seconds is null) or s.seconds >= 1)
  ), most_reps as (
    select * from other_sets where weight is null and reps >= 1 and seconds is null
     order by reps desc, date, start, exercise_position, position limit 1
  ), longest as (
    select * from other_sets where seconds >= 1
     order by seconds desc, date, start, exercise_position, position limit 1
  ), rep_max as (
    -- For n reps: the heaviest set of at least n reps, and n reps at the best estimated 1RM (Epley inverted).
    select n.reps, a.id, a.shown, a.unit, a.reps as set_reps, a.date, a.workout_id, a.added_load,
           (select trim_scale(round(app_hidden.e1rm(b.est_shown, b.reps) / (1 + case when n.reps = 1 then 0 else n.reps / 30.0 end), 2))
              from best b) as estimated
      from unnest(app_hidden.rep_max_reps()) as n(reps)
      left join lateral (select * from sets s where s.reps >= n.reps
                          order by s.kg desc, s.date, s.start, s.exercise_position, s.position limit 1) a on true
  )
  select json_build_object(
    'heaviest', (select json_build_object('weight', h.shown, 'unit', h.unit, 'reps', h.reps, 'setWeight', h.shown,
                        'addedLoad', h.added_load, 'bodyweight', null,
                        'date', to_char(h.date, 'YYYY-MM-DD'), 'workoutId', h.workout_id, 'setId', h.id) from heaviest h),
    'bestE1rm', (select json_build_object('weight', trim_scale(round(app_hidden.e1rm(b.est_shown, b.reps), 2)), 'unit', b.unit, 'reps', b.reps,
                        'setWeight', b.shown, 'addedLoad', b.added_load, 'bodyweight', b.bodyweight,
                        'date', to_char(b.date, 'YYYY-MM-DD'), 'workoutId', b.workout_id, 'setId', b.id) from best b),
    'repsAtWeight', coalesce((select json_agg(json_build_object('weight', a.shown, 'unit', a.unit, 'reps', a.reps, 'addedLoad', a.added_load,
                        'date', to_char(a.date, 'YYYY-MM-DD'), 'workoutId', a.workout_id, 'setId', a.id) order by a.shown, a.added_load) from at_weight a), '[]'),
    'bodyweightReps', (select json_build_object('reps', m.reps, 'date', to_char(m.date, 'YYYY-MM-DD'), 'workoutId', m.workout_id, 'setId', m.id)
                         from most_reps m),
    'longestHold', (select json_build_object('seconds', l.seconds, 'weight', l.shown, 'unit', coalesce((select unit from me), 'kg'),
                      'date', to_char(l.date, 'YYYY-MM-DD'), 'workoutId', l.workout_id, 'setId', l.id) from longest l),
    'repMaxes', (select json_agg(json_build_object(
                   'reps', r.reps,
                   'unit', coalesce((select unit from me), 'kg'),
                   'actual', case when r.id is not null then json_build_object('weight', r.shown, 'unit', r.unit,
                               'reps', r.set_reps, 'setWeight', r.shown, 'addedLoad', r.added_load, 'bodyweight', null,
                               'date', to_char(r.date, 'YYYY-MM-DD'),
                               'workoutId', r.workout_id, 'setId', r.id) end,
                   'estimated', r.estimated) order by r.reps) from rep_max r))
  from (select 1) one;
$$;
comment on function app_public.exercises_records(app_public.exercises) is E'@behavior -*\nYour records on this exercise as JSON: heaviest, bestE1rm, repsAtWeight (sets with a weight), '
  'bodyweightReps (most reps in a set without a weight), longestHold (longest timed set) and repMaxes (1, 3, 5, 8, 10 reps: actual and estimated); '
  'exposed as Exercise.records (plugins/progression.ts; the fields beyond weight in plugins/exercise-records.ts).';

--! split: 15-grants.sql
-- Grants, all in one place, by the split that defines the objects. The roles: svc_reader reads
-- (read-only keys, and every signed-in caller through svc_visitor, its member); svc_visitor also
-- writes. Functions are executable by no one else (default privileges revoke it from public), and
-- tables are reached through row-level security (each table's policies sit with the table).
-- Writes are column-limited: documents are written through the apply functions.

grant usage on schema app_public, app_hidden to svc_reader, svc_visitor;
revoke all on schema app_private from public;
grant execute on function app_hidden.try_uuid(text), app_public.routine_name_key(text) to svc_reader;

--------------------------------------------------------------------------------
-- Users and sessions
--------------------------------------------------------------------------------
grant execute on function app_public.current_session_id(), app_public.current_api_key_id(),
  app_public.current_user_id(), app_hidden.require_session(), app_hidden.require_user() to svc_reader;
grant execute on function app_hidden.touch_current_session() to svc_visitor;
grant select on app_public.users to svc_reader;
grant update (name, image, unit, effort) on app_public.users to svc_visitor;
grant select on app_public.sessions to svc_reader;
grant execute on function app_public.sessions_current(app_public.sessions) to svc_reader;
grant execute on function app_public.delete_account() to svc_visitor;

--------------------------------------------------------------------------------
-- Keys and rate limit
--------------------------------------------------------------------------------
grant select on app_public.api_keys to svc_reader;
grant execute on function app_public.create_api_key(text, app_public.api_key_access, text) to svc_visitor;
grant execute on function app_public.revoke_api_key(text) to svc_visitor;
grant execute on function app_public.users_api_keys(app_public.users) to svc_reader;

--------------------------------------------------------------------------------
-- Devices
--------------------------------------------------------------------------------
grant execute on function app_public.users_sessions(app_public.users) to svc_reader;
grant execute on function app_public.sign_out_session(text), app_public.sign_out_other_sessions() to svc_visitor;

--------------------------------------------------------------------------------
-- Admin (grant_admin is for operators in psql only)
--------------------------------------------------------------------------------
revoke execute on function app_public.grant_admin(text) from public;
revoke execute on function app_public.admin_users(text) from public;
grant execute on function app_public.admin_users(text) to svc_visitor;

--------------------------------------------------------------------------------
-- Catalog
--------------------------------------------------------------------------------
grant select on app_public.exercises, app_public.exercise_aliases to svc_reader;
grant insert (name, equipment, muscles, region, kind), update (name, equipment, muscles, region, kind), delete
  on app_public.exercises to svc_visitor;
grant execute on function app_public.exercise_key(text), app_public.exercises_aliases(app_public.exercises),
  app_public.exercises_custom(app_public.exercises), app_public.users_custom_exercises(app_public.users),
  app_hidden.resolve_exercises(text[]), app_hidden.resolve_exercise(text), app_hidden.closest_exercises(text, int),
  app_hidden.unknown_exercise_reason(text), app_hidden.exercise_match_score(text, text, text, text),
  app_public.search_exercises(text, int) to svc_reader;
grant execute on function app_public.create_custom_exercise(text, text, text[], text, text),
  app_public.update_custom_exercise(uuid, text, text, text[], text, text),
  app_public.delete_custom_exercise(uuid) to svc_visitor;

--------------------------------------------------------------------------------
-- Routines and workouts (owner-only rows; read through svc_reader, write through svc_visitor)
--------------------------------------------------------------------------------
grant select on app_public.routines, app_public.routine_exercises,
  app_public.workouts, app_public.workout_exercises, app_public.workout_sets to svc_reader;
grant delete on app_public.routines, app_public.routine_exercises,
  app_public.workouts, app_public.workout_exercises, app_public.workout_sets to svc_visitor;
grant insert (name, icon, progression, unit, deload, program), update (name, icon, progression, unit, deload, program) on app_public.routines to svc_visitor;
grant insert (routine_id, position, exercise_id, sets, reps_low, reps_high, seconds, weight, rest_seconds, superset, progression, warmups, drops, bursts,
    training_max, cycle, stages, increment),
  update (position, exercise_id, sets, reps_low, reps_high, seconds, weight, rest_seconds, superset, progression, warmups, drops, bursts,
    training_max, cycle, stages, increment)
  on app_public.routine_exercises to svc_visitor;
grant insert (routine_id, name, date, start, minutes, bodyweight, unit, effort, notes, skip_progression, idempotency_key, idempotency_hash),
  update (routine_id, name, date, start, minutes, bodyweight, unit, effort, notes, skip_progression) on app_public.workouts to svc_visitor;
grant insert (workout_id, position, exercise_id, superset, note, pinned, skip_progression),
  update (position, exercise_id, superset, note, pinned, skip_progression) on app_public.workout_exercises to svc_visitor;
grant insert (workout_exercise_id, workout_id, position, kind, weight, bodyweight, reps, seconds, effort, done),
  update (position, kind, weight, bodyweight, reps, seconds, effort, done) on app_public.workout_sets to svc_visitor;
grant select on app_public.bodyweights to svc_reader;
grant insert (date, weight, unit), update (weight, unit), delete on app_public.bodyweights to svc_visitor;
grant execute on function app_public.log_bodyweight(date, double precision, text) to svc_visitor;

--------------------------------------------------------------------------------
-- Documents: reading and validating for every signed-in caller, applying for read-write callers
--------------------------------------------------------------------------------
grant execute on function
  app_hidden.document_patterns(), app_hidden.doc_unknown_key(jsonb, text[]), app_hidden.doc_integer(jsonb, numeric, numeric),
  app_hidden.doc_string(jsonb), app_hidden.doc_uuid(jsonb), app_hidden.doc_weight(jsonb), app_hidden.doc_bodyweight(jsonb),
  app_hidden.doc_duration(jsonb), app_hidden.format_duration(int), app_hidden.format_set(text, numeric, boolean, int, int, numeric),
  app_hidden.doc_parse_set(text, text), app_hidden.doc_real_date(int, int, int), app_hidden.doc_start(text),
  app_hidden.format_start(timestamptz), app_hidden.convert_weight(numeric, text, text), app_hidden.doc_exercise(text, jsonb),
  app_hidden.doc_exercise_field(jsonb, jsonb), app_hidden.exercise_reference(uuid),
  app_hidden.walk_routine_document(jsonb, text), app_hidden.walk_workout_document(jsonb, text, text),
  app_public.validate_routine_document(jsonb, text), app_public.validate_workout_document(jsonb, text, text),
  app_public.routine_document(text, text), app_public.workout_document(uuid, text), app_public.workout_sets_text(app_public.workout_sets)
to svc_reader;
grant execute on function app_public.apply_routine_document(jsonb), app_public.apply_workout_document(jsonb, uuid) to svc_visitor;

--------------------------------------------------------------------------------
-- Progression
--------------------------------------------------------------------------------
grant execute on function
  app_hidden.weight_increment(text, text), app_hidden.snap_weight(numeric, numeric), app_hidden.deload_weight(numeric, numeric),
  app_hidden.check_date(text), app_hidden.progression_first_note(text, int, int, int, numeric, text),
  app_hidden.progression_targets(app_public.routines, date),
  app_hidden.planned_sets(text, numeric, boolean, int, int, int, int, int, int, numeric),
  app_public.routines_next_workout(app_public.routines, text), app_public.next_workout(text, text)
to svc_reader;

--------------------------------------------------------------------------------
-- Records and progress
--------------------------------------------------------------------------------
grant execute on function
  app_hidden.weight_kg(numeric, text), app_hidden.e1rm(numeric, int), app_hidden.record_sets(uuid),
  app_public.exercises_records(app_public.exercises), app_hidden.personal_records(uuid[]),
  app_public.workout_sets_personal_record(app_public.workout_sets), app_public.last_performance(text[], uuid),
  app_public.e1rm_series(uuid), app_public.weekly_volume(uuid)
to svc_reader;
grant select on app_public.connected_apps to svc_reader;
grant execute on function app_public.current_oauth_connection_id() to svc_reader;
grant execute on function app_public.users_connected_apps(app_public.users) to svc_reader;
grant execute on function app_public.disconnect_app(uuid) to svc_visitor;
grant select on app_public.exercise_import_names to svc_reader;
grant execute on function app_hidden.import_choice(jsonb, text) to svc_reader;
grant execute on function app_hidden.import_map_names(text[], jsonb, jsonb) to svc_reader;
grant select, insert on app_hidden.imported_workout_starts to svc_visitor;
revoke execute on function app_public.import_history(jsonb, jsonb, jsonb, boolean) from public;
grant execute on function app_public.import_history(jsonb, jsonb, jsonb, boolean) to svc_visitor;
grant execute on function app_public.export_account() to svc_reader;
grant execute on function app_public.export_workouts(timestamptz, uuid, int) to svc_reader;
grant execute on function
  app_hidden.loadable_step(text), app_hidden.snap_down(numeric, numeric),
  app_hidden.weights_meet(numeric, text, numeric, text), app_hidden.shown_weight(numeric, text, text),
  app_hidden.judge_session(int, numeric, text, int, int, int, text, numeric[], int[], int[], boolean[]),
  app_hidden.next_target(text, app_hidden.progression_state, app_hidden.session_judgement, date, int, int, int, numeric, text),
  app_hidden.pinned_note(uuid, uuid, date), app_hidden.next_plan(app_public.routines, date),
  app_hidden.progression_targets(app_public.routines, date), app_hidden.cycle_week(jsonb, int, numeric, numeric),
  app_hidden.judge_cycle_session(jsonb, text, text, numeric[], int[], boolean[]), app_hidden.cycle_texts(jsonb),
  app_hidden.next_cycle_target(app_hidden.progression_state, text, jsonb, int, date, numeric, text),
  app_hidden.next_stage_target(app_hidden.progression_state, app_hidden.session_judgement, jsonb, date, numeric, numeric, text),
  app_hidden.same_start_weight(numeric, text, numeric, text), app_hidden.program_key(text), app_hidden.earlier_sessions_note(int), app_hidden.shown_increment(numeric, text, text),
  app_hidden.deload_to_step(numeric, numeric, text),
  app_hidden.lifted_as_loaded(numeric, text, numeric, text, numeric), app_hidden.lifted_text(numeric, text, numeric, text, numeric),
  app_hidden.walk_routine_program(jsonb, text), app_hidden.doc_percent_set(text), app_hidden.doc_stage(text),
  app_hidden.walk_routine_exercise_extras(jsonb, text),
  app_public.routines_next_targets(app_public.routines, text)
to svc_reader;
grant execute on function app_hidden.exercise_word(text), app_hidden.exercise_words(text), app_hidden.word_set(text[]),
  app_hidden.typo_distance(text, text) to svc_reader;
grant select on app_hidden.exercise_labels to svc_reader;
grant execute on function app_hidden.body_part_words() to svc_reader;
grant execute on function app_hidden.exercise_staple_rank(text), app_hidden.match_exercise_words(text[], uuid),
  app_hidden.match_exercise(text, boolean) to svc_reader;
grant execute on function app_hidden.catalog_exercise_meaning(text) to svc_reader;
grant execute on function app_public.resolve_exercise(text), app_public.resolve_exercises(text[]) to svc_reader;
