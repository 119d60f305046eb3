-- Sign-up takes the unit the account weighs in (kg or lb; the web app asks, defaulting from the
-- browser's locale), so a lb lifter never sees "0 kg" before finding Settings. users_unit_check
-- stays the one rule of which units exist. The old four-argument form goes: only the auth route
-- calls it, and it now passes the unit.
drop function if exists app_private.sign_up(text, text, text, text);
create or replace function app_private.sign_up(p_name text, p_email text, p_password text, p_client text,
  p_unit text default null, out user_id uuid, out token text)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  if exists (select 1 from app_public.users where email = p_email::citext) then
    raise exception 'An account with this email already exists' using errcode = 'SVDUP';
  end if;
  -- The first account on an instance administers it.
  lock table app_public.users in share row exclusive mode;
  insert into app_public.users (name, email, role, unit)
  values (p_name, p_email, case when exists (select 1 from app_public.users) then 'user' else 'admin' end,
          coalesce(p_unit, 'kg'))
  returning id into user_id;
  insert into app_private.user_secrets (user_id, password_hash)
  values (user_id, crypt(p_password, gen_salt('bf', app_private.password_hash_cost())));
  token := app_private.new_session(user_id, p_client);
end;
$$;
revoke execute on function app_private.sign_up(text, text, text, text, text) from public;
comment on function app_private.sign_up(text, text, text, text, text) is
  E'Creates an account weighing in p_unit (kg or lb; null: kg) and signs it in.';
