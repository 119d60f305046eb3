--------------------------------------------------------------------------------
-- Import and export of a whole history
--------------------------------------------------------------------------------
-- Clients read the other apps' files (Strong, Hevy, FitNotes; @svc/sdk/import) into workout
-- documents whose exercise fields are the file's names; here those names are mapped to exercises
-- (the user's choices, then the rule of documents: an id, a custom exercise, a catalog name or
-- alias, then the table of the other apps' names below), workouts already imported are found (by
-- start and name), and the rest is saved through apply_workout_document, the one home of the
-- document rules. A dry run answers the same summary and writes nothing. Export reads every
-- document back a page at a time.

--------------------------------------------------------------------------------
-- The other apps' exercise names
--------------------------------------------------------------------------------
-- Seed data only (rebuilt whole on every run of this file).
drop table if exists app_public.exercise_import_names cascade;
create table app_public.exercise_import_names (
  id uuid primary key default gen_random_uuid(),
  key text not null unique,
  name text not null check (char_length(name) between 1 and 100),
  app text not null check (app in ('strong', 'hevy', 'fitnotes')),
  exercise_id uuid not null references app_public.exercises on delete cascade
);
create index exercise_import_names_exercise on app_public.exercise_import_names (exercise_id);
alter table app_public.exercise_import_names enable row level security;
comment on table app_public.exercise_import_names is E'@behavior -*\nHow other apps name catalog exercises (`Bench Press (Barbell)` in Strong and Hevy, `Flat Barbell Bench Press` in FitNotes): what an import maps a name to when no exercise has it as its name or alias.';
comment on column app_public.exercise_import_names.id is E'Unique identifier.';
comment on column app_public.exercise_import_names.key is E'The name as references compare it (app_public.exercise_key); unique.';
comment on column app_public.exercise_import_names.name is E'The name as the app writes it.';
comment on column app_public.exercise_import_names.app is E'The app that uses this name first (strong, hevy or fitnotes); Strong and Hevy share many.';
comment on column app_public.exercise_import_names.exercise_id is E'The catalog exercise it means.';
grant select on app_public.exercise_import_names to svc_reader;
-- Like aliases: a row is seen by whoever sees its exercise (the seeds name catalog exercises only).
create policy select_visible on app_public.exercise_import_names for select
  using (exists (select 1 from app_public.exercises e where e.id = exercise_id));

