-- Weekly sets per muscle group: the number lifters program hypertrophy by.

drop function if exists app_public.weekly_muscle_sets(integer, text);
drop type if exists app_public.muscle_week;
create type app_public.muscle_week as (
  week date,
  muscle_group text,
  sets double precision,
  primary_sets integer,
  secondary_sets integer
);
comment on type app_public.muscle_week is 'Work sets one muscle group got in one ISO week.';
comment on column app_public.muscle_week.week is E'@notNull\nThe week''s Monday.';
comment on column app_public.muscle_week.muscle_group is E'@notNull\nThe muscle group (Muscle.muscleGroup; `other` for a custom exercise''s muscle outside Query.muscleList).';
comment on column app_public.muscle_week.sets is E'@notNull\nprimarySets + secondarySets / 2: a set counts whole for a group its exercise works as a primary muscle, half for one it works only as a secondary muscle.';
comment on column app_public.muscle_week.primary_sets is E'@notNull\nDone work sets of exercises with a primary muscle in the group.';
comment on column app_public.muscle_week.secondary_sets is E'@notNull\nDone work sets of exercises with a secondary muscle in the group and no primary one.';

create or replace function app_hidden.muscle_group_of(muscle text) returns text
language sql stable parallel safe as $$
  select coalesce((select m.muscle_group from app_public.muscles m where m.name = lower(muscle)), 'other');
$$;
comment on function app_hidden.muscle_group_of(text) is 'The group a muscle name counts towards (app_public.muscles), or `other` for a name outside the list (a custom exercise''s own words), so a week has at most one row per group.';
grant execute on function app_hidden.muscle_group_of(text) to svc_reader;

create or replace function app_hidden.muscle_set_weeks() returns integer
language sql immutable parallel safe as $$ select 26 $$;
comment on function app_hidden.muscle_set_weeks() is 'The most weeks weeklyMuscleSets answers at once: 26 (half a year; with at most 21 groups a week, within the 1,000 rows of a series).';
grant execute on function app_hidden.muscle_set_weeks() to svc_reader;

create or replace function app_public.weekly_muscle_sets(weeks integer default 4, until text default null)
  returns setof app_public.muscle_week
language plpgsql stable as $$
declare
  v_last date;
begin
  perform app_hidden.require_user();
  if weeks is null or weeks not between 1 and app_hidden.muscle_set_weeks() then
    raise exception 'weeks: must be a whole number from 1 to %', app_hidden.muscle_set_weeks() using errcode = 'SVBAD';
  end if;
  begin
    v_last := date_trunc('week', coalesce(app_hidden.check_date(until), (now() at time zone 'UTC')::date))::date;
  exception when sqlstate 'SVBAD' then
    raise exception 'until: must be a real calendar date as YYYY-MM-DD' using errcode = 'SVBAD';
  end;
  return query
  with work as (
    select s.id, s.week, e.muscles, e.secondary_muscles
      from app_public.workout_sets s
      join app_public.exercises e on e.id = s.exercise_id
     where s.user_id = (select app_public.current_user_id())
       and s.work_sets = 1 and e.kind <> 'cardio'
       and s.week between v_last - 7 * (weeks - 1) and v_last
  ), per_set as (
    -- One row per set and group: primary when any of its muscles in the group is primary.
    select w.week, w.id, app_hidden.muscle_group_of(m.name) as muscle_group, bool_or(m.is_primary) as is_primary
      from work w
      cross join lateral (select x, true from unnest(w.muscles) x
                          union all
                          select x, false from unnest(w.secondary_muscles) x) as m(name, is_primary)
     group by w.week, w.id, 3
  )
  select p.week, p.muscle_group,
         (count(*) filter (where p.is_primary) + 0.5 * count(*) filter (where not p.is_primary))::float8,
         (count(*) filter (where p.is_primary))::int,
         (count(*) filter (where not p.is_primary))::int
    from per_set p
   group by p.week, p.muscle_group
   order by p.week, (select min(m.position) from app_public.muscles m where m.muscle_group = p.muscle_group) nulls last,
            p.muscle_group;
end;
$$;
comment on function app_public.weekly_muscle_sets(integer, text) is E'@behavior -queryField:resource:connection +queryField:resource:list\nYour work sets per muscle group per ISO week (Monday first, oldest week first, groups in body order): the `weeks` weeks (1 to 26, default 4) ending with the week of `until` (YYYY-MM-DD, default today in UTC). A done work set of an exercise counts 1 for each group among its primary muscles and 0.5 for each group only among its secondary ones; warm-ups, drops, bursts, sets not done and cardio count nothing. Only groups with a set appear. The commonly cited range for muscle growth is 10 to 20 sets a week. Signed out: FORBIDDEN.';
grant execute on function app_public.weekly_muscle_sets(integer, text) to svc_reader;
