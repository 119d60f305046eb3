-- A shared address (NAT, a proxy without TRUST_PROXY) does not lock out its
-- tenants. A device that signed in before carries a device cookie (a random token; only its
-- SHA-256 is kept here); its correct password passes the lockouts of its address (30 failures from
-- the address, 10 for the email from the address), while its own failures are counted per device:
-- after 10 in 15 minutes it is judged by its address again. Its failures still count for the
-- address and the email like anyone's.
create table if not exists app_private.sign_in_devices (
  token_hash bytea primary key,
  user_id uuid not null references app_public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz not null default now()
);
comment on table app_private.sign_in_devices is 'Devices that signed in to an account (the device cookie''s SHA-256): their correct password passes an address lockout.';
create index if not exists sign_in_devices_user_id on app_private.sign_in_devices (user_id, used_at);

alter table app_private.failed_sign_ins add column if not exists device bytea;
comment on column app_private.failed_sign_ins.device is 'The device cookie''s SHA-256 when a device that signed in before failed: its own count (10 in 15 minutes and it is judged by its address again).';
create index if not exists failed_sign_ins_device on app_private.failed_sign_ins (device, attempted_at) where device is not null;

create or replace function app_private.sign_in_device_known(p_device bytea, p_email text) returns boolean
  language sql stable security definer set search_path to 'pg_catalog', 'public'
as $$
  select p_device is not null
     and exists (select 1 from app_private.sign_in_devices d join app_public.users u on u.id = d.user_id
                  where d.token_hash = p_device and u.email = p_email::citext);
$$;
comment on function app_private.sign_in_device_known(p_device bytea, p_email text) is 'Whether the device cookie''s SHA-256 p_device belongs to a device that signed in to the account of p_email before: its password check goes ahead of strangers'' (server/limits/password-checks.ts), and its correct password passes the address''s lockouts (app_private.password_attempt).';
revoke all on function app_private.sign_in_device_known(bytea, text) from public;

create or replace function app_private.max_devices_per_user() returns integer
  language sql immutable as $$ select 20 $$;
comment on function app_private.max_devices_per_user() is 'Devices remembered per account: a sign-in from a new device past it forgets the least recently used.';
revoke all on function app_private.max_devices_per_user() from public;

drop function if exists app_private.password_attempt(text, text, inet, integer, integer);
create or replace function app_private.password_attempt(
  p_email text, p_password text, p_address inet, p_failures_per_account integer, p_failures_per_address integer,
  p_device bytea default null,
  out status text, out user_id uuid, out retry_after integer, out trusted_device boolean)
  language plpgsql security definer set search_path to 'pg_catalog', 'public'
as $$
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
  -- A device that signed in to this account before, with fewer than its failures: the address's
  -- lockouts do not apply to it.
  trusted_device := app_private.sign_in_device_known(p_device, p_email)
    and (select count(*) from app_private.failed_sign_ins f
          where f.device = p_device and f.attempted_at > now() - v_window) < p_failures_per_account;
  if not trusted_device then
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
    insert into app_private.failed_sign_ins (email, address, device)
      values (p_email, v_address, case when trusted_device then p_device end);
    status := 'wrong';
    return;
  end if;
  -- The owner's success clears only this address's failures: an attacker's elsewhere stay counted.
  delete from app_private.failed_sign_ins f where f.email = p_email::citext and f.address = v_address;
  if trusted_device then
    delete from app_private.failed_sign_ins f where f.device = p_device;
  end if;
  if app_private.password_hash_cost_of(v_hash) < app_private.password_hash_cost() then
    update app_private.user_secrets s set password_hash = crypt(p_password, gen_salt('bf', app_private.password_hash_cost()))
     where s.user_id = v_user;
  end if;
  status := 'ok';
  user_id := v_user;
end;
$$;
comment on function app_private.password_attempt(text, text, inet, integer, integer, bytea) is 'Checks an account''s password as sign-in does: `ok` (with user_id; this address''s failures cleared, a hash of a lower cost upgraded), `wrong` (counted in failed_sign_ins), or `locked` / `address-locked` (retry_after seconds) after p_failures_per_account failures for that email from the address, or p_failures_per_address from it, in 15 minutes. A device that signed in to this account before (p_device, its cookie''s SHA-256, trusted_device) passes those lockouts until it has p_failures_per_account failures of its own. One bcrypt whether or not the email exists.';
revoke all on function app_private.password_attempt(text, text, inet, integer, integer, bytea) from public;

drop function if exists app_private.sign_in(text, text, text, inet, integer, integer);
create or replace function app_private.sign_in(
  p_email text, p_password text, p_client text, p_address inet, p_failures_per_account integer,
  p_failures_per_address integer, p_device bytea default null,
  out status text, out user_id uuid, out token text, out retry_after integer, out device_token text)
  language plpgsql security definer set search_path to 'pg_catalog', 'public'
as $$
declare
  v_attempt record;
  v_user app_public.users;
begin
  select * into v_attempt
    from app_private.password_attempt(p_email, p_password, p_address, p_failures_per_account, p_failures_per_address, p_device);
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
  -- The device is remembered (a new token unless it already was this account's).
  if v_attempt.trusted_device then
    update app_private.sign_in_devices d set used_at = now() where d.token_hash = p_device;
  else
    device_token := encode(gen_random_bytes(32), 'hex');
    insert into app_private.sign_in_devices (token_hash, user_id) values (digest(device_token, 'sha256'), v_user.id);
    delete from app_private.sign_in_devices d where d.token_hash in (
      select k.token_hash from app_private.sign_in_devices k where k.user_id = v_user.id
       order by k.used_at desc offset app_private.max_devices_per_user());
  end if;
end;
$$;
comment on function app_private.sign_in(text, text, text, inet, integer, integer, bytea) is 'Checks a password (password_attempt: its lockouts per email and client address and per address, retry_after in seconds; a device that signed in before, p_device, passes them) and starts a session: status ok, wrong, locked, address-locked or banned (the right password to a banned account). device_token: a new device cookie when the device was not this account''s yet.';
revoke all on function app_private.sign_in(text, text, text, inet, integer, integer, bytea) from public;
