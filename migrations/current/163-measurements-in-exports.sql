-- An export carries the body measurements and an import brings them back (a day already holding
-- the same entry is a duplicate); an export's custom exercises come back with their secondary
-- muscles too.

create or replace function app_hidden.import_save_custom_exercises(name_map jsonb, custom_exercises jsonb, dry_run boolean, OUT mapped_names jsonb, OUT created integer)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
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
      -- A file's name without an export's details: its equipment and body region inferred from its words.
      select ce.id into v_exercise_id from app_public.create_custom_exercise(v_name,
        coalesce(v_exported ->> 'equipment', (app_hidden.inferred_exercise(v_name)).equipment),
        (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(v_exported -> 'muscles', '[]')) m),
        coalesce(v_exported ->> 'region', (app_hidden.inferred_exercise(v_name)).region), v_exported ->> 'kind',
        (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(v_exported -> 'secondaryMuscles', '[]')) m)) ce;
      created := created + 1;
    end if;
    mapped_names := jsonb_set(mapped_names, array[v_name, 'exerciseId'], to_jsonb(v_exercise_id));
  end loop;
  -- Custom exercises of an export that no workout uses come along too.
  for v_exported in select c from jsonb_array_elements(coalesce(custom_exercises, '[]')) c loop
    if not exists (select 1 from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(v_exported ->> 'name')) then
      perform app_public.create_custom_exercise(v_exported ->> 'name', v_exported ->> 'equipment',
        (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(v_exported -> 'muscles', '[]')) m),
        v_exported ->> 'region', v_exported ->> 'kind',
        (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(v_exported -> 'secondaryMuscles', '[]')) m));
      created := created + 1;
    end if;
  end loop;
end;
$function$;

create function app_hidden.import_save_measurements(entries jsonb, dry_run boolean, out measurements integer, out duplicate_measurements integer)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  v_entry jsonb;
begin
  measurements := 0;
  duplicate_measurements := 0;
  if entries is not null and jsonb_typeof(entries) <> 'array' then
    raise exception 'extras.measurements: must be a list of measurement entries' using errcode = 'SVBAD';
  end if;
  for v_entry in select e from jsonb_array_elements(coalesce(entries, '[]')) e loop
    if jsonb_typeof(v_entry) <> 'object' then
      raise exception 'extras.measurements: each entry must be an object' using errcode = 'SVBAD';
    end if;
    if exists (select 1 from app_public.measurements m
                where m.user_id = v_user and m.date = app_hidden.check_date(v_entry ->> 'date') and m.unit = v_entry ->> 'unit'
                  and m.body_fat is not distinct from (v_entry ->> 'bodyFat')::float8
                  and m.neck is not distinct from (v_entry ->> 'neck')::float8
                  and m.shoulders is not distinct from (v_entry ->> 'shoulders')::float8
                  and m.chest is not distinct from (v_entry ->> 'chest')::float8
                  and m.waist is not distinct from (v_entry ->> 'waist')::float8
                  and m.hips is not distinct from (v_entry ->> 'hips')::float8
                  and m.left_upper_arm is not distinct from (v_entry ->> 'leftUpperArm')::float8
                  and m.right_upper_arm is not distinct from (v_entry ->> 'rightUpperArm')::float8
                  and m.left_forearm is not distinct from (v_entry ->> 'leftForearm')::float8
                  and m.right_forearm is not distinct from (v_entry ->> 'rightForearm')::float8
                  and m.left_thigh is not distinct from (v_entry ->> 'leftThigh')::float8
                  and m.right_thigh is not distinct from (v_entry ->> 'rightThigh')::float8
                  and m.left_calf is not distinct from (v_entry ->> 'leftCalf')::float8
                  and m.right_calf is not distinct from (v_entry ->> 'rightCalf')::float8) then
      duplicate_measurements := duplicate_measurements + 1;
      continue;
    end if;
    measurements := measurements + 1;
    -- Checked as a lifter's own entry is (log_measurements names a bad field).
    perform app_public.log_measurements(v_entry ->> 'date', v_entry ->> 'unit',
      (v_entry ->> 'bodyFat')::float8, (v_entry ->> 'neck')::float8, (v_entry ->> 'shoulders')::float8,
      (v_entry ->> 'chest')::float8, (v_entry ->> 'waist')::float8, (v_entry ->> 'hips')::float8,
      (v_entry ->> 'leftUpperArm')::float8, (v_entry ->> 'rightUpperArm')::float8, (v_entry ->> 'leftForearm')::float8,
      (v_entry ->> 'rightForearm')::float8, (v_entry ->> 'leftThigh')::float8, (v_entry ->> 'rightThigh')::float8,
      (v_entry ->> 'leftCalf')::float8, (v_entry ->> 'rightCalf')::float8)
     where not dry_run;
  end loop;
end;
$function$;
comment on function app_hidden.import_save_measurements(entries jsonb, dry_run boolean, out measurements integer, out duplicate_measurements integer) is 'Save an svc export''s body measurements (each through log_measurements, which replaces that day''s entry and checks it), with how many were new and how many days already held the same entry.';
grant execute on function app_hidden.import_save_measurements(jsonb, boolean) to svc_visitor;

