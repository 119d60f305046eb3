-- The Last column of a program day shows that day's last session: lastPerformance takes the
-- routine being logged and prefers its latest workout with a done set of the exercise, else the
-- latest workout overall (a 5/3/1 day no longer shows a GZCLP session of the same lift).
drop function if exists app_public.last_performance(text[], uuid);
create or replace function app_public.last_performance(exercises text[], except_workout_id uuid default null,
  routine uuid default null)
 RETURNS SETOF app_public.last_performance
 LANGUAGE plpgsql
 STABLE
AS $function$
declare
  v_me uuid := app_hidden.require_user();
begin
  if cardinality(exercises) > 100 then
    raise exception 'exercises: at most 100 exercises at a time' using errcode = 'SVBAD';
  end if;
  -- One pass: every reference resolved at once (the rule of documents); for each exercise named
  -- (once, however often it is asked), the routine's latest workout with a done set of it when a
  -- routine is given, else its latest date with a done set, then the latest workout that day
  -- (start, then id) with one: index probes, never a walk through its history. Its sets there are
  -- LastPerformance.sets (server/graphql/schema/progress-series.ts: one statement for every entry).
  return query
    with refs as materialized (
      select x.ord, x.ref, r.exercise_id
        from unnest(exercises) with ordinality as x(ref, ord)
        join app_hidden.resolve_exercises(exercises) r on r.ord = x.ord
       where x.ref is not null
    ), latest as materialized (
      select e.exercise_id, coalesce(d.id, l.id) as workout_id, coalesce(d.date, l.date) as date,
             coalesce(d.unit, l.unit) as unit
        from (select distinct refs.exercise_id from refs where refs.exercise_id is not null) e
        left join lateral (
          select w.id, w.date, w.unit
            from app_public.workouts w
           where last_performance.routine is not null and w.routine_id = last_performance.routine
             and w.user_id = v_me and w.id is distinct from except_workout_id
             and exists (select 1 from app_public.workout_sets s
                          where s.workout_id = w.id and s.exercise_id = e.exercise_id and s.done)
           order by w.date desc, w.start desc, w.id desc
           limit 1) d on true
        left join lateral (
          select w.id, w.date, w.unit
            from app_public.workouts w
           where d.id is null
             and w.user_id = v_me
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
           limit 1) l on true
    )
    select refs.ref, refs.exercise_id, latest.workout_id, latest.date, latest.unit
      from refs
      left join latest on latest.exercise_id = refs.exercise_id
     order by refs.ord;
end;
$function$;
comment on function app_public.last_performance(exercises text[], except_workout_id uuid, routine uuid) is E'@behavior -queryField:resource:connection +queryField:resource:list\nWhat you did last time on each of these exercises (at most 100; each a name, alias, custom exercise name or id, as in documents), one entry per exercise in the order asked: every set of the exercise (as logged) in your latest workout (by date, then start) in which at least one of its sets is done, with that workout''s id, date and unit; no workout and no sets for an exercise you never did or a reference that names none. routine: the latest workout of that routine (a program''s day) with a done set of the exercise comes first, else the latest of any. exceptWorkoutId leaves out one workout (the one being logged, once saved). Only your own workouts count; signed out: FORBIDDEN.';
grant execute on function app_public.last_performance(exercises text[], except_workout_id uuid, routine uuid) to svc_reader;
