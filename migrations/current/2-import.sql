-- Import, all or nothing whatever its size: a client sends a long file in parts into a staging
-- area (app_public.staged_imports and their parts, the caller's own under RLS), then one
-- importWorkouts applies every staged part in one transaction. And import_history, the one
-- function that imports, in named pieces: map names, find what was already imported, save.

--------------------------------------------------------------------------- staging
create table if not exists app_public.staged_imports (
  id uuid default gen_random_uuid() not null primary key,
  user_id uuid default app_public.current_user_id() not null references app_public.users (id) on delete cascade,
  created_at timestamptz default now() not null,
  expires_at timestamptz default now() + interval '1 hour' not null
);
alter table app_public.staged_imports enable row level security;
create index if not exists staged_imports_user on app_public.staged_imports (user_id);
create index if not exists staged_imports_expires on app_public.staged_imports (expires_at);
comment on table app_public.staged_imports is E'@behavior -*\nAn import being sent in parts (stageImportPart), applied whole by importWorkouts(importId): one per user (staging a new one discards the previous), gone once imported or an hour after its last part.';
comment on column app_public.staged_imports.id is 'The import id the server hands out with the first part.';
comment on column app_public.staged_imports.user_id is 'The owner.';
comment on column app_public.staged_imports.created_at is 'When its first part came.';
comment on column app_public.staged_imports.expires_at is 'An hour after its last part: after that it cannot be applied and the worker deletes it (app_private.delete_expired_imports).';
drop policy if exists select_own on app_public.staged_imports;
create policy select_own on app_public.staged_imports for select
  using (user_id = (select app_public.current_user_id()));
drop policy if exists insert_own on app_public.staged_imports;
create policy insert_own on app_public.staged_imports for insert
  with check (user_id = (select app_public.current_user_id()));
drop policy if exists update_own on app_public.staged_imports;
create policy update_own on app_public.staged_imports for update
  using (user_id = (select app_public.current_user_id()));
drop policy if exists delete_own on app_public.staged_imports;
create policy delete_own on app_public.staged_imports for delete
  using (user_id = (select app_public.current_user_id()));
grant select, delete on table app_public.staged_imports to svc_visitor;
grant insert (id), update (expires_at) on table app_public.staged_imports to svc_visitor;

create table if not exists app_public.staged_import_parts (
  staged_import_id uuid not null references app_public.staged_imports (id) on delete cascade,
  part integer not null check (part >= 0),
  user_id uuid default app_public.current_user_id() not null references app_public.users (id) on delete cascade,
  workouts jsonb not null,
  extras jsonb,
  workout_count integer not null check (workout_count >= 0),
  bytes integer not null check (bytes >= 0),
  primary key (staged_import_id, part)
);
alter table app_public.staged_import_parts enable row level security;
create index if not exists staged_import_parts_user on app_public.staged_import_parts (user_id);
comment on table app_public.staged_import_parts is E'@behavior -*\nOne part of a staged import: workout documents as the file gave them, in the file''s order.';
comment on column app_public.staged_import_parts.staged_import_id is 'The import it belongs to.';
comment on column app_public.staged_import_parts.part is 'Its place in the file, from 0: parts are applied in this order and must have no gap.';
comment on column app_public.staged_import_parts.user_id is 'The owner (the import''s).';
comment on column app_public.staged_import_parts.workouts is 'Workout documents whose `exercise` fields are the file''s names.';
comment on column app_public.staged_import_parts.extras is 'Only with part 0: an svc export''s settings, customExercises, routines and bodyweights.';
comment on column app_public.staged_import_parts.workout_count is 'How many workouts it holds (for the per-user limit).';
comment on column app_public.staged_import_parts.bytes is 'Its size as stored JSON text, workouts and extras (for the per-user limit).';
drop policy if exists select_own on app_public.staged_import_parts;
create policy select_own on app_public.staged_import_parts for select
  using (user_id = (select app_public.current_user_id()));
drop policy if exists insert_own on app_public.staged_import_parts;
create policy insert_own on app_public.staged_import_parts for insert
  with check (user_id = (select app_public.current_user_id())
              and exists (select 1 from app_public.staged_imports s where s.id = staged_import_id));
drop policy if exists delete_own on app_public.staged_import_parts;
create policy delete_own on app_public.staged_import_parts for delete
  using (user_id = (select app_public.current_user_id()));
grant select, delete on table app_public.staged_import_parts to svc_visitor;
grant insert (staged_import_id, part, workouts, extras, workout_count, bytes) on table app_public.staged_import_parts to svc_visitor;

create or replace function app_hidden.staged_import_limits(out workouts integer, out bytes bigint, out expiry interval)
  language sql immutable
as $$
  select 10000, 50000000::bigint, interval '1 hour';
$$;
comment on function app_hidden.staged_import_limits() is 'What one user may have staged (all parts together): 10,000 workouts and 50,000,000 bytes of JSON, each import for an hour after its last part. One import of the largest size is applied within IMPORT_LIMITS.applyMs (@svc/sdk/import).';
grant execute on function app_hidden.staged_import_limits() to svc_visitor;

create or replace function app_public.stage_import_part(staged_import_id uuid, part integer, workouts jsonb, extras jsonb default null)
  returns table (import_id uuid, parts integer, workout_count integer, bytes bigint, expires_at timestamptz)
  language plpgsql
as $$
declare
  v_user uuid := app_hidden.require_user();
  v_limits record;
  v_import_id uuid := staged_import_id;
  v_part_bytes integer;
  v_staged record;
begin
  if jsonb_typeof(workouts) is distinct from 'array' then
    raise exception 'workouts: must be a list of workout documents' using errcode = 'SVBAD';
  end if;
  if part is null or part < 0 then
    raise exception 'part: must be 0 or more (the place of the part in the file)' using errcode = 'SVBAD';
  end if;
  if extras is not null and part <> 0 then
    raise exception 'extras: only with the first part (part 0)' using errcode = 'SVBAD';
  end if;
  select * into v_limits from app_hidden.staged_import_limits();
  v_part_bytes := octet_length(workouts::text) + coalesce(octet_length(extras::text), 0);
  -- The limit is checked against what this user already staged: one part at a time per user.
  perform pg_advisory_xact_lock(hashtextextended('app_public.stage_import_part:' || v_user::text, 0));
  if v_import_id is null then
    -- A new import discards the user's earlier ones (an interrupted import, sent again).
    delete from app_public.staged_imports s where s.user_id = v_user;
    insert into app_public.staged_imports default values returning id into v_import_id;
  else
    delete from app_public.staged_imports s where s.user_id = v_user and s.expires_at <= now();
    if not exists (select 1 from app_public.staged_imports s where s.id = v_import_id) then
      raise exception 'importId: no staged import of yours with this id (one expires an hour after its last part, or when you start another)'
        using errcode = 'SVNFD';
    end if;
    -- A part sent again replaces the one of that place.
    delete from app_public.staged_import_parts p where p.staged_import_id = v_import_id and p.part = stage_import_part.part;
  end if;
  select coalesce(sum(p.workout_count), 0) as workouts, coalesce(sum(p.bytes), 0) as bytes into v_staged
    from app_public.staged_import_parts p where p.user_id = v_user;
  if v_staged.workouts + jsonb_array_length(workouts) > v_limits.workouts then
    raise exception 'workouts: at most % staged per user (this part would make %); split the file by date', v_limits.workouts, v_staged.workouts + jsonb_array_length(workouts)
      using errcode = 'SVLIM';
  end if;
  if v_staged.bytes + v_part_bytes > v_limits.bytes then
    raise exception 'workouts: at most % bytes staged per user (this part would make %); split the file by date', v_limits.bytes, v_staged.bytes + v_part_bytes
      using errcode = 'SVLIM';
  end if;
  insert into app_public.staged_import_parts (staged_import_id, part, workouts, extras, workout_count, bytes)
    values (v_import_id, part, workouts, extras, jsonb_array_length(workouts), v_part_bytes);
  update app_public.staged_imports s set expires_at = now() + v_limits.expiry where s.id = v_import_id;
  return query
    select s.id, count(p.part)::integer, coalesce(sum(p.workout_count), 0)::integer, coalesce(sum(p.bytes), 0)::bigint, s.expires_at
      from app_public.staged_imports s join app_public.staged_import_parts p on p.staged_import_id = s.id
     where s.id = v_import_id
     group by s.id;
end;
$$;
comment on function app_public.stage_import_part(staged_import_id uuid, part integer, workouts jsonb, extras jsonb) is E'@behavior -*\nStages one part of an import for the signed-in user: with staged_import_id null a new import (discarding the user''s earlier staged one), else a part of that import (one of the same place is replaced). Limits (app_hidden.staged_import_limits): SVLIM past the workouts or bytes a user may stage. Returns the import so far.';
grant execute on function app_public.stage_import_part(staged_import_id uuid, part integer, workouts jsonb, extras jsonb) to svc_visitor;

create or replace function app_public.import_staged(staged_import_id uuid, choices jsonb default '{}', dry_run boolean default true)
  returns jsonb
  language plpgsql
as $$
declare
  v_import_id uuid := staged_import_id;
  v_parts integer;
  v_last integer;
  v_workouts jsonb;
  v_extras jsonb;
  v_summary jsonb;
begin
  perform app_hidden.require_user();
  if not exists (select 1 from app_public.staged_imports s where s.id = v_import_id and s.expires_at > now()) then
    raise exception 'importId: no staged import of yours with this id (one expires an hour after its last part, or when you start another)'
      using errcode = 'SVNFD';
  end if;
  select count(*), max(p.part) into v_parts, v_last from app_public.staged_import_parts p where p.staged_import_id = v_import_id;
  if v_parts <> v_last + 1 then
    raise exception 'importId: part % is missing (parts are numbered from 0 with no gap)',
      (select min(g) from generate_series(0, v_last) g
        where not exists (select 1 from app_public.staged_import_parts p where p.staged_import_id = v_import_id and p.part = g))
      using errcode = 'SVBAD';
  end if;
  select coalesce(jsonb_agg(w.workout order by p.part, w.ordinality), '[]') into v_workouts
    from app_public.staged_import_parts p cross join lateral jsonb_array_elements(p.workouts) with ordinality w(workout, ordinality)
   where p.staged_import_id = v_import_id;
  select p.extras into v_extras from app_public.staged_import_parts p where p.staged_import_id = v_import_id and p.part = 0;
  v_summary := app_public.import_history(v_workouts, choices, v_extras, dry_run);
  if not dry_run then
    delete from app_public.staged_imports s where s.id = v_import_id;
  end if;
  return v_summary;
end;
$$;
comment on function app_public.import_staged(staged_import_id uuid, choices jsonb, dry_run boolean) is E'@behavior -*\nimport_history over every part of a staged import of the signed-in user, in order, in the caller''s transaction (so a dry run and an import see the whole file: paths are `workouts[i]` of the file); an import then deletes the staging. SVNFD for an unknown, another user''s or an expired import; SVBAD for a missing part.';
grant execute on function app_public.import_staged(staged_import_id uuid, choices jsonb, dry_run boolean) to svc_visitor;

create or replace function app_private.delete_expired_imports()
  returns integer
  language sql
as $$
  with gone as (delete from app_public.staged_imports s where s.expires_at <= now() returning 1)
  select count(*)::integer from gone;
$$;
comment on function app_private.delete_expired_imports() is 'Deletes staged imports an hour past their last part (abandoned); run every minute by the worker.';

--------------------------------------------------------------------------- import_history, in pieces
create or replace function app_hidden.import_name_map(workouts jsonb, choices jsonb, custom_exercises jsonb)
  returns jsonb
  language sql
  stable
as $$
  select coalesce(jsonb_object_agg(m.name, jsonb_build_object(
           'exerciseId', m.exercise_id, 'action', m.action, 'via', m.via, 'suggestions', to_jsonb(m.suggestions))), '{}')
    from app_hidden.import_map_names(
      (select coalesce(array_agg(distinct entry ->> 'exercise'), '{}')
         from jsonb_array_elements(workouts) workout,
              jsonb_array_elements(case when jsonb_typeof(workout -> 'exercises') = 'array' then workout -> 'exercises' else '[]' end) entry
        where jsonb_typeof(entry -> 'exercise') = 'string'),
      choices, custom_exercises) m;
$$;
comment on function app_hidden.import_name_map(workouts jsonb, choices jsonb, custom_exercises jsonb) is 'Map names: every exercise name the workouts use, once, as {"<name>": {exerciseId, action, via, suggestions}} (app_hidden.import_map_names).';
grant execute on function app_hidden.import_name_map(workouts jsonb, choices jsonb, custom_exercises jsonb) to svc_visitor;

create or replace function app_hidden.import_find_duplicates(workouts jsonb)
  returns table (file_index integer, duplicate boolean, wall_start timestamp)
  language sql
  stable
as $$
  with listed as (
    select (listed.ordinality - 1)::integer as file_index, listed.workout, instant.start,
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
  )
  select l.file_index,
    -- Earlier in the list: the same start and name, or the same name and wall-clock start.
    row_number() over (partition by coalesce(l.start::text, ''), coalesce(l.workout ->> 'name', '') order by l.file_index) > 1
    or (l.wall_start is not null
        and row_number() over (partition by l.wall_start, coalesce(l.workout ->> 'name', '') order by l.file_index) > 1)
    -- Already there: the same start and name, or imported before with the same name and wall-clock start.
    or exists (select 1 from app_public.workouts existing
                where existing.user_id = (select app_public.current_user_id()) and existing.start = l.start
                  and existing.name is not distinct from (l.workout ->> 'name'))
    or exists (select 1 from app_hidden.imported_workout_starts imported join app_public.workouts existing on existing.id = imported.workout_id
                where imported.user_id = (select app_public.current_user_id()) and imported.wall_start = l.wall_start
                  and existing.name is not distinct from (l.workout ->> 'name')),
    l.wall_start
  from listed l
  order by l.file_index;
$$;
comment on function app_hidden.import_find_duplicates(workouts jsonb) is 'Find what was already imported: for each workout, in order, whether it is a duplicate (the start, or noon UTC on its date, and name of a workout already there or earlier in the list; or the name and the local date and wall-clock time as the file wrote them of a workout imported before in any time zone, or earlier in the list) and that wall-clock start (kept for each imported workout).';
grant execute on function app_hidden.import_find_duplicates(workouts jsonb) to svc_visitor;

create or replace function app_hidden.import_save_custom_exercises(name_map jsonb, custom_exercises jsonb, dry_run boolean,
                                                                   out mapped_names jsonb, out created integer)
  language plpgsql
as $$
declare
  v_user uuid := app_hidden.require_user();
  v_name text;
  v_exported jsonb;
  v_exercise_id uuid;
begin
  mapped_names := name_map;
  created := 0;
  if dry_run then
    select count(*) into created from jsonb_array_elements(coalesce(custom_exercises, '[]')) c
     where not exists (select 1 from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(c ->> 'name'));
    return;
  end if;
  -- Names chosen to be created (with the export's details when it brings that exercise).
  for v_name in select m.name from jsonb_each(name_map) m(name, mapping) where m.mapping ->> 'action' = 'create' loop
    v_exported := (select c from jsonb_array_elements(coalesce(custom_exercises, '[]')) c
                    where app_public.exercise_key(c ->> 'name') = app_public.exercise_key(v_name) limit 1);
    v_exercise_id := (select ce.id from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(v_name));
    if v_exercise_id is null then
      select ce.id into v_exercise_id from app_public.create_custom_exercise(v_name, v_exported ->> 'equipment',
        (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(v_exported -> 'muscles', '[]')) m),
        v_exported ->> 'region', v_exported ->> 'kind') ce;
      created := created + 1;
    end if;
    mapped_names := jsonb_set(mapped_names, array[v_name, 'exerciseId'], to_jsonb(v_exercise_id));
  end loop;
  -- Custom exercises of an export that no workout uses come along too.
  for v_exported in select c from jsonb_array_elements(coalesce(custom_exercises, '[]')) c loop
    if not exists (select 1 from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(v_exported ->> 'name')) then
      perform app_public.create_custom_exercise(v_exported ->> 'name', v_exported ->> 'equipment',
        (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(v_exported -> 'muscles', '[]')) m),
        v_exported ->> 'region', v_exported ->> 'kind');
      created := created + 1;
    end if;
  end loop;
