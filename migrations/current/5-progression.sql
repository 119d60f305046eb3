--! Progression: next targets from history, warm-ups, drops, bursts, personal records and training volume.
-- Runs after 1-foundation.sql (tables), 2-catalog.sql (exercise regions) and 3-documents.sql (set text,
-- unit conversion and exercise references, reused here).
--
-- Targets are derived from history every time they are asked for, never stored as counters:
--   app_hidden.progression_targets(routine, date)   -> one row per routine exercise: the target and why
--   app_public.routines_next_workout(routine, date) -> GraphQL Routine.nextWorkout(date): a workout document
-- Records: app_public.exercises_records(exercise) (GraphQL Exercise.records) and
--   app_public.workout_sets_personal_record(set) (GraphQL WorkoutSet.personalRecord).
-- Volume: denormalized columns on workout_sets (exercise_id, date, unit, week, volume_kg, volume_lb,
--   work_sets) for @graphile/pg-aggregates grouped aggregates.

--------------------------------------------------------------------------------
-- Small helpers
--------------------------------------------------------------------------------
create function app_hidden.weight_increment(region text, unit text) returns numeric
language sql immutable parallel safe as $$
  select case when region = 'lower' then 5.0 else 2.5 end * case when unit = 'lb' then 2 else 1 end;
$$;
comment on function app_hidden.weight_increment(text, text) is E'The progression step of a lift: 5 kg / 10 lb for lower-body exercises (catalog region `lower`), 2.5 kg / 5 lb otherwise.';

create function app_hidden.snap_weight(weight numeric, increment numeric) returns numeric
language sql immutable parallel safe as $$
  select case when weight is null then null
              else trim_scale(greatest(0, round(weight / increment) * increment)) end;
$$;
comment on function app_hidden.snap_weight(numeric, numeric) is E'A weight rounded to the nearest multiple of the increment (halves away from zero), never below 0.';

create function app_hidden.deload_weight(weight numeric, increment numeric) returns numeric
language sql immutable parallel safe as $$
  -- 90 %, snapped, and at least one increment lower (never below 0).
  select case when weight is null then null
              else trim_scale(greatest(0, least(app_hidden.snap_weight(weight * 0.9, increment), weight - increment))) end;
$$;
comment on function app_hidden.deload_weight(numeric, numeric) is E'A deload: 90 % of the weight snapped to the increment, at least one increment lower, never below 0.';

create function app_hidden.weight_kg(weight numeric, unit text) returns numeric
language sql immutable parallel safe as $$
  select case when unit = 'lb' then weight * 0.45359237 else weight end;
$$;
comment on function app_hidden.weight_kg(numeric, text) is E'A weight in kilograms, unrounded (1 lb = 0.45359237 kg): how records compare sets logged in different units.';

create function app_hidden.e1rm(weight numeric, reps int) returns numeric
language sql immutable parallel safe as $$
  -- Epley, w * (1 + r/30), for 1 to 12 reps; one rep is the weight itself.
  select case when reps = 1 then weight
              when reps between 2 and 12 then weight * (1 + reps / 30.0) end;
$$;
comment on function app_hidden.e1rm(numeric, int) is E'Estimated one-rep max (Epley: w * (1 + r/30)) of a set of 1 to 12 reps; 1 rep is the weight itself; null for other rep counts.';

create function app_hidden.check_date(p_date text) returns date
language plpgsql immutable as $$
begin
  if p_date is null then
    return null;
  end if;
  if p_date !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' or to_char(to_date(p_date, 'YYYY-MM-DD'), 'YYYY-MM-DD') <> p_date then
    raise exception 'date: must be a real calendar date as YYYY-MM-DD' using errcode = 'SVBAD';
  end if;
  return p_date::date;
exception when datetime_field_overflow or invalid_datetime_format then
  raise exception 'date: must be a real calendar date as YYYY-MM-DD' using errcode = 'SVBAD';
end;
$$;
comment on function app_hidden.check_date(text) is E'A `YYYY-MM-DD` argument as a date (null stays null); INVALID_INPUT when it is not a real calendar day.';

--------------------------------------------------------------------------------
-- Volume: columns on workout_sets for grouped aggregates
--------------------------------------------------------------------------------
alter table app_public.workout_sets
  add column exercise_id uuid references app_public.exercises,
  add column date date,
  add column unit text check (unit in ('kg', 'lb')),
  add column week date generated always as (date_trunc('week', date::timestamp)::date) stored,
  add column volume_kg double precision generated always as (
    case when kind = 'work' and done and weight is not null and reps is not null
         then round(weight::numeric * reps * case when unit = 'lb' then 0.45359237 else 1 end, 2)::float8
         else 0 end) stored,
  add column volume_lb double precision generated always as (
    case when kind = 'work' and done and weight is not null and reps is not null
         then round(weight::numeric * reps / case when unit = 'kg' then 0.45359237 else 1 end, 2)::float8
         else 0 end) stored,
  add column work_sets int generated always as (case when kind = 'work' and done then 1 else 0 end) stored;