insert into app_public.exercise_import_names (key, name, app, exercise_id)
select app_public.exercise_key(v.name), v.name, v.app, e.id
  from (values
    ('strong', 'Bench Press (Barbell)', 'Bench Press'),
    ('strong', 'Bench Press (Dumbbell)', 'Dumbbell Bench Press'),
    ('strong', 'Bench Press (Smith Machine)', 'Smith Machine Bench Press'),
    ('strong', 'Bench Press - Close Grip (Barbell)', 'Close-Grip Bench Press'),
    ('strong', 'Bench Press - Wide Grip (Barbell)', 'Wide-Grip Bench Press'),
    ('strong', 'Incline Bench Press (Barbell)', 'Incline Bench Press'),
    ('strong', 'Incline Bench Press (Dumbbell)', 'Incline Dumbbell Press'),
    ('strong', 'Decline Bench Press (Barbell)', 'Decline Bench Press'),
    ('strong', 'Decline Bench Press (Dumbbell)', 'Decline Dumbbell Press'),
    ('strong', 'Chest Fly (Dumbbell)', 'Dumbbell Fly'),
    ('strong', 'Incline Chest Fly (Dumbbell)', 'Incline Dumbbell Fly'),
    ('hevy', 'Chest Fly (Machine)', 'Pec Deck'),
    ('strong', 'Cable Crossover', 'Cable Fly'),
    ('strong', 'Chest Press (Machine)', 'Chest Press Machine'),
    ('strong', 'Chest Dip', 'Dip'),
    ('strong', 'Triceps Dip', 'Dip'),
    ('strong', 'Squat (Barbell)', 'Back Squat'),
    ('strong', 'Squat (Smith Machine)', 'Smith Machine Squat'),
    ('strong', 'Squat (Dumbbell)', 'Dumbbell Squat'),
    ('strong', 'Front Squat (Barbell)', 'Front Squat'),
    ('strong', 'Goblet Squat (Kettlebell)', 'Kettlebell Goblet Squat'),
    ('strong', 'Goblet Squat (Dumbbell)', 'Goblet Squat'),
    ('strong', 'Hack Squat (Machine)', 'Hack Squat'),
    ('strong', 'Leg Press (Machine)', 'Leg Press'),
    ('strong', 'Leg Extension (Machine)', 'Leg Extension'),
    ('strong', 'Lying Leg Curl (Machine)', 'Lying Leg Curl'),
    ('strong', 'Seated Leg Curl (Machine)', 'Seated Leg Curl'),
    ('strong', 'Standing Calf Raise (Machine)', 'Standing Calf Raise'),
    ('strong', 'Seated Calf Raise (Machine)', 'Seated Calf Raise'),
    ('strong', 'Calf Press on Leg Press', 'Leg Press Calf Raise'),
    ('strong', 'Lunge (Dumbbell)', 'Dumbbell Lunge'),
    ('strong', 'Lunge (Barbell)', 'Barbell Lunge'),
    ('strong', 'Walking Lunge (Dumbbell)', 'Dumbbell Walking Lunge'),
    ('strong', 'Bulgarian Split Squat (Dumbbell)', 'Bulgarian Split Squat'),
    ('strong', 'Hip Thrust (Barbell)', 'Barbell Hip Thrust'),
    ('strong', 'Glute Bridge (Barbell)', 'Barbell Glute Bridge'),
    ('strong', 'Deadlift (Barbell)', 'Deadlift'),
    ('strong', 'Deadlift (Dumbbell)', 'Dumbbell Deadlift'),
    ('strong', 'Deadlift (Trap Bar)', 'Trap Bar Deadlift'),
    ('strong', 'Sumo Deadlift (Barbell)', 'Sumo Deadlift'),
    ('strong', 'Romanian Deadlift (Barbell)', 'Romanian Deadlift'),
    ('strong', 'Romanian Deadlift (Dumbbell)', 'Dumbbell Romanian Deadlift'),
    ('strong', 'Stiff Leg Deadlift (Barbell)', 'Stiff-Leg Deadlift'),
    ('strong', 'Good Morning (Barbell)', 'Good Morning'),
    ('strong', 'Overhead Press (Barbell)', 'Overhead Press'),
    ('strong', 'Overhead Press (Dumbbell)', 'Dumbbell Shoulder Press'),
    ('strong', 'Shoulder Press (Dumbbell)', 'Dumbbell Shoulder Press'),
    ('strong', 'Shoulder Press (Machine)', 'Shoulder Press Machine'),
    ('strong', 'Seated Overhead Press (Barbell)', 'Seated Overhead Press'),
    ('strong', 'Push Press (Barbell)', 'Push Press'),
    ('strong', 'Arnold Press (Dumbbell)', 'Arnold Press'),
    ('strong', 'Lateral Raise (Dumbbell)', 'Lateral Raise'),
    ('strong', 'Lateral Raise (Cable)', 'Cable Lateral Raise'),
    ('strong', 'Lateral Raise (Machine)', 'Lateral Raise Machine'),
    ('strong', 'Front Raise (Dumbbell)', 'Front Raise'),
    ('strong', 'Front Raise (Barbell)', 'Barbell Front Raise'),
    ('strong', 'Reverse Fly (Dumbbell)', 'Rear Delt Fly'),
    ('strong', 'Reverse Fly (Machine)', 'Reverse Pec Deck'),
    ('strong', 'Face Pull (Cable)', 'Face Pull'),
    ('strong', 'Upright Row (Barbell)', 'Barbell Upright Row'),
    ('strong', 'Shrug (Barbell)', 'Barbell Shrug'),
    ('strong', 'Shrug (Dumbbell)', 'Dumbbell Shrug'),
    ('strong', 'Bent Over Row (Barbell)', 'Barbell Row'),
    ('strong', 'Bent Over Row (Dumbbell)', 'Dumbbell Bent-Over Row'),
    ('strong', 'Bent Over One Arm Row (Dumbbell)', 'Dumbbell Row'),
    ('strong', 'Pendlay Row (Barbell)', 'Pendlay Row'),
    ('strong', 'T Bar Row', 'T-Bar Row'),
    ('strong', 'Seated Row (Cable)', 'Seated Cable Row'),
    ('hevy', 'Seated Cable Row - V Grip (Cable)', 'Seated Cable Row'),
    ('strong', 'Seated Row (Machine)', 'Machine Row'),
    ('strong', 'Lat Pulldown (Cable)', 'Lat Pulldown'),
    ('strong', 'Lat Pulldown (Machine)', 'Machine Pulldown'),
    ('strong', 'Lat Pulldown - Close Grip (Cable)', 'Close-Grip Lat Pulldown'),
    ('strong', 'Pull Up (Assisted)', 'Assisted Pull-Up Machine'),
    ('strong', 'Pull Up (Band)', 'Band-Assisted Pull-Up'),
    ('strong', 'Pull Up (Weighted)', 'Pull-Up'),
    ('strong', 'Chin Up (Weighted)', 'Chin-Up'),
    ('strong', 'Bicep Curl (Barbell)', 'Barbell Curl'),
    ('strong', 'Bicep Curl (Dumbbell)', 'Dumbbell Curl'),
    ('strong', 'Bicep Curl (Cable)', 'Cable Curl'),
    ('strong', 'Bicep Curl (Machine)', 'Machine Preacher Curl'),
    ('strong', 'EZ Bar Curl', 'EZ-Bar Curl'),
    ('strong', 'Hammer Curl (Dumbbell)', 'Hammer Curl'),
    ('strong', 'Hammer Curl (Cable)', 'Cable Hammer Curl'),
    ('strong', 'Preacher Curl (Barbell)', 'Preacher Curl'),
    ('strong', 'Preacher Curl (Dumbbell)', 'Dumbbell Preacher Curl'),
    ('strong', 'Concentration Curl (Dumbbell)', 'Concentration Curl'),
    ('strong', 'Triceps Pushdown (Cable - Straight Bar)', 'Triceps Pushdown'),
    ('hevy', 'Triceps Rope Pushdown', 'Rope Pushdown'),
    ('strong', 'Triceps Extension (Cable)', 'Overhead Cable Triceps Extension'),
    ('strong', 'Triceps Extension (Dumbbell)', 'Overhead Triceps Extension'),
    ('strong', 'Skullcrusher (Barbell)', 'Lying Triceps Extension'),
    ('strong', 'Skullcrusher (Dumbbell)', 'Dumbbell Skull Crusher'),
    ('strong', 'Triceps Kickback (Dumbbell)', 'Dumbbell Kickback'),
    ('strong', 'Rowing (Machine)', 'Rowing Machine'),
    ('strong', 'Cycling (Indoor)', 'Stationary Bike'),
    ('strong', 'Running (Treadmill)', 'Treadmill'),
    ('strong', 'Knee Raise (Captain''s Chair)', 'Hanging Knee Raise'),
    ('strong', 'Crunch (Machine)', 'Ab Crunch Machine'),
    ('strong', 'Crunch (Cable)', 'Cable Crunch'),
    ('strong', 'Back Extension (Hyperextension)', 'Back Extension'),
    ('fitnotes', 'Flat Barbell Bench Press', 'Bench Press'),
    ('fitnotes', 'Flat Dumbbell Bench Press', 'Dumbbell Bench Press'),
    ('fitnotes', 'Incline Barbell Bench Press', 'Incline Bench Press'),
    ('fitnotes', 'Incline Dumbbell Bench Press', 'Incline Dumbbell Press'),
    ('fitnotes', 'Decline Barbell Bench Press', 'Decline Bench Press'),
    ('fitnotes', 'Close Grip Barbell Bench Press', 'Close-Grip Bench Press'),
    ('fitnotes', 'Flat Dumbbell Fly', 'Dumbbell Fly'),
    ('fitnotes', 'Barbell Squat', 'Back Squat'),
    ('fitnotes', 'Barbell Front Squat', 'Front Squat'),
    ('fitnotes', 'Leg Extension Machine', 'Leg Extension'),
    ('fitnotes', 'Seated Leg Curl Machine', 'Seated Leg Curl'),
    ('fitnotes', 'Lying Leg Curl Machine', 'Lying Leg Curl'),
    ('fitnotes', 'Standing Calf Raise Machine', 'Standing Calf Raise'),
    ('fitnotes', 'Seated Calf Raise Machine', 'Seated Calf Raise'),
    ('fitnotes', 'Seated Dumbbell Press', 'Dumbbell Shoulder Press'),
    ('fitnotes', 'Lateral Dumbbell Raise', 'Lateral Raise'),
    ('fitnotes', 'Front Dumbbell Raise', 'Front Raise'),
    ('fitnotes', 'Rope Push Down', 'Rope Pushdown'),
    ('fitnotes', 'V-Bar Push Down', 'Triceps Pushdown'),
    ('fitnotes', 'Parallel Bar Triceps Dip', 'Dip'),
    ('fitnotes', 'EZ-Bar Skullcrusher', 'Lying Triceps Extension'),
    ('fitnotes', 'Dumbbell Concentration Curl', 'Concentration Curl'),
    ('fitnotes', 'Seated Machine Fly', 'Pec Deck'),
    ('fitnotes', 'One-Arm Dumbbell Row', 'Dumbbell Row'),
    ('fitnotes', 'Hammer Curl, Dumbbell', 'Hammer Curl')
  ) as v(app, name, catalog)
  join app_public.exercises e on e.user_id is null and e.key = app_public.exercise_key(v.catalog)