create or replace function app_public.import_history(workouts jsonb, choices jsonb DEFAULT '{}'::jsonb, extras jsonb DEFAULT NULL::jsonb, dry_run boolean DEFAULT true)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  v_names record;
  v_custom record;
  v_account record;
  v_measurements record;
  v_unit text;
  v_effort text;
  v_duplicates boolean[];
  v_wall_starts timestamp[];
  v_index integer;
  v_workout jsonb;
  v_one record;
  v_sets_by_name jsonb := '{}';
  v_new integer := 0;
  v_duplicate_count integer := 0;
  v_emptied integer := 0;
  v_sets integer := 0;
  v_skipped_sets integer := 0;
  v_first date;
  v_last date;
  -- An import job (app_public.import_jobs) asks for its progress: a notice every 25 workouts,
  -- which the worker writes to the job on a connection of its own while this transaction runs.
  v_progress boolean := current_setting('svc.import_progress', true) = 'on';
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
  v_names := app_hidden.import_names_chosen(workouts, choices, extras -> 'customExercises', dry_run);
  -- What was already imported, found before anything of this import is saved.
  select coalesce(array_agg(d.duplicate order by d.file_index), '{}'), coalesce(array_agg(d.wall_start order by d.file_index), '{}')
    into v_duplicates, v_wall_starts
    from app_hidden.import_find_duplicates(workouts) d;
  select * into v_custom from app_hidden.import_save_custom_exercises(v_names.name_map, extras -> 'customExercises', dry_run);
  select * into v_account from app_hidden.import_save_account(extras, dry_run);
  select * into v_measurements from app_hidden.import_save_measurements(extras -> 'measurements', dry_run);
  select u.unit, u.effort into v_unit, v_effort from app_public.users u where u.id = v_user;

  for v_index in 0 .. jsonb_array_length(workouts) - 1 loop
    if v_progress and v_index % 25 = 0 then
      raise notice 'import progress' using detail = v_index || '/' || jsonb_array_length(workouts);
    end if;
    v_workout := workouts -> v_index;
    if jsonb_typeof(v_workout) <> 'object' then
      raise exception 'workouts[%]: must be an object', v_index
        using errcode = 'SVDOC', detail = format('workouts[%s]', v_index), hint = 'must be an object';
    end if;
    if v_duplicates[v_index + 1] then
      v_duplicate_count := v_duplicate_count + 1;
      continue;
    end if;
    select * into v_one from app_hidden.import_one_workout(v_index, v_workout, v_custom.mapped_names, v_account.routine_ids,
                                                           v_wall_starts[v_index + 1], dry_run, v_unit, v_effort);
    v_sets_by_name := v_sets_by_name || coalesce((
      select jsonb_object_agg(n.name, n.sets::integer + coalesce((v_sets_by_name ->> n.name)::integer, 0))
        from jsonb_each_text(v_one.sets_by_name) n(name, sets)), '{}');
    v_skipped_sets := v_skipped_sets + v_one.skipped_sets;
    if v_one.emptied then
      v_emptied := v_emptied + 1;
      continue;
    end if;
    v_new := v_new + 1;
    v_sets := v_sets + v_one.sets;
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
    'names', app_hidden.import_names_summary(v_custom.mapped_names, v_sets_by_name),
    'unmapped', cardinality(v_names.unmapped),
    'routines', v_account.routines, 'duplicateRoutines', v_account.duplicate_routines,
    'bodyweights', v_account.bodyweights, 'duplicateBodyweights', v_account.duplicate_bodyweights,
    'measurements', v_measurements.measurements, 'duplicateMeasurements', v_measurements.duplicate_measurements,
    'customExercises', v_custom.created);
end;
$function$;

create or replace function app_public.export_account()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  select jsonb_build_object(
    'settings', (select jsonb_build_object('unit', u.unit, 'effort', u.effort) from app_public.users u where u.id = app_hidden.require_user()),
    'customExercises', coalesce((select jsonb_agg(jsonb_build_object('name', e.name, 'equipment', e.equipment, 'muscles', to_jsonb(e.muscles),
                                   'secondaryMuscles', to_jsonb(e.secondary_muscles), 'region', e.region, 'kind', e.kind) order by lower(e.name), e.id)
                                 from app_public.exercises e where e.user_id = app_public.current_user_id()), '[]'),
    'routines', coalesce((select jsonb_agg((app_public.routine_document(r.id::text)::jsonb - 'version') order by lower(r.name), r.id)
                          from app_public.routines r where r.user_id = app_public.current_user_id()), '[]'),
    'bodyweights', coalesce((select jsonb_agg(jsonb_build_object('date', to_char(b.date, 'YYYY-MM-DD'), 'weight', b.weight, 'unit', b.unit) order by b.date)
                             from app_public.bodyweights b where b.user_id = app_public.current_user_id()), '[]'),
    'measurements', coalesce((select jsonb_agg(jsonb_strip_nulls(jsonb_build_object('date', to_char(m.date, 'YYYY-MM-DD'), 'unit', m.unit,
                                'bodyFat', m.body_fat, 'neck', m.neck, 'shoulders', m.shoulders, 'chest', m.chest, 'waist', m.waist, 'hips', m.hips,
                                'leftUpperArm', m.left_upper_arm, 'rightUpperArm', m.right_upper_arm, 'leftForearm', m.left_forearm,
                                'rightForearm', m.right_forearm, 'leftThigh', m.left_thigh, 'rightThigh', m.right_thigh,
                                'leftCalf', m.left_calf, 'rightCalf', m.right_calf)) order by m.date)
                              from app_public.measurements m where m.user_id = app_public.current_user_id()), '[]'),
    'workouts', (select count(*) from app_public.workouts w where w.user_id = app_public.current_user_id()));
$function$;
comment on function app_public.export_account() is E'@behavior -*\nEverything of the signed-in user but workouts, for an export: settings, custom exercises, routines as documents (without `version`: an import makes new routines), bodyweights, body measurements, and the number of workouts (read with export_workouts, a page at a time).';