end;
$$;
comment on function app_hidden.import_save_custom_exercises(name_map jsonb, custom_exercises jsonb, dry_run boolean) is 'Save custom exercises: those chosen to be created and those an export brings (a dry run counts the export''s new ones); the name map with the created exercises'' ids.';
grant execute on function app_hidden.import_save_custom_exercises(name_map jsonb, custom_exercises jsonb, dry_run boolean) to svc_visitor;

create or replace function app_hidden.import_save_account(extras jsonb, dry_run boolean,
                                                          out routine_ids jsonb, out routines integer, out duplicate_routines integer,
                                                          out bodyweights integer, out duplicate_bodyweights integer)
  language plpgsql
as $$
declare
  v_user uuid := app_hidden.require_user();
  v_routine jsonb;
  v_routine_id uuid;
  v_bodyweight jsonb;
begin
  routine_ids := '{}';
  routines := 0; duplicate_routines := 0; bodyweights := 0; duplicate_bodyweights := 0;
  -- Settings (unit, effort scale): the account then reads as the exported one.
  if extras ? 'settings' and not dry_run then
    update app_public.users u
       set unit = coalesce(extras #>> '{settings,unit}', u.unit), effort = coalesce(extras #>> '{settings,effort}', u.effort)
     where u.id = v_user;
  end if;
  -- Routines: one per name; a workout's `routine` (the exporting account's id) follows the routine of that name here.
  for v_routine in select r from jsonb_array_elements(coalesce(extras -> 'routines', '[]')) r loop
    v_routine_id := (select r.id from app_public.routines r where r.user_id = v_user and r.name_key = app_public.routine_name_key(v_routine ->> 'name'));
    if v_routine_id is not null then
      duplicate_routines := duplicate_routines + 1;
    else
      routines := routines + 1;
      if not dry_run then
        select ar.routine_id into v_routine_id from app_public.apply_routine_document(v_routine - 'id') ar;
      end if;
    end if;
    if v_routine ? 'id' then routine_ids := routine_ids || jsonb_build_object(v_routine ->> 'id', v_routine_id); end if;
  end loop;
  -- Bodyweights: a day already holding the same weight is a duplicate.
  for v_bodyweight in select b from jsonb_array_elements(coalesce(extras -> 'bodyweights', '[]')) b loop
    if exists (select 1 from app_public.bodyweights bw where bw.user_id = v_user and bw.date = (v_bodyweight ->> 'date')::date
                 and bw.weight = (v_bodyweight ->> 'weight')::float8 and bw.unit = v_bodyweight ->> 'unit') then
      duplicate_bodyweights := duplicate_bodyweights + 1;
    else
      bodyweights := bodyweights + 1;
      if not dry_run then
        perform app_public.log_bodyweight((v_bodyweight ->> 'date')::date, (v_bodyweight ->> 'weight')::float8, v_bodyweight ->> 'unit');
      end if;
    end if;
  end loop;
