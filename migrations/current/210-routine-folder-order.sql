-- The order of the lifter's routine folders: the Routines page lists folders in this order, the
-- folders it does not name after them by name. Folder names are the routines' `folder` values.

create or replace function app_hidden.routine_folder_order_max() returns integer
  language sql immutable as $$ select 100 $$;
comment on function app_hidden.routine_folder_order_max() is 'How many folder names User.routineFolderOrder holds at most.';
grant execute on function app_hidden.routine_folder_order_max() to svc_reader;

alter table app_public.users add column if not exists routine_folder_order text[];
alter table app_public.users drop constraint if exists users_routine_folder_order_check;
alter table app_public.users add constraint users_routine_folder_order_check
  check (cardinality(routine_folder_order) <= app_hidden.routine_folder_order_max());
comment on column app_public.users.routine_folder_order is E'@behavior -aggregate -havingBy -groupBy -orderBy -filterBy\nThe lifter''s order of routine folders (their `folder` names, compared ignoring case), first listed first; folders not named follow by name. Null: all by name. At most 100 names of 1 to 80 characters, no two alike.';
grant update (routine_folder_order) on table app_public.users to svc_visitor;

create or replace function app_hidden.tg_users_routine_folder_order_check()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  v_name text;
  i int := 0;
begin
  if new.routine_folder_order is null then
    return new;
  end if;
  if cardinality(new.routine_folder_order) > app_hidden.routine_folder_order_max() then
    raise exception 'routineFolderOrder: at most % folder names', app_hidden.routine_folder_order_max() using errcode = 'SVBAD';
  end if;
  foreach v_name in array new.routine_folder_order loop
    if v_name is null or char_length(btrim(v_name)) not between 1 and 80 or v_name ~ '[\x01-\x1f\x7f-\x9f]' then
      raise exception 'routineFolderOrder[%]: must be 1 to 80 characters on one line', i using errcode = 'SVBAD';
    end if;
    if lower(btrim(v_name)) = any (select lower(btrim(x)) from unnest(new.routine_folder_order[1:i]) x) then
      raise exception 'routineFolderOrder[%]: "%" is listed twice', i, btrim(v_name) using errcode = 'SVBAD';
    end if;
    i := i + 1;
  end loop;
  new.routine_folder_order := (select array_agg(btrim(x) order by o) from unnest(new.routine_folder_order) with ordinality u(x, o));
  return new;
end;
$function$;
comment on function app_hidden.tg_users_routine_folder_order_check() is 'Trigger: a folder order with more than routine_folder_order_max() names, an empty, over-long or multi-line name, or one name twice (ignoring case) is refused as INVALID_INPUT naming `routineFolderOrder[<i>]`; names are kept trimmed.';
drop trigger if exists _126_routine_folder_order_check on app_public.users;
create trigger _126_routine_folder_order_check before insert or update of routine_folder_order on app_public.users
  for each row execute function app_hidden.tg_users_routine_folder_order_check();
