-- Records of cardio sets with a distance (`5km 25:00`, `3mi`, `2000m 7:30`), beside the lifting
-- records of User.personalRecords: the longest distance, the fastest time at each distance done
-- (sets of the same distance in meters: `5km` and `5000m` are one distance) and the best pace.

drop function if exists app_public.users_distance_records(app_public.users, uuid);
drop type if exists app_public.distance_record_entry;
create type app_public.distance_record_entry as (
  exercise_id uuid,
  exercise_name text,
  record text,
  distance double precision,
  distance_unit text,
  distance_m double precision,
  seconds integer,
  pace double precision,
  set_text text,
  date date,
  workout_id uuid,
  set_id uuid
);
comment on type app_public.distance_record_entry is 'One of your records on a cardio exercise (User.distanceRecords), with the set and workout that hold it.';
comment on column app_public.distance_record_entry.exercise_id is E'@notNull\nThe exercise.';
comment on column app_public.distance_record_entry.exercise_name is E'@notNull\nThe exercise''s name.';
comment on column app_public.distance_record_entry.record is E'@notNull\n`longest distance` (the longest set), `fastest time` (the fastest set of its distance: one row per distance done with a time) or `best pace` (the set of the lowest pace).';
comment on column app_public.distance_record_entry.distance is E'@notNull\nThe set''s distance in your distance unit (User.distanceUnit), 3 decimals.';
comment on column app_public.distance_record_entry.distance_unit is E'@notNull\nYour distance unit: km or mi; of distance and pace.';
comment on column app_public.distance_record_entry.distance_m is E'@notNull\nThe set''s distance in meters (WorkoutSet.distanceM).';
comment on column app_public.distance_record_entry.seconds is 'The set''s time; null for a longest distance set logged without one.';
comment on column app_public.distance_record_entry.pace is 'Seconds per km or mi (your distance unit), 1 decimal; null without a time.';
comment on column app_public.distance_record_entry.set_text is E'@notNull\nThe set as logged (`5km 25:00`).';
comment on column app_public.distance_record_entry.date is E'@notNull\nThe day of the workout that holds the record.';
comment on column app_public.distance_record_entry.workout_id is E'@notNull\nThe workout that holds the record.';
comment on column app_public.distance_record_entry.set_id is E'@notNull\nThe set that holds the record.';

create function app_public.users_distance_records(u app_public.users, exercise_id uuid default null)
 returns setof app_public.distance_record_entry
 language sql
 stable
as $function$
  -- Done sets other than warm-ups with a distance; a tie goes to the earlier set.
  with unit as (
    select app_public.users_distance_unit(u) as per
  ), sets as (
    select s.*, x.name as exercise_name, n.per,
           case n.per when 'mi' then s.pace_per_mi else s.pace_per_km end as pace
      from app_public.workout_sets s
      join app_public.exercises x on x.id = s.exercise_id
      cross join unit n
     where s.user_id = u.id and s.done and s.kind <> 'warmup' and s.distance_m is not null
       and (users_distance_records.exercise_id is null or s.exercise_id = users_distance_records.exercise_id)
  ), entries as (
    (select distinct on (exercise_id) 1 as ord, 'longest distance' as record, s.*
       from sets s order by exercise_id, distance_m desc, date, position, id)
    union all
    (select distinct on (exercise_id, distance_m) 2, 'fastest time', s.*
       from sets s where seconds > 0 order by exercise_id, distance_m, seconds, date, position, id)
    union all
    (select distinct on (exercise_id) 3, 'best pace', s.*
       from sets s where pace is not null order by exercise_id, pace, date, position, id)
  )
  select (e.exercise_id, e.exercise_name, e.record,
          round((e.distance_m / case e.per when 'mi' then 1609.344 else 1000 end)::numeric, 3)::double precision,
          e.per, e.distance_m, e.seconds, e.pace,
          app_hidden.format_set(e.kind, e.weight::numeric, e.bodyweight, e.reps, e.seconds, e.effort::numeric, false,
                                e.distance::numeric, e.distance_unit),
          e.date, e.workout_id, e.id)::app_public.distance_record_entry
    from entries e
   order by e.exercise_name, e.ord, e.distance_m desc;
$function$;
comment on function app_public.users_distance_records(u app_public.users, exercise_id uuid) is E'@behavior -typeField:resource:connection +typeField:resource:list -orderBy -filterBy -aggregate -havingBy\nYour records on cardio sets with a distance (done, not warm-ups): per exercise the longest distance, the fastest time at each distance done with a time (sets of one distance in meters: 5km and 5000m are one), and the best pace; distances and paces in your distance unit (User.distanceUnit). By exercise name, then longest distance, fastest times (longest distance first) and best pace; exerciseId: only that exercise''s.';
grant execute on function app_public.users_distance_records(u app_public.users, exercise_id uuid) to svc_reader;
