-- Records carry the record set's weight as entered and its unit, for the display rule's "374.8 lb (170 kg)".
create or replace function app_public.exercises_records(e app_public.exercises)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  -- Weighted records over the caller's sets that records count (app_hidden.record_sets: done,
  -- warm-ups excluded, work, drop and burst sets with a weight and at least one rep). Sets compare
  -- in kilograms; values are shown in the caller's unit (2 decimals). Ties go to the earliest set
  -- (date, start, exercise position, set position). Bodyweight and timed records read the caller's
  -- other done, non-warm-up sets of the exercise: without a weight (most reps), and with a time.
  -- A weighted bodyweight set (`bw+20x5`) is a record of the load added (added_load): its weight
  -- records say so; it estimates a one-rep max of bodyweight plus that load, with the bodyweight
  -- logged on or before its day, and none when no bodyweight is known then. Each weight record also
  -- carries the set's weight as entered and its unit (enteredWeight, enteredUnit), for a client to
  -- show beside the converted value.
  with sets as (
    select r.id, r.workout_id, r.date, r.reps, r.start, r.exercise_position, r.set_position as position, r.kg, r.shown, r.unit,
           ws.bodyweight as added_load, bw.shown as bodyweight, ws.weight::numeric as entered, ws.unit as entered_unit,
           case when not ws.bodyweight then r.kg else r.kg + bw.kg end as est_kg,
           case when not ws.bodyweight then r.shown else r.shown + bw.shown end as est_shown
      from app_hidden.record_sets(e.id) r
      join app_public.workout_sets ws on ws.id = r.id
      left join lateral (
        select app_hidden.weight_kg(b.weight::numeric, b.unit) as kg, app_hidden.convert_weight(b.weight::numeric, b.unit, r.unit) as shown
          from app_public.bodyweights b
         where ws.bodyweight and b.user_id = ws.user_id and b.date <= r.date
         order by b.date desc limit 1) bw on true
  ), heaviest as (
    select * from sets order by kg desc, date, start, exercise_position, position limit 1
  ), best as (
    select * from sets where reps between 1 and 12 and est_kg is not null
     order by app_hidden.e1rm(est_kg, reps) desc, date, start, exercise_position, position limit 1
  ), at_weight as (
    select distinct on (shown, added_load) * from sets order by shown, added_load, reps desc, date, start, exercise_position, position
  ), me as (
    select u.id, u.unit from app_public.users u where u.id = app_public.current_user_id()
  ), other_sets as (
    select s.id, s.workout_id, s.date, w.start, we.position as exercise_position, s.position, s.reps, s.seconds,
           app_hidden.convert_weight(s.weight::numeric, s.unit, me.unit) as shown, s.weight
      from me
      join app_public.workout_sets s on s.user_id = me.id and s.exercise_id = e.id
      join app_public.workout_exercises we on we.id = s.workout_exercise_id
      join app_public.workouts w on w.id = s.workout_id
     where s.done and s.kind <> 'warmup' and ((s.weight is null and s.reps >= 1 and s.seconds is null) or s.seconds >= 1)
  ), most_reps as (
    select * from other_sets where weight is null and reps >= 1 and seconds is null
     order by reps desc, date, start, exercise_position, position limit 1
  ), longest as (
    select * from other_sets where seconds >= 1
     order by seconds desc, date, start, exercise_position, position limit 1
  ), rep_max as (
    -- For n reps: the heaviest set of at least n reps, and n reps at the best estimated 1RM (Epley inverted).
    select n.reps, a.id, a.shown, a.unit, a.entered, a.entered_unit, a.reps as set_reps, a.date, a.workout_id, a.added_load,
           (select trim_scale(round(app_hidden.e1rm(b.est_shown, b.reps) / (1 + case when n.reps = 1 then 0 else n.reps / 30.0 end), 2))
              from best b) as estimated
      from unnest(app_hidden.rep_max_reps()) as n(reps)
      left join lateral (select * from sets s where s.reps >= n.reps
                          order by s.kg desc, s.date, s.start, s.exercise_position, s.position limit 1) a on true
  )
  select json_build_object(
    'heaviest', (select json_build_object('weight', h.shown, 'unit', h.unit, 'reps', h.reps, 'setWeight', h.shown,
                        'enteredWeight', h.entered, 'enteredUnit', h.entered_unit, 'addedLoad', h.added_load, 'bodyweight', null,
                        'date', to_char(h.date, 'YYYY-MM-DD'), 'workoutId', h.workout_id, 'setId', h.id) from heaviest h),
    'bestE1rm', (select json_build_object('weight', trim_scale(round(app_hidden.e1rm(b.est_shown, b.reps), 2)), 'unit', b.unit, 'reps', b.reps,
                        'setWeight', b.shown, 'enteredWeight', b.entered, 'enteredUnit', b.entered_unit, 'addedLoad', b.added_load, 'bodyweight', b.bodyweight,
                        'date', to_char(b.date, 'YYYY-MM-DD'), 'workoutId', b.workout_id, 'setId', b.id) from best b),
    'repsAtWeight', coalesce((select json_agg(json_build_object('weight', a.shown, 'unit', a.unit, 'reps', a.reps, 'addedLoad', a.added_load,
                        'enteredWeight', a.entered, 'enteredUnit', a.entered_unit,
                        'date', to_char(a.date, 'YYYY-MM-DD'), 'workoutId', a.workout_id, 'setId', a.id) order by a.shown, a.added_load) from at_weight a), '[]'),
    'bodyweightReps', (select json_build_object('reps', m.reps, 'date', to_char(m.date, 'YYYY-MM-DD'), 'workoutId', m.workout_id, 'setId', m.id)
                         from most_reps m),
    'longestHold', (select json_build_object('seconds', l.seconds, 'weight', l.shown, 'unit', coalesce((select unit from me), 'kg'),
                      'date', to_char(l.date, 'YYYY-MM-DD'), 'workoutId', l.workout_id, 'setId', l.id) from longest l),
    'repMaxes', (select json_agg(json_build_object(
                   'reps', r.reps,
                   'unit', coalesce((select unit from me), 'kg'),
                   'actual', case when r.id is not null then json_build_object('weight', r.shown, 'unit', r.unit,
                               'reps', r.set_reps, 'setWeight', r.shown, 'enteredWeight', r.entered, 'enteredUnit', r.entered_unit, 'addedLoad', r.added_load, 'bodyweight', null,
                               'date', to_char(r.date, 'YYYY-MM-DD'),
                               'workoutId', r.workout_id, 'setId', r.id) end,
                   'estimated', r.estimated) order by r.reps) from rep_max r))
  from (select 1) one;
$function$;
comment on function app_public.exercises_records(e app_public.exercises) is E'@behavior -*\nYour records on this exercise as JSON: heaviest, bestE1rm, repsAtWeight (sets with a weight), bodyweightReps (most reps in a set without a weight), longestHold (longest timed set) and repMaxes (1, 3, 5, 8, 10 reps: actual and estimated); exposed as Exercise.records (plugins/progression.ts; the fields beyond weight in plugins/exercise-records.ts).';
grant execute on function app_public.exercises_records(e app_public.exercises) to svc_reader;