end;
$$;
comment on function app_hidden.import_save_account(extras jsonb, dry_run boolean) is 'Save an svc export''s account parts: settings, routines (one per name; routine_ids maps the export''s routine ids to this account''s) and bodyweights, with how many were new and already there.';
grant execute on function app_hidden.import_save_account(extras jsonb, dry_run boolean) to svc_visitor;

create or replace function app_hidden.import_workout_entries(workout jsonb, name_map jsonb, dry_run boolean,
                                                             out entries jsonb, out file_positions integer[], out sets_by_name jsonb,
                                                             out skipped_sets integer, out unchecked_sets integer)
  language plpgsql
  immutable
as $$
declare
  v_entry jsonb;
  v_position integer;
  v_mapping jsonb;
  v_sets integer;
begin
  entries := '[]'; file_positions := '{}'; sets_by_name := '{}'; skipped_sets := 0; unchecked_sets := 0;
  if jsonb_typeof(workout -> 'exercises') is distinct from 'array' then return; end if;
  for v_entry, v_position in select e.value, e.ordinality - 1 from jsonb_array_elements(workout -> 'exercises') with ordinality e loop
    if jsonb_typeof(v_entry) = 'object' and jsonb_typeof(v_entry -> 'exercise') = 'string' then
      v_mapping := name_map -> (v_entry ->> 'exercise');
      v_sets := coalesce(jsonb_array_length(case when jsonb_typeof(v_entry -> 'sets') = 'array' then v_entry -> 'sets' end), 0);
      sets_by_name := sets_by_name || jsonb_build_object(v_entry ->> 'exercise', coalesce((sets_by_name ->> (v_entry ->> 'exercise'))::integer, 0) + v_sets);
      if v_mapping ->> 'action' = 'skip' then
        skipped_sets := skipped_sets + v_sets;
        continue;
      end if;
      if v_mapping ->> 'exerciseId' is not null then
        v_entry := jsonb_set(v_entry, '{exercise}', v_mapping -> 'exerciseId');
      elsif dry_run then
        -- Unmapped (reported) or to be created: its sets count, the document's rules cannot check it.
        unchecked_sets := unchecked_sets + v_sets;
        continue;
      end if;
    end if;
    entries := entries || jsonb_build_array(v_entry);
    file_positions := file_positions || v_position;
  end loop;
