-- Every explanation also as parts (app_hidden.why, 45-explanation-parts-types.sql): each rule's
-- function sets `why` beside the English it writes, one part per sentence, with the same values as
-- params. The English is unchanged. The codes and params are listed in docs/explanations.md.

create or replace function app_hidden.why_work(sets integer, reps integer, seconds integer)
returns jsonb
language sql immutable parallel safe as $$
  select case when reps is not null then app_hidden.why('work', jsonb_build_object('sets', sets, 'reps', reps))
              when seconds is not null then app_hidden.why('workTimed', jsonb_build_object('sets', sets, 'seconds', seconds))
              else app_hidden.why('workUnknown', jsonb_build_object('sets', sets)) end;
$$;
comment on function app_hidden.why_work(sets integer, reps integer, seconds integer) is 'The work of a session as an explanation''s part: `3x5` (work), `3x1:30` (workTimed) or `3x?`.';
grant execute on function app_hidden.why_work(sets integer, reps integer, seconds integer) to svc_reader;

create or replace function app_hidden.why_at(lifted numeric, lifted_unit text)
returns jsonb
language sql immutable parallel safe as $$
  select case when lifted is not null then app_hidden.why('at', jsonb_build_object('weight', app_hidden.why_weight(lifted, lifted_unit))) end;
$$;
comment on function app_hidden.why_at(lifted numeric, lifted_unit text) is '` at 70 kg` as an explanation''s part (at); null when nothing was lifted.';
grant execute on function app_hidden.why_at(lifted numeric, lifted_unit text) to svc_reader;

create or replace function app_hidden.why_lifted(lifted numeric, lifted_unit text, target numeric, unit text, step numeric)
returns jsonb
language sql immutable parallel safe as $$
  select case when lifted is null then null
              when lifted_unit = unit then app_hidden.why_at(lifted, lifted_unit)
              else app_hidden.why('atConverted', jsonb_build_object(
                     'weight', app_hidden.why_weight(lifted, lifted_unit),
                     'about', app_hidden.why_weight(app_hidden.fact_weight(lifted, lifted_unit, unit), unit),
                     'countedAs', app_hidden.why_weight(app_hidden.lifted_as_loaded(lifted, lifted_unit, target, unit, step), unit))) end;
$$;
comment on function app_hidden.why_lifted(lifted numeric, lifted_unit text, target numeric, unit text, step numeric) is 'app_hidden.lifted_text as an explanation''s part: at, or atConverted (` at 70 kg (≈ 154.3 lb, counted as 155 lb)`); null when nothing was lifted.';
grant execute on function app_hidden.why_lifted(lifted numeric, lifted_unit text, target numeric, unit text, step numeric) to svc_reader;

