-- Where a program exercise is, said by the plan: a cycle's week and a stage are known where the
-- plan is made (the replayed state), so NextTarget names them and no client infers them from the
-- planned reps.

do $$
begin
  if not exists (select 1 from pg_attribute where attrelid = 'app_hidden.lift_target'::regclass and attname = 'stage') then
    alter type app_hidden.lift_target add attribute stage integer;
  end if;
  if not exists (select 1 from pg_attribute where attrelid = 'app_public.next_target'::regclass and attname = 'week') then
    alter type app_public.next_target add attribute week integer, add attribute stage integer;
  end if;
end $$;
comment on type app_hidden.lift_target is 'The next target of one routine exercise: the rule applied (linear, greyskull, double, time, none, deload, stages, cycle or amrap), the work weight in the routine''s unit (a cycle''s heaviest set), reps or seconds and the number of work sets, the sessions judged, the explanation, the training max of a cycle, whether the last work set is as many reps as possible, a cycle''s sets of the week ([{weight, reps, amrap, percent, text}]), and the cycle week or stage planned (from 1; null under other rules).';
comment on column app_public.next_target.week is 'The week of its cycle the next workout plans, from 1; null without a cycle.';
comment on column app_public.next_target.stage is 'The stage the next workout plans, from 1 (`stages[stage - 1]`); null without stages.';

create or replace function app_hidden.progression_lift_target(re app_public.routine_exercises, rule text, state app_hidden.progression_state, step numeric, judged integer, before_edit integer, unit text)
 RETURNS app_hidden.lift_target
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- The target of one routine exercise once its history is replayed into state: the week of a cycle
-- (its sets, its heaviest as the weight) or the stage to plan, which of them (from 1), and the explanation.
declare
  v_week_sets jsonb := case when rule = 'cycle' then app_hidden.cycle_week(re.cycle, state.stage, state.weight, step) end;
  v_stage record;
  v_why text := state.explanation;
begin
  select * into v_stage from app_hidden.doc_stage(case when rule = 'stages' then re.stages ->> state.stage end);
  if v_why is null then
    v_why := app_hidden.progression_opening(rule, re.stages, v_week_sets, jsonb_array_length(re.cycle), re.sets, state,
                                            trim_scale(re.weight::numeric), before_edit, unit);
  end if;
  if rule = 'cycle' then
    return row(re.id, re.position, re.exercise_id, rule,
               (v_week_sets -> -1 ->> 'weight')::numeric, (v_week_sets -> -1 ->> 'reps')::int, null, re.sets, judged,
               v_why || case when judged > 0 then format(' (%s).', app_hidden.cycle_texts(v_week_sets)) else '' end
                     || case when v_week_sets @> '[{"amrap": true}]' then ' Sets marked +: as many reps as possible.' else '' end,
               state.weight, (v_week_sets -> -1 ->> 'amrap')::boolean, v_week_sets, state.stage + 1)::app_hidden.lift_target;
  end if;
  return row(re.id, re.position, re.exercise_id, rule, state.weight, coalesce(v_stage.reps, state.reps),
             case when state.reps is null and v_stage.reps is null then state.seconds end, coalesce(v_stage.sets, re.sets), judged,
             v_why || case when coalesce(v_stage.amrap, false) then ' Last set: as many reps as possible.' else '' end,
             null, coalesce(v_stage.amrap, rule in ('greyskull', 'amrap')), null,
             case when rule = 'stages' then state.stage + 1 end)::app_hidden.lift_target;
end;
$function$;
comment on function app_hidden.progression_lift_target(re app_public.routine_exercises, rule text, state app_hidden.progression_state, step numeric, judged integer, before_edit integer, unit text) is 'The next target of one routine exercise from its replayed state: a cycle''s week (sets rounded to step) or the stage to plan and which (from 1), with the explanation (progression_opening when no session moved it).';

-- next_plan gains the week and the stage (a new result column: dropped and made again).
drop function if exists app_hidden.next_plan(app_public.routines, date);
create function app_hidden.next_plan(r app_public.routines, p_date date)
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
           -- A cycle week: warm-ups toward its first set, its sets, drops and bursts after its last.
           app_hidden.planned_sets('work', app_hidden.shown_weight((t.week_sets -> 0 ->> 'weight')::numeric, r.unit, u.unit), false,
                                   (t.week_sets -> 0 ->> 'reps')::int, null, 0, re.warmups, 0, 0, st.step)
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
grant execute on function app_hidden.next_plan(app_public.routines, date) to svc_reader;

create or replace function app_public.routines_next_targets(r app_public.routines, date text DEFAULT NULL::text)
 RETURNS SETOF app_public.next_target
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_date date := coalesce(app_hidden.check_date(routines_next_targets.date), current_date);
begin
  if r.user_id is distinct from app_public.current_user_id() then
    return;
  end if;
  return query
  select p.exercise_position, p.exercise_id, app_hidden.exercise_reference(p.exercise_id), p.rule, p.weight::float8, p.unit,
         p.routine_weight::float8, r.unit, p.reps, p.seconds, p.sessions, p.explanation, p.training_max::float8, coalesce(p.amrap, false),
         p.week, p.stage
    from app_hidden.next_plan(r, v_date) p;
end;
$function$;