end;
$$;
comment on function app_hidden.import_workout_entries(workout jsonb, name_map jsonb, dry_run boolean) is 'A workout''s exercises with the file''s names turned into exercise ids: entries kept (skipped names leave with their sets; in a dry run, names to be created or unmapped too, their sets counted as unchecked), each kept entry''s place in the file''s workout, and sets per name.';
grant execute on function app_hidden.import_workout_entries(workout jsonb, name_map jsonb, dry_run boolean) to svc_visitor;

create or replace function app_hidden.import_save_workout(document jsonb, wall_start timestamp, dry_run boolean, unit text, effort text,
                                                          out path text, out reason text)
  language plpgsql
as $$
declare
  v_workout_id uuid;
begin
  if dry_run then
    select walked.path, walked.reason into path, reason from app_hidden.walk_workout_document(document - 'routine', unit, effort) walked;
    return;
  end if;
  select applied.workout_id into v_workout_id from app_public.apply_workout_document(document) applied;
  if wall_start is not null then
    insert into app_hidden.imported_workout_starts (workout_id, user_id, wall_start)
      values (v_workout_id, (select app_public.current_user_id()), wall_start)
      on conflict (workout_id) do nothing;
  end if;
exception when sqlstate 'SVDOC' then
  get stacked diagnostics path = pg_exception_detail, reason = pg_exception_hint;
