--! Issue 4: personal API keys, signed-in devices, account deletion, the admin ban endpoint's
--! functions and the background maintenance the worker runs every minute.
-- Runs after 1-foundation.sql, which created api_keys, sessions, rate_counters and use_api_key().
-- Every function that acts for a caller starts with app_hidden.require_session(): an API key
-- (even an admin's) cannot list, create or revoke keys, manage devices or delete the account.

--------------------------------------------------------------------------------
-- API keys
--------------------------------------------------------------------------------

-- One way in for keys and devices: viewer { apiKeys } and viewer { sessions } (functions below,
-- FORBIDDEN with a key). The generated root fields and User relations are hidden.
comment on table app_public.api_keys is
  E'@behavior -insert -update -delete -query:resource:list -query:resource:connection -query:resource:single\nA personal API key for scripts and other clients.';
comment on table app_public.sessions is
  E'@behavior -insert -update -delete -query:resource:list -query:resource:connection -query:resource:single\nA signed-in device: a browser or a command-line client.';
comment on constraint api_keys_user_id_fkey on app_public.api_keys is E'@behavior -*\nThe owner of a key.';
comment on constraint sessions_user_id_fkey on app_public.sessions is E'@behavior -*\nThe signed-in user of a session.';

-- An enum so GraphQL types the column (and createApiKey's input) as ApiKeyAccess.
create type app_public.api_key_access as enum ('read_only', 'read_write');
comment on type app_public.api_key_access is E'What a key may do: READ_ONLY (queries only; every mutation is refused) or READ_WRITE (queries and mutations).';
comment on column app_public.api_keys.expired is E'Whether the key has expired: true from the moment its expiry passes. An expired key answers as signed out and stays listed until revoked.';
comment on function app_public.sessions_current(app_public.sessions) is E'@notNull\nWhether this is the session making the request.';
alter table app_public.api_keys drop constraint if exists api_keys_access_check;
alter table app_public.api_keys alter column access type app_public.api_key_access using access::app_public.api_key_access;

-- Answering a key costs one lookup on its hash (unique index from 1-foundation) and one counter upsert.
create index api_keys_expiry on app_public.api_keys (expires_at) where not expired and expires_at is not null;
create index users_ban_expiry on app_public.users (ban_expires) where banned and ban_expires is not null;
create index sessions_last_active on app_public.sessions (last_active_at);
create index rate_counters_window on app_private.rate_counters (window_start);

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
grant execute on function app_public.create_api_key(text, app_public.api_key_access, text) to svc_visitor;

create function app_public.revoke_api_key(p_id text) returns uuid
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
  v_id uuid;
begin
  if p_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception 'No API key with this id' using errcode = 'SVNFD';
  end if;
  delete from app_public.api_keys k where k.id = p_id::uuid and k.user_id = v_user returning k.id into v_id;
  if v_id is null then
    raise exception 'No API key with this id' using errcode = 'SVNFD';
  end if;
  return v_id;
end;
$$;
comment on function app_public.revoke_api_key(text) is
  E'@behavior -*\nDeletes one of the signed-in user''s API keys at once; the next request with it is answered as signed out. Another user''s key or an unknown id: NOT_FOUND.';
grant execute on function app_public.revoke_api_key(text) to svc_visitor;

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
grant execute on function app_public.users_api_keys(app_public.users) to svc_reader;

--------------------------------------------------------------------------------
-- Signed-in devices
--------------------------------------------------------------------------------
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
grant execute on function app_public.users_sessions(app_public.users) to svc_reader;

create function app_public.sign_out_session(p_id text) returns uuid
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
  v_id uuid;
begin
  if p_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception 'No session with this id' using errcode = 'SVNFD';
  end if;
  delete from app_public.sessions s where s.id = p_id::uuid and s.user_id = v_user returning s.id into v_id;
  if v_id is null then
    raise exception 'No session with this id' using errcode = 'SVNFD';
  end if;
  return v_id;
end;
$$;
comment on function app_public.sign_out_session(text) is
  E'@behavior -*\nEnds one of the signed-in user''s sessions at once (the current one too); the next request with its token is signed out. Another user''s session or an unknown id: NOT_FOUND.';
grant execute on function app_public.sign_out_session(text) to svc_visitor;

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
grant execute on function app_public.sign_out_other_sessions() to svc_visitor;

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
grant execute on function app_public.delete_account() to svc_visitor;

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
  if p_user ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select u.id into v_user from app_public.users u where u.id = p_user::uuid for update;
  end if;
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
  if p_user ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select u.id into v_user from app_public.users u where u.id = p_user::uuid for update;
  end if;
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
begin
  delete from app_private.rate_counters c where c.window_start < now() - interval '10 minutes';
  get diagnostics v_counters = row_count;
  delete from app_private.failed_sign_ins f where f.attempted_at < now() - interval '15 minutes';
  get diagnostics v_failures = row_count;
  return v_counters + v_failures;
end;
$$;
comment on function app_private.prune_counters() is
  E'Deletes rate-limit counters older than 10 minutes and failed sign-ins older than 15 minutes (outside every window that reads them); returns how many rows went.';

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

--------------------------------------------------------------------------------
-- Defence in depth found by the security matrix (test/security-matrix.test.ts): a workout could
-- point at another user's routine when written straight in SQL as svc_visitor (the document
-- functions already refuse it). Same rule as app_hidden.tg_check_parent_owner, for an optional parent.
--------------------------------------------------------------------------------
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
