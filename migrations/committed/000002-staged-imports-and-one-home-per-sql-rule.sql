--! Previous: sha1:48076ed0d34baa28b073ccc3f4bae0785f53a6a1
--! Hash: sha1:b559e200331b4cabd62d68c83e59458452a48c52
--! Message: Staged imports and one home per SQL rule

--! split: 1-current.sql
-- Enter migration here

--! split: 2-import.sql
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

--! split: 3-documents-and-tidy.sql
-- Documents and tidy: each rule of the document walks in one function (one-line text, a value from
-- a list, an array field's size) instead of written out at every field, the control-character rule
-- shared with the name triggers, and the one-off data fixes that nothing calls removed.

--------------------------------------------------------------------------------
-- The document field readers
--------------------------------------------------------------------------------
create or replace function app_hidden.control_character_reason(t text) returns text
language sql immutable parallel safe as $$
  -- Unicode Cc but U+0000, which PostgreSQL text cannot hold: the SDK's CONTROL_CHARACTER_PATTERN.
  select case when t ~ '[\u0001-\u001f\u007f-\u009f]' then 'must not contain control characters such as a newline or tab' end;
$$;
comment on function app_hidden.control_character_reason(text) is
  E'Why a one-line text (a name, icon, exercise reference, superset, program) is refused when it holds a control character such as a newline or tab; null when it holds none. Documents report it at the field''s path, the name triggers as INVALID_INPUT.';
grant execute on function app_hidden.control_character_reason(text) to svc_reader;

-- The readers below are single-expression `language sql stable` functions returning a named row
-- type, so PostgreSQL inlines them into the walk's expression (no function call per field: a
-- PL/pgSQL reader returning OUT parameters cannot be inlined, and 500 sets made 500 such calls).
-- Each answer type holds the value and the reason, under the names the walks read. Changing a
-- reader's return type needs the function dropped first; the walks name them only in their bodies.
drop function if exists app_hidden.doc_line(jsonb, int, int);
drop function if exists app_hidden.doc_one_of(jsonb, text[], text);
drop function if exists app_hidden.doc_one_of(jsonb, text[]);
drop function if exists app_hidden.doc_array(jsonb, text, int, int);
drop function if exists app_hidden.doc_flag(jsonb, boolean);
drop function if exists app_hidden.doc_exercise_field(jsonb); -- returns doc_line_answer; defined again below
drop type if exists app_hidden.doc_line_answer;
drop type if exists app_hidden.doc_choice_answer;
drop type if exists app_hidden.doc_array_answer;
drop type if exists app_hidden.doc_flag_answer;
create type app_hidden.doc_line_answer as (line text, reason text);
comment on type app_hidden.doc_line_answer is 'What app_hidden.doc_line reads: the text, and the reason it is refused (null when it is not).';
create type app_hidden.doc_choice_answer as (value text, reason text);
comment on type app_hidden.doc_choice_answer is 'What app_hidden.doc_one_of reads: the value, and the reason it is refused (null when it is not).';
create type app_hidden.doc_array_answer as (list jsonb, reason text);
comment on type app_hidden.doc_array_answer is 'What app_hidden.doc_array reads: the array, and the reason it is refused (null when it is not).';
create type app_hidden.doc_flag_answer as (value boolean, reason text);
comment on type app_hidden.doc_flag_answer is 'What app_hidden.doc_flag reads: the value, and the reason it is refused (null when it is not).';

create or replace function app_hidden.doc_line(v jsonb, lo int, hi int) returns app_hidden.doc_line_answer
language sql stable parallel safe as $$
  select row(app_hidden.doc_string(v),
    case
      when app_hidden.doc_string(v) is null then 'must be a string'
      when char_length(app_hidden.doc_string(v)) not between lo and hi then 'must be ' || lo || ' to ' || hi || ' characters'
      else app_hidden.control_character_reason(app_hidden.doc_string(v))
    end)::app_hidden.doc_line_answer;
$$;
comment on function app_hidden.doc_line(jsonb, int, int) is
  E'A one-line text field of a document (the SDK''s `line`): a JSON string of lo to hi characters without control characters. line is the text (whenever v is a string); reason, when not null, is why it is refused at the field''s path.';
grant execute on function app_hidden.doc_line(jsonb, int, int) to svc_reader;

