-- The history searched by exercise or name and filtered by routine or program.

drop function if exists app_public.users_workout_history(app_public.users, text, uuid, text);
create function app_public.users_workout_history(u app_public.users, search text default null,
  routine_id uuid default null, program text default null)
 returns setof app_public.workouts
 language plpgsql
 stable
as $function$
begin
  if char_length(search) > 100 then
    raise exception 'search: must be at most 100 characters' using errcode = 'SVBAD';
  end if;
  return query
    select w.*
      from app_public.workouts w
      left join app_public.routines r on r.id = w.routine_id
     where w.user_id = u.id
       and (users_workout_history.routine_id is null or w.routine_id = users_workout_history.routine_id)
       and (users_workout_history.program is null
            or app_hidden.program_key(r.program) = app_hidden.program_key(users_workout_history.program))
       and (coalesce(btrim(search), '') = ''
            or strpos(lower(w.name), lower(btrim(search))) > 0
            or exists (select 1
                         from app_public.workout_exercises we
                         join app_public.exercises x on x.id = we.exercise_id
                        where we.workout_id = w.id and strpos(lower(x.name), lower(btrim(search))) > 0))
     order by w.date desc, w.start desc, w.id desc;
end;
$function$;
comment on function app_public.users_workout_history(u app_public.users, search text, routine_id uuid, program text) is E'@behavior -orderBy -filterBy -aggregate -havingBy\nYour workouts, newest first (by date, then start time), searched and filtered: search (at most 100 characters, any case) matches the workout''s name or the name of one of its exercises; routineId keeps the workouts of that routine; program those of the routines of that program (names compared as routine names are). Each left out filters nothing.';
grant execute on function app_public.users_workout_history(u app_public.users, search text, routine_id uuid, program text) to svc_reader;