create or replace function app_hidden.next_linear_target(greyskull boolean, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text, step numeric)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- linear: hit -> one increment above the weight lifted (never below the target); light -> one step
-- above the weight lifted, never above the target; third miss in a row -> deload (90 %, rounded to
-- the rounding step, at least one increment lower); other misses -> same target.
-- greyskull: as linear, with the last set as many reps as possible: a hit with at least twice the
-- target reps on it adds two increments; any miss deloads at once.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
  -- The params every sentence here may name.
  p jsonb := jsonb_build_object('date', d, 'work', app_hidden.why_work(sets, current.reps, current.seconds));
  p_loaded jsonb := app_hidden.why_lifted(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  p_at jsonb := app_hidden.why_at(judged.lifted, judged.lifted_unit);
begin
  if judged.outcome = 'hit' and current.weight is null then
    result.misses := 0;
    result.explanation := format('Last session (%s) hit %s: no weight to add, same targets.', d, what);
    result.why := jsonb_build_array(app_hidden.why('hitUnloaded', p));
  elsif judged.outcome = 'hit' then
    result.misses := 0;
    from_weight := greatest(current.weight, app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)));
    if greyskull and current.reps > 0 and judged.last_reps >= 2 * current.reps then
      result.weight := trim_scale(least(10000, from_weight + 2 * increment));
      result.explanation := format('Last session (%s) hit %s%s with %s reps on the last set: +%s %s to %s %s.',
        d, what, loaded_text, judged.last_reps, trim_scale(2 * increment), unit, result.weight, unit);
      result.why := jsonb_build_array(app_hidden.why('hitLastSetDouble', p || jsonb_build_object('lifted', p_loaded, 'lastReps', judged.last_reps,
        'add', app_hidden.why_weight(2 * increment, unit), 'weight', app_hidden.why_weight(result.weight, unit))));
    else
      result.weight := trim_scale(least(10000, from_weight + increment));
      result.explanation := format('Last session (%s) hit %s%s: +%s to %s %s.', d, what, loaded_text, inc, result.weight, unit);
      result.why := jsonb_build_array(app_hidden.why('hit', p || jsonb_build_object('lifted', p_loaded,
        'add', app_hidden.why_weight(increment, unit), 'weight', app_hidden.why_weight(result.weight, unit))));
    end if;
  elsif judged.outcome = 'light' then
    result.misses := 0;
    result.weight := trim_scale(least(current.weight,
      coalesce(app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)), 0) + increment));
    result.explanation := format('Last session (%s) did %s%s, lighter than the target: continuing from the weight lifted, %s %s.',
      d, what, case when judged.lifted is null then ' without its weight' else loaded_text end, result.weight, unit);
    result.why := jsonb_build_array(app_hidden.why('light', p || jsonb_build_object('lifted', coalesce(p_loaded, app_hidden.why('withoutWeight')),
      'weight', app_hidden.why_weight(result.weight, unit))));
  elsif greyskull and current.weight is not null then
    result.weight := app_hidden.deload_weight(current.weight, increment, step);
    result.explanation := format('Last session (%s) missed %s%s: deload to 90 %%, %s %s.', d, what, at_lifted, result.weight, unit);
    result.why := jsonb_build_array(app_hidden.why('missDeload', p || jsonb_build_object('lifted', p_at, 'weight', app_hidden.why_weight(result.weight, unit))));
  elsif greyskull then
    result.explanation := format('Last session (%s) missed %s: same targets.', d, what);
    result.why := jsonb_build_array(app_hidden.why('missSame', p));
  else
    result.misses := current.misses + 1;
    if result.misses >= 3 and current.weight is not null then
      result.weight := app_hidden.deload_weight(current.weight, increment, step);
      result.misses := 0;
      result.explanation := format('Three misses in a row%s (last %s): deload to 90 %%, %s %s.', at_lifted, d, result.weight, unit);
      result.why := jsonb_build_array(app_hidden.why('threeMissesDeload', p || jsonb_build_object('lifted', p_at, 'weight', app_hidden.why_weight(result.weight, unit))));
    else
      result.explanation := format('Last session (%s) missed %s%s (miss %s of 3): same targets.', d, what, at_lifted, least(result.misses, 3));
      result.why := jsonb_build_array(app_hidden.why('miss', p || jsonb_build_object('lifted', p_at, 'miss', least(result.misses, 3))));
      if result.misses >= 3 then
        result.misses := 0;
      end if;
    end if;
  end if;
  if greyskull then
    result.explanation := result.explanation || ' Last set: as many reps as possible.';
    result.why := result.why || jsonb_build_array(app_hidden.why('lastSetAmrap'));
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_linear_target(greyskull boolean, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text, step numeric) is 'The target after one judged session under linear or greyskull (rules in the function body).';
grant execute on function app_hidden.next_linear_target(greyskull boolean, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text, step numeric) to svc_reader;

create or replace function app_hidden.next_double_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text, step numeric)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- double: reps is a range low-high, the rep target starts at low. All sets at the top -> + increment
-- and back to low. Otherwise the next rep target is the lowest set plus one, within the range. A rep
-- is gained when the total over the judged sets beats the best total at this weight; three sessions
-- in a row with none -> deload, back to low.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
  p jsonb := jsonb_build_object('date', d, 'sets', sets, 'low', reps_low, 'high', reps_high,
                                'lifted', app_hidden.why_at(judged.lifted, judged.lifted_unit));
