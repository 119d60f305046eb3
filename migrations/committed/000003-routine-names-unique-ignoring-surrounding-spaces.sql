--! Previous: sha1:a1b5d23f9c0bd3f2fd4070ec902a7de1844f21eb
--! Hash: sha1:01c9bbc3f8b2cac96e20573c8d9f73ad7c3c7a78
--! Message: Routine names unique ignoring surrounding spaces

--! split: 1-current.sql
--! Routine names are unique per user ignoring case AND surrounding spaces ("Push " is "Push").
create function app_hidden.tg_routine_name_unique() returns trigger
language plpgsql volatile security invoker set search_path to pg_catalog, public as $$
declare
  v_other uuid;
begin
  select r.id into v_other from app_public.routines r
   where r.user_id = new.user_id and lower(btrim(r.name, E' \t\n\r')) = lower(btrim(new.name, E' \t\n\r')) and r.id <> new.id
   limit 1;
  if v_other is not null then
    raise exception 'name: a routine with this name already exists: %', v_other using errcode = 'SVDOC',
      detail = 'name', hint = 'a routine with this name already exists: ' || v_other;
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_routine_name_unique() is E'Trigger: a routine name differing from another of the user''s only in case or surrounding spaces is refused at path `name`, like the document check.';
drop trigger if exists _150_name_unique on app_public.routines;
create trigger _150_name_unique before insert or update of name on app_public.routines
  for each row execute procedure app_hidden.tg_routine_name_unique();
-- Races between two inserts are settled by the index too.
create unique index if not exists routines_name_per_user_trimmed on app_public.routines (user_id, lower(btrim(name, E' \t\n\r')));
