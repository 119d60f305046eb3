-- Progress series for the logger and the progress pages (and any client: the CLI, the MCP server):
--   lastPerformance(exercises)    -> per exercise asked (a reference): its sets in your latest workout that did it
--   e1rmSeries(exerciseId)        -> per session: best estimated 1RM and its set, and the best set
--   weeklyVolume(exerciseId)      -> per ISO week: volume in your unit, work sets, workouts
-- Each is one statement over the caller's history (security invoker: RLS decides what rows exist),
-- exposed by PostGraphile as a root query field returning a list. The rules are the existing ones:
-- records' sets and app_hidden.e1rm (Epley) for the e1RM, the volume columns of workout_sets
-- (volume_kg / volume_lb / work_sets) for volume.
-- Also: applyWorkoutDocument with an idempotency key, so a retry after a lost answer never logs
-- the workout twice (app_public.apply_workout_document below).

drop function if exists app_public.last_performance(uuid[], uuid);
drop function if exists app_public.last_performance(text[], uuid);
drop type if exists app_public.last_performance;
drop function if exists app_public.e1rm_series(uuid);
drop function if exists app_public.weekly_volume(uuid);
drop function if exists app_hidden.record_sets(uuid);
drop type if exists app_public.e1rm_session;
drop type if exists app_public.volume_week;

--------------------------------------------------------------------------------
-- The sets records count
--------------------------------------------------------------------------------
create function app_hidden.record_sets(p_exercise uuid)
returns table (id uuid, workout_id uuid, date date, start timestamptz, exercise_position int, set_position int,
               reps int, kg numeric, shown numeric, unit text)
language sql stable parallel safe as $$
  -- The caller's sets of one exercise that records count (Exercise.records, personal records):
  -- done, not a warm-up (work, drop and burst sets count), with a weight and at least one rep, so
  -- bodyweight (`bw x 8`), unloaded (`x12`) and timed sets never count as weight. kg compares sets
  -- logged in different units (unrounded); shown is the weight in the caller's unit (2 decimals).
  select s.id, s.workout_id, s.date, w.start, we.position, s.position, s.reps,
         app_hidden.weight_kg(s.weight::numeric, s.unit),
         app_hidden.convert_weight(s.weight::numeric, s.unit, u.unit),
         u.unit
    from app_public.users u
    join app_public.workout_sets s on s.user_id = u.id and s.exercise_id = p_exercise
    join app_public.workout_exercises we on we.id = s.workout_exercise_id
    join app_public.workouts w on w.id = s.workout_id
   where u.id = app_public.current_user_id()
     and s.done and s.kind <> 'warmup' and s.weight is not null and s.reps >= 1;
$$;
comment on function app_hidden.record_sets(uuid) is
  E'Your sets of one exercise that records count (done, not warm-ups, with a weight and at least one rep), with their weight in kg (to compare) and in your unit (to show).';
grant execute on function app_hidden.record_sets(uuid) to svc_reader;

--------------------------------------------------------------------------------
-- Resolving references, many at once
--------------------------------------------------------------------------------
-- The rule of documents (spec 2.1 rule 4) for a list of references in one statement; resolve_exercise
-- (one reference: documents, routines) is this with one element, so the rule has one home.
create or replace function app_hidden.resolve_exercises(refs text[])
returns table (ord bigint, exercise_id uuid)
language sql stable security invoker as $$
  with me as (
    select app_public.current_user_id() as id
  ), r as (
    select x.ord, btrim(x.ref) as t, app_public.exercise_key(x.ref) as key
      from unnest(refs) with ordinality as x(ref, ord)
  )
  select r.ord,
         case when r.t is not null and r.t <> '' then coalesce(
           -- 1. An id the caller can see (a catalog exercise or one of theirs; RLS hides the rest).
           (select e.id from app_public.exercises e
             where e.id = case when r.t ~* '^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$' then r.t::uuid end),
           case when r.key <> '' then coalesce(
             -- 2. The user's custom exercise: it wins over a catalog name or alias spelled the same.
             (select e.id from app_public.exercises e where e.user_id = me.id and e.key = r.key),
             -- 3. A catalog name.
             (select e.id from app_public.exercises e where e.user_id is null and e.key = r.key),
             -- 4. A catalog alias (alias keys are unique and never equal a catalog name).
             (select a.exercise_id from app_public.exercise_aliases a join app_public.exercises e on e.id = a.exercise_id
               where a.key = r.key and e.user_id is null)) end) end
    from r, me;