begin
  if judged.top and current.weight is not null then
    result.weight := trim_scale(least(10000, current.weight + increment));
    result.reps := reps_low;
    result.best_total := null;
    result.stalls := 0;
    result.explanation := format('Last session (%s): all %s sets at the top of %s-%s%s: +%s to %s %s, back to %s reps.',
      d, sets, reps_low, reps_high, at_lifted, inc, result.weight, unit, reps_low);
    result.why := jsonb_build_array(app_hidden.why('doubleTop', p || jsonb_build_object('add', app_hidden.why_weight(increment, unit),
      'weight', app_hidden.why_weight(result.weight, unit))));
  elsif judged.top then
    result.reps := reps_high;
    result.explanation := format('Last session (%s): all %s sets at the top of %s-%s: no weight to add, stay at %s reps.', d, sets, reps_low, reps_high, reps_high);
    result.why := jsonb_build_array(app_hidden.why('doubleTopUnloaded', p - 'lifted'));
  else
    if current.best_total is null or judged.total_reps > current.best_total then
      result.best_total := judged.total_reps;
      result.stalls := 0;
    else
      result.stalls := current.stalls + 1;
    end if;
    if result.stalls >= 3 then
      result.weight := app_hidden.deload_weight(current.weight, increment, step);
      result.reps := reps_low;
      result.best_total := null;
      result.stalls := 0;
      result.explanation := case when current.weight is null
        then format('No rep gained in three sessions (last %s): back to %s reps.', d, reps_low)
        else format('No rep gained in three sessions%s (last %s): deload to 90 %%, %s %s, back to %s reps.', at_lifted, d, result.weight, unit, reps_low) end;
      result.why := jsonb_build_array(case when current.weight is null
        then app_hidden.why('doubleStallUnloaded', p - 'lifted')
        else app_hidden.why('doubleStall', p || jsonb_build_object('weight', app_hidden.why_weight(result.weight, unit))) end);
    else
      result.reps := greatest(reps_low, least(reps_high, coalesce(judged.lowest_reps, 0) + 1));
      result.explanation := format('Last session (%s): lowest set %s reps%s: aim for %s (range %s-%s).',
        d, coalesce(judged.lowest_reps, 0), at_lifted, result.reps, reps_low, reps_high);
      result.why := jsonb_build_array(app_hidden.why('doubleAim', p || jsonb_build_object('lowest', coalesce(judged.lowest_reps, 0), 'reps', result.reps)));
    end if;
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_double_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text, step numeric) is 'The target after one judged session under double progression (rules in the function body).';
grant execute on function app_hidden.next_double_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text, step numeric) to svc_reader;

create or replace function app_hidden.next_time_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- time: every set held for the target (with its weight) -> + 5 s; held but lighter (or without the
-- weight) -> same targets, not a miss; third miss in a row -> 90 % snapped to 5 s, at least 5 s
-- shorter, never under 5 s.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
  p jsonb := jsonb_build_object('date', d, 'work', app_hidden.why_work(sets, current.reps, current.seconds),
                                'lifted', app_hidden.why_at(judged.lifted, judged.lifted_unit));
begin
  if judged.outcome = 'hit' then
    result.misses := 0;
    result.seconds := least(86400, current.seconds + 5);
    result.explanation := format('Last session (%s) held %s%s: +5 s to %s.', d, what, at_lifted, app_hidden.format_duration(result.seconds));
    result.why := jsonb_build_array(app_hidden.why('timeHit', p || jsonb_build_object('toSeconds', result.seconds)));
  elsif judged.outcome = 'light' then
    -- Held for the time, lighter than the weight (or without it): not a miss, nothing moves.
    result.explanation := format('Last session (%s) held %s%s, lighter than the %s %s target: same targets (not a miss; misses in a row: %s of 3).',
      d, what, case when judged.lifted is null then ' without its weight' else at_lifted end, current.weight, unit, current.misses);
    result.why := jsonb_build_array(app_hidden.why('timeLight', p || jsonb_build_object('lifted', coalesce(app_hidden.why_at(judged.lifted, judged.lifted_unit), app_hidden.why('withoutWeight')),
      'target', app_hidden.why_weight(current.weight, unit), 'misses', current.misses)));
  else
    result.misses := current.misses + 1;
    if result.misses >= 3 then
      result.seconds := greatest(5, least(round(current.seconds * 0.9 / 5)::int * 5, current.seconds - 5));
      result.misses := 0;
      result.explanation := format('Three misses in a row at %s (last %s): 90 %%, %s.',
        app_hidden.format_duration(current.seconds), d, app_hidden.format_duration(result.seconds));
      result.why := jsonb_build_array(app_hidden.why('timeThreeMisses', jsonb_build_object('date', d, 'fromSeconds', current.seconds, 'toSeconds', result.seconds)));
    else
      result.explanation := format('Last session (%s) missed %s%s (miss %s of 3): same time.', d, what, at_lifted, result.misses);
      result.why := jsonb_build_array(app_hidden.why('timeMiss', p || jsonb_build_object('miss', result.misses)));
    end if;
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_time_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) is 'The target after one judged session under time progression (rules in the function body).';
grant execute on function app_hidden.next_time_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.next_amrap_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, amrap_target integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- amrap (GZCLP T3, `amrapTarget`): the last set as many reps as possible. Every set done with its
-- reps at the weight and the last with at least amrap_target reps -> one increment above the weight
-- lifted; lighter -> as linear; otherwise the same weight (no deload).
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
  p jsonb := jsonb_build_object('date', d, 'work', app_hidden.why_work(sets, current.reps, current.seconds), 'needed', amrap_target);
  p_loaded jsonb := app_hidden.why_lifted(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
begin
  if judged.outcome = 'hit' and current.weight is not null and coalesce(judged.last_reps, 0) >= amrap_target then
    from_weight := greatest(current.weight, app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)));
    result.weight := trim_scale(least(10000, from_weight + increment));
    result.explanation := format('Last session (%s) did %s+%s with %s reps on the last set (%s or more adds weight): +%s to %s %s.',
      d, what, loaded_text, judged.last_reps, amrap_target, inc, result.weight, unit);
    result.why := jsonb_build_array(app_hidden.why('amrapAdd', p || jsonb_build_object('lifted', p_loaded, 'lastReps', judged.last_reps,
      'add', app_hidden.why_weight(increment, unit), 'weight', app_hidden.why_weight(result.weight, unit))));
  elsif judged.outcome = 'hit' then
    result.explanation := format('Last session (%s) did %s+%s with %s reps on the last set (%s needed to add weight): same weight.',
      d, what, loaded_text, coalesce(judged.last_reps, 0), amrap_target);
    result.why := jsonb_build_array(app_hidden.why('amrapSame', p || jsonb_build_object('lifted', p_loaded, 'lastReps', coalesce(judged.last_reps, 0))));
  elsif judged.outcome = 'light' then
    result.weight := trim_scale(least(current.weight,
      coalesce(app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)), 0) + increment));
    result.explanation := format('Last session (%s) did %s+%s, lighter than the target: continuing from the weight lifted, %s %s.',
      d, what, case when judged.lifted is null then ' without its weight' else loaded_text end, result.weight, unit);
    result.why := jsonb_build_array(app_hidden.why('amrapLight', p || jsonb_build_object('lifted', coalesce(p_loaded, app_hidden.why('withoutWeight')),
      'weight', app_hidden.why_weight(result.weight, unit))));
  else
    result.explanation := format('Last session (%s) missed %s+%s: same weight.', d, what, at_lifted);
    result.why := jsonb_build_array(app_hidden.why('amrapMiss', p || jsonb_build_object('lifted', app_hidden.why_at(judged.lifted, judged.lifted_unit))));
  end if;
  result.explanation := result.explanation || ' Last set: as many reps as possible.';
  result.why := result.why || jsonb_build_array(app_hidden.why('lastSetAmrap'));
  return result;