on conflict (key) do update set name = excluded.name, app = excluded.app, exercise_id = excluded.exercise_id;

--------------------------------------------------------------------------------
-- Mapping a file's names
--------------------------------------------------------------------------------
-- The user's choice for a name, from choices: {"<name>": {"action": "map"|"create"|"skip", "exercise": "<ref>"}}
-- (names compared by exercise_key).
create or replace function app_hidden.import_choice(choices jsonb, p_name text) returns jsonb
language sql stable as $$
  select c.value from jsonb_each(coalesce(choices, '{}')) c
   where app_public.exercise_key(c.key) = app_public.exercise_key(p_name)
   limit 1;
$$;
comment on function app_hidden.import_choice(jsonb, text) is E'The user''s choice for a file''s exercise name (names compared ignoring case, spacing, hyphens and dots), or null.';
grant execute on function app_hidden.import_choice(jsonb, text) to svc_reader;

drop function if exists app_hidden.import_map_names(text[], jsonb, jsonb);
create function app_hidden.import_map_names(names text[], choices jsonb, custom jsonb)
returns table (name text, exercise_id uuid, action text, via text, suggestions text[])
language plpgsql stable security invoker as $$
declare
  n text;
  c jsonb;
  v_id uuid;
  v_via text;
  v_parts text[];
  v_match record;