create index workout_sets_user_exercise_date on app_public.workout_sets (user_id, exercise_id, date);
create index workout_sets_user_week on app_public.workout_sets (user_id, week);
create index workout_sets_exercise on app_public.workout_sets (exercise_id);
comment on column app_public.workout_sets.exercise_id is E'The exercise (the workout exercise''s), kept here for records and per-exercise volume.';
comment on column app_public.workout_sets.date is E'The workout''s date, kept here for grouping.';
comment on column app_public.workout_sets.unit is E'The workout''s unit: the unit of `weight`.';
comment on column app_public.workout_sets.week is E'Monday of the workout''s week (ISO weeks), for weekly volume.';
comment on column app_public.workout_sets.volume_kg is E'Weight x reps in kg for a done work set with a weight; 0 for warm-ups, drops, bursts, sets not done, unloaded and timed sets. Sum it for volume.';
comment on column app_public.workout_sets.volume_lb is E'Weight x reps in lb for a done work set with a weight; 0 otherwise. Sum it for volume.';
comment on column app_public.workout_sets.work_sets is E'1 for a done work set, else 0. Sum it for the number of work sets.';

-- The denormalized columns follow their parents: filled on every insert and update of a set, and
-- refreshed when a workout's date or unit, or a workout exercise's exercise, changes.
create function app_hidden.tg_workout_sets_denormalize() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  select we.exercise_id, w.date, w.unit into new.exercise_id, new.date, new.unit
    from app_public.workout_exercises we
    join app_public.workouts w on w.id = we.workout_id
   where we.id = new.workout_exercise_id;
  return new;
end;
$$;
comment on function app_hidden.tg_workout_sets_denormalize() is E'Trigger: copies exercise_id (from the workout exercise), date and unit (from the workout) onto a set.';
create trigger _300_denormalize before insert or update on app_public.workout_sets
  for each row execute procedure app_hidden.tg_workout_sets_denormalize();

create function app_hidden.tg_workout_sets_refresh() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  if tg_table_name = 'workouts' then
    update app_public.workout_sets s set date = new.date, unit = new.unit
      from app_public.workout_exercises we
     where we.workout_id = new.id and s.workout_exercise_id = we.id;
  else
    update app_public.workout_sets s set exercise_id = new.exercise_id where s.workout_exercise_id = new.id;
  end if;
  return null;
end;
$$;
comment on function app_hidden.tg_workout_sets_refresh() is E'Trigger: refreshes the copies on workout_sets when a workout''s date or unit, or a workout exercise''s exercise, changes.';
create trigger _300_refresh_sets after update of date, unit on app_public.workouts
  for each row when (old.date is distinct from new.date or old.unit is distinct from new.unit)
  execute procedure app_hidden.tg_workout_sets_refresh();
create trigger _300_refresh_sets after update of exercise_id on app_public.workout_exercises
  for each row when (old.exercise_id is distinct from new.exercise_id)
  execute procedure app_hidden.tg_workout_sets_refresh();

-- Rows written before this migration (none on a fresh database) get their copies.
update app_public.workout_sets s set exercise_id = we.exercise_id, date = w.date, unit = w.unit
  from app_public.workout_exercises we join app_public.workouts w on w.id = we.workout_id
 where we.id = s.workout_exercise_id;
alter table app_public.workout_sets
  alter column exercise_id set not null,
  alter column date set not null,
  alter column unit set not null,
  alter column week set not null,
  alter column volume_kg set not null,
  alter column volume_lb set not null,
  alter column work_sets set not null;

--------------------------------------------------------------------------------
-- Targets from history
--------------------------------------------------------------------------------
create type app_hidden.progression_target as (
  routine_exercise_id uuid,
  position int,
  exercise_id uuid,
  rule text,
  weight numeric,
  reps int,
  seconds int,
  sessions int,
  note text
);
comment on type app_hidden.progression_target is E'The next target of one routine exercise: rule applied (linear, greyskull, double, time, none or deload), '
  'weight (in the routine''s unit; null for unloaded work), reps or seconds per work set, how many history sessions were replayed, and a short explanation.';