-- One form only: a two-argument one beside it would make two-argument calls ambiguous.
create or replace function app_hidden.doc_one_of(v jsonb, allowed text[], fallback text default null)
returns app_hidden.doc_choice_answer
language sql stable parallel safe as $$
  select case
    when v is null then row(fallback, null)::app_hidden.doc_choice_answer
    when jsonb_typeof(v) = 'string' and (v #>> '{}') = any (allowed) then row(v #>> '{}', null)::app_hidden.doc_choice_answer
    else row(null, 'must be one of ' || array_to_string(allowed, ', '))::app_hidden.doc_choice_answer
  end;
$$;
comment on function app_hidden.doc_one_of(jsonb, text[], text) is
  E'A document field that takes one of a list of strings (the SDK''s `oneOf`): value, or the reason (`must be one of kg, lb`) for anything else, of any JSON type. An absent field (v is SQL null, as `doc -> ''unit''` gives) is fallback.';
grant execute on function app_hidden.doc_one_of(jsonb, text[], text) to svc_reader;

create or replace function app_hidden.doc_array(o jsonb, key text, lo int, hi int) returns app_hidden.doc_array_answer
language sql stable parallel safe as $$
  select row(o -> key, case
    when o -> key is null then 'is required'
    when jsonb_typeof(o -> key) <> 'array' then 'must be an array'
    when jsonb_array_length(o -> key) < lo then 'must have at least ' || lo || case when lo = 1 then ' entry' else ' entries' end
    when jsonb_array_length(o -> key) > hi then 'must have at most ' || hi || ' entries'
  end)::app_hidden.doc_array_answer;
$$;
comment on function app_hidden.doc_array(jsonb, text, int, int) is
  E'A required array field of a document object (exercises, a workout exercise''s sets): the array, or why it is refused at o''s path plus key (absent, not an array, fewer than lo or more than hi entries).';
grant execute on function app_hidden.doc_array(jsonb, text, int, int) to svc_reader;

create or replace function app_hidden.doc_flag(v jsonb, fallback boolean) returns app_hidden.doc_flag_answer
language sql stable parallel safe as $$
  select case
    when v is null then row(fallback, null)::app_hidden.doc_flag_answer
    when jsonb_typeof(v) = 'boolean' then row(v::boolean, null)::app_hidden.doc_flag_answer
    else row(null, 'must be a boolean')::app_hidden.doc_flag_answer
  end;
$$;
comment on function app_hidden.doc_flag(jsonb, boolean) is
  E'A true/false field of a document (deload, skipProgression, pinned, a set''s done): its value, fallback when absent (v is SQL null), or the reason (`must be a boolean`) for any other JSON type.';
grant execute on function app_hidden.doc_flag(jsonb, boolean) to svc_reader;

create or replace function app_hidden.doc_own_id(v jsonb, p_table text, p_user uuid, out id text, out reason text)
language plpgsql stable as $$
declare
  v_found boolean;
begin
  id := app_hidden.doc_uuid(v);
  if id is null then
    reason := 'must be a uuid'; return;
  end if;
  if p_table = 'routines' then
    v_found := exists (select 1 from app_public.routines r where r.id = doc_own_id.id::uuid and r.user_id = p_user);
  elsif p_table = 'workouts' then
    v_found := exists (select 1 from app_public.workouts w where w.id = doc_own_id.id::uuid and w.user_id = p_user);
  else
    v_found := false;
  end if;
  if not v_found then
    reason := 'not found';
  end if;
end;
$$;
comment on function app_hidden.doc_own_id(jsonb, text, uuid) is
  E'A document field naming one of p_user''s rows of p_table (routines or workouts): the id, lower case, or why it is refused (not a uuid, not found).';
grant execute on function app_hidden.doc_own_id(jsonb, text, uuid) to svc_reader;

-- Inlined too: `o - known` empty says there is no unknown property without a query; the first one
-- (app_hidden.doc_unknown_key, a query over the keys) is read only when there is one.
drop function if exists app_hidden.doc_object(jsonb, text[]);
drop type if exists app_hidden.doc_object_answer;
create type app_hidden.doc_object_answer as (key text, reason text);
comment on type app_hidden.doc_object_answer is 'What app_hidden.doc_object reads: the first unknown property, and the reason the object is refused (null when it is not).';
create or replace function app_hidden.doc_object(o jsonb, known text[]) returns app_hidden.doc_object_answer
language sql stable parallel safe as $$
  select case
    when jsonb_typeof(o) is distinct from 'object' then row(null, 'must be an object')::app_hidden.doc_object_answer
    when o - known = '{}' then row(null, null)::app_hidden.doc_object_answer
    else row(app_hidden.doc_unknown_key(o, known), 'unknown property')::app_hidden.doc_object_answer
  end;
$$;
comment on function app_hidden.doc_object(jsonb, text[]) is
  E'A document object (the document, a routine or workout exercise entry) with the properties it may have: null reason when it is one; otherwise the reason, and key, the first unknown property (code point order) when that is the reason: the problem is at `<object>.<key>`, or at the object itself when key is null.';
grant execute on function app_hidden.doc_object(jsonb, text[]) to svc_reader;

-- The exercise field's text (present, a one-line text of 1 to 100 characters), inlined like the
-- readers above; resolving it is app_hidden.doc_exercise's, called by doc_exercise_entry, so the
-- resolution cache is copied in and out of two function calls per entry instead of three.
drop function if exists app_hidden.doc_exercise_field(jsonb, jsonb);
create or replace function app_hidden.doc_exercise_field(entry jsonb) returns app_hidden.doc_line_answer
language sql stable parallel safe as $$
  select case when entry ? 'exercise' then app_hidden.doc_line(entry -> 'exercise', 1, 100)
              else row(null, 'is required')::app_hidden.doc_line_answer end;
$$;
comment on function app_hidden.doc_exercise_field(jsonb) is
  E'The `exercise` field of a routine or workout entry as text: the reference as written, or the reason it is refused at `<entry>.exercise` (absent, not a one-line text of 1 to 100 characters). app_hidden.doc_exercise resolves it.';
grant execute on function app_hidden.doc_exercise_field(jsonb) to svc_reader;

create or replace function app_hidden.doc_exercise_entry(e jsonb, known text[], inout cache jsonb, out field text, out ref text,
                                                         out exercise_id uuid, out reason text)
language plpgsql stable as $$
declare
  v_object record := app_hidden.doc_object(e, known);
  v_line app_hidden.doc_line_answer;
  v_exercise record;
begin
  if v_object.reason is not null then
    field := coalesce('.' || v_object.key, ''); reason := v_object.reason; return;
  end if;
  field := '.exercise';
  v_line := app_hidden.doc_exercise_field(e);
  ref := v_line.line; reason := v_line.reason;
  if reason is not null then
    return;
  end if;
  v_exercise := app_hidden.doc_exercise(ref, cache);
  cache := v_exercise.cache; exercise_id := v_exercise.exercise_id; reason := v_exercise.reason;
end;
$$;
comment on function app_hidden.doc_exercise_entry(jsonb, text[], jsonb) is
  E'The start of a routine or workout exercise entry: an object with only the known properties and an `exercise` naming an exercise (app_hidden.doc_exercise_field, resolved through cache by app_hidden.doc_exercise). Null reason when so; otherwise the reason at the entry''s path plus field (``, `.<key>` or `.exercise`).';
grant execute on function app_hidden.doc_exercise_entry(jsonb, text[], jsonb) to svc_reader;

--------------------------------------------------------------------------------
-- The walks, reading their fields through those readers
--------------------------------------------------------------------------------
create or replace function app_hidden.walk_routine_document(doc jsonb, p_unit text, out path text, out reason text,
                                                             out canonical jsonb, out exercise_rows jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_public.current_user_id();
  -- What the field readers (app_hidden.doc_*) answer: a value and the reason it is refused.
  v_object record;
  v_own record;
  v_line record;
  v_choice record;
  v_bool record;
  v_array record;
  v_entry record;
  v_progressions constant text[] := app_hidden.progression_rules();
  k text;
  s text;
  v_id uuid;
  v_list jsonb;
  e jsonb;
  p text;
  i int;
  v_out jsonb;
  v_cache jsonb := '{}';
  v_exercise uuid;
  v_sets int;
  v_low numeric;
  v_high numeric;
  v_time numeric;
  v_weight numeric;
  v_rest numeric;
  v_superset text;
  v_progression text;
  v_flag boolean;
  v_extra int[];
  v_n int;
  f text;
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
begin
  v_object := app_hidden.doc_object(doc, '{id,name,icon,progression,unit,deload,exercises}');
  k := v_object.key;
  if v_object.reason is not null then
    path := coalesce(k, 'document'); reason := v_object.reason; return;
  end if;
  v_out := '{}';
  -- id: a routine of the caller's
  if doc ? 'id' then
    v_own := app_hidden.doc_own_id(doc -> 'id', 'routines', v_user);
    s := v_own.id;
    if v_own.reason is not null then
      path := 'id'; reason := v_own.reason; return;
    end if;
    v_id := s::uuid;
    v_out := jsonb_build_object('id', s);
  end if;
  -- name: 1 to 80 characters, not another routine's name
  if not doc ? 'name' then
    path := 'name'; reason := 'is required'; return;
  end if;
  v_line := app_hidden.doc_line(doc -> 'name', 1, 80);
  s := v_line.line;
  if v_line.reason is not null then
    path := 'name'; reason := v_line.reason; return;
  end if;
  reason := app_hidden.routine_name_taken(v_user, s, v_id);
  if reason is not null then
    path := 'name'; return;
  end if;
  v_out := v_out || jsonb_build_object('name', s);
  if doc ? 'icon' then
    v_line := app_hidden.doc_line(doc -> 'icon', 1, 40);
    s := v_line.line;
    if v_line.reason is not null then
      path := 'icon'; reason := v_line.reason; return;
    end if;
    v_out := v_out || jsonb_build_object('icon', s);
  end if;
  v_choice := app_hidden.doc_one_of(doc -> 'progression', v_progressions, 'linear');
  s := v_choice.value;
  if v_choice.reason is not null then
    path := 'progression'; reason := v_choice.reason; return;
  end if;
  v_out := v_out || jsonb_build_object('progression', s);
  v_choice := app_hidden.doc_one_of(doc -> 'unit', app_hidden.weight_units(), p_unit);
  s := v_choice.value;
  if v_choice.reason is not null then
    path := 'unit'; reason := v_choice.reason; return;
  end if;
  v_out := v_out || jsonb_build_object('unit', s);
  v_bool := app_hidden.doc_flag(doc -> 'deload', false);
  v_flag := v_bool.value;
  if v_bool.reason is not null then
    path := 'deload'; reason := v_bool.reason; return;
  end if;
  if v_flag then
    v_out := v_out || '{"deload": true}';
  end if;
  -- exercises: at most 100
  v_array := app_hidden.doc_array(doc, 'exercises', 0, 100);
  v_list := v_array.list;
  if v_array.reason is not null then
    path := 'exercises'; reason := v_array.reason; return;
  end if;
  for i in 0 .. jsonb_array_length(v_list) - 1 loop
    e := v_list -> i;
    p := 'exercises[' || i || ']';
    v_entry := app_hidden.doc_exercise_entry(e, '{exercise,sets,reps,time,weight,rest,superset,progression,warmups,drops,bursts}', v_cache);
    s := v_entry.ref; v_cache := v_entry.cache; v_exercise := v_entry.exercise_id;
    if v_entry.reason is not null then
      path := p || v_entry.field; reason := v_entry.reason; return;
    end if;
    if not e ? 'sets' then
      path := p || '.sets'; reason := 'is required'; return;
    end if;
    v_sets := app_hidden.doc_integer(e -> 'sets', 1, 20);
    if v_sets is null then
      path := p || '.sets'; reason := 'must be an integer from 1 to 20'; return;
    end if;
    v_low := null; v_high := null;
    if e ? 'reps' then
      if jsonb_typeof(e -> 'reps') = 'string' then
        select m[1]::numeric, m[2]::numeric into v_low, v_high
          from regexp_match(e ->> 'reps', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$') m;
        if v_low is null then
          path := p || '.reps'; reason := 'must be an integer from 0 to 500 or a range like 8-12'; return;
        end if;
        if v_low > 500 or v_high > 500 then
          path := p || '.reps'; reason := 'range must be within 0 to 500'; return;
        end if;
        if v_low > v_high then
          path := p || '.reps'; reason := 'range must go from low to high'; return;
        end if;
      else
        v_low := app_hidden.doc_integer(e -> 'reps', 0, 500);
        if v_low is null then
          path := p || '.reps'; reason := 'must be an integer from 0 to 500 or a range like 8-12'; return;
        end if;
        v_high := v_low;
      end if;
    end if;
    v_time := null;
    if e ? 'time' then
      v_time := app_hidden.doc_duration(e -> 'time');
      if v_time is null then
        path := p || '.time'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
      end if;
      if v_time > 86400 then
        path := p || '.time'; reason := 'must be at most 86400 seconds'; return;
      end if;
      if e ? 'reps' then
        path := p || '.time'; reason := 'cannot be used together with reps'; return;
      end if;
    end if;
    v_weight := null;
    if e ? 'weight' and jsonb_typeof(e -> 'weight') <> 'null' then
      v_weight := app_hidden.doc_weight(e -> 'weight');
      if v_weight is null then
        path := p || '.weight'; reason := 'must be a number from 0 to 10000 with at most 2 decimals'; return;
      end if;
    end if;
    v_rest := null;
    if e ? 'rest' then
      v_rest := app_hidden.doc_duration(e -> 'rest');
      if v_rest is null then
        path := p || '.rest'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
      end if;
      if v_rest > 900 then
        path := p || '.rest'; reason := 'must be at most 900 seconds'; return;
      end if;
    end if;
    v_superset := null;
    if e ? 'superset' and jsonb_typeof(e -> 'superset') <> 'null' then
      v_line := app_hidden.doc_line(e -> 'superset', 1, 8);
      v_superset := v_line.line;
      if v_line.reason is not null then
        path := p || '.superset'; reason := v_line.reason; return;
      end if;
    end if;
    v_progression := null;
    if e ? 'progression' and jsonb_typeof(e -> 'progression') <> 'null' then
      v_choice := app_hidden.doc_one_of(e -> 'progression', v_progressions);
      v_progression := v_choice.value;
      if v_choice.reason is not null then
        path := p || '.progression'; reason := v_choice.reason; return;
      end if;
    end if;
    v_extra := '{0,0,0}';
    v_n := 0;
    foreach f in array array['warmups', 'drops', 'bursts'] loop
      v_n := v_n + 1;
      if e ? f then
        v_extra[v_n] := app_hidden.doc_integer(e -> f, 0, 5);
        if v_extra[v_n] is null then
          path := p || '.' || f; reason := 'must be an integer from 0 to 5'; return;
        end if;
      end if;
    end loop;
    v_canon := v_canon || jsonb_strip_nulls(jsonb_build_object(
      'exercise', s, 'sets', v_sets,
      'reps', case when v_low is null then null when v_low = v_high then to_jsonb(v_low) else to_jsonb(v_low || '-' || v_high) end,
      'time', v_time, 'weight', v_weight, 'rest', v_rest, 'superset', v_superset, 'progression', v_progression,
      'warmups', nullif(v_extra[1], 0), 'drops', nullif(v_extra[2], 0), 'bursts', nullif(v_extra[3], 0)));
    v_rows := v_rows || jsonb_build_object(
      'exercise_id', v_exercise, 'sets', v_sets, 'reps_low', v_low, 'reps_high', v_high, 'seconds', v_time,
      'weight', v_weight, 'rest_seconds', v_rest, 'superset', v_superset, 'progression', v_progression,
      'warmups', v_extra[1], 'drops', v_extra[2], 'bursts', v_extra[3]);
  end loop;
  canonical := v_out || jsonb_build_object('exercises', to_jsonb(v_canon));
  exercise_rows := to_jsonb(v_rows);
end;
$$;

create or replace function app_hidden.walk_routine_program(doc jsonb, p_unit text, out path text, out reason text,
                                                            out canonical jsonb, out exercise_rows jsonb)
language plpgsql stable as $$
-- The routine walk (app_hidden.walk_routine_document) on the document without the fields it does
-- not know, then those: each exercise's trainingMax, cycle, stages and increment (last in its entry,
-- so a problem there comes before the walk's problems in later entries only), and `program`, the
-- last field of a routine document: 1 to 80 characters without control characters, or null (none).
declare
  w record;
  v_line record;
  x record;
  s text;
  v_entries jsonb := case when jsonb_typeof(doc) = 'object' and jsonb_typeof(doc -> 'exercises') = 'array' then doc -> 'exercises' end;
  v_stripped jsonb;
  v_extra_path text;
  v_extra_reason text;
  v_extra_index int;
  v_core_index int;
  v_extras jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  i int;
begin
  v_stripped := case when jsonb_typeof(doc) = 'object' then doc - 'program' else doc end;
  if v_entries is not null then
    for i in 0 .. jsonb_array_length(v_entries) - 1 loop
      if jsonb_typeof(v_entries -> i) = 'object' then
        select * into x from app_hidden.walk_routine_exercise_extras(v_entries -> i, 'exercises[' || i || ']');
        if x.path is not null and v_extra_path is null then
          v_extra_path := x.path; v_extra_reason := x.reason; v_extra_index := i;
        end if;
        v_extras := v_extras || x.canonical;
        v_rows := v_rows || x.row_fields;
      else
        v_extras := v_extras || '{}'::jsonb;
        v_rows := v_rows || '{}'::jsonb;
      end if;
    end loop;
    v_stripped := jsonb_set(v_stripped, '{exercises}', (
      select coalesce(jsonb_agg(case when jsonb_typeof(x2.e) = 'object' then x2.e - '{trainingMax,cycle,stages,increment}'::text[] else x2.e end order by x2.ord), '[]')
        from jsonb_array_elements(v_entries) with ordinality as x2(e, ord)));
  end if;
  select * into w from app_hidden.walk_routine_document(v_stripped, p_unit);
  if w.path is not null then
    v_core_index := (regexp_match(w.path, '^exercises\[([0-9]+)\]'))[1]::int;
    if v_extra_path is not null and v_core_index is not null and v_extra_index < v_core_index then
      path := v_extra_path; reason := v_extra_reason;
    else
      path := w.path; reason := w.reason;
    end if;
    return;
  end if;
  if v_extra_path is not null then
    path := v_extra_path; reason := v_extra_reason; return;
  end if;
  canonical := w.canonical;
  exercise_rows := w.exercise_rows;
  if v_entries is not null then
    canonical := jsonb_set(canonical, '{exercises}', (
      select coalesce(jsonb_agg(c.e || v_extras[c.ord] order by c.ord), '[]')
        from jsonb_array_elements(canonical -> 'exercises') with ordinality as c(e, ord)));
    exercise_rows := (
      select coalesce(jsonb_agg(c.e || v_rows[c.ord] order by c.ord), '[]')
        from jsonb_array_elements(exercise_rows) with ordinality as c(e, ord));
  end if;
  if doc ? 'program' and jsonb_typeof(doc -> 'program') <> 'null' then
    v_line := app_hidden.doc_line(doc -> 'program', 1, 80);
    s := v_line.line;
    if v_line.reason is not null then
      path := 'program'; reason := v_line.reason; canonical := null; exercise_rows := null; return;
    end if;
    canonical := canonical || jsonb_build_object('program', s);
  end if;
end;
$$;

create or replace function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text, out path text, out reason text,
                                                             out canonical jsonb, out start timestamptz, out exercise_rows jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_public.current_user_id();
  -- What the field readers (app_hidden.doc_*) answer: a value and the reason it is refused.
  v_object record;
  v_own record;
  v_line record;
  v_choice record;
  v_bool record;
  v_array record;
  v_entry record;
  k text;
  s text;
  v_list jsonb;
  v_sets jsonb;
  e jsonb;
  x jsonb;
  p text;
  sp text;
  i int;
  j int;
  v_out jsonb;
  v_cache jsonb := '{}';
  v_exercise uuid;
  v_date text;
  v_effort text;
  v_n int;
  v_superset text;
  v_note text;
  v_flag boolean;
  v_pinned boolean;
  v_skip boolean;
  v_done boolean;
  v_set record;
  v_text text;
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  v_set_canon jsonb[];
  v_set_rows jsonb[];
begin
  v_object := app_hidden.doc_object(doc, '{id,name,date,start,minutes,bodyweight,unit,effort,routine,notes,skipProgression,exercises}');
  k := v_object.key;
  if v_object.reason is not null then
    path := coalesce(k, 'document'); reason := v_object.reason; return;
  end if;
  v_out := '{}';
  if doc ? 'id' then
    v_own := app_hidden.doc_own_id(doc -> 'id', 'workouts', v_user);
    s := v_own.id;
    if v_own.reason is not null then
      path := 'id'; reason := v_own.reason; return;
    end if;
    v_out := jsonb_build_object('id', s);
  end if;
  if doc ? 'name' then
    v_line := app_hidden.doc_line(doc -> 'name', 1, 80);
    s := v_line.line;
    if v_line.reason is not null then
      path := 'name'; reason := v_line.reason; return;
    end if;
    v_out := v_out || jsonb_build_object('name', s);
  end if;
  if not doc ? 'date' then
    path := 'date'; reason := 'is required'; return;
  end if;
  v_date := app_hidden.doc_string(doc -> 'date');
  if v_date is null or v_date !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    path := 'date'; reason := 'must be a date like 2024-05-31'; return;
  end if;
  if not app_hidden.doc_real_date(substr(v_date, 1, 4)::int, substr(v_date, 6, 2)::int, substr(v_date, 9, 2)::int) then
    path := 'date'; reason := 'not a real calendar date'; return;
  end if;
  if v_date < '1900-01-01' or v_date > '2099-12-31' then
    path := 'date'; reason := 'must be from 1900-01-01 to 2099-12-31'; return;
  end if;
  v_out := v_out || jsonb_build_object('date', v_date);
  if doc ? 'start' then
    s := app_hidden.doc_string(doc -> 'start');
    if s is null then
      path := 'start'; reason := 'must be a date-time with offset like 2024-05-31T18:30:00+02:00'; return;
    end if;
    select r.reason, r.start, r.canonical into reason, start, s from app_hidden.doc_start(s) r;
    if reason is not null then
      path := 'start'; return;
    end if;
    -- Within a day: the start's UTC day is the day before, of or after `date`.
    if (start at time zone 'UTC')::date not between v_date::date - 1 and v_date::date + 1 then
      path := 'start'; reason := 'must be within a day of date'; return;
    end if;
  else
    start := (v_date || ' 12:00:00')::timestamp at time zone 'UTC';
    s := v_date || 'T12:00:00Z';
  end if;
  v_out := v_out || jsonb_build_object('start', s);
  if doc ? 'minutes' then
    v_n := app_hidden.doc_integer(doc -> 'minutes', 0, 1440);
    if v_n is null then
      path := 'minutes'; reason := 'must be an integer from 0 to 1440'; return;
    end if;
    v_out := v_out || jsonb_build_object('minutes', v_n);
  end if;
  if doc ? 'bodyweight' and jsonb_typeof(doc -> 'bodyweight') <> 'null' then
    if app_hidden.doc_bodyweight(doc -> 'bodyweight') is null then
      -- Not a number (null to the rule) or a number the rule refuses: its one reason either way.
      path := 'bodyweight'; reason := app_hidden.bodyweight_reason(null); return;
    end if;
    v_out := v_out || jsonb_build_object('bodyweight', app_hidden.doc_bodyweight(doc -> 'bodyweight'));
  end if;
  v_choice := app_hidden.doc_one_of(doc -> 'unit', app_hidden.weight_units(), p_unit);
  s := v_choice.value;
  if v_choice.reason is not null then
    path := 'unit'; reason := v_choice.reason; return;
  end if;
  v_out := v_out || jsonb_build_object('unit', s);
  v_choice := app_hidden.doc_one_of(doc -> 'effort', '{rir,rpe}', p_effort);
  v_effort := v_choice.value;
  if v_choice.reason is not null then
    path := 'effort'; reason := v_choice.reason; return;
  end if;
  v_out := v_out || jsonb_build_object('effort', v_effort);
  if doc ? 'routine' and jsonb_typeof(doc -> 'routine') <> 'null' then
    v_own := app_hidden.doc_own_id(doc -> 'routine', 'routines', v_user);
    s := v_own.id;
    if v_own.reason is not null then
      path := 'routine'; reason := v_own.reason; return;
    end if;
    v_out := v_out || jsonb_build_object('routine', s);
  end if;
  if doc ? 'notes' and jsonb_typeof(doc -> 'notes') <> 'null' then
    s := app_hidden.doc_string(doc -> 'notes');
    if s is null then
      path := 'notes'; reason := 'must be a string'; return;
    end if;
    if char_length(s) > 2000 then
      path := 'notes'; reason := 'must be at most 2000 characters'; return;
    end if;
    v_out := v_out || jsonb_build_object('notes', s);
  end if;
  v_bool := app_hidden.doc_flag(doc -> 'skipProgression', false);
  v_flag := v_bool.value;
  if v_bool.reason is not null then
    path := 'skipProgression'; reason := v_bool.reason; return;
  end if;
  if v_flag then
    v_out := v_out || '{"skipProgression": true}';
  end if;
  -- Bounded work: the sizes are checked before any entry is looked at.
  v_array := app_hidden.doc_array(doc, 'exercises', 0, 100);
  v_list := v_array.list;
  if v_array.reason is not null then
    path := 'exercises'; reason := v_array.reason; return;
  end if;
  if (select coalesce(sum(jsonb_array_length(x.e -> 'sets')), 0) from jsonb_array_elements(v_list) x(e)
       where jsonb_typeof(x.e -> 'sets') = 'array') > 500 then
    path := 'exercises'; reason := 'must have at most 500 sets in all'; return;
  end if;
  for i in 0 .. jsonb_array_length(v_list) - 1 loop
    e := v_list -> i;
    p := 'exercises[' || i || ']';
    v_entry := app_hidden.doc_exercise_entry(e, '{exercise,superset,note,pinned,skipProgression,sets}', v_cache);
    s := v_entry.ref; v_cache := v_entry.cache; v_exercise := v_entry.exercise_id;
    if v_entry.reason is not null then
      path := p || v_entry.field; reason := v_entry.reason; return;
    end if;
    v_superset := null;
    if e ? 'superset' and jsonb_typeof(e -> 'superset') <> 'null' then
      v_line := app_hidden.doc_line(e -> 'superset', 1, 8);
      v_superset := v_line.line;
      if v_line.reason is not null then
        path := p || '.superset'; reason := v_line.reason; return;
      end if;
    end if;
    v_note := null;
    if e ? 'note' and jsonb_typeof(e -> 'note') <> 'null' then
      v_note := app_hidden.doc_string(e -> 'note');
      if v_note is null then
        path := p || '.note'; reason := 'must be a string'; return;
      end if;
      if char_length(v_note) > 500 then
        path := p || '.note'; reason := 'must be at most 500 characters'; return;
      end if;
    end if;
    v_bool := app_hidden.doc_flag(e -> 'pinned', false);
    v_pinned := v_bool.value;
    if v_bool.reason is not null then
      path := p || '.pinned'; reason := v_bool.reason; return;
    end if;
    v_bool := app_hidden.doc_flag(e -> 'skipProgression', false);
    v_skip := v_bool.value;
    if v_bool.reason is not null then
      path := p || '.skipProgression'; reason := v_bool.reason; return;
    end if;
    v_array := app_hidden.doc_array(e, 'sets', 1, 50);
    v_sets := v_array.list;
    if v_array.reason is not null then
      path := p || '.sets'; reason := v_array.reason; return;
    end if;
    v_set_canon := '{}';
    v_set_rows := '{}';
    for j in 0 .. jsonb_array_length(v_sets) - 1 loop
      x := v_sets -> j;
      sp := p || '.sets[' || j || ']';
      if jsonb_typeof(x) = 'string' then
        v_text := x #>> '{}';
      elsif jsonb_typeof(x) = 'object' then
        k := app_hidden.doc_unknown_key(x, '{set,done}');
        if k is not null then
          path := sp || '.' || k; reason := 'unknown property'; return;
        end if;
        sp := sp || '.set';
        if not x ? 'set' then
          path := sp; reason := 'is required'; return;
        end if;
        v_text := app_hidden.doc_string(x -> 'set');
        if v_text is null then
          path := sp; reason := 'must be a string'; return;
        end if;
      else
        path := sp; reason := 'must be a string or an object'; return;
      end if;
      select * into v_set from app_hidden.doc_parse_set(v_text, v_effort);
      if v_set.reason is not null then
        path := sp; reason := v_set.reason; return;
      end if;
      -- A set as text (x -> 'done' is null) is done.
      v_bool := app_hidden.doc_flag(x -> 'done', true);
      v_done := v_bool.value;
      if v_bool.reason is not null then
        path := p || '.sets[' || j || '].done'; reason := v_bool.reason; return;
      end if;
      v_text := app_hidden.format_set(v_set.kind, v_set.weight, v_set.bodyweight, v_set.reps, v_set.seconds, v_set.effort);
      v_set_canon := v_set_canon || case when v_done then to_jsonb(v_text) else jsonb_build_object('set', v_text, 'done', false) end;
      v_set_rows := v_set_rows || jsonb_build_object('kind', v_set.kind, 'weight', v_set.weight, 'bodyweight', v_set.bodyweight,
        'reps', v_set.reps, 'seconds', v_set.seconds, 'effort', v_set.effort, 'done', v_done);
    end loop;
    v_canon := v_canon || jsonb_strip_nulls(jsonb_build_object(
      'exercise', s, 'superset', v_superset, 'note', v_note,
      'pinned', case when v_pinned then true end, 'skipProgression', case when v_skip then true end,
      'sets', to_jsonb(v_set_canon)));
    v_rows := v_rows || jsonb_build_object('exercise_id', v_exercise, 'superset', v_superset, 'note', v_note,
      'pinned', v_pinned, 'skip_progression', v_skip, 'sets', to_jsonb(v_set_rows));
  end loop;
  canonical := v_out || jsonb_build_object('exercises', to_jsonb(v_canon));
  exercise_rows := to_jsonb(v_rows);
end;
$$;

--------------------------------------------------------------------------------
-- Names written outside documents follow the same one-line rule
--------------------------------------------------------------------------------
create or replace function app_hidden.tg_one_line_name() returns trigger
language plpgsql as $$
declare
  v_reason text := app_hidden.control_character_reason(to_jsonb(new) ->> 'name');
begin
  if v_reason is not null then
    raise exception 'name: %', v_reason using errcode = 'SVBAD';
  end if;
  return new;
end;
$$;

comment on function app_hidden.tg_one_line_name() is
  E'Trigger: a name (user, routine, workout, custom exercise) must not contain control characters such as a newline or tab (INVALID_INPUT), the rule documents apply at their path.';

-- A user's name: a visible character (below), then one line like every other name (the same trigger).
create or replace function app_hidden.tg_users_name_check() returns trigger
language plpgsql as $$
begin
  if btrim(new.name, E' \t\n\r\u00a0\u200b\u3000') = '' then
    raise exception 'name: must not be blank' using errcode = 'SVBAD';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_users_name_check() is
  E'Trigger: a user''s display name has a visible character (INVALID_INPUT naming `name`), whichever way it is written (sign-up, updateUserById, an import): the one place a blank name is decided, so the sign-up route answers with this trigger''s refusal. _140_one_line_name, after it, refuses control characters.';
drop trigger if exists _140_one_line_name on app_public.users;
create trigger _140_one_line_name before insert or update of name on app_public.users
  for each row execute procedure app_hidden.tg_one_line_name();

--------------------------------------------------------------------------------
-- Who may act: a ban in force and a live key, each decided in one place (inlined where they are
-- used in a query, being plain SQL expressions)
--------------------------------------------------------------------------------
create or replace function app_hidden.ban_in_force(banned boolean, ban_expires timestamptz) returns boolean
language sql stable parallel safe as $$
  select banned and (ban_expires is null or ban_expires > now());
$$;
comment on function app_hidden.ban_in_force(boolean, timestamptz) is
  E'Whether a user''s ban holds now: banned, with no end or an end still ahead. A banned user''s sessions, keys and connected apps answer as signed out, and signing in is refused.';
grant execute on function app_hidden.ban_in_force(boolean, timestamptz) to svc_reader;

create or replace function app_hidden.api_key_live(expired boolean, expires_at timestamptz) returns boolean
language sql stable parallel safe as $$
  -- Past its expiry a key is dead at once; the worker sets the stored flag within a minute.
  select not expired and (expires_at is null or expires_at > now());
$$;
comment on function app_hidden.api_key_live(boolean, timestamptz) is
  E'Whether an API key still works: not flagged expired and not past expires_at.';
grant execute on function app_hidden.api_key_live(boolean, timestamptz) to svc_reader;

create or replace function app_private.oauth_issue_code(p_code_hash bytea, p_session uuid, p_client text, p_redirect_uri text, p_challenge text, p_resource text, p_access app_public.api_key_access, p_ttl_seconds integer)
returns void language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid;
begin
  select s.user_id into v_user from app_public.sessions s join app_public.users u on u.id = s.user_id
   where s.id = p_session and app_hidden.session_live(s.last_active_at)
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
  if v_user is null then
    raise exception 'Sign in to allow an app' using errcode = 'SVFBD';
  end if;
  insert into app_private.oauth_codes (code_hash, client_id, user_id, redirect_uri, code_challenge, resource, access, expires_at)
  values (p_code_hash, p_client, v_user, p_redirect_uri, p_challenge, p_resource, p_access, now() + make_interval(secs => p_ttl_seconds));
end;
$$;

create or replace function app_private.oauth_refresh(p_refresh_hash bytea, p_client text, p_resource text, p_access_hash bytea, p_refresh_hash_new bytea, p_access_ttl integer, p_refresh_ttl integer, OUT status text, OUT access app_public.api_key_access)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_token app_private.oauth_tokens;
  v_app app_public.connected_apps;
begin
  select t.* into v_token from app_private.oauth_tokens t
    join app_public.connected_apps a on a.id = t.connection_id
   where t.token_hash = p_refresh_hash and t.kind = 'refresh' and a.client_id = p_client
   for update of t;
  status := app_private.oauth_one_time_status(v_token.token_hash is not null, v_token.used_at, v_token.expires_at, v_token.connection_id);
  if status is not null then
    return;
  end if;
  select a.* into v_app from app_public.connected_apps a join app_public.users u on u.id = a.user_id
   where a.id = v_token.connection_id and not app_hidden.ban_in_force(u.banned, u.ban_expires);
  if v_app.id is null then
    status := 'invalid'; return;
  end if;
  if p_resource is not null and p_resource is distinct from v_app.resource then
    status := 'resource_mismatch'; return;
  end if;
  update app_private.oauth_tokens t set used_at = now() where t.token_hash = p_refresh_hash;
  -- Access tokens of the connection that were already replaced stay valid until they expire (minutes).
  delete from app_private.oauth_tokens t where t.connection_id = v_app.id and t.expires_at <= now();
  perform app_private.oauth_store_tokens(v_app.id, p_access_hash, p_refresh_hash_new, p_access_ttl, p_refresh_ttl);
  status := 'ok';
  access := v_app.access;
end;
$$;

create or replace function app_private.oauth_use_token(p_access_hash bytea, OUT connection_id uuid, OUT user_id uuid, OUT access app_public.api_key_access, OUT resource text, OUT expires_at timestamp with time zone)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  select a.id, a.user_id, a.access, a.resource, t.expires_at into connection_id, user_id, access, resource, expires_at
    from app_private.oauth_tokens t
    join app_public.connected_apps a on a.id = t.connection_id
    join app_public.users u on u.id = a.user_id
   where t.token_hash = p_access_hash and t.kind = 'access' and t.expires_at > now()
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
  if connection_id is not null then
    update app_public.connected_apps a set last_used_at = now()
     where a.id = connection_id and app_hidden.touch_due(a.last_used_at);
  end if;
end;
$$;

create or replace function app_public.current_oauth_connection_id()
returns uuid language sql stable security definer set search_path to pg_catalog, public as $$
  select c.id
    from app_private.oauth_tokens t
    join app_public.connected_apps c on c.id = t.connection_id
    join app_public.users u on u.id = c.user_id
   where t.token_hash = decode(nullif(current_setting('svc.oauth_hash', true), ''), 'hex')
     and t.kind = 'access'
     and t.expires_at > now()
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
$$;

create or replace function app_public.current_api_key_id()
returns uuid language sql stable security definer set search_path to pg_catalog, public as $$
  select k.id
    from app_private.api_key_hashes h
    join app_public.api_keys k on k.id = h.api_key_id
    join app_public.users u on u.id = k.user_id
   where h.key_hash = decode(nullif(current_setting('svc.key_hash', true), ''), 'hex')
     and app_hidden.api_key_live(k.expired, k.expires_at)
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
$$;

create or replace function app_private.use_api_key(p_key_hash bytea, OUT api_key_id uuid, OUT user_id uuid, OUT access text, OUT request_count integer, OUT cost_used integer, OUT window_end timestamp with time zone)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_window timestamptz := date_trunc('minute', now());
begin
  select k.id, k.user_id, k.access into api_key_id, user_id, access
    from app_private.api_key_hashes h
    join app_public.api_keys k on k.id = h.api_key_id
    join app_public.users u on u.id = k.user_id
   where h.key_hash = p_key_hash
     and app_hidden.api_key_live(k.expired, k.expires_at)
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
  if api_key_id is null then
    return;
  end if;
  request_count := app_private.count_request('key:' || api_key_id, v_window);
  select c.count into cost_used
    from app_private.rate_counters c
   where c.subject = 'key-cost:' || api_key_id and c.window_start = v_window;
  cost_used := coalesce(cost_used, 0);
  window_end := v_window + interval '1 minute';
  update app_public.api_keys k set last_used_at = now()
   where k.id = api_key_id and app_hidden.touch_due(k.last_used_at);
end;
$$;

create or replace function app_private.sign_in(p_email text, p_password text, p_client text, p_address inet, p_failures_per_account integer, p_failures_per_address integer, OUT status text, OUT user_id uuid, OUT token text, OUT retry_after integer)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_address inet := app_private.address_key(p_address);
  v_window constant interval := interval '15 minutes';
  v_user app_public.users;
  v_hash text;
  v_check text;
  v_count int;
  v_frees timestamptz;
begin
  -- Attempts on one account from one address run one at a time, so their failure count is exact.
  perform pg_advisory_xact_lock(hashtextextended(lower(p_email) || ' ' || v_address::text, 1));
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
  select u.* into v_user from app_public.users u where u.email = p_email::citext;
  select s.password_hash into v_hash from app_private.user_secrets s where s.user_id = v_user.id;
  -- Always one bcrypt of the current cost or the stored one: an unknown email is checked against a
  -- fresh salt, so its answer takes as long as a wrong password's.
  v_check := crypt(p_password, coalesce(v_hash, gen_salt('bf', app_private.password_hash_cost())));
  if v_hash is null or v_check <> v_hash then
    -- A hash of a lower cost answers faster than an unknown email would; one more hash of the
    -- current cost (what a success spends upgrading it) keeps it from standing out as an account.
    if app_private.password_hash_cost_of(v_hash) < app_private.password_hash_cost() and v_hash is not null then
      perform crypt(p_password, gen_salt('bf', app_private.password_hash_cost()));
    end if;
    insert into app_private.failed_sign_ins (email, address) values (p_email, v_address);
    status := 'wrong';
    return;
  end if;
  if app_hidden.ban_in_force(v_user.banned, v_user.ban_expires) then
    status := 'banned';
    return;
  end if;
  -- The owner's success clears only this address's failures: an attacker's elsewhere stay counted.
  delete from app_private.failed_sign_ins f where f.email = p_email::citext and f.address = v_address;
  if app_private.password_hash_cost_of(v_hash) < app_private.password_hash_cost() then
    update app_private.user_secrets s set password_hash = crypt(p_password, gen_salt('bf', app_private.password_hash_cost()))
     where s.user_id = v_user.id;
  end if;
  status := 'ok';
  user_id := v_user.id;
  token := app_private.new_session(v_user.id, p_client);
end;
$$;

create or replace function app_public.users_api_keys(u app_public.users)
returns SETOF app_public.api_keys language plpgsql stable set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
  v_key app_public.api_keys;
begin
  for v_key in
    select k.* from app_public.api_keys k
     where k.user_id = u.id and u.id = v_user
     order by k.created_at desc, k.id desc
  loop
    v_key.expired := not app_hidden.api_key_live(v_key.expired, v_key.expires_at);
    return next v_key;
  end loop;
end;
$$;

--------------------------------------------------------------------------------
-- A unit or effort argument: one check, one message
--------------------------------------------------------------------------------
create or replace function app_hidden.check_one_of(field text, value text, allowed text[]) returns text
language plpgsql immutable as $$
declare
  v_reason text := (app_hidden.doc_one_of(to_jsonb(value), allowed)).reason;
begin
  if value is not null and v_reason is not null then
    raise exception '%: %', field, v_reason using errcode = 'SVBAD';
  end if;
  return value;
end;
$$;
comment on function app_hidden.check_one_of(text, text, text[]) is
  E'An argument that takes one of a list of strings (a unit, an effort scale): the value (null stays null), or INVALID_INPUT `<field>: must be one of ...`, the reason documents give at the field''s path.';
grant execute on function app_hidden.check_one_of(text, text, text[]) to svc_reader;

create or replace function app_public.validate_routine_document(doc jsonb, unit text DEFAULT NULL::text, OUT path text, OUT reason text, OUT canonical jsonb)
returns record language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
begin
  perform app_hidden.check_one_of('unit', unit, app_hidden.weight_units());
  select * into w from app_hidden.walk_routine_program(doc,
    coalesce(unit, (select u.unit from app_public.users u where u.id = v_user), 'kg'));
  path := w.path;
  reason := w.reason;
  canonical := w.canonical;
end;
$$;

create or replace function app_public.validate_workout_document(doc jsonb, unit text DEFAULT NULL::text, effort text DEFAULT NULL::text, OUT path text, OUT reason text, OUT canonical jsonb)
returns record language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
begin
  perform app_hidden.check_one_of('unit', unit, app_hidden.weight_units());
  perform app_hidden.check_one_of('effort', effort, '{rir,rpe}');
  select * into w from app_hidden.walk_workout_document(doc,
    coalesce(unit, (select u.unit from app_public.users u where u.id = v_user), 'kg'),
    coalesce(effort, (select u.effort from app_public.users u where u.id = v_user), 'rpe'));
  path := w.path;
  reason := w.reason;
  canonical := w.canonical;
end;
$$;

create or replace function app_public.workout_document(id uuid, unit text DEFAULT NULL::text)
returns json language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  v_doc json;
begin
  perform app_hidden.check_one_of('unit', unit, app_hidden.weight_units());
  select json_strip_nulls(json_build_object(
           'id', w.id, 'name', w.name, 'date', to_char(w.date, 'YYYY-MM-DD'), 'start', app_hidden.format_start(w.start),
           'minutes', w.minutes, 'bodyweight', app_hidden.convert_weight(w.bodyweight::numeric, w.unit, u.unit),
           'unit', u.unit, 'effort', w.effort, 'routine', w.routine_id, 'notes', w.notes,
           'skipProgression', case when w.skip_progression then true end,
           'exercises', coalesce((
             select json_agg(json_build_object(
                      'exercise', app_hidden.exercise_reference(we.exercise_id),
                      'superset', we.superset, 'note', we.note,
                      'pinned', case when we.pinned then true end,
                      'skipProgression', case when we.skip_progression then true end,
                      'sets', (
                        select json_agg(case when s.done then to_json(t.text) else json_build_object('set', t.text, 'done', false) end
                                        order by s.position)
                          from app_public.workout_sets s,
                               lateral (select app_hidden.format_set(s.kind, app_hidden.convert_weight(s.weight::numeric, w.unit, u.unit),
                                                 s.bodyweight, s.reps, s.seconds, s.effort::numeric) as text) t
                         where s.workout_exercise_id = we.id))
                    order by we.position)
               from app_public.workout_exercises we where we.workout_id = w.id), '[]')))
    into v_doc
    from app_public.workouts w, lateral (select coalesce(workout_document.unit, w.unit) as unit) u
   where w.id = workout_document.id and w.user_id = v_user;
  return v_doc;
end;
$$;

create or replace function app_public.log_bodyweight(p_date date, p_weight double precision, p_unit text DEFAULT NULL::text)
returns app_public.bodyweights language plpgsql set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.bodyweights;
  v_reason text;
begin
  if p_date is null or p_date < date '1900-01-01' then
    raise exception 'date: must be from 1900-01-01 and not in the future' using errcode = 'SVBAD';
  end if;
  -- Tomorrow in UTC is already today east of UTC (up to UTC+14).
  if p_date > (now() at time zone 'UTC')::date + 1 then
    raise exception 'date: must be from 1900-01-01 and not in the future' using errcode = 'SVBAD';
  end if;
  v_reason := app_hidden.bodyweight_reason(p_weight::numeric);
  if v_reason is not null then
    raise exception 'weight: %', v_reason using errcode = 'SVBAD';
  end if;
  perform app_hidden.check_one_of('unit', p_unit, app_hidden.weight_units());
  insert into app_public.bodyweights as b (date, weight, unit)
  values (p_date, p_weight, coalesce(p_unit, (select u.unit from app_public.users u where u.id = v_user)))
  on conflict (user_id, date) do update set weight = excluded.weight, unit = excluded.unit
  returning b.* into v_row;
  return v_row;
end;
$$;

--------------------------------------------------------------------------------
-- One of the caller's routines by id or name
--------------------------------------------------------------------------------
create or replace function app_hidden.own_routine(ref text, p_user uuid) returns app_public.routines
language sql stable as $$
  -- The id first: a routine named like another routine's id does not hide that one.
  select r.* from app_public.routines r
   where r.user_id = p_user and (r.id = app_hidden.try_uuid(ref) or r.name_key = app_public.routine_name_key(ref))
   order by r.id = app_hidden.try_uuid(ref) desc
   limit 1;
$$;
comment on function app_hidden.own_routine(text, uuid) is
  E'The routine of p_user that ref names: by id, else by name (compared as app_public.routine_name_key); null when none.';
grant execute on function app_hidden.own_routine(text, uuid) to svc_reader;

create or replace function app_public.routine_document(ref text, unit text DEFAULT NULL::text)
returns json language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  v_id uuid;
  v_doc json;
begin
  perform app_hidden.check_one_of('unit', unit, app_hidden.weight_units());
  v_id := (app_hidden.own_routine(ref, v_user)).id;
  if v_id is null then
    return null;
  end if;
  select json_strip_nulls(json_build_object(
           'id', r.id, 'name', r.name, 'icon', r.icon, 'progression', r.progression, 'unit', u.unit,
           'deload', case when r.deload then true end,
           'exercises', coalesce((
             select json_agg(json_build_object(
                      'exercise', app_hidden.exercise_reference(re.exercise_id),
                      'sets', re.sets,
                      'reps', case when re.reps_low = re.reps_high then to_json(re.reps_low)
                                   when re.reps_low is not null then to_json(re.reps_low || '-' || re.reps_high) end,
                      'time', re.seconds,
                      'weight', app_hidden.shown_weight(re.weight::numeric, r.unit, u.unit),
                      'rest', re.rest_seconds, 'superset', re.superset, 'progression', re.progression,
                      'warmups', nullif(re.warmups, 0), 'drops', nullif(re.drops, 0), 'bursts', nullif(re.bursts, 0),
                      'trainingMax', app_hidden.shown_weight(re.training_max::numeric, r.unit, u.unit),
                      'cycle', re.cycle, 'stages', re.stages, 'increment', app_hidden.shown_increment(re.increment::numeric, r.unit, u.unit))
                    order by re.position)
               from app_public.routine_exercises re where re.routine_id = r.id), '[]'),
           'program', r.program))
    into v_doc
    from app_public.routines r, lateral (select coalesce(routine_document.unit, r.unit) as unit) u
   where r.id = v_id;
  return v_doc;
end;
$$;

create or replace function app_public.next_workout(routine text, date text DEFAULT NULL::text)
returns json language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_user();
  v_routine app_public.routines;
begin
  if next_workout.routine is null then
    raise exception 'routine: required (a routine id or name)' using errcode = 'SVBAD';
  end if;
  perform app_hidden.check_date(next_workout.date);
  v_routine := app_hidden.own_routine(next_workout.routine, v_user);
  if v_routine.id is null then
    return null;
  end if;
  return app_public.routines_next_workout(v_routine, next_workout.date);
end;
$$;

--------------------------------------------------------------------------------
-- The user an admin bans or unbans
--------------------------------------------------------------------------------
create or replace function app_private.admin_target(p_admin uuid, p_user text, p_action text) returns uuid
language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid;
begin
  select u.id into v_user from app_public.users u where u.id = app_hidden.try_uuid(p_user) for update;
  if v_user is null then
    raise exception 'No user with this id' using errcode = 'SVNFD';
  end if;
  if v_user = p_admin then
    raise exception 'You cannot % yourself', p_action using errcode = 'SVBAD', hint = 'CANNOT_' || upper(p_action) || '_YOURSELF';
  end if;
  return v_user;
end;
$$;
comment on function app_private.admin_target(uuid, text, text) is
  E'The user (by id, locked for the change) an admin is about to act on with p_action (ban, unban): NOT_FOUND when there is none, INVALID_INPUT (hint CANNOT_<ACTION>_YOURSELF) when it is the admin.';

create or replace function app_private.ban_user(p_session uuid, p_user text, p_reason text, p_expires_in double precision)
returns jsonb language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_admin uuid := app_private.admin_user(p_session);
  v_user uuid;
begin
  if p_expires_in is not null and (p_expires_in <= 0 or p_expires_in > 315360000 or p_expires_in = 'NaN') then
    raise exception 'banExpiresIn must be a positive number of seconds, at most 315360000 (10 years)' using errcode = 'SVBAD';
  end if;
  v_user := app_private.admin_target(v_admin, p_user, 'ban');
  update app_public.users u
     set banned = true,
         ban_reason = p_reason,
         ban_expires = case when p_expires_in is null then null else now() + make_interval(secs => p_expires_in) end
   where u.id = v_user;
  -- Every device is signed out at once; keys answer as signed out while the ban lasts (use_api_key checks it).
  delete from app_public.sessions s where s.user_id = v_user;
  return app_private.user_record(v_user);
end;
$$;

create or replace function app_private.unban_user(p_session uuid, p_user text)
returns jsonb language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_admin uuid := app_private.admin_user(p_session);
  v_user uuid;
begin
  v_user := app_private.admin_target(v_admin, p_user, 'unban');
  update app_public.users u set banned = false, ban_reason = null, ban_expires = null where u.id = v_user;
  return app_private.user_record(v_user);
end;
$$;

--------------------------------------------------------------------------------
-- A workout saved with an idempotency key: the replay rule written once
--------------------------------------------------------------------------------
create or replace function app_public.apply_workout_document(doc jsonb, idempotency_key uuid DEFAULT NULL::uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean)
returns record language plpgsql as $$
#variable_conflict use_column
declare
  v_user uuid := app_hidden.require_user();
  w record;
  c jsonb;
  v_id uuid;
  v_exercise_ids uuid[];
  v_hash bytea;
  v_held record;
begin
  select * into w from app_hidden.walk_workout_document(doc,
    coalesce((select u.unit from app_public.users u where u.id = v_user), 'kg'),
    coalesce((select u.effort from app_public.users u where u.id = v_user), 'rpe'));
  if w.path is not null then
    raise exception '%: %', w.path, w.reason using errcode = 'SVDOC', detail = w.path, hint = w.reason;
  end if;
  c := w.canonical;
  replayed := false;
  if apply_workout_document.idempotency_key is not null then
    v_hash := sha256(convert_to(c::text, 'UTF8'));
  end if;
  if c ? 'id' then
    -- A replacement is idempotent by itself: the key (if any) only has to not name another workout.
    v_id := (c ->> 'id')::uuid;
    if apply_workout_document.idempotency_key is not null then
      select x.id into v_held
        from app_public.workouts x
       where x.user_id = v_user and x.idempotency_key = apply_workout_document.idempotency_key;
      if v_held.id is not null and v_held.id <> v_id then
        raise exception 'idempotencyKey: this key belongs to another workout (%)', v_held.id using errcode = 'SVDUP', detail = v_held.id::text;
      end if;
    end if;
    update app_public.workouts x
       set routine_id = (c ->> 'routine')::uuid, name = c ->> 'name', date = (c ->> 'date')::date, start = w.start,
           minutes = (c ->> 'minutes')::int, bodyweight = (c ->> 'bodyweight')::float8, unit = c ->> 'unit',
           effort = c ->> 'effort', notes = c ->> 'notes', skip_progression = c ? 'skipProgression'
     where x.id = v_id;
    delete from app_public.workout_exercises we where we.workout_id = v_id;
    created := false;
  else
    insert into app_public.workouts as x (routine_id, name, date, start, minutes, bodyweight, unit, effort, notes, skip_progression,
                                          idempotency_key, idempotency_hash)
    values ((c ->> 'routine')::uuid, c ->> 'name', (c ->> 'date')::date, w.start, (c ->> 'minutes')::int,
            (c ->> 'bodyweight')::float8, c ->> 'unit', c ->> 'effort', c ->> 'notes', c ? 'skipProgression',
            apply_workout_document.idempotency_key, v_hash)
    on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
    returning x.id into v_id;
    if v_id is null then
      -- The key already logged a workout (earlier, or in a concurrent save the insert waited for):
      -- the same document again is answered as the first time and changes nothing; another is refused.
      select x.id, x.idempotency_hash into v_held
        from app_public.workouts x
       where x.user_id = v_user and x.idempotency_key = apply_workout_document.idempotency_key;
      if v_held.idempotency_hash = v_hash then
        workout_id := v_held.id;
        created := true;
        replayed := true;
        return;
      end if;
      raise exception 'idempotencyKey: this key already saved workout % with another document; replace it with "id": "%"', v_held.id, v_held.id
        using errcode = 'SVDUP', detail = v_held.id::text;
    end if;
    created := true;
  end if;
  with inserted as (
    insert into app_public.workout_exercises as we (workout_id, position, exercise_id, superset, note, pinned, skip_progression)
    select v_id, x.ord - 1, (x.e ->> 'exercise_id')::uuid, x.e ->> 'superset', x.e ->> 'note',
           (x.e ->> 'pinned')::boolean, (x.e ->> 'skip_progression')::boolean
      from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord)
    returning we.id, we.position
  )
  select array_agg(inserted.id order by inserted.position) into v_exercise_ids from inserted;
  insert into app_public.workout_sets (workout_exercise_id, workout_id, position, kind, weight, bodyweight, reps, seconds, effort, done)
  select v_exercise_ids[x.ord], v_id, s.ord - 1, s.v ->> 'kind', (s.v ->> 'weight')::float8, (s.v ->> 'bodyweight')::boolean,
         (s.v ->> 'reps')::int, (s.v ->> 'seconds')::int, (s.v ->> 'effort')::float8, (s.v ->> 'done')::boolean
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord),
         jsonb_array_elements(x.e -> 'sets') with ordinality as s(v, ord);
  workout_id := v_id;
end;
$$;

--------------------------------------------------------------------------------
-- Requests counted per subject and minute, in one place
--------------------------------------------------------------------------------
-- The amount argument makes a second signature: the two-argument one goes (plpgsql callers resolve
-- the name when they run, and find this one through the default).
drop function if exists app_private.count_request(text, timestamptz);
create or replace function app_private.count_request(p_subject text, p_window timestamptz, p_amount int default 1) returns int
language sql security definer set search_path to pg_catalog, public as $$
  -- The upsert takes a row lock, so concurrent requests from many processes count exactly; the
  -- count stops at the largest int rather than fail.
  insert into app_private.rate_counters as c (subject, window_start, count)
  values (p_subject, p_window, p_amount)
  on conflict (subject, window_start) do update set count = least(c.count::bigint + excluded.count, 2147483647)::int
  returning c.count;
$$;
comment on function app_private.count_request(text, timestamptz, int) is
  E'Adds p_amount (one request by default) to a subject''s count in the window starting at p_window and returns the window''s count so far: requests (`key:<id>`, `admin:<session>`) and a key''s GraphQL cost spent (`key-cost:<id>`, app_private.spend_api_key_cost).';

--------------------------------------------------------------------------------
-- OAuth: a one-time credential presented, and a connection's token pair, each written once
--------------------------------------------------------------------------------
create or replace function app_private.oauth_one_time_status(p_found boolean, p_used_at timestamptz, p_expires_at timestamptz,
                                                             p_connection uuid) returns text
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  if not p_found then
    return 'invalid';
  end if;
  if p_used_at is not null then
    -- Presented twice, it was stolen or replayed: what it made is revoked (RFC 9700 4.2.1).
    delete from app_public.connected_apps a where a.id = p_connection;
    return 'reused';
  end if;
  if p_expires_at <= now() then
    return 'expired';
  end if;
  return null;
end;
$$;
comment on function app_private.oauth_one_time_status(boolean, timestamptz, timestamptz, uuid) is
  E'A one-time OAuth credential presented (an authorization code or a refresh token): invalid when unknown, reused when presented before (and the connection it belongs to is revoked), expired, or null when it may be spent.';

create or replace function app_private.oauth_store_tokens(p_connection uuid, p_access_hash bytea, p_refresh_hash bytea,
                                                          p_access_ttl int, p_refresh_ttl int) returns void
language sql security definer set search_path to pg_catalog, public as $$
  insert into app_private.oauth_tokens (token_hash, connection_id, kind, expires_at) values
    (p_access_hash, p_connection, 'access', now() + make_interval(secs => p_access_ttl)),
    (p_refresh_hash, p_connection, 'refresh', now() + make_interval(secs => p_refresh_ttl));
$$;
comment on function app_private.oauth_store_tokens(uuid, bytea, bytea, int, int) is
  E'Stores a connection''s new access and refresh token (their SHA-256) with their lifetimes in seconds.';


create or replace function app_private.oauth_exchange_code(p_code_hash bytea, p_client text, p_redirect_uri text, p_resource text, p_access_hash bytea, p_refresh_hash bytea, p_access_ttl integer, p_refresh_ttl integer, OUT status text, OUT access app_public.api_key_access)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_code app_private.oauth_codes;
  v_client app_private.oauth_clients;
  v_connection uuid;
begin
  select * into v_code from app_private.oauth_codes c where c.code_hash = p_code_hash and c.client_id = p_client for update;
  status := app_private.oauth_one_time_status(v_code.code_hash is not null, v_code.used_at, v_code.expires_at, v_code.connection_id);
  if status is not null then
    return;
  end if;
  if p_redirect_uri is distinct from v_code.redirect_uri then
    status := 'redirect_mismatch'; return;
  end if;
  if p_resource is not null and p_resource is distinct from v_code.resource then
    status := 'resource_mismatch'; return;
  end if;
  select * into v_client from app_private.oauth_clients c where c.id = p_client;
  insert into app_public.connected_apps (user_id, client_id, client_name, redirect_host, access, resource)
  values (v_code.user_id, p_client, v_client.name, coalesce(substring(v_code.redirect_uri from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#]+)'), v_code.redirect_uri),
          v_code.access, v_code.resource)
  returning id into v_connection;
  update app_private.oauth_codes c set used_at = now(), connection_id = v_connection where c.code_hash = p_code_hash;
  perform app_private.oauth_store_tokens(v_connection, p_access_hash, p_refresh_hash, p_access_ttl, p_refresh_ttl);
  status := 'ok';
  access := v_code.access;
end;
$$;

create or replace function app_private.count_admin_call(p_session uuid, OUT request_count integer, OUT window_end timestamp with time zone, OUT is_admin boolean)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_window timestamptz := date_trunc('minute', now());
begin
  request_count := app_private.count_request('admin:' || p_session, v_window);
  window_end := v_window + interval '1 minute';
  select u.role = 'admin' into is_admin
    from app_public.sessions s join app_public.users u on u.id = s.user_id where s.id = p_session;
  is_admin := coalesce(is_admin, false);
end;
$$;

--------------------------------------------------------------------------------
-- One-off data fixes for databases made before their rules: nothing is deployed, so no data needs
-- them, and the rules themselves (tg_custom_exercise_name_free; weighted names as aliases of the
-- bodyweight exercise, in the catalog seed) stand without them. Nothing depends on either.
--------------------------------------------------------------------------------
drop function if exists app_hidden.merge_weighted_bodyweight_exercises();
drop function if exists app_hidden.rename_custom_exercises_named_like_catalog();

--! split: 4-speed.sql
-- Speed of the request path: every GraphQL request with a session runs touch_current_session in
-- its set-up, so it reads the session once (through current_session_id, which holds the rule of a
-- live session) and writes only when last_active_at is over a minute old, instead of trying the
-- update first and then reading the session again (current_session_id twice on almost every
-- request; measured 120 -> 81 µs a call). Touched at most once a minute, as before.

create or replace function app_hidden.touch_current_session(out user_id uuid, out session_id uuid)
returns record
language plpgsql
security definer
set search_path to pg_catalog, public
as $$
declare
  v_stale boolean;
begin
  select s.user_id, s.id, app_hidden.touch_due(s.last_active_at)
    into user_id, session_id, v_stale
    from app_public.sessions s
   where s.id = app_public.current_session_id();
  if v_stale then
    update app_public.sessions s set last_active_at = now()
     where s.id = session_id and app_hidden.touch_due(s.last_active_at);
  end if;
end;
$$;
comment on function app_hidden.touch_current_session() is
  'The live session of this request (svc.session_hash) and its user, marking it active (at most once a minute); nulls when it is not a live sign-in.';
grant execute on function app_hidden.touch_current_session() to svc_visitor;

-- A mutation's set-up resolves its session with this instead: a credential that is no live sign-in
-- (signed out, expired, idle, banned: current_session_id's rule) aborts the request's transaction
-- there, before the mutation's first statement runs, with the operation guard's FORBIDDEN. It
-- replaces a lookup the guard waited for before every mutation.
create or replace function app_hidden.touch_current_session_to_write(out user_id uuid, out session_id uuid)
returns record
language plpgsql
as $$
begin
  select t.user_id, t.session_id into user_id, session_id from app_hidden.touch_current_session() t;
  if session_id is null then
    raise exception 'Sign in (or use a valid API key) to make changes' using errcode = 'SVFBD';
  end if;
end;
$$;
comment on function app_hidden.touch_current_session_to_write() is
  'touch_current_session for a mutation: SVFBD (FORBIDDEN) when the request''s credential is not a live sign-in.';
grant execute on function app_hidden.touch_current_session_to_write() to svc_visitor;

-- A key's cost is spent on the owner pool while the operation runs (server/identity.ts), off the
-- request's path; spending it in the request's set-up measured slower.
drop function if exists app_hidden.spend_current_key_cost(int);

-- applyWorkoutDocument answers its payload's `workout` from the row the save returns, in the same
-- statement and transaction (PostGraphile selects the columns it needs from this function's
-- result), instead of reading the workout again in a transaction of its own after the commit.
-- The row is read by a statement after the save's (a statement calling the save would not see the
-- rows it wrote), as the caller: RLS applies as to any read.
create or replace function app_hidden.apply_workout_document_row(doc jsonb, idempotency_key uuid,
  out workout app_public.workouts, out created boolean, out replayed boolean)
returns record
language plpgsql
volatile
as $$
declare
  v_id uuid;
begin
  select a.workout_id, a.created, a.replayed into v_id, created, replayed
    from app_public.apply_workout_document(doc, idempotency_key) a;
  select w.* into workout from app_public.workouts w where w.id = v_id;
end;
$$;
comment on function app_hidden.apply_workout_document_row(jsonb, uuid) is
  'app_public.apply_workout_document, answered with the saved workout''s row (as the caller sees it) besides created and replayed.';
grant execute on function app_hidden.apply_workout_document_row(jsonb, uuid) to svc_visitor;

--! split: 5-rules.sql
-- Rules with one home: each condition below is written once, in a small function the others call
-- (listed in db/CONVENTIONS.md, "One home per rule"; test/sql-rules.test.ts checks them at their
-- edges and that the conditions are spelled out nowhere else).

--------------------------------------------------------------------------------
-- A live session, and how often activity is recorded
--------------------------------------------------------------------------------
create or replace function app_hidden.session_live(last_active_at timestamptz) returns boolean
language sql stable parallel safe as $$
  select last_active_at > now() - interval '30 days';
$$;
comment on function app_hidden.session_live(timestamptz) is
  E'Whether a session still counts as signed in: active within the last 30 days. An inlinable expression (no SET clause), so index scans on last_active_at still apply.';
grant execute on function app_hidden.session_live(timestamptz) to svc_reader;

create or replace function app_hidden.touch_due(last_at timestamptz) returns boolean
language sql stable parallel safe as $$
  select last_at is null or last_at < now() - interval '1 minute';
$$;
comment on function app_hidden.touch_due(timestamptz) is
  E'Whether a last-active or last-used time (a session, an API key, a connected app) is over a minute old (or unset), so it is written again: a read-mostly hot path writes at most once a minute, not on every request.';
grant execute on function app_hidden.touch_due(timestamptz) to svc_reader;

create or replace function app_private.admin_user(p_session uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_admin uuid;
begin
  select u.id into v_admin from app_public.sessions s join app_public.users u on u.id = s.user_id
   where s.id = p_session and app_hidden.session_live(s.last_active_at) and u.role = 'admin';
  if v_admin is null then
    raise exception 'Only an admin may do this' using errcode = 'SVFBD';
  end if;
  return v_admin;
end;
$function$;

create or replace function app_public.current_session_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select s.id
    from app_private.session_tokens t
    join app_public.sessions s on s.id = t.session_id
   where t.token_hash = decode(nullif(current_setting('svc.session_hash', true), ''), 'hex')
     and app_hidden.session_live(s.last_active_at);
$function$;

create or replace function app_private.session_for_token(p_token_hash bytea, OUT session_id uuid, OUT user_id uuid)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  update app_public.sessions s set last_active_at = now()
    from app_private.session_tokens t
   where t.session_id = s.id and t.token_hash = p_token_hash
     and app_hidden.session_live(s.last_active_at)
     and app_hidden.touch_due(s.last_active_at)
  returning s.id, s.user_id into session_id, user_id;
  if session_id is null then
    select s.id, s.user_id into session_id, user_id
      from app_private.session_tokens t join app_public.sessions s on s.id = t.session_id
     where t.token_hash = p_token_hash and app_hidden.session_live(s.last_active_at);
  end if;
end;
$function$;

create or replace function app_public.users_sessions(u app_public.users)
 RETURNS SETOF app_public.sessions
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_user uuid := app_hidden.require_session();
begin
  return query
    select s.* from app_public.sessions s
     where s.user_id = u.id and u.id = v_user and app_hidden.session_live(s.last_active_at)
     order by s.last_active_at desc, s.id desc;
end;
$function$;

create or replace function app_private.delete_idle_sessions()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_count int;
begin
  delete from app_public.sessions s where not app_hidden.session_live(s.last_active_at);
  get diagnostics v_count = row_count;
  return v_count;
end;
$function$;

--------------------------------------------------------------------------------
-- Requests and a key's cost per minute: one counter upsert (app_private.count_request)
--------------------------------------------------------------------------------
create or replace function app_private.spend_api_key_cost(p_api_key_id uuid, p_cost integer)
 RETURNS integer
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select app_private.count_request('key-cost:' || p_api_key_id, date_trunc('minute', now()), p_cost);
$function$;
comment on table app_private.rate_counters is
  E'Counts per subject per one-minute window, shared by every server process: requests of an API key (`key:<id>`) or an admin session (`admin:<session>`), and the GraphQL cost a key spent (`key-cost:<id>`). Written only by app_private.count_request.';

--------------------------------------------------------------------------------
-- A bodyweight
--------------------------------------------------------------------------------
create or replace function app_hidden.bodyweight_reason(weight numeric) returns text
language sql immutable parallel safe as $$
  select case when weight is null or not (weight > 0 and weight <= 1500 and weight = round(weight, 2))
              then 'must be a number above 0 and at most 1500 with at most 2 decimals' end;
$$;
comment on function app_hidden.bodyweight_reason(numeric) is
  E'Why a bodyweight is refused (none, null, at most 0, over 1500 or more than 2 decimals), or null when it is good: the rule of a workout document''s bodyweight and of logBodyweight. The bodyweights table keeps its own check constraint as the stored rows'' guard (on the double precision column; a constraint calling a function would not be checked again if the function changed).';
grant execute on function app_hidden.bodyweight_reason(numeric) to svc_reader;

create or replace function app_hidden.doc_bodyweight(v jsonb) returns numeric
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'number' then
    case when app_hidden.bodyweight_reason(v::numeric) is null then trim_scale(v::numeric) end
  end;
$$;
comment on function app_hidden.doc_bodyweight(jsonb) is
  E'A JSON number app_hidden.bodyweight_reason accepts (above 0, at most 1500, at most 2 decimals, trailing zeros aside), without trailing zeros; otherwise null.';
comment on constraint bodyweights_weight_rule on app_public.bodyweights is
  E'A stored bodyweight is above 0, at most 1500 and has at most 2 decimals: the guard of the rows, the same rule as app_hidden.bodyweight_reason (which gives the reason logBodyweight and workout documents answer with).';

--------------------------------------------------------------------------------
-- Another of the user's routines with this name
--------------------------------------------------------------------------------
create or replace function app_hidden.routine_name_taken(p_user uuid, p_name text, p_except uuid) returns text
language sql stable as $$
  select 'a routine with this name already exists: ' || r.id
    from app_public.routines r
   where r.user_id = p_user and r.name_key = app_public.routine_name_key(p_name) and r.id is distinct from p_except
   limit 1;
$$;
comment on function app_hidden.routine_name_taken(uuid, text, uuid) is
  E'Why p_name cannot name a routine of p_user other than p_except (`a routine with this name already exists: <id>`, names compared by app_public.routine_name_key), or null: the reason documents give at `name` and the routines trigger raises.';
grant execute on function app_hidden.routine_name_taken(uuid, text, uuid) to svc_reader;

create or replace function app_hidden.tg_routine_name_unique()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_taken text := app_hidden.routine_name_taken(new.user_id, new.name, new.id);
begin
  if v_taken is not null then
    raise exception 'name: %', v_taken using errcode = 'SVDOC', detail = 'name', hint = v_taken;
  end if;
  return new;
end;
$function$;

create or replace function app_public.apply_routine_document(doc jsonb, OUT routine_id uuid, OUT created boolean)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  w record;
  c jsonb;
  v_id uuid;
  v_taken text;
begin
  select * into w from app_hidden.walk_routine_program(doc,
    coalesce((select u.unit from app_public.users u where u.id = v_user), 'kg'));
  if w.path is not null then
    raise exception '%: %', w.path, w.reason using errcode = 'SVDOC', detail = w.path, hint = w.reason;
  end if;
  c := w.canonical;
  begin
    if c ? 'id' then
      v_id := (c ->> 'id')::uuid;
      update app_public.routines r
         set name = c ->> 'name', icon = c ->> 'icon', progression = c ->> 'progression', unit = c ->> 'unit',
             deload = c ? 'deload', program = c ->> 'program'
       where r.id = v_id;
      delete from app_public.routine_exercises re where re.routine_id = v_id;
      created := false;
    else
      insert into app_public.routines as r (name, icon, progression, unit, deload, program)
      values (c ->> 'name', c ->> 'icon', c ->> 'progression', c ->> 'unit', c ? 'deload', c ->> 'program')
      returning r.id into v_id;
      created := true;
    end if;
  exception when unique_violation then
    -- Another transaction took the name between the check and the write.
    v_taken := app_hidden.routine_name_taken(v_user, c ->> 'name', v_id);
    raise exception 'name: %', v_taken using errcode = 'SVDOC', detail = 'name', hint = v_taken;
  end;
  insert into app_public.routine_exercises (routine_id, position, exercise_id, sets, reps_low, reps_high, seconds, weight,
    rest_seconds, superset, progression, warmups, drops, bursts, training_max, cycle, stages, increment)
  select v_id, x.ord - 1, (x.e ->> 'exercise_id')::uuid, (x.e ->> 'sets')::int, (x.e ->> 'reps_low')::int,
         (x.e ->> 'reps_high')::int, (x.e ->> 'seconds')::int, (x.e ->> 'weight')::float8, (x.e ->> 'rest_seconds')::int,
         x.e ->> 'superset', x.e ->> 'progression', (x.e ->> 'warmups')::int, (x.e ->> 'drops')::int, (x.e ->> 'bursts')::int,
         (x.e ->> 'training_max')::float8, x.e -> 'cycle', x.e -> 'stages', (x.e ->> 'increment')::float8
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord);
  routine_id := v_id;
end;
$function$;

--------------------------------------------------------------------------------
-- Lists an argument or a document field takes one of
--------------------------------------------------------------------------------
create or replace function app_hidden.weight_units() returns text[]
language sql immutable parallel safe as $$ select '{kg,lb}'::text[] $$;
comment on function app_hidden.weight_units() is
  E'The weight units: kg and lb, in the order messages list them (`unit: must be one of kg, lb`). The tables'' unit check constraints list the same (test/sql-rules.test.ts compares them).';
grant execute on function app_hidden.weight_units() to svc_reader;

create or replace function app_hidden.progression_rules() returns text[]
language sql immutable parallel safe as $$ select '{linear,greyskull,double,time,none}'::text[] $$;
comment on function app_hidden.progression_rules() is
  E'The progression rules a routine or one of its exercises may take, in the order messages list them. The routines'' and routine_exercises'' progression check constraints list the same (test/sql-rules.test.ts compares them).';
grant execute on function app_hidden.progression_rules() to svc_reader;

--------------------------------------------------------------------------------
-- Loadable weights: warm-ups snap within their range with snap_up and snap_down
--------------------------------------------------------------------------------
create or replace function app_hidden.snap_up(weight numeric, step numeric) returns numeric
language sql immutable parallel safe as $$
  select case when weight is null then null else trim_scale(greatest(0, ceil(weight / step - 0.000001) * step)) end;
$$;
comment on function app_hidden.snap_up(numeric, numeric) is
  E'The lightest multiple of step not below weight (a tiny slack absorbs conversion rounding), never below 0: app_hidden.snap_down''s other side.';
grant execute on function app_hidden.snap_up(numeric, numeric) to svc_reader;

create or replace function app_hidden.planned_sets(p_kind text, p_weight numeric, p_bodyweight boolean, p_reps integer, p_seconds integer, p_sets integer, p_warmups integer, p_drops integer, p_bursts integer, p_increment numeric)
 RETURNS text[]
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- Set texts, in order: warm-ups (w:), work sets, drops (d:), bursts (rp:). p_increment is the loadable step
-- weights snap to.
-- Warm-ups ramp toward a loaded work weight: one at 50 %; two or more spread evenly from 40 % to
-- 80 %; each snapped to a loadable weight within 40-80 % of the work weight, with fewer reps
-- (reps * (1.2 - share), at least 1, at most the work reps); a warm-up with no loadable weight
-- in that range (or only 0) is left out. Drops follow the last work set, each about 20 % lighter than the one before and at
-- least one loadable step lighter (snapped; they stop before 0), at the work reps. Bursts
-- (rest-pause) follow at the work weight, a third of the work reps (at least 1).
-- Timed work (a hold, weighted or not) has its work sets only; unloaded work no warm-ups or drops.
declare
  v_out text[] := '{}';
  v_share numeric;
  v_w numeric;
  v_prev numeric;
  v_loaded boolean := p_weight is not null and p_weight > 0 and p_seconds is null and not p_bodyweight;
  v_reps int := coalesce(p_reps, 0);
  i int;
begin
  if v_loaded then
    for i in 1 .. p_warmups loop
      v_share := case when p_warmups = 1 then 0.5 else 0.4 + 0.4 * (i - 1) / (p_warmups - 1) end;
      -- Snapped, then kept within 40-80 % of the work weight on the step's grid.
      v_w := greatest(app_hidden.snap_up(p_weight * 0.4, p_increment),
                      least(app_hidden.snap_down(p_weight * 0.8, p_increment),
                            app_hidden.snap_weight(p_weight * v_share, p_increment)));
      v_w := trim_scale(v_w);
      if v_w > 0 and v_w <= p_weight * 0.8 + 0.000001 then
        v_out := v_out || app_hidden.format_set('warmup', v_w, false,
          least(v_reps, greatest(1, round(v_reps * (1.2 - v_share))::int)), null, null);
      end if;
    end loop;
  end if;
  for i in 1 .. p_sets loop
    v_out := v_out || app_hidden.format_set('work', p_weight, p_bodyweight, case when p_seconds is null then v_reps end, p_seconds, null);
  end loop;
  if v_loaded then
    v_prev := p_weight;
    for i in 1 .. p_drops loop
      v_w := least(app_hidden.snap_weight(v_prev * 0.8, p_increment), app_hidden.snap_down(v_prev - p_increment, p_increment));
      exit when v_w <= 0;
      v_out := v_out || app_hidden.format_set('drop', v_w, false, v_reps, null, null);
      v_prev := v_w;
    end loop;
  end if;
  if p_seconds is null then
    for i in 1 .. p_bursts loop
      v_out := v_out || app_hidden.format_set('burst', p_weight, p_bodyweight, greatest(1, round(v_reps / 3.0)::int), null, null);
    end loop;
  end if;
  return v_out;
end;
$function$;

-- Nothing calls it: deloads go through app_hidden.deload_to_step.
drop function if exists app_hidden.deload_weight(numeric, numeric);

--------------------------------------------------------------------------------
-- Comments that say why, as things stand
--------------------------------------------------------------------------------
create or replace function app_hidden.match_exercise(ref text, suggest boolean DEFAULT true, OUT match text, OUT exercise_id uuid, OUT candidate_ids uuid[])
 RETURNS record
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
-- The one resolver (its tiers are in its `comment on`). candidate_ids: the exercise found, or the
-- choices when ambiguous (at most 10, likeliest first), or the closest names when none (at most 3).
declare
  v_ref text := btrim(coalesce(ref, ''));
  v_key text := app_public.exercise_key(coalesce(ref, ''));
  v_me uuid := app_public.current_user_id();
  v_words text[];
  v_vocab text[];
  v_unknown_words text[];
  v_unknown text;
  v_fixes text[];
  v_combos text[];
  v_next text[];
  v_combo text;
  v_fix text;
  v_max int;
  v_best int;
  v_ids uuid[] := '{}';
  r record;
begin
  match := 'none';
  candidate_ids := '{}';
  if v_ref = '' then return; end if;
  -- An id the caller can see.
  if app_hidden.try_uuid(v_ref) is not null then
    select e.id into exercise_id from app_public.exercises e where e.id = app_hidden.try_uuid(v_ref) and (e.user_id is null or e.user_id = v_me);
    if exercise_id is not null then
      match := 'id'; candidate_ids := array[exercise_id]; return;
    end if;
  end if;
  if v_key <> '' then
    -- A catalog name, else one of the caller's custom names (never both: see tg_custom_exercise_name_free).
    select e.id into exercise_id from app_public.exercises e
     where e.key = v_key and (e.user_id is null or e.user_id = v_me)
     order by e.user_id nulls first limit 1;
    if exercise_id is not null then
      match := 'name'; candidate_ids := array[exercise_id]; return;
    end if;
    select a.exercise_id into exercise_id
      from app_public.exercise_aliases a join app_public.exercises e on e.id = a.exercise_id
     where a.key = v_key and e.user_id is null;
    if exercise_id is not null then
      match := 'alias'; candidate_ids := array[exercise_id]; return;
    end if;
  end if;
  v_words := app_hidden.exercise_words(v_ref);
  if cardinality(v_words) > 0 and cardinality(v_words) <= 12 then
    -- Words that are no word of any exercise (index probes; the whole vocabulary only for typos).
    v_unknown_words := array(
      select distinct w from unnest(v_words) w
       where w <> all (array['barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio'])
         and not exists (select 1 from app_hidden.exercise_labels l
                          where l.words @> array[w] and (l.user_id is null or l.user_id = v_me))
         and not exists (select 1 from app_hidden.exercise_labels l
                          where l.joined = w and (l.user_id is null or l.user_id = v_me)));
    if cardinality(v_unknown_words) > 0 then
      select array_agg(distinct w) into v_vocab from (
        select unnest(l.words) as w from app_hidden.exercise_labels l where l.user_id is null or l.user_id = v_me
        union all
        select l.joined from app_hidden.exercise_labels l where (l.user_id is null or l.user_id = v_me) and cardinality(l.words) > 1
        union all
        select unnest(array['barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio'])
      ) t;
    end if;
    if cardinality(v_unknown_words) = 0 then
      r := app_hidden.match_exercise_words(v_words, v_me);
      if r.tier is not null then
        v_ids := r.ids;
        match := 'words';
      end if;
    else
      -- Typos: each word that is no word of any exercise, corrected to the words nearest to it
      -- (one slip for words of 5 to 7 letters, two from 8; shorter words are never corrected: `row`
      -- and `rdl` are too close to other words to guess).
      v_combos := array[array_to_string(v_words, ' ')];
      foreach v_unknown in array v_unknown_words loop
        v_max := case when char_length(v_unknown) >= 8 then 2 when char_length(v_unknown) >= 5 then 1 else 0 end;
        with near as (
          select v.w, app_hidden.typo_distance(v_unknown, v.w) as d
            from unnest(v_vocab) v(w)
           where v_max > 0 and abs(char_length(v.w) - char_length(v_unknown)) <= v_max
             and (left(v.w, 1) = left(v_unknown, 1) or right(v.w, 1) = right(v_unknown, 1))
        )
        select array_agg(n.w order by n.w) into v_fixes
          from near n where n.d <= v_max and n.d = (select min(d) from near);
        if v_fixes is null then
          v_combos := '{}';
          exit;
        end if;
        v_next := '{}';
        foreach v_combo in array v_combos loop
          foreach v_fix in array v_fixes loop
            v_next := v_next || btrim(regexp_replace(' ' || v_combo || ' ', ' ' || v_unknown || ' ', ' ' || v_fix || ' ', 'g'));
          end loop;
        end loop;
        v_combos := v_next[1:16];
      end loop;
      foreach v_combo in array v_combos loop
        r := app_hidden.match_exercise_words(string_to_array(v_combo, ' '), v_me);
        if r.tier is not null and (v_best is null or r.tier < v_best) then
          v_best := r.tier;
          v_ids := r.ids;
        elsif r.tier is not null and r.tier = v_best then
          v_ids := v_ids || array(select x from unnest(r.ids) x where not (x = any(v_ids)));
        end if;
      end loop;
      if v_best is not null then match := 'typo'; end if;
    end if;
  end if;
  if match <> 'none' then
    if cardinality(v_ids) = 1 then
      exercise_id := v_ids[1];
      candidate_ids := v_ids;
    else
      match := 'ambiguous';
      exercise_id := null;
      candidate_ids := v_ids[1:10];
    end if;
    return;
  end if;
  exercise_id := null;
  if not suggest then return; end if;
  candidate_ids := coalesce((
    select array_agg(e.id order by n.o)
      from unnest(app_hidden.closest_exercises(ref, 3)) with ordinality as n(name, o)
      cross join lateral (select e.id from app_public.exercises e
                           where e.name = n.name and (e.user_id is null or e.user_id = v_me)
                           order by e.user_id nulls last limit 1) e), '{}');
end;
$function$;
comment on function app_hidden.match_exercise(text, boolean) is
  E'The one exercise resolver, for the calling user (security invoker: RLS applies): how a typed name matches (id, name, alias, words, typo, ambiguous or none), '
  'the exercise (only for a single match) and candidate_ids (the match; the choices when ambiguous, at most 10, likeliest first; the closest names when none, at most 3, unless suggest is false). '
  'Documents, search, records, lastPerformance and imports all resolve names through it. '
  'Its tiers, the first that finds something wins: id (an exercise id the caller can see); name (a catalog name or one of the caller''s custom names, ignoring case, spacing and hyphens); '
  'alias (a catalog alias: `bench`, `OHP`, the other apps'' export names); words (the same words once abbreviations such as `DB`, `OH`, `sq`, plurals, word order, filler words '
  'and an export''s equipment in brackets, `Squat (Barbell)`, are accounted for; or a whole name mentioned with only the exercise''s own words around it; or words that only one exercise '
  'covers half a name of, `goblet`, or only one exercise has, `zercher`); typo (as words, after correcting words of 5 letters or more that are no word of any exercise by one slip, '
  'two from 8 letters: `sqaut`, `plnak`, `deadlfit`). Two or more exercises equally good in a tier: ambiguous, with the choices, never a guess (`press`); nothing: none, with the closest names.';

comment on function app_hidden.progression_targets(app_public.routines, date) is
  E'The next targets of each exercise of a routine on a date, replayed from the owner''s history (judge_session, then next_target, per session; the rules are in the comments of those functions).';

-- A custom name may not mean a catalog exercise (app_hidden.tg_custom_exercise_name_free decides
-- it); these two comments say so instead of the earlier rule, where the custom name won.
comment on function app_hidden.tg_exercises_check() is E'Trigger: catalog names never equal an alias; custom exercises get a tidy name (spaces collapsed), valid equipment, region, kind and muscles (at most 10, 40 characters each), and a name unique among the user''s custom exercises ignoring case, spacing and hyphens (CONFLICT). Whether a custom name already means a catalog exercise is decided by tg_custom_exercise_name_free.';
comment on function app_public.create_custom_exercise(name text, equipment text, muscles text[], region text, kind text) is E'@resultFieldName exercise\nAdds a custom exercise, private to the signed-in user. name: 1 to 100 characters, unique among the user''s custom exercises ignoring case, spacing and hyphens, and not a name that already means a catalog exercise (CONFLICT otherwise, naming it). equipment (default other), muscles (at most 10), region (default full body), kind (default reps) as on Exercise.';