begin
  foreach n in array names loop
    c := app_hidden.import_choice(choices, n);
    v_id := null; v_via := null;
    name := n; suggestions := '{}';
    if c is not null and c ->> 'action' = 'skip' then
      action := 'skip'; exercise_id := null; via := 'choice';
      return next; continue;
    end if;
    if c is not null and c ->> 'action' = 'map' then
      v_id := app_hidden.resolve_exercise(c ->> 'exercise');
      if v_id is null then
        raise exception 'choices: "%" is mapped to "%", which names no exercise', n, c ->> 'exercise' using errcode = 'SVBAD';
      end if;
      action := 'map'; exercise_id := v_id; via := 'choice';
      return next; continue;
    end if;
    -- The one resolver of names (app_hidden.match_exercise): exact tiers first.
    select * into v_match from app_hidden.match_exercise(n);
    if v_match.match in ('id', 'name', 'alias') then
      v_id := v_match.exercise_id; v_via := v_match.match;
    end if;
    -- The other apps' names, before the resolver's looser tiers.
    if v_id is null then
      select x.exercise_id into v_id from app_public.exercise_import_names x where x.key = app_public.exercise_key(n);
      if v_id is not null then v_via := 'other-app'; end if;
    end if;
    -- The resolver's words and typo tiers (shown as such in the dry run).
    if v_id is null and v_match.match in ('words', 'typo') then
      v_id := v_match.exercise_id; v_via := v_match.match;
    end if;
    -- `Name (Equipment)`: the equipment in front, then the name alone (`Curl (Cable)` -> `Cable Curl`).
    if v_id is null then
      v_parts := regexp_match(n, '^\s*(.*\S)\s*\(([^()]+)\)\s*$');
      if v_parts is not null then
        v_id := coalesce(app_hidden.resolve_exercise(v_parts[2] || ' ' || v_parts[1]), app_hidden.resolve_exercise(v_parts[1]));
        if v_id is not null then v_via := 'equipment'; end if;
      end if;
    end if;
    if v_id is not null then
      action := 'map'; exercise_id := v_id; via := v_via;
      return next; continue;
    end if;
    -- A custom exercise the file brings along (an svc export), or the user's choice to create one.
    if (c is not null and c ->> 'action' = 'create')
       or exists (select 1 from jsonb_array_elements(coalesce(custom, '[]')) x where app_public.exercise_key(x ->> 'name') = app_public.exercise_key(n)) then
      action := 'create'; exercise_id := null; via := case when c is not null then 'choice' else 'export' end;
      return next; continue;
    end if;
    -- Unmapped: the resolver's choices when ambiguous, else the closest names.
    action := 'unmapped'; exercise_id := null; via := case when v_match.match = 'ambiguous' then 'ambiguous' end;
    suggestions := coalesce((select array_agg(e.name order by k.o) from unnest(v_match.candidate_ids) with ordinality k(id, o)
                               join app_public.exercises e on e.id = k.id), '{}');
    return next;
  end loop;
end;
$$;
comment on function app_hidden.import_map_names(text[], jsonb, jsonb) is E'What each of a file''s exercise names maps to, for the calling user: the user''s choice (map to a reference, create a custom exercise, or skip); '
  'else the resolver of names (app_hidden.match_exercise) when it finds the exercise by id, name or alias (via = id, name, alias); else the table of the other apps'' names (via = other-app); '
  'else the resolver''s words or typo tiers (via = words, typo: shown in the dry run); else `Name (Equipment)` read as `Equipment Name` or `Name` (via = equipment); '
  'else a custom exercise the file brings (via = export); else unmapped, with suggestions (the resolver''s choices when ambiguous, via = ambiguous; else the closest names).';
grant execute on function app_hidden.import_map_names(text[], jsonb, jsonb) to svc_reader;