end;
$$;
comment on function app_hidden.import_save_workout(document jsonb, wall_start timestamp, dry_run boolean, unit text, effort text) is 'Save one imported workout document (apply_workout_document, and the wall-clock start as the file wrote it), or in a dry run check it by the document rules; the path and reason of its first problem, or nulls.';
grant execute on function app_hidden.import_save_workout(document jsonb, wall_start timestamp, dry_run boolean, unit text, effort text) to svc_visitor;

create or replace function app_public.import_history(workouts jsonb, choices jsonb default '{}', extras jsonb default null, dry_run boolean default true)
  returns jsonb
  language plpgsql
as $$
declare
  v_user uuid := app_hidden.require_user();
  v_name_map jsonb;
  v_unmapped text[];
  v_custom record;
  v_account record;
  v_unit text;
  v_effort text;
  v_duplicates boolean[];
  v_wall_starts timestamp[];
  v_index integer;
  v_workout jsonb;
  v_entries record;
  v_document jsonb;
  v_problem record;
  v_kept_index integer;
  v_path_in_file text;
  v_sets_by_name jsonb := '{}';
  v_new integer := 0;
  v_duplicate_count integer := 0;
  v_emptied integer := 0;
  v_sets integer := 0;
  v_skipped_sets integer := 0;
  v_first date;
  v_last date;
