-- Deleting an account asks who is asking: the password (checked and counted as a sign-in's), or a
-- sign-in recent enough that whoever holds the session just typed it. The last admin stays.

create or replace function app_private.recent_sign_in_seconds()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 300 $function$;
comment on function app_private.recent_sign_in_seconds() is 'How old (seconds) a session may be for deleteAccount without a password: a sign-in (or sign-up) this recent typed the password already. Older sessions, and stolen ones, must give it.';

-- The password check of a sign-in, with its lockouts: one home for sign_in and delete_account.
create or replace function app_private.password_attempt(p_email text, p_password text, p_address inet,
  p_failures_per_account integer, p_failures_per_address integer,
  OUT status text, OUT user_id uuid, OUT retry_after integer)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_address inet := app_private.address_key(p_address);
  v_window constant interval := interval '15 minutes';
  v_user uuid;
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
  select u.id into v_user from app_public.users u where u.email = p_email::citext;
  select s.password_hash into v_hash from app_private.user_secrets s where s.user_id = v_user;
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
  -- The owner's success clears only this address's failures: an attacker's elsewhere stay counted.
  delete from app_private.failed_sign_ins f where f.email = p_email::citext and f.address = v_address;
  if app_private.password_hash_cost_of(v_hash) < app_private.password_hash_cost() then
    update app_private.user_secrets s set password_hash = crypt(p_password, gen_salt('bf', app_private.password_hash_cost()))
     where s.user_id = v_user;
  end if;
  status := 'ok';
  user_id := v_user;
end;
$function$;
comment on function app_private.password_attempt(p_email text, p_password text, p_address inet, p_failures_per_account integer, p_failures_per_address integer, OUT status text, OUT user_id uuid, OUT retry_after integer) is 'Checks an account''s password as sign-in does: `ok` (with user_id; this address''s failures cleared, a hash of a lower cost upgraded), `wrong` (counted in failed_sign_ins), or `locked` / `address-locked` (retry_after seconds) after p_failures_per_account failures for that email from the address, or p_failures_per_address from it, in 15 minutes. One bcrypt whether or not the email exists.';

create or replace function app_private.sign_in(p_email text, p_password text, p_client text, p_address inet, p_failures_per_account integer, p_failures_per_address integer, OUT status text, OUT user_id uuid, OUT token text, OUT retry_after integer)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_attempt record;
  v_user app_public.users;
begin
  select * into v_attempt
    from app_private.password_attempt(p_email, p_password, p_address, p_failures_per_account, p_failures_per_address);
  status := v_attempt.status;
  retry_after := v_attempt.retry_after;
  if status <> 'ok' then
    return;
  end if;
  select u.* into v_user from app_public.users u where u.id = v_attempt.user_id;
  if app_hidden.ban_in_force(v_user.banned, v_user.ban_expires) then
    status := 'banned';
    return;
  end if;
  user_id := v_user.id;
  token := app_private.new_session(v_user.id, p_client);
end;
$function$;
comment on function app_private.sign_in(p_email text, p_password text, p_client text, p_address inet, p_failures_per_account integer, p_failures_per_address integer, OUT status text, OUT user_id uuid, OUT token text, OUT retry_after integer) is 'Checks a password (password_attempt: its lockouts per email and client address and per address, retry_after in seconds) and starts a session: status ok, wrong, locked, address-locked or banned (the right password to a banned account).';

-- The last admin of an instance cannot leave it without one.
create or replace function app_hidden.require_another_admin(p_user app_public.users)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if p_user.role <> 'admin' then
    return;
  end if;
  -- Two admins deleting themselves at once: the second waits for the first's rows, then sees it gone.
  perform 1 from app_public.users u where u.role = 'admin' order by u.id for update;
  if not exists (select 1 from app_public.users u
                  where u.role = 'admin' and u.id <> p_user.id
                    and not app_hidden.ban_in_force(u.banned, u.ban_expires)) then
    raise exception 'You are the only admin of this service: promote another admin first (the database owner runs select app_public.grant_admin(''their email''))'
      using errcode = 'SVADM';
  end if;
end;
$function$;
comment on function app_hidden.require_another_admin(p_user app_public.users) is 'For an admin leaving: another admin (not banned) remains, else LAST_ADMIN. Nothing for a user who is no admin.';

drop function if exists app_public.delete_account();
create or replace function app_public.delete_account(p_password text default null, p_address inet default null,
  p_failures_per_account integer default null, p_failures_per_address integer default null,
  OUT id uuid, OUT status text)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_user app_public.users;
  v_attempt record;
begin
  select u.* into v_user from app_public.users u where u.id = app_hidden.require_session();
  perform app_hidden.require_another_admin(v_user);
  if p_password is null then
    if not exists (select 1 from app_public.sessions s
                    where s.id = app_public.current_session_id()
                      and s.created_at > now() - make_interval(secs => app_private.recent_sign_in_seconds())) then
      raise exception 'password: give your password to delete your account (it is not asked within % minutes of signing in)',
        app_private.recent_sign_in_seconds() / 60 using errcode = 'SVREA';
    end if;
  else
    if p_address is null or p_failures_per_account is null or p_failures_per_address is null then
      raise exception 'delete_account: a password is checked with the client address and the sign-in limits';
    end if;
    select * into v_attempt
      from app_private.password_attempt(v_user.email, p_password, p_address, p_failures_per_account, p_failures_per_address);
    if v_attempt.status in ('locked', 'address-locked') then
      raise exception 'Too many wrong passwords for this account from your address; try again in % seconds', v_attempt.retry_after
        using errcode = 'SVATT', detail = v_attempt.retry_after::text;
    end if;
    if v_attempt.status = 'wrong' then
      -- Answered, not raised: an exception would roll back the failure just counted. The server
      -- turns this status into WRONG_PASSWORD after the transaction commits.
      status := 'wrong-password';
      return;
    end if;
  end if;
  -- Documents first: routine exercises refer to (custom) exercises with ON DELETE RESTRICT.
  delete from app_public.workouts w where w.user_id = v_user.id;
  delete from app_public.routines r where r.user_id = v_user.id;
  -- Everything else (sessions, keys and their hashes, bodyweights, custom exercises, secrets) cascades.
  delete from app_public.users u where u.id = v_user.id;
  id := v_user.id;
  status := 'deleted';
end;
$function$;
comment on function app_public.delete_account(p_password text, p_address inet, p_failures_per_account integer, p_failures_per_address integer, OUT id uuid, OUT status text) is E'@behavior -*\nDeletes the signed-in user''s account with every key, session and all their data, for good (status `deleted`). Needs a signed-in session, and the password (checked as sign-in checks it, at the client address with the sign-in limits the server passes; a wrong one is counted and answered as status `wrong-password`, locked out as TOO_MANY_ATTEMPTS) unless the session is younger than recent_sign_in_seconds() (else PASSWORD_REQUIRED). The last admin is refused (LAST_ADMIN).';
grant execute on function app_public.delete_account(p_password text, p_address inet, p_failures_per_account integer, p_failures_per_address integer) to svc_visitor;