--------------------------------------------------------------------------------
-- The wall-clock start of imported workouts
--------------------------------------------------------------------------------
-- A file's times have no zone: the same file read in Europe/Berlin and in UTC gives two instants
-- for one workout. What the file wrote (its local date and time) is kept per imported workout, so a
-- second import finds it whatever zone it is read in.
create table if not exists app_hidden.imported_workout_starts (
  workout_id uuid primary key references app_public.workouts on delete cascade,
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  wall_start timestamp not null
);
create index if not exists imported_workout_starts_user_wall on app_hidden.imported_workout_starts (user_id, wall_start);
alter table app_hidden.imported_workout_starts enable row level security;
comment on table app_hidden.imported_workout_starts is E'The start of an imported workout as its file wrote it (local date and time, no zone): an import finds a workout already there by it, whatever time zone each import read the file in.';
comment on column app_hidden.imported_workout_starts.workout_id is E'The workout imported.';
comment on column app_hidden.imported_workout_starts.user_id is E'Its owner.';
comment on column app_hidden.imported_workout_starts.wall_start is E'Its start as the file wrote it: the local date (the workout''s date) and wall-clock time.';
grant select, insert on app_hidden.imported_workout_starts to svc_visitor;
drop policy if exists select_own on app_hidden.imported_workout_starts;
create policy select_own on app_hidden.imported_workout_starts for select using (user_id = (select app_public.current_user_id()));
drop policy if exists insert_own on app_hidden.imported_workout_starts;
create policy insert_own on app_hidden.imported_workout_starts for insert with check (user_id = (select app_public.current_user_id()));

--------------------------------------------------------------------------------
-- Importing
--------------------------------------------------------------------------------
-- Input bounds: at most 5000 workouts per call (the GraphQL request body is at most 1 MB anyway).
drop function if exists app_public.import_history(jsonb, jsonb, jsonb, boolean);
create function app_public.import_history(workouts jsonb, choices jsonb default '{}', extras jsonb default null, dry_run boolean default true)
returns jsonb
language plpgsql volatile security invoker as $$
declare
  v_user uuid := app_hidden.require_user();
  v_unit text;
  v_effort text;
  v_names text[];
  v_map jsonb := '{}';
  r record;
  w jsonb;
  e jsonb;
  i int;
  v_doc jsonb;
  v_entries jsonb;
  v_start timestamptz;
  v_wall timestamp;
  v_seen jsonb := '{}';
  v_key text;
  v_new int := 0;
  v_dup int := 0;
  v_empty int := 0;
  v_sets int := 0;
  v_skipped_sets int := 0;
  v_first date;
  v_last date;
  v_name_sets jsonb := '{}';
  v_routines jsonb := '{}';
  v_routine_new int := 0;
  v_routine_dup int := 0;
  v_bw_new int := 0;
  v_bw_dup int := 0;
  v_custom_new int := 0;
  v_walk record;
  v_names_out jsonb;
  v_unmapped text[];
  v_id uuid;
  x jsonb;
  v_orig int[];
  v_k int;
  v_path text;
  v_reason text;
  v_match text[];