end;
$function$;
comment on function app_hidden.next_amrap_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, amrap_target integer, increment numeric, unit text) is 'The target after one judged session of an exercise with an amrapTarget (rules in the function body).';
grant execute on function app_hidden.next_amrap_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, amrap_target integer, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.next_stage_target(current app_hidden.progression_state, judged app_hidden.session_judgement, stages jsonb, reset text, session_date date, increment numeric, step numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- Stages (GZCLP): within a stage the weight progresses as linear (a hit adds one increment to the
-- weight lifted; a lighter session continues from the weight lifted). A miss moves to the next
-- stage at the same weight. A miss at the last stage goes back to the first as `reset` says: `85%`
-- (the default) of the weight, rounded to the step (ties down); `+7.5` the last weight stage 1 was
-- done at plus that much (T2: 3x10 at the last 3x10 weight + 7.5 kg).
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  n int := jsonb_array_length(stages);
  this_stage text := stages ->> current.stage;
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, step);
  r record;
  -- A stage is named by its set text (`3x10`), as written in the document.
  p jsonb := jsonb_build_object('date', d, 'work', this_stage, 'stages', n, 'first', stages ->> 0);
  p_loaded jsonb := app_hidden.why_lifted(judged.lifted, judged.lifted_unit, current.weight, unit, step);
  p_at jsonb := app_hidden.why_at(judged.lifted, judged.lifted_unit);
