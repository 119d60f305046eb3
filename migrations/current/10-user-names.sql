--------------------------------------------------------------------------------
-- A user's display name: a visible, one-line name however it is written (sign-up or Settings)
--------------------------------------------------------------------------------
create or replace function app_hidden.tg_users_name_check() returns trigger
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
drop trigger if exists _120_name_check on app_public.users;
create trigger _120_name_check before insert or update of name on app_public.users
  for each row execute procedure app_hidden.tg_users_name_check();