begin
  if jsonb_typeof(workouts) is distinct from 'array' then
    raise exception 'workouts: must be a list of workout documents' using errcode = 'SVBAD';
  end if;
  if jsonb_array_length(workouts) > 5000 then
    raise exception 'workouts: at most 5000 per import (this one has %); split the file by date', jsonb_array_length(workouts) using errcode = 'SVBAD';
  end if;
  if choices is not null and jsonb_typeof(choices) <> 'object' then
    raise exception 'choices: must be an object of name -> {action, exercise}' using errcode = 'SVBAD';
  end if;
  -- One import at a time per user: a second one (the same file sent twice at once) waits for the
  -- first to commit, then finds its workouts already there (each statement reads afresh).
  if not dry_run then
    perform pg_advisory_xact_lock(hashtextextended('app_public.import_history:' || v_user::text, 0));
  end if;
  select u.unit, u.effort into v_unit, v_effort from app_public.users u where u.id = v_user;

  -- Every name the file uses, mapped once.
  select coalesce(array_agg(distinct ex ->> 'exercise'), '{}') into v_names
    from jsonb_array_elements(workouts) wk,
         jsonb_array_elements(case when jsonb_typeof(wk -> 'exercises') = 'array' then wk -> 'exercises' else '[]' end) ex
   where jsonb_typeof(ex -> 'exercise') = 'string';
  for r in select * from app_hidden.import_map_names(v_names, choices, extras -> 'customExercises') loop
    v_map := v_map || jsonb_build_object(r.name, jsonb_build_object('exerciseId', r.exercise_id, 'action', r.action, 'via', r.via, 'suggestions', to_jsonb(r.suggestions)));
  end loop;
  select coalesce(array_agg(k order by k), '{}') into v_unmapped from jsonb_each(v_map) m(k, v) where v ->> 'action' = 'unmapped';
  if not dry_run and cardinality(v_unmapped) > 0 then
    raise exception 'choices: % exercise name(s) map to no exercise: %; choose for each: map to an exercise, create a custom exercise, or skip',
      cardinality(v_unmapped), array_to_string(v_unmapped[1:10], ', ') || case when cardinality(v_unmapped) > 10 then ', ...' else '' end
      using errcode = 'SVMAP', detail = array_to_string(v_unmapped, E'\n');
  end if;

  -- Custom exercises: those the file brings (with their details) and those chosen to be created.
  if not dry_run then
    for r in select k as name from jsonb_each(v_map) m(k, v) where v ->> 'action' = 'create' loop
      x := (select c from jsonb_array_elements(coalesce(extras -> 'customExercises', '[]')) c
             where app_public.exercise_key(c ->> 'name') = app_public.exercise_key(r.name) limit 1);
      v_id := (select ce.id from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(r.name));
      if v_id is null then
        select ce.id into v_id from app_public.create_custom_exercise(r.name, x ->> 'equipment',
          (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(x -> 'muscles', '[]')) m),
          x ->> 'region', x ->> 'kind') ce;
        v_custom_new := v_custom_new + 1;
      end if;
      v_map := jsonb_set(v_map, array[r.name, 'exerciseId'], to_jsonb(v_id));
    end loop;
    -- Custom exercises of an export that no workout uses are brought along too.
    for x in select c from jsonb_array_elements(coalesce(extras -> 'customExercises', '[]')) c loop
      if not exists (select 1 from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(x ->> 'name')) then
        perform app_public.create_custom_exercise(x ->> 'name', x ->> 'equipment',
          (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(x -> 'muscles', '[]')) m), x ->> 'region', x ->> 'kind');
        v_custom_new := v_custom_new + 1;
      end if;
    end loop;
  else
    select count(*) into v_custom_new from jsonb_array_elements(coalesce(extras -> 'customExercises', '[]')) c
     where not exists (select 1 from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(c ->> 'name'));
  end if;

  -- Settings of an export (unit, effort scale): the account then reads as the exported one.
  if extras ? 'settings' and not dry_run then
    update app_public.users u
       set unit = coalesce(extras #>> '{settings,unit}', u.unit), effort = coalesce(extras #>> '{settings,effort}', u.effort)
     where u.id = v_user;
    v_unit := coalesce(extras #>> '{settings,unit}', v_unit);
    v_effort := coalesce(extras #>> '{settings,effort}', v_effort);
  end if;

  -- Routines of an export: one per name; a workout's `routine` (the exporting account's id)
  -- follows the routine of that name here.
  for x in select rt from jsonb_array_elements(coalesce(extras -> 'routines', '[]')) rt loop
    v_id := (select rr.id from app_public.routines rr where rr.user_id = v_user and rr.name_key = app_public.routine_name_key(x ->> 'name'));
    if v_id is not null then
      v_routine_dup := v_routine_dup + 1;
    else
      v_routine_new := v_routine_new + 1;
      if not dry_run then
        select ar.routine_id into v_id from app_public.apply_routine_document(x - 'id') ar;
      end if;
    end if;
    if x ? 'id' then v_routines := v_routines || jsonb_build_object(x ->> 'id', v_id); end if;
  end loop;

  -- Bodyweights of an export: a day already holding the same weight is a duplicate.
  for x in select b from jsonb_array_elements(coalesce(extras -> 'bodyweights', '[]')) b loop
    if exists (select 1 from app_public.bodyweights bw where bw.user_id = v_user and bw.date = (x ->> 'date')::date
                 and bw.weight = (x ->> 'weight')::float8 and bw.unit = x ->> 'unit') then
      v_bw_dup := v_bw_dup + 1;
    else
      v_bw_new := v_bw_new + 1;
      if not dry_run then
        perform app_public.log_bodyweight((x ->> 'date')::date, (x ->> 'weight')::float8, x ->> 'unit');
      end if;
    end if;
  end loop;

  for i in 0 .. jsonb_array_length(workouts) - 1 loop
    w := workouts -> i;
    if jsonb_typeof(w) <> 'object' then
      raise exception 'workouts[%]: must be an object', i using errcode = 'SVDOC', detail = format('workouts[%s]', i), hint = 'must be an object';
    end if;
    -- The same workout: the same start (noon UTC on its date when it has none) and name.
    v_start := coalesce((select ds.start from app_hidden.doc_start(w ->> 'start') ds where w ? 'start'),
                        case when w ->> 'date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then ((w ->> 'date') || ' 12:00:00+00')::timestamptz end);
    -- Or the same name and the same local date and wall-clock time as the file wrote them (read in
    -- another time zone, the same file gives another instant).
    v_match := case when v_start is not null then regexp_match(w ->> 'start', '^([0-9]{4}-[0-9]{2}-[0-9]{2})T([0-9]{2}:[0-9]{2}(:[0-9]{2})?)') end;
    v_wall := case when v_match is not null then (v_match[1] || ' ' || v_match[2])::timestamp
                   when v_start is not null then (w ->> 'date' || ' 12:00')::timestamp end;
    v_key := coalesce(v_start::text, '') || E'\n' || coalesce(w ->> 'name', '');
    if v_seen ? v_key or exists (select 1 from app_public.workouts ow where ow.user_id = v_user and ow.start = v_start
                                   and ow.name is not distinct from (w ->> 'name'))
       or exists (select 1 from app_hidden.imported_workout_starts iw join app_public.workouts ow on ow.id = iw.workout_id
                   where iw.user_id = v_user and iw.wall_start = v_wall and ow.name is not distinct from (w ->> 'name')) then
      v_dup := v_dup + 1;
      continue;
    end if;
    v_seen := v_seen || jsonb_build_object(v_key, true);
    -- Exercise names become exercise ids; skipped names leave with their sets.
    v_entries := '[]';
    v_orig := '{}';
    v_k := -1;
    if jsonb_typeof(w -> 'exercises') = 'array' then
      for e in select value from jsonb_array_elements(w -> 'exercises') loop
        v_k := v_k + 1;
        if jsonb_typeof(e) = 'object' and jsonb_typeof(e -> 'exercise') = 'string' then
          x := v_map -> (e ->> 'exercise');
          v_name_sets := jsonb_set(v_name_sets, array[e ->> 'exercise'],
            to_jsonb(coalesce((v_name_sets ->> (e ->> 'exercise'))::int, 0) + coalesce(jsonb_array_length(case when jsonb_typeof(e -> 'sets') = 'array' then e -> 'sets' end), 0)));
          if x ->> 'action' = 'skip' then
            v_skipped_sets := v_skipped_sets + coalesce(jsonb_array_length(case when jsonb_typeof(e -> 'sets') = 'array' then e -> 'sets' end), 0);
            continue;
          end if;
          if x ->> 'exerciseId' is not null then
            e := jsonb_set(e, '{exercise}', to_jsonb(x ->> 'exerciseId'));
          elsif dry_run then
            -- Unmapped (reported) or to be created: its sets count, the walk cannot check it.
            v_sets := v_sets + coalesce(jsonb_array_length(case when jsonb_typeof(e -> 'sets') = 'array' then e -> 'sets' end), 0);
            continue;
          end if;
        end if;
        v_entries := v_entries || jsonb_build_array(e);
        v_orig := v_orig || v_k;
      end loop;
    end if;
    if jsonb_typeof(w -> 'exercises') = 'array' and jsonb_array_length(w -> 'exercises') > 0 and jsonb_array_length(v_entries) = 0
       and not (dry_run and exists (select 1 from jsonb_array_elements(w -> 'exercises') ee where (v_map -> (ee ->> 'exercise')) ->> 'action' <> 'skip')) then
      -- Every exercise of it was skipped: nothing of it to keep.
      v_empty := v_empty + 1;
      continue;
    end if;
    v_doc := w - 'id';
    if jsonb_typeof(w -> 'exercises') = 'array' then v_doc := jsonb_set(v_doc, '{exercises}', v_entries); end if;
    if w ? 'routine' then
      v_doc := case when jsonb_typeof(w -> 'routine') = 'string' and v_routines ? (w ->> 'routine') and v_routines ->> (w ->> 'routine') is not null
                    then jsonb_set(v_doc, '{routine}', v_routines -> (w ->> 'routine'))
                    else v_doc - 'routine' end;
    end if;
    v_path := null;
    if dry_run then
      select * into v_walk from app_hidden.walk_workout_document(v_doc - 'routine', v_unit, v_effort);
      v_path := v_walk.path;
      v_reason := v_walk.reason;
    else
      begin
        select aw.workout_id into v_id from app_public.apply_workout_document(v_doc) aw;
        if v_wall is not null then
          insert into app_hidden.imported_workout_starts (workout_id, user_id, wall_start) values (v_id, v_user, v_wall)
            on conflict (workout_id) do nothing;
        end if;
      exception when sqlstate 'SVDOC' then
        get stacked diagnostics v_path = pg_exception_detail, v_reason = pg_exception_hint;
      end;
    end if;
    if v_path is not null then
      -- The path in the workout as the file gave it (entries of skipped names were taken out).
      v_match := regexp_match(v_path, '^exercises\[([0-9]+)\](.*)$');
      if v_match is not null and v_orig[v_match[1]::int + 1] is not null then
        v_path := 'exercises[' || v_orig[v_match[1]::int + 1] || ']' || v_match[2];
      end if;
      raise exception 'workouts[%].%: %', i, v_path, v_reason
        using errcode = 'SVDOC', detail = format('workouts[%s].%s', i, v_path), hint = v_reason;
    end if;
    v_new := v_new + 1;
    v_sets := v_sets + (select coalesce(sum(jsonb_array_length(ee -> 'sets')), 0) from jsonb_array_elements(v_entries) ee);
    if (w ->> 'date') is not null then
      v_first := least(v_first, (w ->> 'date')::date);
      v_last := greatest(v_last, (w ->> 'date')::date);
    end if;
  end loop;

  select coalesce(jsonb_agg(jsonb_build_object(
           'name', k,
           'action', v ->> 'action',
           'via', v ->> 'via',
           'exerciseId', v ->> 'exerciseId',
           'exercise', (select ex.name from app_public.exercises ex where ex.id = (v ->> 'exerciseId')::uuid),
           'suggestions', v -> 'suggestions',
           'sets', coalesce((v_name_sets ->> k)::int, 0)) order by k), '[]')
    into v_names_out from jsonb_each(v_map) m(k, v);
  return jsonb_build_object(
    'dryRun', dry_run,
    'workouts', v_new, 'duplicates', v_dup, 'emptied', v_empty,
    'sets', v_sets, 'skippedSets', v_skipped_sets,
    'firstDate', v_first, 'lastDate', v_last,
    'names', v_names_out, 'unmapped', cardinality(v_unmapped),
    'routines', v_routine_new, 'duplicateRoutines', v_routine_dup,
    'bodyweights', v_bw_new, 'duplicateBodyweights', v_bw_dup,
    'customExercises', v_custom_new);
end;
$$;
comment on function app_public.import_history(jsonb, jsonb, jsonb, boolean) is E'@behavior -*\nImports workouts (documents whose `exercise` fields are a file''s names; at most 5000 per call) for the signed-in user, in the caller''s transaction: '
  'names mapped by app_hidden.import_map_names with choices ({"<name>": {"action": "map"|"create"|"skip", "exercise": "<ref>"}}); a workout with the start '
  '(noon UTC on its date when it has none) and name of one already there, or with the name and the local date and wall-clock time (as the file wrote them) of one imported before in any time zone, or earlier in the list, is a duplicate and left alone; the rest saved by apply_workout_document. '
  'extras (an svc export): settings, customExercises, routines (one per name; workouts'' routine ids follow them), bodyweights. '
  'Imports of one user run one at a time (an advisory lock on the user until commit), so the same file sent twice at once is imported once. '
  'dry_run: the same summary, nothing written (every document is still validated). Unmapped names in a real run: SVMAP (UNMAPPED_EXERCISES); '
  'an invalid document: SVDOC with the path from `workouts[i]`. Returns the summary (counts, date range, each name''s mapping with suggestions).';
revoke execute on function app_public.import_history(jsonb, jsonb, jsonb, boolean) from public;
grant execute on function app_public.import_history(jsonb, jsonb, jsonb, boolean) to svc_visitor;

--------------------------------------------------------------------------------
-- Exporting
--------------------------------------------------------------------------------
drop function if exists app_public.export_account();
create function app_public.export_account() returns jsonb
language sql stable security invoker as $$
  select jsonb_build_object(
    'settings', (select jsonb_build_object('unit', u.unit, 'effort', u.effort) from app_public.users u where u.id = app_hidden.require_user()),
    'customExercises', coalesce((select jsonb_agg(jsonb_build_object('name', e.name, 'equipment', e.equipment, 'muscles', to_jsonb(e.muscles),
                                   'region', e.region, 'kind', e.kind) order by lower(e.name), e.id)
                                 from app_public.exercises e where e.user_id = app_public.current_user_id()), '[]'),
    'routines', coalesce((select jsonb_agg(app_public.routine_document(r.id::text)::jsonb order by lower(r.name), r.id)
                          from app_public.routines r where r.user_id = app_public.current_user_id()), '[]'),
    'bodyweights', coalesce((select jsonb_agg(jsonb_build_object('date', to_char(b.date, 'YYYY-MM-DD'), 'weight', b.weight, 'unit', b.unit) order by b.date)
                             from app_public.bodyweights b where b.user_id = app_public.current_user_id()), '[]'),
    'workouts', (select count(*) from app_public.workouts w where w.user_id = app_public.current_user_id()));
$$;
comment on function app_public.export_account() is E'@behavior -*\nEverything of the signed-in user but workouts, for an export: settings, custom exercises, routines as documents, bodyweights, and the number of workouts (read with export_workouts, a page at a time).';
grant execute on function app_public.export_account() to svc_reader;

drop function if exists app_public.export_workouts(timestamptz, uuid, int);
create function app_public.export_workouts(after_start timestamptz default null, after_id uuid default null, page_size int default 200)
returns table (id uuid, start timestamptz, document jsonb)
language sql stable security invoker as $$
  select w.id, w.start, app_public.workout_document(w.id)::jsonb
    from app_public.workouts w
   where w.user_id = app_hidden.require_user()
     and (after_start is null or (w.start, w.id) > (after_start, after_id))
   order by w.start, w.id
   limit least(greatest(coalesce(page_size, 200), 1), 501);
$$;
comment on function app_public.export_workouts(timestamptz, uuid, int) is E'@behavior -*\nThe signed-in user''s workouts as documents, oldest first (by start, then id), a page (at most 501: exportWorkouts asks one more than its 500 to know whether there is a next page) after the given one: each page is one short statement however long the history.';
grant execute on function app_public.export_workouts(timestamptz, uuid, int) to svc_reader;
