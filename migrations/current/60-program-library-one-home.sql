-- The program library keeps each rule in one home: a template exercise's rounding step is the
-- routine exercise's rule (app_hidden.rounding_step) applied to the template's per-unit values, and
-- the two 5/3/1 templates (Boring But Big, First Set Last) are built by one function that differs
-- only in the supplemental sets.

create or replace function app_hidden.program_rounding_step(e jsonb, unit text) returns numeric
  language sql immutable as $$
  select app_hidden.rounding_step((app_hidden.program_unit_value(e -> 'rounding', unit))::numeric,
                                  (app_hidden.program_unit_value(e -> 'increment', unit))::numeric, unit);
$$;
comment on function app_hidden.program_rounding_step(e jsonb, unit text) is 'The rounding step of a template exercise in a unit: app_hidden.rounding_step of its `rounding` and `increment` for that unit.';
grant execute on function app_hidden.program_rounding_step(jsonb, text) to svc_reader;

create or replace function app_hidden.program_531_days(supplemental text[]) returns jsonb
  language sql immutable as $$
  -- Each day: the main lift's 3 sets a week (5s, 3s, 5/3/1 with the last set `+`, a deload week),
  -- then 5 supplemental sets of the same lift (supplemental[w]: week w's set), then assistance 5x10.
  select jsonb_agg(jsonb_build_object('name', d.day, 'exercises', jsonb_build_array(
           jsonb_build_object('exercise', d.lift, 'sets', 3, 'rest', 180, 'input', d.lift,
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
$$;
comment on function app_hidden.program_531_days(supplemental text[]) is 'The four days of a 5/3/1 template (Press, Deadlift, Bench, Squat): the main lift''s cycle, 5 supplemental sets a week of the same lift (supplemental: the set of each of the 4 weeks, e.g. Boring But Big''s 50%x10 and 40%x5 in the deload week), and 5x10 assistance.';
grant execute on function app_hidden.program_531_days(text[]) to svc_reader;

-- The 5/3/1 templates' days, built by the one function (the same days as written out before).
update app_public.program_templates set days = app_hidden.program_531_days(array['50%x10', '50%x10', '50%x10', '40%x5'])
 where slug = '531-bbb';
update app_public.program_templates set days = app_hidden.program_531_days(array['65%x5', '70%x5', '75%x5', '40%x5'])
 where slug = '531-fsl';
