-- Deloads (linear, greyskull, double) round as every planned weight does: to the exercise's rounding
-- step (rounding_step), to the nearest step, ties down.
drop function if exists app_hidden.next_target(text, app_hidden.progression_state, app_hidden.session_judgement, date, integer, integer, integer, integer, numeric, text);
drop function if exists app_hidden.next_linear_target(boolean, app_hidden.progression_state, app_hidden.session_judgement, date, integer, integer, integer, numeric, text);
drop function if exists app_hidden.next_double_target(app_hidden.progression_state, app_hidden.session_judgement, date, integer, integer, integer, numeric, text);
drop function if exists app_hidden.deload_to_step(numeric, numeric, text);

create or replace function app_hidden.deload_weight(weight numeric, increment numeric, step numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  -- 90 % rounded to the rounding step (round_to_step: nearest, ties down), and at least one
  -- increment lower, never below 0.
  select case when weight is null then null
              else trim_scale(greatest(0, least(app_hidden.round_to_step(weight * 0.9, step), weight - increment))) end;
$function$;
comment on function app_hidden.deload_weight(weight numeric, increment numeric, step numeric) is 'A deload: 90 % of the weight rounded to the exercise''s rounding step (nearest, ties down), at least one increment lower, never below 0: 70 kg deloads to 62.5 kg.';
grant execute on function app_hidden.deload_weight(weight numeric, increment numeric, step numeric) to svc_reader;

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
begin
  if judged.top and current.weight is not null then
    result.weight := trim_scale(least(10000, current.weight + increment));
    result.reps := reps_low;
    result.best_total := null;
    result.stalls := 0;
    result.explanation := format('Last session (%s): all %s sets at the top of %s-%s%s: +%s to %s %s, back to %s reps.',
      d, sets, reps_low, reps_high, at_lifted, inc, result.weight, unit, reps_low);
  elsif judged.top then
    result.reps := reps_high;
    result.explanation := format('Last session (%s): all %s sets at the top of %s-%s: no weight to add, stay at %s reps.', d, sets, reps_low, reps_high, reps_high);
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
    else
      result.reps := greatest(reps_low, least(reps_high, coalesce(judged.lowest_reps, 0) + 1));
      result.explanation := format('Last session (%s): lowest set %s reps%s: aim for %s (range %s-%s).',
        d, coalesce(judged.lowest_reps, 0), at_lifted, result.reps, reps_low, reps_high);
    end if;
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_double_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text, step numeric) is 'The target after one judged session under double progression (rules in the function body).';
grant execute on function app_hidden.next_double_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text, step numeric) to svc_reader;

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
begin
  if judged.outcome = 'hit' and current.weight is null then
    result.misses := 0;
    result.explanation := format('Last session (%s) hit %s: no weight to add, same targets.', d, what);
  elsif judged.outcome = 'hit' then
    result.misses := 0;
    from_weight := greatest(current.weight, app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)));
    if greyskull and current.reps > 0 and judged.last_reps >= 2 * current.reps then
      result.weight := trim_scale(least(10000, from_weight + 2 * increment));
      result.explanation := format('Last session (%s) hit %s%s with %s reps on the last set: +%s %s to %s %s.',
        d, what, loaded_text, judged.last_reps, trim_scale(2 * increment), unit, result.weight, unit);
    else
      result.weight := trim_scale(least(10000, from_weight + increment));
      result.explanation := format('Last session (%s) hit %s%s: +%s to %s %s.', d, what, loaded_text, inc, result.weight, unit);
    end if;
  elsif judged.outcome = 'light' then
    result.misses := 0;
    result.weight := trim_scale(least(current.weight,
      coalesce(app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)), 0) + increment));
    result.explanation := format('Last session (%s) did %s%s, lighter than the target: continuing from the weight lifted, %s %s.',
      d, what, case when judged.lifted is null then ' without its weight' else loaded_text end, result.weight, unit);
  elsif greyskull and current.weight is not null then
    result.weight := app_hidden.deload_weight(current.weight, increment, step);
    result.explanation := format('Last session (%s) missed %s%s: deload to 90 %%, %s %s.', d, what, at_lifted, result.weight, unit);
  elsif greyskull then
    result.explanation := format('Last session (%s) missed %s: same targets.', d, what);
  else
    result.misses := current.misses + 1;
    if result.misses >= 3 and current.weight is not null then
      result.weight := app_hidden.deload_weight(current.weight, increment, step);
      result.misses := 0;
      result.explanation := format('Three misses in a row%s (last %s): deload to 90 %%, %s %s.', at_lifted, d, result.weight, unit);
    else
      result.explanation := format('Last session (%s) missed %s%s (miss %s of 3): same targets.', d, what, at_lifted, least(result.misses, 3));
      if result.misses >= 3 then
        result.misses := 0;
      end if;
    end if;
  end if;
  if greyskull then
    result.explanation := result.explanation || ' Last set: as many reps as possible.';
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_linear_target(greyskull boolean, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text, step numeric) is 'The target after one judged session under linear or greyskull (rules in the function body).';
grant execute on function app_hidden.next_linear_target(greyskull boolean, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text, step numeric) to svc_reader;

create or replace function app_hidden.next_target(rule text, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, amrap_target integer, increment numeric, unit text, step numeric)
 RETURNS app_hidden.progression_state
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- Rules (the exercise's progression, else the routine's, else linear; amrap with an amrapTarget),
  -- each in its own function. Explanations name only weights that were lifted (as logged), written
  -- in the routine, or planned.
  select case rule
    when 'linear' then app_hidden.next_linear_target(false, current, judged, session_date, sets, reps_low, reps_high, increment, unit, step)
    when 'greyskull' then app_hidden.next_linear_target(true, current, judged, session_date, sets, reps_low, reps_high, increment, unit, step)
    when 'double' then app_hidden.next_double_target(current, judged, session_date, sets, reps_low, reps_high, increment, unit, step)
    when 'time' then app_hidden.next_time_target(current, judged, session_date, sets, reps_low, reps_high, increment, unit)
    when 'amrap' then app_hidden.next_amrap_target(current, judged, session_date, sets, amrap_target, increment, unit)
    else current end;
$function$;
comment on function app_hidden.next_target(rule text, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, amrap_target integer, increment numeric, unit text, step numeric) is 'The target after one judged session under a rule (linear, greyskull, double, time or amrap), with the explanation of the change (next_linear_target, next_double_target, next_time_target, next_amrap_target).';
grant execute on function app_hidden.next_target(rule text, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, amrap_target integer, increment numeric, unit text, step numeric) to svc_reader;
