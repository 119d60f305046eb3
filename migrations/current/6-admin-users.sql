-- The Admin page's list of users: admins only, with a signed-in session (not an API key).
-- RLS lets each user read only their own row of app_public.users, so the list is a security
-- definer function that checks the caller first; it returns its own type (no relations), so an
-- admin sees these columns of other users and nothing else of theirs.
drop function if exists app_public.admin_users(text);
drop type if exists app_public.admin_user;
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
revoke execute on function app_public.admin_users(text) from public;
grant execute on function app_public.admin_users(text) to svc_visitor;