begin
  if jsonb_typeof(workouts) is distinct from 'array' then
    raise exception 'workouts: must be a list of workout documents' using errcode = 'SVBAD';
  end if;
  if choices is not null and jsonb_typeof(choices) <> 'object' then
    raise exception 'choices: must be an object of name -> {action, exercise}' using errcode = 'SVBAD';
  end if;
  -- One import at a time per user: a second one (the same file sent twice at once) waits for the
  -- first to commit, then finds its workouts already there.
  if not dry_run then
    perform pg_advisory_xact_lock(hashtextextended('app_public.import_history:' || v_user::text, 0));
  end if;

  v_name_map := app_hidden.import_name_map(workouts, choices, extras -> 'customExercises');
  select coalesce(array_agg(m.name order by m.name), '{}') into v_unmapped
    from jsonb_each(v_name_map) m(name, mapping) where m.mapping ->> 'action' = 'unmapped';
  if not dry_run and cardinality(v_unmapped) > 0 then
    raise exception 'choices: % exercise name(s) map to no exercise: %; choose for each: map to an exercise, create a custom exercise, or skip',
      cardinality(v_unmapped), array_to_string(v_unmapped[1:10], ', ') || case when cardinality(v_unmapped) > 10 then ', ...' else '' end
      using errcode = 'SVMAP', detail = array_to_string(v_unmapped, E'\n');
  end if;

  -- What was already imported, found before anything of this import is saved.
  select coalesce(array_agg(d.duplicate order by d.file_index), '{}'), coalesce(array_agg(d.wall_start order by d.file_index), '{}')
    into v_duplicates, v_wall_starts
    from app_hidden.import_find_duplicates(workouts) d;

  select * into v_custom from app_hidden.import_save_custom_exercises(v_name_map, extras -> 'customExercises', dry_run);
  v_name_map := v_custom.mapped_names;
  select * into v_account from app_hidden.import_save_account(extras, dry_run);
  select u.unit, u.effort into v_unit, v_effort from app_public.users u where u.id = v_user;

  for v_index in 0 .. jsonb_array_length(workouts) - 1 loop
    v_workout := workouts -> v_index;
    if jsonb_typeof(v_workout) <> 'object' then
      raise exception 'workouts[%]: must be an object', v_index
        using errcode = 'SVDOC', detail = format('workouts[%s]', v_index), hint = 'must be an object';
    end if;
    if v_duplicates[v_index + 1] then
      v_duplicate_count := v_duplicate_count + 1;
      continue;
    end if;
    select * into v_entries from app_hidden.import_workout_entries(v_workout, v_name_map, dry_run);
    v_sets_by_name := v_sets_by_name || coalesce((
      select jsonb_object_agg(n.name, n.sets::integer + coalesce((v_sets_by_name ->> n.name)::integer, 0))
        from jsonb_each_text(v_entries.sets_by_name) n(name, sets)), '{}');
    v_skipped_sets := v_skipped_sets + v_entries.skipped_sets;
    if jsonb_typeof(v_workout -> 'exercises') = 'array' and jsonb_array_length(v_entries.entries) = 0 then
      if jsonb_array_length(v_workout -> 'exercises') > 0
         and not exists (select 1 from jsonb_array_elements(v_workout -> 'exercises') e
                          where (v_name_map -> (e ->> 'exercise')) ->> 'action' is distinct from 'skip') then
        -- Every exercise of it was skipped: nothing of it to keep.
        v_emptied := v_emptied + 1;
        continue;
      end if;
    end if;
    v_sets := v_sets + v_entries.unchecked_sets;
    v_document := v_workout - 'id';
    if jsonb_typeof(v_workout -> 'exercises') = 'array' then v_document := jsonb_set(v_document, '{exercises}', v_entries.entries); end if;
    if v_workout ? 'routine' then
      v_document := case when jsonb_typeof(v_workout -> 'routine') = 'string' and v_account.routine_ids ->> (v_workout ->> 'routine') is not null
                         then jsonb_set(v_document, '{routine}', v_account.routine_ids -> (v_workout ->> 'routine'))
                         else v_document - 'routine' end;
    end if;
    select * into v_problem from app_hidden.import_save_workout(v_document, v_wall_starts[v_index + 1], dry_run, v_unit, v_effort);
    if v_problem.path is not null then
      -- The path in the workout as the file gave it (entries of skipped names were taken out).
      v_path_in_file := v_problem.path;
      v_kept_index := substring(v_problem.path from '^exercises\[([0-9]+)\]')::integer;
      if v_entries.file_positions[v_kept_index + 1] is not null then
        v_path_in_file := 'exercises[' || v_entries.file_positions[v_kept_index + 1] || ']'
                          || substring(v_problem.path from '^exercises\[[0-9]+\](.*)$');
      end if;
      raise exception 'workouts[%].%: %', v_index, v_path_in_file, v_problem.reason
        using errcode = 'SVDOC', detail = format('workouts[%s].%s', v_index, v_path_in_file), hint = v_problem.reason;
    end if;
    v_new := v_new + 1;
    v_sets := v_sets + (select coalesce(sum(jsonb_array_length(e -> 'sets')), 0) from jsonb_array_elements(v_entries.entries) e);
    if (v_workout ->> 'date') is not null then
      v_first := least(v_first, (v_workout ->> 'date')::date);
      v_last := greatest(v_last, (v_workout ->> 'date')::date);
    end if;
  end loop;

  return jsonb_build_object(
    'dryRun', dry_run,
    'workouts', v_new, 'duplicates', v_duplicate_count, 'emptied', v_emptied,
    'sets', v_sets, 'skippedSets', v_skipped_sets,
    'firstDate', v_first, 'lastDate', v_last,
    'names', (select coalesce(jsonb_agg(jsonb_build_object(
                'name', m.name,
                'action', m.mapping ->> 'action',
                'via', m.mapping ->> 'via',
                'exerciseId', m.mapping ->> 'exerciseId',
                'exercise', (select ex.name from app_public.exercises ex where ex.id = (m.mapping ->> 'exerciseId')::uuid),
                'suggestions', m.mapping -> 'suggestions',
                'sets', coalesce((v_sets_by_name ->> m.name)::integer, 0)) order by m.name), '[]')
                from jsonb_each(v_name_map) m(name, mapping)),
    'unmapped', cardinality(v_unmapped),
    'routines', v_account.routines, 'duplicateRoutines', v_account.duplicate_routines,
    'bodyweights', v_account.bodyweights, 'duplicateBodyweights', v_account.duplicate_bodyweights,
    'customExercises', v_custom.created);
end;
$$;
comment on function app_public.import_history(workouts jsonb, choices jsonb, extras jsonb, dry_run boolean) is E'@behavior -*\nImports workouts (documents whose `exercise` fields are a file''s names) for the signed-in user, in the caller''s transaction, in three steps: map names (app_hidden.import_name_map, with choices {"<name>": {"action": "map"|"create"|"skip", "exercise": "<ref>"}}), find what was already imported (app_hidden.import_find_duplicates: left alone), save (custom exercises, an svc export''s settings, routines and bodyweights, then each workout by apply_workout_document). Imports of one user run one at a time (an advisory lock on the user until commit), so the same file sent twice at once is imported once. dry_run: the same summary, nothing written (every document is still checked). Unmapped names in a real run: SVMAP (UNMAPPED_EXERCISES); an invalid document: SVDOC with the path from `workouts[i]`. Returns the summary (counts, date range, each name''s mapping with suggestions).';
grant execute on function app_public.import_history(workouts jsonb, choices jsonb, extras jsonb, dry_run boolean) to svc_visitor;
