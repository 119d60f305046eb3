-- Every record of every exercise together, newest first; a record's set with its weight as
-- entered, so the Records page can say "231.5 lb (105 kg) x 3" as Exercise.records does.

drop function if exists app_public.users_personal_records(app_public.users, uuid);
drop type if exists app_public.personal_record_entry;
create type app_public.personal_record_entry as (
  exercise_id uuid,
  exercise_name text,
  record text,
  reps integer,
  weight numeric,
  unit text,
  set_weight numeric,
  set_reps integer,
  seconds integer,
  date date,
  workout_id uuid,
  set_id uuid,
  entered_weight numeric,
  entered_unit text
);
comment on type app_public.personal_record_entry is 'One of your records on one exercise (Exercise.records, one row per record), with the set and workout that hold it.';
comment on column app_public.personal_record_entry.exercise_id is E'@notNull\nThe exercise.';
comment on column app_public.personal_record_entry.exercise_name is E'@notNull\nThe exercise''s name.';
comment on column app_public.personal_record_entry.record is E'@notNull\n`heaviest` (the heaviest set), `e1rm` (the best estimated one-rep max), `rep max` (the heaviest set of at least `reps` reps, for 1, 3, 5, 8 and 10), `reps at weight` (most reps at one weight), `bodyweight reps` (most reps without a weight) or `longest hold` (the longest timed set).';
comment on column app_public.personal_record_entry.reps is 'The reps the record is of: a rep max''s n, the set''s reps for the others; null for a hold.';
comment on column app_public.personal_record_entry.weight is 'The record''s weight in your unit: the set''s, or the estimated one-rep max for `e1rm`; with a weighted bodyweight set, the load added.';
comment on column app_public.personal_record_entry.unit is E'@notNull\nYour unit, of weight and set_weight.';
comment on column app_public.personal_record_entry.set_weight is 'The weight of the set that holds the record, in your unit.';
comment on column app_public.personal_record_entry.set_reps is 'The reps of the set that holds the record.';
comment on column app_public.personal_record_entry.seconds is 'A hold''s duration.';
comment on column app_public.personal_record_entry.date is E'@notNull\nThe day of the workout that holds the record.';
comment on column app_public.personal_record_entry.workout_id is E'@notNull\nThe workout that holds the record.';
comment on column app_public.personal_record_entry.set_id is E'@notNull\nThe set that holds the record.';
comment on column app_public.personal_record_entry.entered_weight is 'The weight of the set that holds the record as it was entered, in its entered unit; null for a set without one.';
comment on column app_public.personal_record_entry.entered_unit is 'The unit the set that holds the record was entered in (`kg` or `lb`).';

create function app_public.users_personal_records(u app_public.users, exercise_id uuid default null)
 returns setof app_public.personal_record_entry
 language sql
 stable
as $function$
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
