-- Changing the password: the current one checked as sign-in checks it (the same lockout), the new
-- one hashed at the current cost, and every other session of the account signed out.

drop function if exists app_public.change_password(text, text, inet, integer, integer);
create function app_public.change_password(
  p_current text,
  p_new text,
  p_address inet,
  p_failures_per_account integer,
  p_failures_per_address integer,
  out status text,
  out signed_out integer
) returns record
  language plpgsql security definer
  set search_path to 'pg_catalog', 'public'
as $$
declare
  v_user app_public.users;
  v_attempt record;
begin
  select u.* into v_user from app_public.users u where u.id = app_hidden.require_session();
  if p_address is null or p_failures_per_account is null or p_failures_per_address is null then
    raise exception 'change_password: a password is checked with the client address and the sign-in limits';
  end if;
  select * into v_attempt
    from app_private.password_attempt(v_user.email, p_current, p_address, p_failures_per_account, p_failures_per_address);
  if v_attempt.status in ('locked', 'address-locked') then
    raise exception 'Too many wrong passwords for this account from your address; try again in % seconds', v_attempt.retry_after
      using errcode = 'SVATT', detail = v_attempt.retry_after::text;
  end if;
  if v_attempt.status = 'wrong' then
    -- Answered, not raised, so the failure just counted commits (as delete_account does).
    status := 'wrong-password';
    return;
  end if;
  if p_new = p_current then
    raise exception 'newPassword: must differ from the current password' using errcode = 'SVBAD',
      hint = 'passwordSame', detail = json_build_object('field', 'newPassword')::text;
  end if;
  update app_private.user_secrets s set password_hash = crypt(p_new, gen_salt('bf', app_private.password_hash_cost()))
   where s.user_id = v_user.id;
  delete from app_public.sessions s where s.user_id = v_user.id and s.id <> app_public.current_session_id();
  get diagnostics signed_out = row_count;
  status := 'changed';
end;
$$;
comment on function app_public.change_password(text, text, inet, integer, integer) is E'@behavior -*\nChanges the signed-in user''s password (a session only: FORBIDDEN with an API key or an app). The current password is checked as sign-in checks it, at the client address with the sign-in limits the server passes: a wrong one is counted and answered as status `wrong-password` (nothing changed), a lockout as TOO_MANY_ATTEMPTS. The new one (its length checked by the server) must differ; it is hashed at password_hash_cost(). Every other session of the account is signed out (signed_out says how many); API keys and connected apps are kept. Exposed as Mutation.changePassword.';
grant execute on function app_public.change_password(text, text, inet, integer, integer) to svc_visitor;
