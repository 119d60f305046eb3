-- A past workout saved as a routine under a name.

drop function if exists app_hidden.routine_from_workout(uuid, text);
create function app_hidden.routine_from_workout(p_workout uuid, p_name text)
 returns jsonb
 language sql
 stable
as $function$
  -- Each exercise plans as many sets as its work sets (all of them when none is done, 1 to 20),
  -- the reps they had (one number, or low-high), their heaviest weight; timed sets plan a time.
  select jsonb_strip_nulls(jsonb_build_object(
           'name', p_name, 'unit', w.unit,
           'exercises', coalesce((
             select jsonb_agg(jsonb_build_object(
                      'exercise', app_hidden.exercise_reference(we.exercise_id),
                      'sets', greatest(1, least(20, coalesce(s.sets, 1))),
                      'reps', case when s.reps_low = s.reps_high then to_jsonb(s.reps_low)
                                   when s.reps_low is not null then to_jsonb(s.reps_low || '-' || s.reps_high) end,
                      'time', case when s.reps_low is null then s.seconds end,
                      'weight', s.weight,
                      'superset', we.superset)
                    order by we.position)
               from app_public.workout_exercises we
               left join lateral (
                 select count(*)::int as sets, min(ws.reps) as reps_low, max(ws.reps) as reps_high,
                        max(ws.seconds) as seconds, trim_scale(max(ws.weight)::numeric) as weight
                   from app_public.workout_sets ws
                  where ws.workout_exercise_id = we.id and ws.kind = 'work'
                    and (ws.done or not exists (select 1 from app_public.workout_sets d
                                                 where d.workout_exercise_id = we.id and d.kind = 'work' and d.done))
               ) s on true
              where we.workout_id = w.id), '[]'::jsonb)))
    from app_public.workouts w
   where w.id = p_workout and w.user_id = app_public.current_user_id();
$function$;
comment on function app_hidden.routine_from_workout(p_workout uuid, p_name text) is 'A routine document named p_name planning one of your workouts again: per exercise its work sets (the done ones, or all when none is done; 1 to 20), their reps (a number or a low-high range) or time, and their heaviest weight, in the workout''s unit; null when you have no such workout.';
grant execute on function app_hidden.routine_from_workout(p_workout uuid, p_name text) to svc_reader;

drop function if exists app_public.save_workout_as_routine(uuid, text);
create function app_public.save_workout_as_routine(workout_id uuid, name text)
 returns app_public.routines
 language plpgsql
 volatile
as $function$
declare
  v_doc jsonb;
  v_id uuid;
  v_routine app_public.routines;
begin
  perform app_hidden.require_user();
  v_doc := app_hidden.routine_from_workout(workout_id, name);
  if v_doc is null then
    raise exception 'workoutId: you have no workout with this id' using errcode = 'SVNFD';
  end if;
  -- Read in a statement of its own: the one that saves does not see the row it made.
  select a.routine_id into v_id from app_public.apply_routine_document(v_doc) a;
  select r.* into v_routine from app_public.routines r where r.id = v_id;
  return v_routine;
end;
$function$;
comment on function app_public.save_workout_as_routine(workout_id uuid, name text) is E'@resultFieldName routine\nSaves one of your workouts as a new routine named `name` (the rules of a routine document''s name: 1 to 80 characters, not another routine''s): each exercise with as many sets as its done work sets (all its work sets when none is done), their reps or time and their heaviest weight, in the workout''s unit. NOT_FOUND when you have no workout with this id; INVALID_DOCUMENT (path `name`) for a name a routine cannot have.';
grant execute on function app_public.save_workout_as_routine(workout_id uuid, name text) to svc_visitor;
