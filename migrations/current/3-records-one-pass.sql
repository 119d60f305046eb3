-- Personal records in one pass per request. The rule (WorkoutSet.personalRecord) compares a set with
-- every earlier set of its exercise; asked row by row it rescanned that history for every set,
-- which is quadratic (100-200 s over 18,000 sets). app_hidden.personal_records answers for many
-- sets at once with one window over the caller's history of their exercises, and
-- plugins/progression.ts asks it once per request for every set the request shows.
-- The per-row function stays for psql users, as a call of the same rule.

create or replace function app_hidden.personal_records(p_set_ids uuid[])
returns table (set_id uuid, personal_record boolean)
language sql stable security definer set search_path to pg_catalog, public as $$
  -- A done, non-warm-up set with a weight and at least one rep is a personal record when it beats
  -- every earlier such set of the same exercise (by date, then start, then exercise position, then
  -- set position; sets equal on all four are not earlier than each other) on weight, or, for 1 to
  -- 12 reps, on estimated one-rep max. Beating means more by at least 0.005 kg (conversions between
  -- units round to 2 decimals). The first such set ever is a record.
  with asked as (
    select s.id, s.exercise_id
      from unnest(p_set_ids) as a(id)
      join app_public.workout_sets s on s.id = a.id
     where s.user_id = app_public.current_user_id()
  ), history as (
    select p.id, p.exercise_id, p.date, w.start, we.position as exercise_position, p.position,
           p.done and p.kind <> 'warmup' and p.weight is not null and coalesce(p.reps, 0) >= 1 as counts,
           app_hidden.weight_kg(p.weight::numeric, p.unit) as kg,
           app_hidden.e1rm(app_hidden.weight_kg(p.weight::numeric, p.unit), p.reps) as e1rm
      from app_public.workout_sets p
      join app_public.workouts w on w.id = p.workout_id
      join app_public.workout_exercises we on we.id = p.workout_exercise_id
     where p.user_id = app_public.current_user_id()
       and p.exercise_id in (select distinct exercise_id from asked)
  ), compared as (
    select h.id, h.counts, h.kg, h.e1rm,
           max(h.kg) filter (where h.counts) over earlier as earlier_kg,
           max(h.e1rm) filter (where h.counts) over earlier as earlier_e1rm
      from history h
    window earlier as (partition by h.exercise_id order by h.date, h.start, h.exercise_position, h.position
                       groups between unbounded preceding and 1 preceding)
  )
  select c.id,
         case when not c.counts then false
              else (c.earlier_kg is null or c.kg > c.earlier_kg + 0.005)
                or (c.e1rm is not null and (c.earlier_e1rm is null or c.e1rm > c.earlier_e1rm + 0.005)) end
    from compared c
    join asked a on a.id = c.id;
$$;
comment on function app_hidden.personal_records(uuid[]) is
  E'For each of the given sets that is yours: whether it is a personal record (the rule of WorkoutSet.personalRecord), '
  'computed in one pass over your history of their exercises. Sets that are not yours are left out.';
grant execute on function app_hidden.personal_records(uuid[]) to svc_reader;

create or replace function app_public.workout_sets_personal_record(s app_public.workout_sets) returns boolean
language sql stable security definer set search_path to pg_catalog, public as $$
  select case when s.user_id is distinct from app_public.current_user_id() then null
              else coalesce((select r.personal_record from app_hidden.personal_records(array[s.id]) r), false) end;
$$;
comment on function app_public.workout_sets_personal_record(app_public.workout_sets) is
  E'@behavior -*\nTrue when this set is a personal record (see app_hidden.personal_records); null for a set that is not yours. '
  'GraphQL asks app_hidden.personal_records once per request instead (WorkoutSet.personalRecord, plugins/progression.ts).';