$$;
comment on function app_hidden.resolve_exercises(text[]) is E'The exercise each reference names (by its position in refs, from 1), for the calling user (security invoker: RLS applies), or null. '
  'Tried in order: an id the caller can see; the caller''s custom exercise name; a catalog name; a catalog alias. '
  'Names and aliases compare by app_public.exercise_key: ignoring case, spacing, hyphens, underscores and dots.';
grant execute on function app_hidden.resolve_exercises(text[]) to svc_reader;

create or replace function app_hidden.resolve_exercise(ref text) returns uuid
language sql stable security invoker as $$
  select r.exercise_id from app_hidden.resolve_exercises(array[ref]) r;
$$;
comment on function app_hidden.resolve_exercise(text) is E'The exercise a reference names, for the calling user (security invoker: RLS applies), or null: '
  'app_hidden.resolve_exercises of one reference (an id the caller can see; the caller''s custom exercise name; a catalog name; a catalog alias).';

--------------------------------------------------------------------------------
-- Last performance
--------------------------------------------------------------------------------
-- Each exercise's latest date with a done set, and whether a workout has one, straight from an
-- index (index-only): lastPerformance's lookups.
create index if not exists workout_sets_done_by_exercise_date on app_public.workout_sets (user_id, exercise_id, date desc, workout_id) where done;
comment on index app_public.workout_sets_done_by_exercise_date is E'Done sets by user, exercise and latest date first, with their workout: an exercise''s last workout (lastPerformance) in a few index probes.';
-- The sets of one exercise in one workout (LastPerformance.sets, one probe per entry); it also
-- serves everything the index on workout_id alone did (the foreign key, a workout's sets).
create index if not exists workout_sets_workout_exercise on app_public.workout_sets (workout_id, exercise_id);
comment on index app_public.workout_sets_workout_exercise is E'A workout''s sets, and its sets of one exercise (LastPerformance.sets).';
drop index if exists app_public.workout_sets_workout_id_idx;

create type app_public.last_performance as (
  exercise text,
  exercise_id uuid,
  workout_id uuid,
  date date,
  unit text
);
comment on type app_public.last_performance is E'What you did last time on one exercise: its sets (LastPerformance.sets, plugins/progress-series.ts) in your latest workout in which one of them was done.';
comment on column app_public.last_performance.exercise is E'@notNull\nThe exercise as asked (a reference: name, alias, custom name or id).';
comment on column app_public.last_performance.exercise_id is E'The exercise the reference names; null when it names none.';
comment on column app_public.last_performance.workout_id is E'The workout; null when you never did a set of this exercise.';
comment on column app_public.last_performance.date is E'The workout''s date; null when none.';
comment on column app_public.last_performance.unit is E'The workout''s unit: the unit of the sets'' weights; null when none.';

create function app_public.last_performance(exercises text[], except_workout_id uuid default null)
returns setof app_public.last_performance
language plpgsql stable as $$
declare
  v_me uuid := app_hidden.require_user();
begin
  if cardinality(exercises) > 100 then
    raise exception 'exercises: at most 100 exercises at a time' using errcode = 'SVBAD';
  end if;
  -- One pass: every reference resolved at once (the rule of documents); for each exercise named
  -- (once, however often it is asked), its latest date with a done set, then the latest workout
  -- that day (start, then id) with one: index probes, never a walk through its history. Its sets
  -- there are LastPerformance.sets (plugins/progress-series.ts: one statement for every entry).
  return query
    with refs as materialized (
      select x.ord, x.ref, r.exercise_id
        from unnest(exercises) with ordinality as x(ref, ord)
        join app_hidden.resolve_exercises(exercises) r on r.ord = x.ord
       where x.ref is not null
    ), latest as materialized (
      select e.exercise_id, l.id as workout_id, l.date, l.unit
        from (select distinct refs.exercise_id from refs where refs.exercise_id is not null) e
        cross join lateral (
          select w.id, w.date, w.unit
            from app_public.workouts w
           where w.user_id = v_me
             and w.date = (select s.date from app_public.workout_sets s
                            where s.user_id = v_me and s.exercise_id = e.exercise_id and s.done
                              and s.workout_id is distinct from except_workout_id
                            order by s.date desc limit 1)
             and w.id is distinct from except_workout_id
             -- A subquery per workout (limit 1: never turned into a join): one index probe each.
             and (select true from app_public.workout_sets s
                   where s.user_id = v_me and s.exercise_id = e.exercise_id and s.done
                     and s.date = w.date and s.workout_id = w.id
                   limit 1)
           order by w.start desc, w.id desc
           limit 1) l
    )
    select refs.ref, refs.exercise_id, latest.workout_id, latest.date, latest.unit
      from refs
      left join latest on latest.exercise_id = refs.exercise_id
     order by refs.ord;
end;
$$;
comment on function app_public.last_performance(text[], uuid) is
  E'@behavior -queryField:resource:connection +queryField:resource:list\n'
  'What you did last time on each of these exercises (at most 100; each a name, alias, custom exercise name or id, as in documents), one entry per exercise in the order asked: '
  'every set of the exercise (as logged) in your latest workout (by date, then start) in which at least one of its sets is done, with that workout''s id, date and unit; '
  'no workout and no sets for an exercise you never did or a reference that names none. exceptWorkoutId leaves out one workout (the one being logged, once saved). '
  'Only your own workouts count; signed out: FORBIDDEN.';
grant execute on function app_public.last_performance(text[], uuid) to svc_reader;

--------------------------------------------------------------------------------
-- Estimated 1RM per session
--------------------------------------------------------------------------------
create type app_public.e1rm_session as (
  workout_id uuid,
  date date,
  unit text,
  e1rm double precision,
  e1rm_set_id uuid,
  e1rm_set_weight double precision,
  e1rm_set_reps int,
  best_set_id uuid,
  best_set_weight double precision,
  best_set_reps int
);
comment on type app_public.e1rm_session is E'One workout''s best on an exercise: the best estimated one-rep max and the set it came from, and the best (heaviest) set.';
comment on column app_public.e1rm_session.workout_id is E'@notNull\nThe workout.';
comment on column app_public.e1rm_session.date is E'@notNull\nThe workout''s date.';
comment on column app_public.e1rm_session.unit is E'@notNull\nYour unit (kg or lb): the unit of every weight here.';
comment on column app_public.e1rm_session.e1rm is E'The best estimated one-rep max of the session (Epley: w * (1 + r/30), sets of 1 to 12 reps; 1 rep is the weight itself), 2 decimals; null when no set had 1 to 12 reps.';
comment on column app_public.e1rm_session.e1rm_set_id is E'The set the estimate came from (the earliest of equals).';
comment on column app_public.e1rm_session.e1rm_set_weight is E'That set''s weight.';
comment on column app_public.e1rm_session.e1rm_set_reps is E'That set''s reps.';
comment on column app_public.e1rm_session.best_set_id is E'@notNull\nThe best set: the heaviest, then the most reps at that weight, then the earliest.';
comment on column app_public.e1rm_session.best_set_weight is E'@notNull\nThe best set''s weight.';
comment on column app_public.e1rm_session.best_set_reps is E'@notNull\nThe best set''s reps.';

create function app_public.e1rm_series(exercise_id uuid) returns setof app_public.e1rm_session
language plpgsql stable strict as $$
begin
  perform app_hidden.require_user();
  -- Over the sets records count (app_hidden.record_sets), one row per workout, oldest first.
  -- Sets compare in kg; values are in the caller's unit, the estimate computed from the shown
  -- weight and rounded as Exercise.records' bestE1rm is.
  return query
  with sets as (
    select * from app_hidden.record_sets(e1rm_series.exercise_id)
  ), best_e1rm as (
    select distinct on (r.workout_id) r.workout_id, r.id, r.shown, r.reps
      from sets r
     where r.reps between 1 and 12
     order by r.workout_id, app_hidden.e1rm(r.kg, r.reps) desc, r.exercise_position, r.set_position
  ), best_set as (
    select distinct on (r.workout_id) r.workout_id, r.date, r.start, r.unit, r.id, r.shown, r.reps
      from sets r
     order by r.workout_id, r.kg desc, r.reps desc, r.exercise_position, r.set_position
  )
  select b.workout_id, b.date, b.unit,
         trim_scale(round(app_hidden.e1rm(e.shown, e.reps), 2))::float8, e.id, e.shown::float8, e.reps,
         b.id, b.shown::float8, b.reps
    from best_set b
    left join best_e1rm e on e.workout_id = b.workout_id
   order by b.date, b.start, b.workout_id;
end;
$$;
comment on function app_public.e1rm_series(uuid) is
  E'@behavior -queryField:resource:connection +queryField:resource:list\n'
  'Your progress on an exercise, one entry per workout (oldest first) that has a set records count: done, not a warm-up, with a weight and at least one rep '
  '(bodyweight, unloaded and timed sets never count as weight): the best estimated one-rep max (the rule of Exercise.records'' bestE1rm) and its set, and the heaviest set. '
  'Weights in your unit (sets logged in the other unit converted; 1 lb = 0.45359237 kg). Signed out: FORBIDDEN.';
grant execute on function app_public.e1rm_series(uuid) to svc_reader;

--------------------------------------------------------------------------------
-- Volume per week
--------------------------------------------------------------------------------
create type app_public.volume_week as (
  week date,
  volume double precision,
  unit text,
  work_sets int,
  workouts int
);
comment on type app_public.volume_week is E'Training volume in one ISO week.';
comment on column app_public.volume_week.week is E'@notNull\nThe week''s Monday.';
comment on column app_public.volume_week.volume is E'@notNull\nSum of weight x reps of the week''s done work sets with a weight (warm-ups, drops, bursts, sets not done, unloaded and timed sets add nothing), in `unit`.';
comment on column app_public.volume_week.unit is E'@notNull\nYour unit (kg or lb).';
comment on column app_public.volume_week.work_sets is E'@notNull\nDone work sets (timed and unloaded ones included).';
comment on column app_public.volume_week.workouts is E'@notNull\nWorkouts with at least one done work set.';

create function app_public.weekly_volume(exercise_id uuid default null) returns setof app_public.volume_week
language plpgsql stable as $$
begin
  perform app_hidden.require_user();
  -- The volume columns of workout_sets hold the rule (and the per-set conversion, 2 decimals);
  -- this sums the one in the caller's unit per week.
  return query
  select s.week,
         round(sum(case when u.unit = 'lb' then s.volume_lb else s.volume_kg end)::numeric, 2)::float8,
         u.unit,
         sum(s.work_sets)::int,
         count(distinct s.workout_id) filter (where s.work_sets = 1)::int
    from app_public.users u
    join app_public.workout_sets s on s.user_id = u.id
   where u.id = app_public.current_user_id()
     and (weekly_volume.exercise_id is null or s.exercise_id = weekly_volume.exercise_id)
   group by s.week, u.unit
  having sum(s.work_sets) > 0
   order by s.week;
end;
$$;
comment on function app_public.weekly_volume(uuid) is
  E'@behavior -queryField:resource:connection +queryField:resource:list\n'
  'Your training volume per ISO week (Monday first, oldest week first), in your unit: of one exercise, or of everything without exerciseId. '
  'Only weeks with a done work set appear. Per set the rule of WorkoutSet.volumeKg / volumeLb (per exercise and week in both units: allWorkoutSets groupedAggregates). Signed out: FORBIDDEN.';
grant execute on function app_public.weekly_volume(uuid) to svc_reader;

--------------------------------------------------------------------------------
-- Saving a workout at most once per idempotency key
--------------------------------------------------------------------------------
-- A client makes a key (a UUID) when a workout starts and sends it with every save of that
-- workout: a retry after a lost answer then finds the workout the first save logged instead of
-- logging it again. The key and a hash of the canonical document it saved are kept on the workout
-- (hidden from GraphQL; only apply_workout_document writes them). Keys are per user.
alter table app_public.workouts add column if not exists idempotency_key uuid;
alter table app_public.workouts add column if not exists idempotency_hash bytea;
create unique index if not exists workouts_idempotency_key on app_public.workouts (user_id, idempotency_key)
  where idempotency_key is not null;
comment on index app_public.workouts_idempotency_key is E'One workout per idempotency key and user; what a concurrent second save with the same key waits on.';
comment on column app_public.workouts.idempotency_key is E'@behavior -*\nThe key the workout was logged with (applyWorkoutDocument''s idempotencyKey), unique per user.';
comment on column app_public.workouts.idempotency_hash is E'@behavior -*\nSHA-256 of the canonical document the key first saved: a retry with the same key and document is that save again.';
grant insert (idempotency_key, idempotency_hash) on app_public.workouts to svc_visitor;

drop function if exists app_public.apply_workout_document(jsonb);
drop function if exists app_public.apply_workout_document(jsonb, uuid);
create function app_public.apply_workout_document(doc jsonb, idempotency_key uuid default null,
  out workout_id uuid, out created boolean, out replayed boolean)
language plpgsql volatile as $$
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
    select x.id, x.idempotency_hash into v_held
      from app_public.workouts x
     where x.user_id = v_user and x.idempotency_key = apply_workout_document.idempotency_key;
    if v_held.id is not null and not (c ? 'id') then
      -- The same save again: answer as the first time, change nothing.
      if v_held.idempotency_hash = v_hash then
        workout_id := v_held.id;
        created := true;
        replayed := true;
        return;
      end if;
      raise exception 'idempotencyKey: this key already saved workout % with another document; replace it with "id": "%"', v_held.id, v_held.id
        using errcode = 'SVDUP', detail = v_held.id::text;
    end if;
    if v_held.id is not null and v_held.id <> (c ->> 'id')::uuid then
      raise exception 'idempotencyKey: this key belongs to another workout (%)', v_held.id using errcode = 'SVDUP', detail = v_held.id::text;
    end if;
  end if;
  if c ? 'id' then
    -- A replacement is idempotent by itself: the key (if any) only had to not name another workout.
    v_id := (c ->> 'id')::uuid;
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
      -- A concurrent save with the same key committed first (the insert waited for it): answer
      -- from it, by the same rule as above.
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
comment on function app_public.apply_workout_document(jsonb, uuid) is E'@behavior -*\nSaves a workout document for the signed-in user in one statement: with `id`, replaces that workout whole '
  '(exercises and sets left out are removed); without, logs a new one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with '
  'detail = path and hint = reason (GraphQL INVALID_DOCUMENT). Returns the workout''s id, whether it was created, and whether this was a replay. '
  'idempotency_key (a UUID the client makes per workout, unique per user): without `id`, the first save with a key logs the workout and records '
  'the key; a later save with the same key and the same canonical document changes nothing and answers as the first (created, replayed = true); '
  'with another document it is refused (SVDUP, CONFLICT; detail = the workout id: replace it with `id`). With `id` the replacement goes ahead '
  'as without a key (it is idempotent by itself) unless the key names another workout (SVDUP); the key stays with the workout it logged.';
grant execute on function app_public.apply_workout_document(jsonb, uuid) to svc_visitor;

--------------------------------------------------------------------------------
-- Exercise.records reads the sets records count from the same one home as e1rmSeries
--------------------------------------------------------------------------------
create or replace function app_public.exercises_records(e app_public.exercises) returns json
language sql stable security definer set search_path to pg_catalog, public as $$
  -- Over the caller's sets that records count (app_hidden.record_sets: done, warm-ups excluded,
  -- work, drop and burst sets with a weight and at least one rep). Sets compare in kilograms; values
  -- are shown in the caller's unit (2 decimals). Ties go to the earliest set (date, start, exercise
  -- position, set position).
  with sets as (
    select r.id, r.workout_id, r.date, r.reps, r.start, r.exercise_position, r.set_position as position, r.kg, r.shown, r.unit
      from app_hidden.record_sets(e.id) r
  ), heaviest as (
    select * from sets order by kg desc, date, start, exercise_position, position limit 1
  ), best as (
    select *, app_hidden.e1rm(kg, reps) as e1rm_kg from sets where reps between 1 and 12
     order by app_hidden.e1rm(kg, reps) desc, date, start, exercise_position, position limit 1
  ), at_weight as (
    select distinct on (shown) * from sets order by shown, reps desc, date, start, exercise_position, position
  )
  select json_build_object(
    'heaviest', (select json_build_object('weight', h.shown, 'unit', h.unit, 'reps', h.reps, 'setWeight', h.shown,
                        'date', to_char(h.date, 'YYYY-MM-DD'), 'workoutId', h.workout_id, 'setId', h.id) from heaviest h),
    'bestE1rm', (select json_build_object('weight', trim_scale(round(app_hidden.e1rm(b.shown, b.reps), 2)), 'unit', b.unit, 'reps', b.reps,
                        'setWeight', b.shown, 'date', to_char(b.date, 'YYYY-MM-DD'), 'workoutId', b.workout_id, 'setId', b.id) from best b),
    'repsAtWeight', coalesce((select json_agg(json_build_object('weight', a.shown, 'unit', a.unit, 'reps', a.reps,
                        'date', to_char(a.date, 'YYYY-MM-DD'), 'workoutId', a.workout_id, 'setId', a.id) order by a.shown) from at_weight a), '[]'))
  from (select 1) one;
$$;
comment on function app_public.exercises_records(app_public.exercises) is E'@behavior -*\nYour records on this exercise as JSON (heaviest, bestE1rm, repsAtWeight); exposed as Exercise.records by plugins/progression.ts.';
