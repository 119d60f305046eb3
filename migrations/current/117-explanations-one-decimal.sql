-- A weight an explanation converts to the other unit reads as every fact does (@svc/sdk/weights):
-- at most one decimal (`70 kg (≈ 154.3 lb, counted as 155 lb)`, `55 kg ≈ 121.3 lb, loaded as
-- 120 lb`), in the web logger, `svc routine next` and the MCP plan alike. next_plan is the logger's
-- (50-531-warmups.sql) with only that conversion changed.
create or replace function app_hidden.fact_weight(weight numeric, from_unit text, to_unit text)
returns numeric
language sql immutable parallel safe as $$
  select case
    when weight is null then null
    when from_unit = to_unit then trim_scale(weight)
    when from_unit = 'lb' then trim_scale(round(weight * 0.45359237, 1))
    else trim_scale(round(weight / 0.45359237, 1))
  end;
$$;
comment on function app_hidden.fact_weight(numeric, text, text) is
  'A lifted or written weight as it reads in another unit: converted (1 lb = 0.45359237 kg) to at most one decimal, half away from zero, as the SDK''s factWeight; unchanged in the same unit.';
grant execute on function app_hidden.fact_weight(numeric, text, text) to svc_reader;

create or replace function app_hidden.lifted_text(lifted numeric, lifted_unit text, target numeric, unit text, step numeric)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case when lifted is null then ''
              when lifted_unit = unit then format(' at %s %s', trim_scale(lifted), lifted_unit)
              else format(' at %s %s (≈ %s %s, counted as %s %s)', trim_scale(lifted), lifted_unit,
                          app_hidden.fact_weight(lifted, lifted_unit, unit), unit,
                          app_hidden.lifted_as_loaded(lifted, lifted_unit, target, unit, step), unit) end;
$function$;
comment on function app_hidden.lifted_text(lifted numeric, lifted_unit text, target numeric, unit text, step numeric) is '` at 70 kg` in an explanation; lifted in the other unit, with its approximate conversion (one decimal, app_hidden.fact_weight) and the weight it counts as (` at 70 kg (≈ 154.3 lb, counted as 155 lb)`).';
grant execute on function app_hidden.lifted_text(lifted numeric, lifted_unit text, target numeric, unit text, step numeric) to svc_reader;

-- Its return type gained `why` (45-explanation-parts-types.sql): dropped first, as 50-531-warmups.sql made it.
drop function if exists app_hidden.next_plan(app_public.routines, date);
create or replace function app_hidden.next_plan(r app_public.routines, p_date date)
 RETURNS TABLE(exercise_position integer, exercise_id uuid, rule text, routine_weight numeric, weight numeric, unit text, reps integer, seconds integer, sessions integer, explanation text, pinned_note text, sets text[], training_max numeric, amrap boolean, week integer, stage integer, why jsonb)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select t.position, t.exercise_id, t.rule, t.weight, x.weight, u.unit, t.reps, t.seconds, t.sessions,
         left(t.explanation || case when r.unit <> u.unit and t.weight is not null and t.weight > 0
                                    then format(' Routine in %s: %s %s ≈ %s %s, loaded as %s %s.', r.unit, t.weight, r.unit,
                                                app_hidden.fact_weight(t.weight, r.unit, u.unit), u.unit, x.weight, u.unit)
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
         case when t.rule = 'cycle' then t.stage end, case when t.rule = 'stages' then t.stage end,
         coalesce(t.why, '[]') || case when r.unit <> u.unit and t.weight is not null and t.weight > 0
                       then jsonb_build_array(app_hidden.why('routineUnit', jsonb_build_object('routineUnit', r.unit,
                              'routineWeight', app_hidden.why_weight(t.weight, r.unit),
                              'about', app_hidden.why_weight(app_hidden.fact_weight(t.weight, r.unit, u.unit), u.unit),
                              'weight', app_hidden.why_weight(x.weight, u.unit))))
                       else '[]'::jsonb end
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
comment on function app_hidden.next_plan(r app_public.routines, p_date date) is 'The next workout of a routine, one row per routine exercise: its target in the routine''s unit and as loaded in the owner''s unit, why, the pinned note carried forward, the planned set texts (an AMRAP set ends in `+`), the cycle week or stage it plans (from 1), and the explanation as parts (app_hidden.why).';
grant execute on function app_hidden.next_plan(r app_public.routines, p_date date) to svc_reader;
