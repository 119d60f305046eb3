-- An svc export read back gives the workouts it holds, however many share a start and a name (two
-- unnamed workouts on one day without a time are two workouts). A workout of the file is already
-- there when, counting in file order, more workouts of the account share its start and name (or
-- its written wall-clock start and name) than earlier ones of the file took; a workout carrying an
-- export `id` is earlier in the list only as that same id again.
create or replace function app_hidden.import_find_duplicates(workouts jsonb)
 returns table(file_index integer, duplicate boolean, wall_start timestamp without time zone)
 language sql
 stable
as $function$
  with listed as (
    select (listed.ordinality - 1)::integer as file_index, listed.workout, instant.start,
           coalesce(listed.workout ->> 'name', '') as name,
           -- Two documents of an export (each with its id) are two workouts; other files have no ids.
           coalesce(listed.workout ->> 'id', '') as export_id,
           -- The start as the file wrote it (local date and wall-clock time), whatever zone it was read in.
           case when instant.start is null then null
                when written is not null then (written[1] || ' ' || written[2])::timestamp
                else (listed.workout ->> 'date' || ' 12:00')::timestamp end as wall_start
      from jsonb_array_elements(workouts) with ordinality listed(workout, ordinality)
      -- The start: the document's, or noon UTC on its date when it has none.
      cross join lateral (
        select coalesce((select ds.start from app_hidden.doc_start(listed.workout ->> 'start') ds where listed.workout ? 'start'),
                        case when listed.workout ->> 'date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                             then ((listed.workout ->> 'date') || ' 12:00:00+00')::timestamptz end) as start) instant
      cross join lateral regexp_match(listed.workout ->> 'start', '^([0-9]{4}-[0-9]{2}-[0-9]{2})T([0-9]{2}:[0-9]{2}(:[0-9]{2})?)') written
  ), in_list as (
    -- Earlier in the list: the same start, name and export id, or the same wall-clock start, name and export id.
    select l.*,
      row_number() over (partition by coalesce(l.start::text, ''), l.name, l.export_id order by l.file_index) > 1
      or (l.wall_start is not null
          and row_number() over (partition by l.wall_start, l.name, l.export_id order by l.file_index) > 1) as repeated
      from listed l
  ), ranked as (
    -- The place of each workout among the file's others of its start and name (and of its wall-clock start and name).
    select i.*,
      row_number() over (partition by i.repeated, coalesce(i.start::text, ''), i.name order by i.file_index) as start_rank,
      row_number() over (partition by i.repeated, i.wall_start, i.name order by i.file_index) as wall_rank
      from in_list i
  )
  select r.file_index,
    r.repeated
    -- Already there: as many workouts of the account with this start and name as this one's place among them.
    or (select count(*) from app_public.workouts existing
         where existing.user_id = (select app_public.current_user_id()) and existing.start = r.start
           and coalesce(existing.name, '') = r.name) >= r.start_rank
    -- or imported before with this name and wall-clock start.
    or (r.wall_start is not null
        and (select count(*) from app_hidden.imported_workout_starts imported
               join app_public.workouts existing on existing.id = imported.workout_id
              where imported.user_id = (select app_public.current_user_id()) and imported.wall_start = r.wall_start
                and coalesce(existing.name, '') = r.name) >= r.wall_rank),
    r.wall_start
  from ranked r
  order by r.file_index;
$function$;
comment on function app_hidden.import_find_duplicates(workouts jsonb) is 'Find what was already imported: for each workout, in order, whether it is a duplicate and that wall-clock start (kept for each imported workout). A duplicate is a repeat earlier in the list (the same start, or noon UTC on its date, and name, or the same name and local date and wall-clock time as the file wrote them, with the same export id or none), or one of more workouts of the file sharing a start and name than the account holds already (by start and name, or by name and written wall-clock start of workouts imported before in any time zone), counted in file order.';
