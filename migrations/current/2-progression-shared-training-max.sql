-- A 5/3/1 supplemental entry (BBB 5x10, FSL) shares the judgement of the main sets' `+` sets.
create or replace function app_hidden.progression_targets(p_routine app_public.routines, p_date date)
 RETURNS SETOF app_hidden.lift_target
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
-- Each routine exercise's history (progression_sessions) is replayed oldest first: a session is
-- judged (judge_session; a cycle week by judge_cycle_session and cycle_shortfall) and moves the
-- target under its rule (next_target, next_stage_target, next_cycle_target); skipped sessions
-- change nothing, sessions before the last start-weight edit only count as left out. A deload
-- routine never moves; unloaded work (no weight written) cannot gain weight.
-- The training max is the lift's: a cycle entry without `+` sets (5/3/1's supplemental sets) in a
-- routine where an earlier-judged cycle entry of the same exercise has `+` sets takes that entry's
-- judgement of the same workout (its own sets are judged only in a workout where that entry was
-- not), so its training max rises only when the main sets' does. Those entries are replayed first.
declare
  re record;
  s record;
  state app_hidden.progression_state;
  judged app_hidden.session_judgement;
  v_stage record;
  v_judged int;
  v_before_edit int;
  v_inc numeric;
  v_step numeric;
  v_week_sets jsonb;
  v_shortfall text;
  -- exercise id -> {workout start -> the `+` sets' shortfall (null: none fell short)}
  v_lift_judgements jsonb := '{}';
  v_targets app_hidden.lift_target[] := '{}';
begin
  for re in
    select x.*, pr.restart_after
      from (select rx as re_row, rx.*, e.region,
                   case when p_routine.deload then 'deload'
                        when coalesce(rx.progression, p_routine.progression) = 'none' then 'none'
                        when rx.cycle is not null then 'cycle'
                        when rx.stages is not null then 'stages'
                        when rx.amrap_target is not null then 'amrap'
                        when coalesce(rx.progression, p_routine.progression) = 'time' and (rx.reps_low is not null or rx.seconds is null) then 'none'
                        when coalesce(rx.progression, p_routine.progression) = 'double' and rx.reps_low is null then 'none'
                        else coalesce(rx.progression, p_routine.progression) end as rule,
                   row_number() over (partition by rx.exercise_id order by rx.position) as occurrence,
                   rx.cycle::text like '%+%' as cycle_amrap
              from app_public.routine_exercises rx
              join app_public.exercises e on e.id = rx.exercise_id
             where rx.routine_id = p_routine.id) x
      left join app_hidden.progression_restarts pr
        on pr.routine_id = x.routine_id and pr.exercise_id = x.exercise_id and pr.occurrence = x.occurrence
     order by coalesce(x.rule = 'cycle' and not x.cycle_amrap, false), x.position
  loop
    v_inc := coalesce(re.increment::numeric, app_hidden.weight_increment(re.region, p_routine.unit));
    v_step := app_hidden.rounding_step(re.rounding::numeric, re.increment::numeric, p_routine.unit);
    state := row(case when re.rule = 'cycle' then trim_scale(re.training_max::numeric) else trim_scale(re.weight::numeric) end,
                 re.reps_low, case when re.reps_low is null then re.seconds end, 0, 0, null, null, 0, null, null)::app_hidden.progression_state;
    v_judged := 0;
    v_before_edit := 0;
    for s in
      select h.* from app_hidden.progression_sessions(p_routine, re.exercise_id, re.occurrence::int, re.sets, re.reps_low, re.reps_high,
                                                        re.seconds, re.restart_after, p_date) h
       where re.rule not in ('none', 'deload')
    loop
      v_week_sets := case when re.rule = 'cycle' then app_hidden.cycle_week(re.cycle, state.stage, state.weight, v_step) end;
      select * into v_stage from app_hidden.doc_stage(case when re.rule = 'stages' then re.stages ->> state.stage end);
      judged := case when re.rule <> 'cycle' then
        app_hidden.judge_session(coalesce(v_stage.sets, re.sets), state.weight, p_routine.unit, coalesce(v_stage.reps, state.reps),
                                 coalesce(v_stage.reps, re.reps_high, re.reps_low), state.seconds, s.unit, s.weights, s.reps, s.seconds, s.done) end;
      continue when case when re.rule = 'cycle' then app_hidden.judge_cycle_session(v_week_sets, p_routine.unit, s.unit, s.weights, s.reps, s.done)
                         else judged.outcome end = 'skip';
      if s.before_edit then
        v_before_edit := v_before_edit + 1;
        continue;
      end if;
      v_judged := v_judged + 1;
      if re.rule = 'cycle' and not re.cycle_amrap and v_lift_judgements -> re.exercise_id::text ? s.start::text then
        v_shortfall := 'the main sets'' ' || (v_lift_judgements -> re.exercise_id::text ->> s.start::text);
      elsif re.rule = 'cycle' then
        v_shortfall := app_hidden.cycle_shortfall(v_week_sets, not re.cycle_amrap, p_routine.unit, s.unit, s.weights, s.reps, s.done);
        if re.cycle_amrap then
          v_lift_judgements := jsonb_set(v_lift_judgements, array[re.exercise_id::text],
            coalesce(v_lift_judgements -> re.exercise_id::text, '{}') || jsonb_build_object(s.start::text, v_shortfall));
        end if;
      end if;
      state := case re.rule
        when 'cycle' then app_hidden.next_cycle_target(state, v_shortfall, jsonb_array_length(re.cycle), s.date, v_inc, p_routine.unit)
        when 'stages' then app_hidden.next_stage_target(state, judged, re.stages, re.reset, s.date, v_inc, v_step, p_routine.unit)
        else app_hidden.next_target(re.rule, state, judged, s.date, re.sets, re.reps_low, coalesce(re.reps_high, re.reps_low),
                                    re.amrap_target, v_inc, p_routine.unit, v_step) end;
    end loop;
    v_targets := v_targets || app_hidden.progression_lift_target(re.re_row, re.rule, state, v_step, v_judged, v_before_edit, p_routine.unit);
  end loop;
  return query select t.* from unnest(v_targets) t order by t.position;
end;
$function$;
comment on function app_hidden.progression_targets(p_routine app_public.routines, p_date date) is 'The next targets of each exercise of a routine on a date, replayed from the owner''s history (progression_sessions; judge_session, then next_target, next_stage_target or next_cycle_target per session; the rules are in the comments of those functions).';
grant execute on function app_hidden.progression_targets(p_routine app_public.routines, p_date date) to svc_reader;