begin
  if current.stage = 0 then
    result.stage_one_weight := current.weight;
  end if;
  if judged.outcome = 'hit' and current.weight is not null then
    result.weight := trim_scale(least(10000, greatest(current.weight,
      app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, step)) + increment));
    result.explanation := format('Last session (%s) hit %s%s: +%s %s to %s %s, stage %s of %s.',
      d, this_stage, loaded_text, trim_scale(increment), unit, result.weight, unit, current.stage + 1, n);
    result.why := jsonb_build_array(app_hidden.why('stageHit', p || jsonb_build_object('lifted', p_loaded, 'add', app_hidden.why_weight(increment, unit),
      'weight', app_hidden.why_weight(result.weight, unit), 'stage', current.stage + 1)));
  elsif judged.outcome = 'hit' then
    result.explanation := format('Last session (%s) hit %s: no weight to add, same targets.', d, this_stage);
    result.why := jsonb_build_array(app_hidden.why('hitUnloaded', p));
  elsif judged.outcome = 'light' then
    result.weight := trim_scale(least(current.weight, coalesce(app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, step), 0) + increment));
    result.explanation := format('Last session (%s) did %s%s, lighter than the target: continuing from the weight lifted, %s %s.',
      d, this_stage, case when judged.lifted is null then ' without its weight' else loaded_text end, result.weight, unit);
    result.why := jsonb_build_array(app_hidden.why('light', p || jsonb_build_object('lifted', coalesce(p_loaded, app_hidden.why('withoutWeight')),
      'weight', app_hidden.why_weight(result.weight, unit))));
  elsif current.stage + 1 < n then
    result.stage := current.stage + 1;
    result.explanation := format('Last session (%s) missed %s%s: stage %s of %s, %s at %s %s.',
      d, this_stage, at_lifted, result.stage + 1, n, stages ->> result.stage, coalesce(current.weight::text, 'no weight'),
      case when current.weight is null then '' else unit end);
    result.why := jsonb_build_array(app_hidden.why('stageNext', p || jsonb_build_object('lifted', p_at, 'stage', result.stage + 1,
      'next', stages ->> result.stage, 'weight', coalesce(app_hidden.why_weight(current.weight, unit), app_hidden.why('noWeight')))));
  elsif current.weight is null then
    result.stage := 0;
    result.explanation := format('Last session (%s) missed %s, the last stage: back to %s, no weight.', d, this_stage, stages ->> 0);
    result.why := jsonb_build_array(app_hidden.why('stageLastUnloaded', p));
  else
    result.stage := 0;
    select * into r from app_hidden.doc_reset(coalesce(reset, '85%'));
    if r.add is not null then
      result.weight := trim_scale(least(10000, coalesce(current.stage_one_weight, current.weight) + r.add));
      result.explanation := format('Last session (%s) missed %s%s, the last stage: back to %s at the last %s weight, %s %s, +%s %s: %s %s.',
        d, this_stage, at_lifted, stages ->> 0, stages ->> 0, trim_scale(coalesce(current.stage_one_weight, current.weight)), unit,
        r.add, unit, result.weight, unit);
      result.why := jsonb_build_array(app_hidden.why('stageResetAdd', p || jsonb_build_object('lifted', p_at,
        'from', app_hidden.why_weight(coalesce(current.stage_one_weight, current.weight), unit), 'add', app_hidden.why_weight(r.add, unit),
        'weight', app_hidden.why_weight(result.weight, unit))));
    else
      result.weight := app_hidden.round_to_step(current.weight * r.percent / 100, step);
      result.explanation := format('Last session (%s) missed %s%s, the last stage: back to %s at %s %%, %s %s.',
        d, this_stage, at_lifted, stages ->> 0, r.percent, result.weight, unit);
      result.why := jsonb_build_array(app_hidden.why('stageResetPercent', p || jsonb_build_object('lifted', p_at, 'percent', r.percent,
        'weight', app_hidden.why_weight(result.weight, unit))));
    end if;
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_stage_target(current app_hidden.progression_state, judged app_hidden.session_judgement, stages jsonb, reset text, session_date date, increment numeric, step numeric, unit text) is 'The stage and weight after one judged session of an exercise with stages (GZCLP; rules in the function body).';
grant execute on function app_hidden.next_stage_target(current app_hidden.progression_state, judged app_hidden.session_judgement, stages jsonb, reset text, session_date date, increment numeric, step numeric, unit text) to svc_reader;

-- A cycle's shortfall is a part ({code, params}: shortfallReps, shortfallNotDone; mainSetsShort and
-- shortfallOn around one), written in English by shortfall_text: cycle_shortfall's answer was its
-- English text, so it is dropped, as next_cycle_target's text argument (progression_targets, the one
-- caller of both, is redefined below).
drop function if exists app_hidden.cycle_shortfall(jsonb, boolean, text, text, numeric[], integer[], boolean[]);
create function app_hidden.cycle_shortfall(week_sets jsonb, every_set boolean, target_unit text, session_unit text, weights numeric[], reps integer[], done boolean[])
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- The first judged set of the week that fell short: not done, lighter than planned (the unit
  -- rule) or with fewer reps than its minimum. The judged sets are the `+` sets, or every set when
  -- every_set (a cycle without any `+` set). A deload week is never judged.
  select case when not coalesce(done[k.o], false)
              then app_hidden.why('shortfallNotDone', jsonb_build_object('set', k.o, 'sets', k.x ->> 'text',
                     'weight', app_hidden.why_weight((k.x ->> 'weight')::numeric, target_unit)))
              else app_hidden.why('shortfallReps', jsonb_build_object('set', k.o, 'sets', k.x ->> 'text',
                     'weight', app_hidden.why_weight((k.x ->> 'weight')::numeric, target_unit), 'reps', coalesce(reps[k.o], 0),
                     'liftedWeight', app_hidden.why_weight(coalesce(weights[k.o], 0), session_unit))) end
    from jsonb_array_elements(week_sets) with ordinality as k(x, o)
   where not app_hidden.cycle_week_is_deload(week_sets)
     and (every_set or (k.x ->> 'amrap')::boolean)
     and (not coalesce(done[k.o], false)
          or not app_hidden.weights_meet(weights[k.o], session_unit, (k.x ->> 'weight')::numeric, target_unit)
          or coalesce(reps[k.o], -1) < (k.x ->> 'reps')::int)
   order by k.o
   limit 1;