create function app_hidden.progression_first_note(rule text, sets int, reps int, seconds int, weight numeric, unit text) returns text
language sql immutable parallel safe as $$
  select case rule
    when 'deload' then 'Deload routine: '
    when 'none' then 'Progression none: '
    else 'No history yet: ' end
    || sets || 'x' || coalesce(reps::text, app_hidden.format_duration(seconds), '?')
    || coalesce(' at ' || weight || ' ' || unit, '')
    || case rule
    when 'deload' then ' as written; progression paused.'
    when 'none' then ' as written.'
    else ' as written (' || rule || ').' end;
$$;
comment on function app_hidden.progression_first_note(text, int, int, int, numeric, text) is E'The explanation of a target no session has moved: no history yet, progression none, or a deload routine.';

create function app_hidden.progression_targets(p_routine app_public.routines, p_date date)
returns setof app_hidden.progression_target
language plpgsql stable security definer set search_path to pg_catalog, public as $$
-- Replays the history of each routine exercise, oldest to newest, judging each session against the
-- target computed at that point.
--
-- History of a routine exercise: the owner's workouts that name this routine, dated on or before
-- p_date, not skipProgression, in which at least one set (of any exercise) is done (a workout
-- with nothing done is still a plan, not a session), ordered by date, start, id; in each, the
-- workout exercise for this exercise that is not skipProgression. When the routine lists the same
-- exercise more than once, the k-th occurrence in the routine follows the k-th in each workout.
-- A deload routine never moves: its written targets, and its workouts feed no routine's history
-- (they name the deload routine, not another one).
--
-- Judging a session (the routine exercise has `sets` = n work sets): only work sets count (never
-- warm-ups, drops or bursts). It is a hit when there are at least n work sets and each of the first
-- n is done, meets the target reps (or, without reps, the target seconds) and the target weight.
-- A set not done, a missing set, fewer reps or a lighter weight is a miss. Extra work sets beyond
-- n are ignored. Weights are compared in the routine's unit: a set logged in another unit counts
-- when converted it is within 0.01 of the target, or when it is at least the target as
-- nextWorkout would have shown it in that unit (converted, then snapped to that unit's increment),
-- so doing exactly the weight prescribed in lb for a kg routine is a hit.
--
-- Rules (the exercise's progression, else the routine's, else linear):
-- - linear: hit -> + increment; third miss in a row -> deload (90 %, snapped, at least one
--   increment lower) and the count starts again; other misses -> same weight.
-- - greyskull: the last work set is as many reps as possible. Hit with at least twice the target
--   reps on it -> + 2 increments; hit -> + increment; any miss -> deload at once.
-- - double: reps is a range low-high, the rep target starts at low. All n sets at the top (reps
--   >= high at the target weight) -> + increment and back to low. Otherwise the next rep target is
--   the lowest of the n sets plus one, kept within the range (a set not done, missing or lighter
--   counts 0 reps). A rep is gained when the session's total reps over the n sets beats the best
--   total at this weight; the first session at a weight sets that best. Three sessions in a row
--   with no rep gained -> deload, back to low.
-- - time: every set held for the target seconds -> + 5 s; third miss in a row -> 90 % snapped to
--   5 s, at least 5 s shorter, never under 5 s. Without a time target it behaves as none.
-- - none: the targets as written.
-- Unloaded work (no weight written) cannot gain weight: linear and greyskull keep the targets,
-- double stops at the top of the range. The increment is 5 kg / 10 lb for region lower, else
-- 2.5 kg / 5 lb, in the routine's unit. Adding it keeps the written weight's steps (225 lb + 10 lb
-- is 235 lb, 101 kg + 2.5 kg is 103.5 kg): what the lifter loads. Weights derived by a percentage
-- (deloads here; warm-ups, drops and unit conversions in nextWorkout) snap to the nearest multiple
-- of the increment. Weights stay at most 10000 and times at most a day (the set text limits).
declare
  v_s record;
  v_re_id uuid;
  v_re_position int;
  v_re_exercise uuid;
  v_re_seconds int;
  v_rule text;
  v_inc numeric;
  v_w numeric;
  v_shown numeric;
  v_t int;
  v_secs int;
  v_n int;
  v_low int;
  v_high int;
  v_misses int;
  v_stall int;
  v_best int;
  v_sessions int;
  v_note text;
  v_cnt int;
  v_hit boolean;
  v_top boolean;
  v_lowest int;
  v_total int;
  v_ok boolean;
  v_wok boolean;
  v_r int;
  v_amrap int;
  v_new numeric;
  v_what text;
  v_at text;
  v_date text;
  v_last boolean;
  v_weights numeric[];
  v_reps int[];
  v_seconds int[];
  v_done boolean[];
  i int;
begin
  -- One pass over the whole history: every routine exercise (in position order) with its sessions
  -- (oldest first); a routine exercise without history comes once with a null session.
  for v_s in
    with re as (
      select re.id, re.position, re.exercise_id, re.sets, re.reps_low, re.reps_high, re.seconds as re_seconds,
             trim_scale(re.weight::numeric) as weight, e.region,
             row_number() over (partition by re.exercise_id order by re.position) as occurrence,
             case when p_routine.deload then 'deload'
                  when coalesce(re.progression, p_routine.progression) = 'time' and (re.reps_low is not null or re.seconds is null) then 'none'
                  when coalesce(re.progression, p_routine.progression) = 'double' and re.reps_low is null then 'none'
                  else coalesce(re.progression, p_routine.progression) end as rule
        from app_public.routine_exercises re
        join app_public.exercises e on e.id = re.exercise_id
       where re.routine_id = p_routine.id
    ), history as (
      select w.id, w.date, w.start, w.unit
        from app_public.workouts w
       where w.user_id = p_routine.user_id
         and w.routine_id = p_routine.id
         and w.date <= p_date
         and not w.skip_progression
         and exists (select 1 from app_public.workout_sets d where d.workout_id = w.id and d.done)
    ), occurrences as (
      select we.id, we.exercise_id, we.skip_progression, h.date, h.start, h.id as workout_id, h.unit,
             row_number() over (partition by we.workout_id, we.exercise_id order by we.position) as occurrence
        from history h
        join app_public.workout_exercises we on we.workout_id = h.id
       where we.exercise_id in (select re.exercise_id from re where re.rule in ('linear', 'greyskull', 'double', 'time'))
    ), work_sets as (
      select s.workout_exercise_id,
             array_agg(s.weight::numeric order by s.position) as weights, array_agg(s.reps order by s.position) as reps,
             array_agg(s.seconds order by s.position) as seconds, array_agg(s.done order by s.position) as done
        from app_public.workout_sets s
       where s.workout_id in (select h.id from history h) and s.kind = 'work'
       group by s.workout_exercise_id
    )
    select re.*, o.date, o.unit as wunit,
           row_number() over (partition by re.id order by o.date, o.start, o.workout_id) as session_no,
           count(o.id) over (partition by re.id) as session_count,
           coalesce(ws.weights, '{}') as weights, coalesce(ws.reps, '{}') as reps,
           coalesce(ws.seconds, '{}') as seconds, coalesce(ws.done, '{}') as done
      from re
      left join occurrences o
        on o.exercise_id = re.exercise_id and o.occurrence = re.occurrence and not o.skip_progression
       and re.rule in ('linear', 'greyskull', 'double', 'time')
      left join work_sets ws on ws.workout_exercise_id = o.id
     order by re.position, o.date, o.start, o.workout_id
  loop
    if v_re_id is distinct from v_s.id then
      if v_re_id is not null then
        if v_note is null then
          v_note := app_hidden.progression_first_note(v_rule, v_n, v_t, coalesce(v_secs, v_re_seconds), v_w, p_routine.unit);
        end if;
        return next row(v_re_id, v_re_position, v_re_exercise, v_rule, v_w, v_t, case when v_t is null then coalesce(v_secs, v_re_seconds) end,
                        v_sessions, v_note || case when v_rule = 'greyskull' then ' Last set: as many reps as possible.' else '' end)::app_hidden.progression_target;
      end if;
      v_re_id := v_s.id;
      v_re_position := v_s.position;
      v_re_exercise := v_s.exercise_id;
      v_re_seconds := v_s.re_seconds;
      v_rule := v_s.rule;
      v_inc := app_hidden.weight_increment(v_s.region, p_routine.unit);
      v_w := v_s.weight;
      v_n := v_s.sets;
      v_low := v_s.reps_low;
      v_high := coalesce(v_s.reps_high, v_s.reps_low);
      v_t := v_low;
      v_secs := case when v_low is null then v_s.re_seconds end;
      v_misses := 0;
      v_stall := 0;
      v_best := null;
      v_sessions := 0;
      -- Each routine exercise explains itself; never carry the previous one's note over.
      v_note := null;
      v_last := null;
    end if;
    continue when v_s.date is null;

    v_sessions := v_sessions + 1;
    -- Only the last session's explanation is shown: notes are written for it alone.
    v_last := v_s.session_no = v_s.session_count;
    v_weights := v_s.weights;
    v_reps := v_s.reps;
    v_seconds := v_s.seconds;
    v_done := v_s.done;
    v_cnt := coalesce(array_length(v_weights, 1), 0);
    v_hit := v_cnt >= v_n;
    v_top := v_cnt >= v_n;
    v_lowest := null;
    v_total := 0;
    if v_w is not null and v_s.wunit <> p_routine.unit then
      -- The target as nextWorkout showed it in this workout's unit.
      v_shown := app_hidden.snap_weight(app_hidden.convert_weight(v_w, p_routine.unit, v_s.wunit),
                                        app_hidden.weight_increment(v_s.region, v_s.wunit));
    end if;
    for i in 1 .. v_n loop
      if i > v_cnt then
        v_ok := false;
        v_top := false;
        v_r := 0;
      else
        v_wok := v_done[i] and (
          v_w is null or v_w = 0
          or (v_weights[i] is not null and (
                (v_s.wunit = p_routine.unit and v_weights[i] >= v_w - 0.01)
                or (v_s.wunit <> p_routine.unit and (v_weights[i] >= v_shown - 0.01
                    or app_hidden.convert_weight(v_weights[i], v_s.wunit, p_routine.unit) >= v_w - 0.01)))));
        v_ok := v_wok and (
          case when v_t is not null then coalesce(v_reps[i] >= v_t, false)
               when v_secs is not null then coalesce(v_seconds[i] >= v_secs, false)
               else true end);
        v_r := case when v_wok then coalesce(v_reps[i], 0) else 0 end;
        v_top := v_top and v_wok and coalesce(v_reps[i] >= v_high, false);
      end if;
      v_hit := v_hit and v_ok;
      v_lowest := least(v_lowest, v_r);
      v_total := v_total + v_r;
    end loop;

    if v_last then
      v_date := to_char(v_s.date, 'YYYY-MM-DD');
      v_what := v_n || 'x' || coalesce(v_t::text, app_hidden.format_duration(v_secs), '?');
      v_at := case when v_w is null then '' else ' at ' || v_w || ' ' || p_routine.unit end;
    end if;

    if v_rule = 'linear' then
      if v_hit then
        v_misses := 0;
        if v_w is null then
          if v_last then
            v_note := format('Last session (%s) hit %s: no weight to add, same targets.', v_date, v_what);
          end if;
        else
          v_new := trim_scale(least(10000, v_w + v_inc));
          if v_last then
            v_note := format('Last session (%s) hit %s%s: +%s %s to %s %s.', v_date, v_what, v_at, trim_scale(v_inc), p_routine.unit, v_new, p_routine.unit);
          end if;
          v_w := v_new;
        end if;
      else
        v_misses := v_misses + 1;
        if v_misses >= 3 and v_w is not null then
          v_new := app_hidden.deload_weight(v_w, v_inc);
          if v_last then
            v_note := format('Three misses in a row%s (last %s): deload to 90 %%, %s %s.', v_at, v_date, v_new, p_routine.unit);
          end if;
          v_w := v_new;
          v_misses := 0;
        else
          if v_last then
            v_note := format('Last session (%s) missed %s%s (miss %s of 3): same targets.', v_date, v_what, v_at, least(v_misses, 3));
          end if;
          if v_misses >= 3 then
            v_misses := 0;
          end if;
        end if;
      end if;
    elsif v_rule = 'greyskull' then
      v_amrap := case when v_cnt >= v_n then v_reps[v_n] end;
      if v_hit and v_w is not null and v_t > 0 and v_amrap >= 2 * v_t then
        v_new := trim_scale(least(10000, v_w + 2 * v_inc));
        if v_last then
          v_note := format('Last session (%s) hit %s%s with %s reps on the last set: +%s %s to %s %s.', v_date, v_what, v_at, v_amrap, trim_scale(2 * v_inc), p_routine.unit, v_new, p_routine.unit);
        end if;
        v_w := v_new;
      elsif v_hit and v_w is not null then
        v_new := trim_scale(least(10000, v_w + v_inc));
        if v_last then
          v_note := format('Last session (%s) hit %s%s: +%s %s to %s %s.', v_date, v_what, v_at, trim_scale(v_inc), p_routine.unit, v_new, p_routine.unit);
        end if;
        v_w := v_new;
      elsif v_hit then
        if v_last then
          v_note := format('Last session (%s) hit %s: no weight to add, same targets.', v_date, v_what);
        end if;
      elsif v_w is not null then
        v_new := app_hidden.deload_weight(v_w, v_inc);
        if v_last then
          v_note := format('Last session (%s) missed %s%s: deload to 90 %%, %s %s.', v_date, v_what, v_at, v_new, p_routine.unit);
        end if;
        v_w := v_new;
      else
        if v_last then
          v_note := format('Last session (%s) missed %s: same targets.', v_date, v_what);
        end if;
      end if;
    elsif v_rule = 'double' then
      if v_top and v_w is not null then
        v_new := trim_scale(least(10000, v_w + v_inc));
        if v_last then
          v_note := format('Last session (%s): all %s sets at the top of %s-%s%s: +%s %s to %s %s, back to %s reps.',
                           v_date, v_n, v_low, v_high, v_at, trim_scale(v_inc), p_routine.unit, v_new, p_routine.unit, v_low);
        end if;
        v_w := v_new;
        v_t := v_low;
        v_best := null;
        v_stall := 0;
      elsif v_top then
        v_t := v_high;
        if v_last then
          v_note := format('Last session (%s): all %s sets at the top of %s-%s: no weight to add, stay at %s reps.', v_date, v_n, v_low, v_high, v_high);
        end if;
      else
        if v_best is null or v_total > v_best then
          v_best := v_total;
          v_stall := 0;
        else
          v_stall := v_stall + 1;
        end if;
        if v_stall >= 3 then
          v_new := app_hidden.deload_weight(v_w, v_inc);
          if v_last then
            v_note := case when v_w is null
              then format('No rep gained in three sessions (last %s): back to %s reps.', v_date, v_low)
              else format('No rep gained in three sessions%s (last %s): deload to 90 %%, %s %s, back to %s reps.', v_at, v_date, v_new, p_routine.unit, v_low) end;
          end if;
          v_w := v_new;
          v_t := v_low;
          v_best := null;
          v_stall := 0;
        else
          v_t := greatest(v_low, least(v_high, v_lowest + 1));
          if v_last then
            v_note := format('Last session (%s): lowest set %s reps%s: aim for %s (range %s-%s).', v_date, v_lowest, v_at, v_t, v_low, v_high);
          end if;
        end if;
      end if;
    elsif v_rule = 'time' then
      if v_hit then
        v_misses := 0;
        v_secs := least(86400, v_secs + 5);
        if v_last then
          v_note := format('Last session (%s) held %s%s: +5 s to %s.', v_date, v_what, v_at, app_hidden.format_duration(v_secs));
        end if;
      else
        v_misses := v_misses + 1;
        if v_misses >= 3 then
          if v_last then
            v_note := format('Three misses in a row at %s (last %s): ', app_hidden.format_duration(v_secs), v_date);
          end if;
          v_secs := greatest(5, least(round(v_secs * 0.9 / 5)::int * 5, v_secs - 5));
          if v_last then
            v_note := v_note || format('90 %%, %s.', app_hidden.format_duration(v_secs));
          end if;
          v_misses := 0;
        else
          if v_last then
            v_note := format('Last session (%s) missed %s%s (miss %s of 3): same time.', v_date, v_what, v_at, v_misses);
          end if;
        end if;
      end if;
    end if;
  end loop;
  if v_re_id is not null then
    if v_note is null then
      v_note := app_hidden.progression_first_note(v_rule, v_n, v_t, coalesce(v_secs, v_re_seconds), v_w, p_routine.unit);
    end if;
    return next row(v_re_id, v_re_position, v_re_exercise, v_rule, v_w, v_t, case when v_t is null then coalesce(v_secs, v_re_seconds) end,
                    v_sessions, v_note || case when v_rule = 'greyskull' then ' Last set: as many reps as possible.' else '' end)::app_hidden.progression_target;
  end if;
end;
$$;
comment on function app_hidden.progression_targets(app_public.routines, date) is E'The next targets of each exercise of a routine on a date, replayed from the owner''s history (see the comment in the function body for every rule).';

--------------------------------------------------------------------------------
-- The next workout of a routine, as a workout document
--------------------------------------------------------------------------------
create function app_hidden.planned_sets(p_kind text, p_weight numeric, p_bodyweight boolean, p_reps int, p_seconds int,
  p_sets int, p_warmups int, p_drops int, p_bursts int, p_increment numeric) returns text[]
language plpgsql immutable as $$
-- Set texts, in order: warm-ups (w:), work sets, drops (d:), bursts (rp:).
-- Warm-ups ramp toward a loaded work weight: one at 50 %; two or more spread evenly from 40 % to
-- 80 %; each snapped to the increment and never above the work weight, with fewer reps
-- (reps * (1.2 - share), at least 1, at most the work reps); a warm-up that would snap to 0 is
-- left out. None for unloaded (no weight, weight 0, bodyweight) or timed work.
-- Drops follow the last work set, each about 20 % lighter than the one before (snapped, at least
-- one increment lighter; they stop before reaching 0), at the work reps. None for unloaded or timed work.
-- Bursts (rest-pause) follow, at the work weight, a third of the work reps (at least 1). None for timed work.
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
      v_w := least(app_hidden.snap_weight(p_weight * v_share, p_increment), p_weight);
      if v_w > 0 then
        v_out := v_out || app_hidden.format_set('warmup', v_w, false,
          least(v_reps, greatest(1, round(v_reps * (1.2 - v_share))::int)), null, null);
      end if;
    end loop;
  end if;
  for i in 1 .. p_sets loop
    v_out := v_out || app_hidden.format_set('work', p_weight, p_bodyweight, v_reps, p_seconds, null);
  end loop;
  if v_loaded then
    v_prev := p_weight;
    for i in 1 .. p_drops loop
      v_w := app_hidden.snap_weight(v_prev * 0.8, p_increment);
      if v_w >= v_prev then
        v_w := v_prev - p_increment;
      end if;
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
$$;
comment on function app_hidden.planned_sets(text, numeric, boolean, int, int, int, int, int, int, numeric) is E'The set texts of one planned exercise: warm-ups ramped toward the work weight, the work sets, drops about 20 % lighter each, rest-pause bursts (rules in the function body).';

create function app_public.routines_next_workout(r app_public.routines, date text default null) returns json
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_date date := coalesce(app_hidden.check_date(routines_next_workout.date), current_date);
  v_user app_public.users;
  v_exercises json;
begin
  select u.* into v_user from app_public.users u where u.id = app_public.current_user_id();
  if v_user.id is null or r.user_id is distinct from v_user.id then
    return null;
  end if;
  select coalesce(json_agg(json_strip_nulls(json_build_object(
           'exercise', app_hidden.exercise_reference(t.exercise_id),
           'superset', re.superset,
           'note', left(t.note || case when r.unit <> v_user.unit and t.weight is not null
                                       then format(' Routine in %s: %s %s is %s %s.', r.unit, t.weight, r.unit, x.weight, v_user.unit)
                                       else '' end, 500),
           'sets', (select json_agg(json_build_object('set', p.text, 'done', false) order by p.ord)
                      from unnest(app_hidden.planned_sets(
                             'work', x.weight, e.equipment = 'bodyweight' and x.weight is null, t.reps, t.seconds,
                             re.sets, re.warmups, re.drops, re.bursts, x.increment)) with ordinality as p(text, ord))))
           order by t.position), '[]')
    into v_exercises
    from app_hidden.progression_targets(r, v_date) t
    join app_public.routine_exercises re on re.id = t.routine_exercise_id
    join app_public.exercises e on e.id = t.exercise_id,
    lateral (select app_hidden.weight_increment(e.region, v_user.unit) as increment) i,
    lateral (select case when t.weight is null then null
                         when r.unit = v_user.unit then t.weight
                         else least(10000, app_hidden.snap_weight(app_hidden.convert_weight(t.weight, r.unit, v_user.unit), i.increment)) end as weight,
                    i.increment) x;
  return json_build_object(
    'name', r.name,
    'date', to_char(v_date, 'YYYY-MM-DD'),
    'start', to_char(v_date, 'YYYY-MM-DD') || 'T12:00:00Z',
    'unit', v_user.unit,
    'effort', v_user.effort,
    'routine', r.id,
    'exercises', v_exercises);
end;
$$;
comment on function app_public.routines_next_workout(app_public.routines, text) is E'@behavior -aggregate -havingBy -orderBy -filterBy\nThe next workout of this routine for a date (YYYY-MM-DD, default today) as a workout document to apply: '
  'every set planned (`done: false`): warm-ups (`w:`), work sets at the targets progression derives from your history of this routine, drops (`d:`) and bursts (`rp:`); '
  'weights in your unit (converted and snapped to your increment when the routine has another unit), and for each exercise a note saying why its target is what it is.';

create function app_public.next_workout(routine text, date text default null) returns json
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_user();
  v_routine app_public.routines;
begin
  if next_workout.routine is null then
    raise exception 'routine: required (a routine id or name)' using errcode = 'SVBAD';
  end if;
  perform app_hidden.check_date(next_workout.date);
  if next_workout.routine ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    select r.* into v_routine from app_public.routines r where r.id = next_workout.routine::uuid and r.user_id = v_user;
  end if;
  if v_routine.id is null then
    select r.* into v_routine from app_public.routines r where r.user_id = v_user and lower(r.name) = lower(next_workout.routine);
  end if;
  if v_routine.id is null then
    return null;
  end if;
  return app_public.routines_next_workout(v_routine, next_workout.date);
end;
$$;
comment on function app_public.next_workout(text, text) is E'The next workout of one of your routines, by id or by name (ignoring case), for a date (YYYY-MM-DD, default today): '
  'the same document as Routine.nextWorkout; null when you have no such routine. What `svc routine next` prints.';

--------------------------------------------------------------------------------
-- Personal records
--------------------------------------------------------------------------------
create function app_public.exercises_records(e app_public.exercises) returns json
language sql stable security definer set search_path to pg_catalog, public as $$
  -- Over the caller's done sets of this exercise with a weight and at least one rep, warm-ups
  -- excluded (work, drop and burst sets count). Sets compare in kilograms; values are shown in the
  -- caller's unit (2 decimals). Ties go to the earliest set (date, start, exercise position, set position).
  with me as (
    select u.id, u.unit from app_public.users u where u.id = app_public.current_user_id()
  ), sets as (
    select s.id, s.workout_id, s.date, s.reps, w.start, we.position as exercise_position, s.position,
           app_hidden.weight_kg(s.weight::numeric, s.unit) as kg,
           app_hidden.convert_weight(s.weight::numeric, s.unit, me.unit) as shown,
           me.unit
      from me
      join app_public.workout_sets s on s.user_id = me.id and s.exercise_id = e.id
      join app_public.workout_exercises we on we.id = s.workout_exercise_id
      join app_public.workouts w on w.id = s.workout_id
     where s.done and s.kind <> 'warmup' and s.weight is not null and s.reps >= 1
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

create function app_public.workout_sets_personal_record(s app_public.workout_sets) returns boolean
language sql stable security definer set search_path to pg_catalog, public as $$
  -- A done, non-warm-up set with a weight and at least one rep is a personal record when it beats
  -- every earlier such set of the same exercise (by date, then start, then exercise position, then
  -- set position) on weight, or, for 1 to 12 reps, on estimated one-rep max. Beating means more by
  -- at least 0.005 kg (conversions between units round to 2 decimals). The first such set ever is a record.
  with me as (select app_public.current_user_id() as id),
  this as (
    select w.start, we.position as exercise_position,
           app_hidden.weight_kg(s.weight::numeric, s.unit) as kg,
           app_hidden.e1rm(app_hidden.weight_kg(s.weight::numeric, s.unit), s.reps) as e1rm
      from app_public.workouts w, app_public.workout_exercises we
     where w.id = s.workout_id and we.id = s.workout_exercise_id
  ), earlier as (
    select max(app_hidden.weight_kg(p.weight::numeric, p.unit)) as kg,
           max(app_hidden.e1rm(app_hidden.weight_kg(p.weight::numeric, p.unit), p.reps)) as e1rm
      from this, app_public.workout_sets p
      join app_public.workouts pw on pw.id = p.workout_id
      join app_public.workout_exercises pwe on pwe.id = p.workout_exercise_id
     where p.user_id = s.user_id and p.exercise_id = s.exercise_id and p.id <> s.id
       and p.done and p.kind <> 'warmup' and p.weight is not null and p.reps >= 1
       and p.date <= s.date
       and (p.date, pw.start, pwe.position, p.position) < (s.date, this.start, this.exercise_position, s.position)
  )
  select case
    when s.user_id is distinct from (select id from me) then null
    when not s.done or s.kind = 'warmup' or s.weight is null or coalesce(s.reps, 0) < 1 then false
    else (earlier.kg is null or this.kg > earlier.kg + 0.005)
      or (this.e1rm is not null and (earlier.e1rm is null or this.e1rm > earlier.e1rm + 0.005))
  end
  from this, earlier;
$$;
comment on function app_public.workout_sets_personal_record(app_public.workout_sets) is E'@notNull\n@behavior -aggregate -havingBy -orderBy -filterBy\nTrue when this set beat every earlier set of its exercise (by date, then start, then position) on heaviest weight or on estimated one-rep max (Epley, 1 to 12 reps); '
  'warm-ups, sets not done and sets without a weight or reps are never records. The first weighted set of an exercise is a record.';

--------------------------------------------------------------------------------
-- Grants
--------------------------------------------------------------------------------
grant execute on function
  app_hidden.weight_increment(text, text), app_hidden.snap_weight(numeric, numeric), app_hidden.deload_weight(numeric, numeric),
  app_hidden.weight_kg(numeric, text), app_hidden.e1rm(numeric, int), app_hidden.check_date(text),
  app_hidden.progression_first_note(text, int, int, int, numeric, text), app_hidden.progression_targets(app_public.routines, date),
  app_hidden.planned_sets(text, numeric, boolean, int, int, int, int, int, int, numeric),
  app_public.routines_next_workout(app_public.routines, text), app_public.next_workout(text, text), app_public.exercises_records(app_public.exercises),
  app_public.workout_sets_personal_record(app_public.workout_sets)
to svc_reader;
