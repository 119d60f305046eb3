-- The Records page says a record's set in the lifter's unit with the weight as entered beside it
-- when it was logged in the other unit ("231.5 lb (105 kg) x 3", issue 31's one-unit rule), as
-- Exercise.records does: personal_record_entry carries the set's enteredWeight and enteredUnit.
do $$
begin
  if not exists (select 1 from pg_attribute
                  where attrelid = 'app_public.personal_record_entry'::regclass
                    and attname = 'entered_weight' and not attisdropped) then
    alter type app_public.personal_record_entry add attribute entered_weight numeric, add attribute entered_unit text;
  end if;
end
$$;
comment on column app_public.personal_record_entry.entered_weight is 'The weight of the set that holds the record as it was entered, in its entered unit; null for a set without one.';
comment on column app_public.personal_record_entry.entered_unit is 'The unit the set that holds the record was entered in (`kg` or `lb`).';

create or replace function app_public.users_personal_records(u app_public.users, exercise_id uuid DEFAULT NULL::uuid)
 RETURNS SETOF app_public.personal_record_entry
 LANGUAGE sql
 STABLE
AS $function$
  -- Every exercise you did a set of, its records read from Exercise.records (the one home of the
  -- rules), one row each; newest first.
  with trained as (
    select distinct s.exercise_id from app_public.workout_sets s
     where s.user_id = u.id and s.done
       and (users_personal_records.exercise_id is null or s.exercise_id = users_personal_records.exercise_id)
  ), records as (
    select x.id, x.name, app_public.exercises_records(x)::jsonb as r, u.unit
      from trained t join app_public.exercises x on x.id = t.exercise_id
  ), entries as (
    select id, name, unit, 1 as ord, 'heaviest' as record, r -> 'heaviest' as e, (r -> 'heaviest' ->> 'reps')::int as reps,
           r -> 'heaviest' ->> 'weight' as weight
      from records where jsonb_typeof(r -> 'heaviest') = 'object'
    union all
    select id, name, unit, 2, 'e1rm', r -> 'bestE1rm', (r -> 'bestE1rm' ->> 'reps')::int, r -> 'bestE1rm' ->> 'weight'
      from records where jsonb_typeof(r -> 'bestE1rm') = 'object'
    union all
    select id, name, unit, 3, 'rep max', m -> 'actual', (m ->> 'reps')::int, m -> 'actual' ->> 'weight'
      from records, jsonb_array_elements(coalesce(r -> 'repMaxes', '[]')) m
     where jsonb_typeof(m -> 'actual') = 'object'
    union all
    select id, name, unit, 4, 'reps at weight', a, (a ->> 'reps')::int, a ->> 'weight'
      from records, jsonb_array_elements(r -> 'repsAtWeight') a
    union all
    select id, name, unit, 5, 'bodyweight reps', r -> 'bodyweightReps', (r -> 'bodyweightReps' ->> 'reps')::int, null
      from records where jsonb_typeof(r -> 'bodyweightReps') = 'object'
    union all
    select id, name, unit, 6, 'longest hold', r -> 'longestHold', null, r -> 'longestHold' ->> 'weight'
      from records where jsonb_typeof(r -> 'longestHold') = 'object'
  )
  select (e.id, e.name, e.record, e.reps, e.weight::numeric, e.unit,
          coalesce(e.e ->> 'setWeight', e.e ->> 'weight')::numeric, coalesce((e.e ->> 'reps')::int, e.reps),
          (e.e ->> 'seconds')::int, (e.e ->> 'date')::date, (e.e ->> 'workoutId')::uuid,
          (e.e ->> 'setId')::uuid, (e.e ->> 'enteredWeight')::numeric,
          e.e ->> 'enteredUnit')::app_public.personal_record_entry
    from entries e
   order by (e.e ->> 'date')::date desc, e.name, e.ord, e.reps;
$function$;
comment on function app_public.users_personal_records(u app_public.users, exercise_id uuid) is E'@behavior -typeField:resource:connection +typeField:resource:list -orderBy -filterBy -aggregate -havingBy\nEvery record of yours on every exercise you did (those of Exercise.records: heaviest, best e1RM, rep maxes, most reps at each weight, bodyweight reps, longest hold), one row each, newest first (by the day of the set that holds it); exerciseId: only that exercise''s.';
grant execute on function app_public.users_personal_records(u app_public.users, exercise_id uuid) to svc_reader;
