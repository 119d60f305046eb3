-- Sign-up: a taken email costs the same password hash as a new account, so the answer does not tell
-- a taken email by its time (10 ms against 300); and the first account, which administers the
-- instance, is refused unless the server says the setup code it printed was given
-- (p_may_administer: server/identity/setup-code.ts, on an instance reachable from elsewhere).

drop function app_private.sign_up(text, text, text, text, text);

create function app_private.sign_up(
  p_name text,
  p_email text,
  p_password text,
  p_client text,
  p_unit text default null,
  p_may_administer boolean default true,
  out user_id uuid,
  out token text
)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_hash text := crypt(p_password, gen_salt('bf', app_private.password_hash_cost()));
begin
  if exists (select 1 from app_public.users where email = p_email::citext) then
    raise exception 'An account with this email already exists' using errcode = 'SVDUP';
  end if;
  -- The first account on an instance administers it.
  lock table app_public.users in share row exclusive mode;
  if not exists (select 1 from app_public.users) and not p_may_administer then
    raise exception 'The first account administers this instance: give the setup code the server printed in its log'
      using errcode = 'SVSET';
  end if;
  insert into app_public.users (name, email, role, unit)
  values (p_name, p_email, case when exists (select 1 from app_public.users) then 'user' else 'admin' end,
          coalesce(p_unit, 'kg'))
  returning id into user_id;
  insert into app_private.user_secrets (user_id, password_hash) values (user_id, v_hash);
  token := app_private.new_session(user_id, p_client);
end;
$function$;
comment on function app_private.sign_up(text, text, text, text, text, boolean) is 'Creates an account weighing in p_unit (kg or lb; null: kg) and signs it in. The password is hashed before the email is looked up, so a taken email takes as long. The first account (an admin) only with p_may_administer (the setup code given, or an instance on loopback).';