$function$;
comment on function app_hidden.cycle_shortfall(week_sets jsonb, every_set boolean, target_unit text, session_unit text, weights numeric[], reps integer[], done boolean[]) is 'The first `+` set of a cycle week''s session that fell short, as an explanation''s part: shortfallReps (`set 3 (95%x1+ at 100 kg) 0 reps at 100 kg`) or shortfallNotDone (`... not done`); null when each reached its minimum reps at its weight, or the week is a deload.';
grant execute on function app_hidden.cycle_shortfall(week_sets jsonb, every_set boolean, target_unit text, session_unit text, weights numeric[], reps integer[], done boolean[]) to svc_reader;

create or replace function app_hidden.shortfall_text(part jsonb)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- A shortfall part's English: `2026-01-10, ` (shortfallOn), `the main sets' ` (mainSetsShort), then the set.
declare
  v_text text := '';
  v_part jsonb := part;
  p jsonb;
begin
  if v_part ->> 'code' = 'shortfallOn' then
    v_text := (v_part -> 'params' ->> 'date') || ', ';
    v_part := v_part -> 'params' -> 'shortfall';
  end if;
  if v_part ->> 'code' = 'mainSetsShort' then
    v_text := v_text || 'the main sets'' ';
    v_part := v_part -> 'params' -> 'shortfall';
  end if;
  p := v_part -> 'params';
  return v_text || format('set %s (%s at %s %s) ', p ->> 'set', p ->> 'sets', p -> 'weight' ->> 'weight', p -> 'weight' ->> 'unit')
    || case when v_part ->> 'code' = 'shortfallNotDone' then 'not done'
            else format('%s rep%s at %s %s', p ->> 'reps', case when (p ->> 'reps')::int = 1 then '' else 's' end,
                        p -> 'liftedWeight' ->> 'weight', p -> 'liftedWeight' ->> 'unit') end;
end;
$function$;
comment on function app_hidden.shortfall_text(part jsonb) is 'The English of a cycle''s shortfall part (cycle_shortfall''s, in mainSetsShort or shortfallOn): `2026-01-10, the main sets'' set 3 (95%x1+ at 315 lb) 0 reps at 315 lb`.';
grant execute on function app_hidden.shortfall_text(part jsonb) to svc_reader;

drop function if exists app_hidden.next_cycle_target(app_hidden.progression_state, text, integer, date, numeric, text);
create or replace function app_hidden.next_cycle_target(current app_hidden.progression_state, shortfall jsonb, weeks integer, session_date date, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- A training-max cycle (5/3/1): each judged session moves to the next week, and the first `+` set of
-- the cycle that fell short is kept (shortfall: this session's, from cycle_shortfall). After the last
-- week the training max rises by one increment when no `+` set of the cycle fell short, else it stays
-- and the explanation names that set; the cycle starts again at week 1.
-- The shortfall is a part (cycle_shortfall's; kept in the state as shortfallOn, with its date, in JSON text).
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
begin
  if result.shortfall is null and shortfall is not null then
    result.shortfall := app_hidden.why('shortfallOn', jsonb_build_object('date', d, 'shortfall', shortfall))::text;
  end if;
  if current.stage + 1 < weeks then
    result.stage := current.stage + 1;
    result.explanation := format('Last session (%s): week %s of %s done%s; week %s at a training max of %s %s',
      d, current.stage + 1, weeks, case when shortfall is null then '' else ', short on ' || app_hidden.shortfall_text(shortfall) end,
      current.stage + 2, current.weight, unit);
    result.why := jsonb_build_array(app_hidden.why('cycleWeek', jsonb_build_object('date', d, 'week', current.stage + 1, 'weeks', weeks,
      'short', case when shortfall is not null then app_hidden.why('shortOn', jsonb_build_object('shortfall', shortfall)) end,
      'next', current.stage + 2, 'trainingMax', app_hidden.why_weight(current.weight, unit))));
    return result;
  end if;
  result.stage := 0;
  if result.shortfall is null then
    result.weight := trim_scale(least(10000, current.weight + increment));
    result.explanation := format('Last session (%s): week %s of %s done, every + set of the cycle with its reps: training max +%s %s to %s %s; week 1',
      d, weeks, weeks, trim_scale(increment), unit, result.weight, unit);
    result.why := jsonb_build_array(app_hidden.why('cycleRaise', jsonb_build_object('date', d, 'weeks', weeks,
      'add', app_hidden.why_weight(increment, unit), 'trainingMax', app_hidden.why_weight(result.weight, unit))));
  else
    result.explanation := format('Last session (%s): week %s of %s done; a + set of the cycle fell short (%s): training max stays %s %s; week 1',
      d, weeks, weeks, app_hidden.shortfall_text(result.shortfall::jsonb), current.weight, unit);
    result.why := jsonb_build_array(app_hidden.why('cycleStays', jsonb_build_object('date', d, 'weeks', weeks,
      'shortfall', result.shortfall::jsonb, 'trainingMax', app_hidden.why_weight(current.weight, unit))));
  end if;
  result.shortfall := null;
  return result;
end;
$function$;
comment on function app_hidden.next_cycle_target(current app_hidden.progression_state, shortfall jsonb, weeks integer, session_date date, increment numeric, unit text) is 'The week and training max after one judged session of a cycle (rules in the function body); the explanation ends where the week''s sets are appended.';
grant execute on function app_hidden.next_cycle_target(current app_hidden.progression_state, shortfall jsonb, weeks integer, session_date date, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.progression_opening_why(rule text, stages jsonb, week_sets jsonb, weeks integer, sets integer, state app_hidden.progression_state, start_weight numeric, before_edit integer, unit text)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- progression_opening's sentences as parts, case for case.
  select jsonb_build_array(case
    when rule = 'cycle' and before_edit > 0 then
      app_hidden.why('openingCycleEdited', jsonb_build_object('trainingMax', app_hidden.why_weight(state.weight, unit), 'weeks', weeks,
        'sets', app_hidden.cycle_texts(week_sets), 'earlier', before_edit))
    when rule = 'cycle' then
      app_hidden.why('openingCycle', jsonb_build_object('weeks', weeks, 'trainingMax', app_hidden.why_weight(state.weight, unit),
        'sets', app_hidden.cycle_texts(week_sets)))
    when rule = 'stages' and before_edit > 0 then
      app_hidden.why('openingStagesEdited', jsonb_build_object('weight', coalesce(app_hidden.why_weight(state.weight, unit), app_hidden.why('none')),
        'stages', jsonb_array_length(stages), 'first', stages ->> 0, 'earlier', before_edit))
    when rule = 'stages' then
      app_hidden.why('openingStages', jsonb_build_object('stages', jsonb_array_length(stages), 'first', stages ->> 0,
        'weight', coalesce(app_hidden.why_weight(state.weight, unit), app_hidden.why('noWeight'))))
    when before_edit > 0 then
      app_hidden.why('openingEdited', jsonb_build_object('weight', coalesce(app_hidden.why_weight(start_weight, unit), app_hidden.why('none')),
        'earlier', before_edit))
    else
      app_hidden.why(case rule when 'deload' then 'openingDeload' when 'none' then 'openingNone' else 'openingFirst' end,
        jsonb_build_object('work', app_hidden.why_work(sets, state.reps, state.seconds), 'lifted', app_hidden.why_at(state.weight, unit),
          'rule', case when rule not in ('deload', 'none') then rule end)) end)
    || case when rule in ('greyskull', 'amrap') then jsonb_build_array(app_hidden.why('lastSetAmrap')) else '[]'::jsonb end;
$function$;
comment on function app_hidden.progression_opening_why(rule text, stages jsonb, week_sets jsonb, weeks integer, sets integer, state app_hidden.progression_state, start_weight numeric, before_edit integer, unit text) is 'progression_opening as parts (app_hidden.why): openingCycle, openingCycleEdited, openingStages, openingStagesEdited, openingEdited, openingFirst, openingNone or openingDeload, then lastSetAmrap under greyskull and amrap.';
grant execute on function app_hidden.progression_opening_why(rule text, stages jsonb, week_sets jsonb, weeks integer, sets integer, state app_hidden.progression_state, start_weight numeric, before_edit integer, unit text) to svc_reader;

create or replace function app_hidden.progression_lift_target(re app_public.routine_exercises, rule text, state app_hidden.progression_state, step numeric, judged integer, before_edit integer, unit text)
 RETURNS app_hidden.lift_target
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- The target of one routine exercise once its history is replayed into state: the week of a cycle
-- (its sets, its heaviest as the weight) or the stage to plan, which of them (from 1), and the
-- explanation, in English and as parts.
declare
  v_week_sets jsonb := case when rule = 'cycle' then app_hidden.cycle_week(re.cycle, state.stage, state.weight, step) end;
  v_stage record;
  v_why text := state.explanation;
  v_parts jsonb := state.why;
begin
  select * into v_stage from app_hidden.doc_stage(case when rule = 'stages' then re.stages ->> state.stage end);
  if v_why is null then
    v_why := app_hidden.progression_opening(rule, re.stages, v_week_sets, jsonb_array_length(re.cycle), re.sets, state,
                                            trim_scale(re.weight::numeric), before_edit, unit);
    v_parts := app_hidden.progression_opening_why(rule, re.stages, v_week_sets, jsonb_array_length(re.cycle), re.sets, state,
                                                  trim_scale(re.weight::numeric), before_edit, unit);
  end if;
  if rule = 'cycle' then
    return row(re.id, re.position, re.exercise_id, rule,
               (v_week_sets -> -1 ->> 'weight')::numeric, (v_week_sets -> -1 ->> 'reps')::int, null, re.sets, judged,
               v_why || case when judged > 0 then format(' (%s).', app_hidden.cycle_texts(v_week_sets)) else '' end
                     || case when v_week_sets @> '[{"amrap": true}]' then ' Sets marked +: as many reps as possible.' else '' end,
               state.weight, (v_week_sets -> -1 ->> 'amrap')::boolean, v_week_sets, state.stage + 1,
               coalesce(v_parts, '[]')
                 || case when judged > 0 then jsonb_build_array(app_hidden.why('cycleSets', jsonb_build_object('sets', app_hidden.cycle_texts(v_week_sets)))) else '[]' end
                 || case when v_week_sets @> '[{"amrap": true}]' then jsonb_build_array(app_hidden.why('setsMarkedAmrap')) else '[]' end
               )::app_hidden.lift_target;
  end if;
  return row(re.id, re.position, re.exercise_id, rule, state.weight, coalesce(v_stage.reps, state.reps),
             case when state.reps is null and v_stage.reps is null then state.seconds end, coalesce(v_stage.sets, re.sets), judged,
             v_why || case when coalesce(v_stage.amrap, false) then ' Last set: as many reps as possible.' else '' end,
             null, coalesce(v_stage.amrap, rule in ('greyskull', 'amrap')), null,
             case when rule = 'stages' then state.stage + 1 end,
             coalesce(v_parts, '[]') || case when coalesce(v_stage.amrap, false) then jsonb_build_array(app_hidden.why('lastSetAmrap')) else '[]' end
             )::app_hidden.lift_target;
end;
$function$;
comment on function app_hidden.progression_lift_target(re app_public.routine_exercises, rule text, state app_hidden.progression_state, step numeric, judged integer, before_edit integer, unit text) is 'The next target of one routine exercise from its replayed state: a cycle''s week (sets rounded to step) or the stage to plan and which (from 1), with the explanation in English and as parts (progression_opening and progression_opening_why when no session moved it).';
grant execute on function app_hidden.progression_lift_target(re app_public.routine_exercises, rule text, state app_hidden.progression_state, step numeric, judged integer, before_edit integer, unit text) to svc_reader;

-- The state starts without parts, as without an explanation (one more null in its row).
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
  v_shortfall jsonb;
  -- exercise id -> {workout start -> the `+` sets' shortfall part (null: none fell short)}
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
                 re.reps_low, case when re.reps_low is null then re.seconds end, 0, 0, null, null, 0, null, null, null)::app_hidden.progression_state;
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
        v_shortfall := nullif(v_lift_judgements -> re.exercise_id::text -> s.start::text, 'null');
        if v_shortfall is not null then v_shortfall := app_hidden.why('mainSetsShort', jsonb_build_object('shortfall', v_shortfall)); end if;
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
         p.week, p.stage, p.why
    from app_hidden.next_plan(r, v_date) p;
end;
$function$;
comment on function app_public.routines_next_targets(r app_public.routines, date text) is E'@behavior -typeField:resource:connection +typeField:resource:list -aggregate -havingBy -orderBy -filterBy\nThe targets of this routine''s next workout for a date (YYYY-MM-DD, default today), one per exercise in the routine''s order, each with the explanation of how your history led to it. The plan itself is nextWorkout; explanations are never saved into a workout.';
grant execute on function app_public.routines_next_targets(r app_public.routines, date text) to svc_reader;
