-- 5/3/1 warm-ups as Wendler wrote them: 40, 50 and 60 % of the training max for 5, 5 and 3 reps,
-- each at a loadable weight (the exercise's rounding step), only those below the week's first set
-- (none in the deload week, whose sets are those weights). The library's 5/3/1 days plan them on
-- the main lift (`warmups: 3`); `warmups: 0` on the routine exercise turns them off, fewer keeps
-- the heaviest.
create or replace function app_hidden.cycle_warmups(p_training_max numeric, p_first numeric, p_warmups int, p_step numeric)
returns text[]
language sql immutable parallel safe as $$
  select coalesce(array_agg(app_hidden.format_set('warmup', w.weight, false, w.reps, null, null) order by w.ord), '{}')
    from (select ramp.ord, ramp.reps, app_hidden.snap_weight(p_training_max * ramp.share, p_step) as weight
            from (values (1, 0.4, 5), (2, 0.5, 5), (3, 0.6, 3)) as ramp(ord, share, reps)
           where ramp.ord > 3 - least(greatest(coalesce(p_warmups, 0), 0), 3)) w
   where p_training_max is not null and p_first is not null and w.weight > 0 and w.weight < p_first;
$$;
comment on function app_hidden.cycle_warmups(numeric, numeric, int, numeric) is
  'The warm-ups of a training-max cycle week (5/3/1): Wendler''s 40 %x5, 50 %x5, 60 %x3 of the training max, snapped to the step, the heaviest p_warmups of them (0 to 3), only those lighter than the week''s first set.';
grant execute on function app_hidden.cycle_warmups(numeric, numeric, int, numeric) to svc_reader;

create or replace function app_hidden.next_plan(r app_public.routines, p_date date)
 RETURNS TABLE(exercise_position integer, exercise_id uuid, rule text, routine_weight numeric, weight numeric, unit text, reps integer, seconds integer, sessions integer, explanation text, pinned_note text, sets text[], training_max numeric, amrap boolean, week integer, stage integer)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select t.position, t.exercise_id, t.rule, t.weight, x.weight, u.unit, t.reps, t.seconds, t.sessions,
         left(t.explanation || case when r.unit <> u.unit and t.weight is not null and t.weight > 0
                                    then format(' Routine in %s: %s %s ≈ %s %s, loaded as %s %s.', r.unit, t.weight, r.unit,
                                                app_hidden.convert_weight(t.weight, r.unit, u.unit), u.unit, x.weight, u.unit)
                                    else '' end, 1000),
         app_hidden.pinned_note(r.user_id, t.exercise_id, p_date),
         case when t.week_sets is null then
           -- A bodyweight exercise's weight is load added to the body (`bw+20x5`); none or 0: `bw x 8`.
           app_hidden.planned_sets('work', case when e.equipment = 'bodyweight' and t.seconds is null then nullif(x.weight, 0) else x.weight end,
                                   e.equipment = 'bodyweight' and t.seconds is null, t.reps, t.seconds,
                                   t.sets, re.warmups, re.drops, re.bursts, st.step, t.amrap)
         else
           -- A cycle week (5/3/1): Wendler's warm-ups of the training max below its first set, its
           -- sets, drops and bursts after its last.
           app_hidden.cycle_warmups(case when r.unit = u.unit then t.training_max
                                         else app_hidden.convert_weight(t.training_max, r.unit, u.unit) end,
                                    app_hidden.shown_weight((t.week_sets -> 0 ->> 'weight')::numeric, r.unit, u.unit),
                                    re.warmups, st.step)
           || (select array_agg(app_hidden.format_set('work', app_hidden.shown_weight((ws.x ->> 'weight')::numeric, r.unit, u.unit), false,
                                                      (ws.x ->> 'reps')::int, null, null, (ws.x ->> 'amrap')::boolean) order by ws.o)
                 from jsonb_array_elements(t.week_sets) with ordinality as ws(x, o))
           || app_hidden.planned_sets('work', x.weight, false, t.reps, null, 0, 0, re.drops, re.bursts, st.step)
         end,
         t.training_max, t.amrap,
         case when t.rule = 'cycle' then t.stage end, case when t.rule = 'stages' then t.stage end
    from app_hidden.progression_targets(r, p_date) t
    join app_public.routine_exercises re on re.id = t.routine_exercise_id
    join app_public.exercises e on e.id = t.exercise_id
    cross join lateral (select us.unit from app_public.users us where us.id = r.user_id) u
    -- Weights shown in the owner's unit snap to the exercise's rounding step as shown in it (1 kg
    -- micro-plates are 2.5 lb).
    cross join lateral (select app_hidden.shown_increment(app_hidden.rounding_step(re.rounding::numeric, re.increment::numeric, r.unit), r.unit, u.unit) as step) st
    cross join lateral (select case when r.unit = u.unit or t.weight is null then t.weight
                                    else least(10000, app_hidden.snap_weight(app_hidden.convert_weight(t.weight, r.unit, u.unit), st.step)) end as weight) x
   order by t.position;
$function$;
comment on function app_hidden.next_plan(r app_public.routines, p_date date) is 'The next workout of a routine, one row per routine exercise: its target in the routine''s unit and as loaded in the owner''s unit, why, the pinned note carried forward, the planned set texts (an AMRAP set ends in `+`), and the cycle week or stage it plans (from 1).';
grant execute on function app_hidden.next_plan(r app_public.routines, p_date date) to svc_reader;

create or replace function app_hidden.program_531_days(supplemental text[])
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- Each day: the main lift's 3 sets a week (5s, 3s, 5/3/1 with the last set `+`, a deload week)
  -- after Wendler's 3 warm-ups (40/50/60 % of the training max; `warmups: 0` on the routine turns them off),
  -- then 5 supplemental sets of the same lift (supplemental[w]: week w's set), then assistance 5x10.
  select jsonb_agg(jsonb_build_object('name', d.day, 'exercises', jsonb_build_array(
           jsonb_build_object('exercise', d.lift, 'sets', 3, 'rest', 180, 'input', d.lift, 'warmups', 3,
             'cycle', '[["65%x5", "75%x5", "85%x5+"], ["70%x3", "80%x3", "90%x3+"],
                        ["75%x5", "85%x3", "95%x1+"], ["40%x5", "50%x5", "60%x5"]]'::jsonb),
           jsonb_build_object('exercise', d.lift, 'sets', 5, 'rest', 90, 'input', d.lift,
             'cycle', (select jsonb_agg(to_jsonb(array_fill(w.set, array[5])) order by w.week)
                         from unnest(supplemental) with ordinality as w(set, week))),
           jsonb_build_object('exercise', d.assistance, 'sets', 5, 'reps', 10, 'rest', 90, 'progression', 'none')))
         order by d.ord)
    from (values (1, 'Press', 'Overhead Press', 'Chin-Up'),
                 (2, 'Deadlift', 'Deadlift', 'Hanging Leg Raise'),
                 (3, 'Bench', 'Bench Press', 'Dumbbell Row'),
                 (4, 'Squat', 'Back Squat', 'Lying Leg Curl')) as d(ord, day, lift, assistance);
$function$;
comment on function app_hidden.program_531_days(supplemental text[]) is 'The four days of a 5/3/1 template (Press, Deadlift, Bench, Squat): the main lift''s cycle after Wendler''s 3 warm-ups, 5 supplemental sets a week of the same lift (supplemental: the set of each of the 4 weeks, e.g. Boring But Big''s 50%x10 and 40%x5 in the deload week), and 5x10 assistance.';
grant execute on function app_hidden.program_531_days(supplemental text[]) to svc_reader;

-- The 5/3/1 templates' days, built again by the one function (now with the warm-ups).
update app_public.program_templates set days = app_hidden.program_531_days(array['50%x10', '50%x10', '50%x10', '40%x5'])
 where slug = '531-bbb';
update app_public.program_templates set days = app_hidden.program_531_days(array['65%x5', '70%x5', '75%x5', '40%x5'])
 where slug = '531-fsl';
