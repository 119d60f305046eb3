--! Previous: sha1:811dad035b4c98d330c30ad2478bea5674fa3c44
--! Hash: sha1:c97bc65fda4365e79aee00f32e788151adbec293
--! Message: Cost charged as spent and shared, list bounds, account deletion and names, program library in one home

--! split: 1-current.sql
-- Enter migration here

--! split: 2-progression-shared-training-max.sql
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

--! split: 3-progression-deload-rounding.sql
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

--! split: 40-cost-buckets.sql
-- What GraphQL and MCP callers spend, as the database spent it, in one token bucket per payer shared
-- by every server process (server/client-cost-budget.ts). Before a request runs, its static estimate
-- is taken from what is left if it fits (app_private.claim_cost, one statement); after it, the
-- difference between what it really cost and the estimate (app_private.charge_cost, one statement).
-- The budgets themselves are the server's configuration.
create table if not exists app_private.cost_buckets (
  payer text primary key,
  tokens double precision not null,
  updated_at timestamptz not null default now()
);
alter table app_private.cost_buckets add column if not exists held double precision not null default 0;
alter table app_private.cost_buckets enable row level security;
create index if not exists cost_buckets_updated_at on app_private.cost_buckets (updated_at);
comment on table app_private.cost_buckets is
  E'The GraphQL cost each payer has left, as a token bucket shared by every server process: it refills at its budget a window (continuously) up to the budget, and a request''s real cost is taken from it after the request. No row: a full bucket.';
comment on column app_private.cost_buckets.payer is
  E'Who pays: `key:<api key id>`, `app:<connected app id>`, `session:<session id>` (a live session) or `address:<client address>` (everything signed out; IPv6 by its /64).';
comment on column app_private.cost_buckets.tokens is
  E'Cost units left at updated_at, before refilling since; below 0 when requests cost more than was left (at most one budget below 0).';
comment on column app_private.cost_buckets.held is
  E'Estimates taken by requests still running (claimed at the gate, given back when the request is charged what it spent): at most this much may come back to tokens besides the refill.';
comment on column app_private.cost_buckets.updated_at is
  E'When tokens was last written; the bucket has refilled since at its budget per window.';
comment on index app_private.cost_buckets_updated_at is
  E'Serves app_private.prune_counters, which deletes buckets idle long enough to be full again.';

create or replace function app_private.cost_payer(p_session_hash bytea, p_key_id uuid, p_app_id uuid, p_address text)
  returns text
  language sql
  stable
as $$
  select case when p_key_id is not null then 'key:' || p_key_id
              when p_app_id is not null then 'app:' || p_app_id
              when s.session_id is not null then 'session:' || s.session_id
              else 'address:' || coalesce(abbrev(app_private.address_key(p_address::inet)), 'unknown') end
    from (select (select o.session_id from app_private.session_of_hash(p_session_hash) o) as session_id) s;
$$;
comment on function app_private.cost_payer(bytea, uuid, uuid, text) is
  E'Who pays for a request: its live API key, else its connected app, else its session when p_session_hash is a live sign-in''s token hash, else its client address as sign-in limits count it (app_private.address_key: IPv6 by /64; a made-up session token pays as signed out).';

create or replace function app_private.cost_budget_of(p_payer text, p_signed_in_budget double precision, p_signed_out_budget double precision)
  returns double precision
  language sql
  immutable
as $$
  select case when p_payer like 'address:%' then p_signed_out_budget else p_signed_in_budget end;
$$;
comment on function app_private.cost_budget_of(text, double precision, double precision) is
  E'A payer''s budget: the signed-out one for an address, the signed-in one for a session, key or app.';

create or replace function app_private.cost_refilled(p_tokens double precision, p_since timestamptz, p_budget double precision, p_window_seconds double precision)
  returns double precision
  language sql
  stable
as $$
  select least(p_budget, p_tokens + p_budget * extract(epoch from now() - p_since)::double precision / p_window_seconds);
$$;
comment on function app_private.cost_refilled(double precision, timestamptz, double precision, double precision) is
  E'A bucket''s tokens now: what it held at p_since plus p_budget per p_window_seconds since, at most p_budget.';

drop function if exists app_private.cost_left(bytea, uuid, uuid, text, double precision, double precision, double precision);
create or replace function app_private.cost_left(
  p_session_hash bytea,
  p_key_id uuid,
  p_app_id uuid,
  p_address text,
  p_signed_in_budget double precision,
  p_signed_out_budget double precision,
  p_window_seconds double precision,
  out payer text,
  out budget double precision,
  out tokens double precision,
  out held double precision
) returns record
  language sql
  stable
  security definer
  set search_path to pg_catalog, public
as $$
  select p.payer, p.budget,
         coalesce(app_private.cost_refilled(c.tokens, c.updated_at, p.budget, p_window_seconds), p.budget),
         coalesce(c.held, 0)
    from (select x.payer, app_private.cost_budget_of(x.payer, p_signed_in_budget, p_signed_out_budget) as budget
            from app_private.cost_payer(p_session_hash, p_key_id, p_app_id, p_address) as x(payer)) p
    left join app_private.cost_buckets c on c.payer = p.payer;
$$;
comment on function app_private.cost_left(bytea, uuid, uuid, text, double precision, double precision, double precision) is
  E'What a request''s payer (app_private.cost_payer) has left now, what running requests hold, and its budget (p_signed_in_budget or p_signed_out_budget per p_window_seconds); reads only.';

create or replace function app_private.claim_cost(
  p_session_hash bytea,
  p_key_id uuid,
  p_app_id uuid,
  p_address text,
  p_signed_in_budget double precision,
  p_signed_out_budget double precision,
  p_window_seconds double precision,
  p_estimate double precision,
  out payer text,
  out budget double precision,
  out tokens double precision,
  out held double precision
) returns setof record
  language sql
  volatile
  security definer
  set search_path to pg_catalog, public
as $$
  -- One statement under the bucket's row lock: concurrent requests of one payer cannot together
  -- take more than is left. Nothing is returned (and nothing taken) when the estimate does not fit.
  insert into app_private.cost_buckets as c (payer, tokens, held, updated_at)
  select x.payer, b.budget - p_estimate, p_estimate, now()
    from app_private.cost_payer(p_session_hash, p_key_id, p_app_id, p_address) as x(payer)
   cross join lateral (select app_private.cost_budget_of(x.payer, p_signed_in_budget, p_signed_out_budget) as budget) b
   where b.budget >= p_estimate
  on conflict (payer) do update
     set tokens = app_private.cost_refilled(c.tokens, c.updated_at,
           app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget), p_window_seconds) - p_estimate,
         held = c.held + p_estimate,
         updated_at = now()
   where app_private.cost_refilled(c.tokens, c.updated_at,
           app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget), p_window_seconds) >= p_estimate
  returning c.payer, app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget), c.tokens, c.held;
$$;
comment on function app_private.claim_cost(bytea, uuid, uuid, text, double precision, double precision, double precision, double precision) is
  E'The gate before a request runs: takes p_estimate (its static estimate) from its payer''s bucket (app_private.cost_payer), refilled first, when it fits, and holds it until the request is charged (app_private.charge_cost); returns the bucket then. Returns nothing and takes nothing when the estimate is more than is left.';

drop function if exists app_private.charge_cost(bytea, uuid, uuid, text, double precision, double precision, double precision, double precision);
create or replace function app_private.charge_cost(
  p_session_hash bytea,
  p_key_id uuid,
  p_app_id uuid,
  p_address text,
  p_signed_in_budget double precision,
  p_signed_out_budget double precision,
  p_window_seconds double precision,
  p_claimed double precision,
  p_spent double precision,
  out payer text,
  out budget double precision,
  out tokens double precision,
  out held double precision
) returns record
  language sql
  volatile
  security definer
  set search_path to pg_catalog, public
as $$
  -- One statement under the bucket's row lock: concurrent charges of one payer all count.
  insert into app_private.cost_buckets as c (payer, tokens, held, updated_at)
  select x.payer, greatest(-b.budget, least(b.budget, b.budget - (p_spent - p_claimed))), 0, now()
    from app_private.cost_payer(p_session_hash, p_key_id, p_app_id, p_address) as x(payer)
   cross join lateral (select app_private.cost_budget_of(x.payer, p_signed_in_budget, p_signed_out_budget) as budget) b
  on conflict (payer) do update
     set tokens = greatest(
           -app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget),
           least(app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget),
             app_private.cost_refilled(c.tokens, c.updated_at,
               app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget), p_window_seconds)
             - (p_spent - p_claimed))),
         held = greatest(0, c.held - p_claimed),
         updated_at = now()
  returning c.payer, app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget), c.tokens, c.held;
$$;
comment on function app_private.charge_cost(bytea, uuid, uuid, text, double precision, double precision, double precision, double precision, double precision) is
  E'After a request: its payer (app_private.cost_payer) is charged p_spent, what it really cost, less p_claimed, what its gate took (app_private.claim_cost; given back from held), in one statement, the bucket refilled first; never refuses. The bucket stays between one budget below 0 and one budget. Returns what is left.';

-- Idle buckets are full again after at most two windows (one budget of debt, then a refill).
create or replace function app_private.prune_counters() returns int
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_counters int;
  v_failures int;
  v_attempts int;
  v_buckets int;
begin
  delete from app_private.rate_counters c where c.window_start < now() - interval '10 minutes';
  get diagnostics v_counters = row_count;
  delete from app_private.failed_sign_ins f where f.attempted_at < now() - interval '15 minutes';
  get diagnostics v_failures = row_count;
  delete from app_private.address_attempts a where a.attempted_at < now() - interval '1 day';
  get diagnostics v_attempts = row_count;
  delete from app_private.cost_buckets b where b.updated_at < now() - interval '1 hour';
  get diagnostics v_buckets = row_count;
  return v_counters + v_failures + v_attempts + v_buckets;
end;
$$;
comment on function app_private.prune_counters() is
  E'Deletes rate-limit counters older than 10 minutes, failed sign-ins older than 15 minutes, per-address attempts older than a day and cost buckets idle for an hour (full again by then: no row is a full bucket); returns how many rows went.';

--! split: 50-account-names.sql
-- Names shown to other people as someone's (a user's display name, a connected app's name on the
-- consent page and in Settings) must not hold characters that reorder or hide text: with them
-- `Claude\u202Eedoc.exe` reads as another name, and `Ad\u200Bmin` looks exactly like `Admin`.

create or replace function app_hidden.hidden_character_reason(t text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  -- Bidi controls (U+061C, U+200E/200F, U+202A-202E, U+2066-2069) and zero-width characters
  -- (U+200B-200D, U+2060, U+FEFF); the first one found is named. The joiners U+200C and U+200D
  -- are spelling where Unicode gives them a job (RFC 5892's CONTEXTJ, UTS #51), so these are taken
  -- out before the search: either after a virama (Indic conjuncts), U+200C between two letters of
  -- the Arabic script (Persian, Urdu), U+200D between two emoji (family, profession sequences).
  select 'must not contain bidi control or zero-width characters (found U+'
         || upper(lpad(to_hex(ascii(m[1])), 4, '0')) || ')'
    from regexp_match(
      regexp_replace(
        regexp_replace(
          regexp_replace(t,
            '([\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d4d\u0dca\u1039\u17d2])[\u200c\u200d]', '\1', 'g'),
          '([\u0620-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc])\u200c(?=[\u0620-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc])', '\1', 'g'),
        '([\u2600-\u27bf\U0001f000-\U0001faff]\ufe0f?)\u200d(?=[\u2600-\u27bf\U0001f000-\U0001faff])', '\1', 'g'),
      '([\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff])') m;
$function$;
comment on function app_hidden.hidden_character_reason(t text) is 'Why a name shown to others as someone''s (a user''s name, a connected app''s name) is refused: it holds a bidi control (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) or a zero-width character (U+200B-U+200D, U+2060, U+FEFF), named by its code point; null when it holds none. The joiners keep their jobs: U+200C or U+200D after a virama, U+200C between two Arabic-script letters, U+200D between two emoji.';
grant execute on function app_hidden.hidden_character_reason(t text) to svc_reader;

create or replace function app_hidden.tg_name_without_hidden_characters()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  v_reason text := app_hidden.hidden_character_reason(new.name);
begin
  if v_reason is not null then
    -- TG_ARGV[0]: the field as the caller names it (`name` at sign-up, `client_name` at registration).
    raise exception '%: %', tg_argv[0], v_reason using errcode = 'SVBAD';
  end if;
  return new;
end;
$function$;
comment on function app_hidden.tg_name_without_hidden_characters() is 'Trigger (argument: the field''s name in the refusal): the row''s `name` holds no bidi control or zero-width character (hidden_character_reason), else INVALID_INPUT naming the field.';

drop trigger if exists _130_name_without_hidden_characters on app_public.users;
create trigger _130_name_without_hidden_characters
  before insert or update of name on app_public.users
  for each row execute function app_hidden.tg_name_without_hidden_characters('name');

drop trigger if exists _130_name_without_hidden_characters on app_private.oauth_clients;
create trigger _130_name_without_hidden_characters
  before insert or update of name on app_private.oauth_clients
  for each row execute function app_hidden.tg_name_without_hidden_characters('client_name');

--! split: 51-account-deletion.sql
-- Deleting an account asks who is asking: the password (checked and counted as a sign-in's), or a
-- sign-in recent enough that whoever holds the session just typed it. The last admin stays.

create or replace function app_private.recent_sign_in_seconds()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 300 $function$;
comment on function app_private.recent_sign_in_seconds() is 'How old (seconds) a session may be for deleteAccount without a password: a sign-in (or sign-up) this recent typed the password already. Older sessions, and stolen ones, must give it.';

-- The password check of a sign-in, with its lockouts: one home for sign_in and delete_account.
create or replace function app_private.password_attempt(p_email text, p_password text, p_address inet,
  p_failures_per_account integer, p_failures_per_address integer,
  OUT status text, OUT user_id uuid, OUT retry_after integer)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_address inet := app_private.address_key(p_address);
  v_window constant interval := interval '15 minutes';
  v_user uuid;
  v_hash text;
  v_check text;
  v_count int;
  v_frees timestamptz;
begin
  -- Attempts on one account from one address run one at a time, so their failure count is exact.
  perform pg_advisory_xact_lock(hashtextextended(lower(p_email) || ' ' || v_address::text, 1));
  select count(*) into v_count from app_private.failed_sign_ins f
   where f.email = p_email::citext and f.address = v_address and f.attempted_at > now() - v_window;
  if v_count >= p_failures_per_account then
    select f.attempted_at into v_frees from app_private.failed_sign_ins f
     where f.email = p_email::citext and f.address = v_address and f.attempted_at > now() - v_window
     order by f.attempted_at offset v_count - p_failures_per_account limit 1;
    status := 'locked';
    retry_after := greatest(1, ceil(extract(epoch from (v_frees + v_window - now()))))::int;
    return;
  end if;
  select count(*) into v_count from app_private.failed_sign_ins f
   where f.address = v_address and f.attempted_at > now() - v_window;
  if v_count >= p_failures_per_address then
    select f.attempted_at into v_frees from app_private.failed_sign_ins f
     where f.address = v_address and f.attempted_at > now() - v_window
     order by f.attempted_at offset v_count - p_failures_per_address limit 1;
    status := 'address-locked';
    retry_after := greatest(1, ceil(extract(epoch from (v_frees + v_window - now()))))::int;
    return;
  end if;
  select u.id into v_user from app_public.users u where u.email = p_email::citext;
  select s.password_hash into v_hash from app_private.user_secrets s where s.user_id = v_user;
  -- Always one bcrypt of the current cost or the stored one: an unknown email is checked against a
  -- fresh salt, so its answer takes as long as a wrong password's.
  v_check := crypt(p_password, coalesce(v_hash, gen_salt('bf', app_private.password_hash_cost())));
  if v_hash is null or v_check <> v_hash then
    -- A hash of a lower cost answers faster than an unknown email would; one more hash of the
    -- current cost (what a success spends upgrading it) keeps it from standing out as an account.
    if app_private.password_hash_cost_of(v_hash) < app_private.password_hash_cost() and v_hash is not null then
      perform crypt(p_password, gen_salt('bf', app_private.password_hash_cost()));
    end if;
    insert into app_private.failed_sign_ins (email, address) values (p_email, v_address);
    status := 'wrong';
    return;
  end if;
  -- The owner's success clears only this address's failures: an attacker's elsewhere stay counted.
  delete from app_private.failed_sign_ins f where f.email = p_email::citext and f.address = v_address;
  if app_private.password_hash_cost_of(v_hash) < app_private.password_hash_cost() then
    update app_private.user_secrets s set password_hash = crypt(p_password, gen_salt('bf', app_private.password_hash_cost()))
     where s.user_id = v_user;
  end if;
  status := 'ok';
  user_id := v_user;
end;
$function$;
comment on function app_private.password_attempt(p_email text, p_password text, p_address inet, p_failures_per_account integer, p_failures_per_address integer, OUT status text, OUT user_id uuid, OUT retry_after integer) is 'Checks an account''s password as sign-in does: `ok` (with user_id; this address''s failures cleared, a hash of a lower cost upgraded), `wrong` (counted in failed_sign_ins), or `locked` / `address-locked` (retry_after seconds) after p_failures_per_account failures for that email from the address, or p_failures_per_address from it, in 15 minutes. One bcrypt whether or not the email exists.';

create or replace function app_private.sign_in(p_email text, p_password text, p_client text, p_address inet, p_failures_per_account integer, p_failures_per_address integer, OUT status text, OUT user_id uuid, OUT token text, OUT retry_after integer)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_attempt record;
  v_user app_public.users;
begin
  select * into v_attempt
    from app_private.password_attempt(p_email, p_password, p_address, p_failures_per_account, p_failures_per_address);
  status := v_attempt.status;
  retry_after := v_attempt.retry_after;
  if status <> 'ok' then
    return;
  end if;
  select u.* into v_user from app_public.users u where u.id = v_attempt.user_id;
  if app_hidden.ban_in_force(v_user.banned, v_user.ban_expires) then
    status := 'banned';
    return;
  end if;
  user_id := v_user.id;
  token := app_private.new_session(v_user.id, p_client);
end;
$function$;
comment on function app_private.sign_in(p_email text, p_password text, p_client text, p_address inet, p_failures_per_account integer, p_failures_per_address integer, OUT status text, OUT user_id uuid, OUT token text, OUT retry_after integer) is 'Checks a password (password_attempt: its lockouts per email and client address and per address, retry_after in seconds) and starts a session: status ok, wrong, locked, address-locked or banned (the right password to a banned account).';

-- The last admin of an instance cannot leave it without one.
create or replace function app_hidden.require_another_admin(p_user app_public.users)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  if p_user.role <> 'admin' then
    return;
  end if;
  -- Two admins deleting themselves at once: the second waits for the first's rows, then sees it gone.
  perform 1 from app_public.users u where u.role = 'admin' order by u.id for update;
  if not exists (select 1 from app_public.users u
                  where u.role = 'admin' and u.id <> p_user.id
                    and not app_hidden.ban_in_force(u.banned, u.ban_expires)) then
    raise exception 'You are the only admin of this service: promote another admin first (the database owner runs select app_public.grant_admin(''their email''))'
      using errcode = 'SVADM';
  end if;
end;
$function$;
comment on function app_hidden.require_another_admin(p_user app_public.users) is 'For an admin leaving: another admin (not banned) remains, else LAST_ADMIN. Nothing for a user who is no admin.';

drop function if exists app_public.delete_account();
create or replace function app_public.delete_account(p_password text default null, p_address inet default null,
  p_failures_per_account integer default null, p_failures_per_address integer default null,
  OUT id uuid, OUT status text)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_user app_public.users;
  v_attempt record;
begin
  select u.* into v_user from app_public.users u where u.id = app_hidden.require_session();
  perform app_hidden.require_another_admin(v_user);
  if p_password is null then
    if not exists (select 1 from app_public.sessions s
                    where s.id = app_public.current_session_id()
                      and s.created_at > now() - make_interval(secs => app_private.recent_sign_in_seconds())) then
      raise exception 'password: give your password to delete your account (it is not asked within % minutes of signing in)',
        app_private.recent_sign_in_seconds() / 60 using errcode = 'SVREA';
    end if;
  else
    if p_address is null or p_failures_per_account is null or p_failures_per_address is null then
      raise exception 'delete_account: a password is checked with the client address and the sign-in limits';
    end if;
    select * into v_attempt
      from app_private.password_attempt(v_user.email, p_password, p_address, p_failures_per_account, p_failures_per_address);
    if v_attempt.status in ('locked', 'address-locked') then
      raise exception 'Too many wrong passwords for this account from your address; try again in % seconds', v_attempt.retry_after
        using errcode = 'SVATT', detail = v_attempt.retry_after::text;
    end if;
    if v_attempt.status = 'wrong' then
      -- Answered, not raised: an exception would roll back the failure just counted. The server
      -- turns this status into WRONG_PASSWORD after the transaction commits.
      status := 'wrong-password';
      return;
    end if;
  end if;
  -- Documents first: routine exercises refer to (custom) exercises with ON DELETE RESTRICT.
  delete from app_public.workouts w where w.user_id = v_user.id;
  delete from app_public.routines r where r.user_id = v_user.id;
  -- Everything else (sessions, keys and their hashes, bodyweights, custom exercises, secrets) cascades.
  delete from app_public.users u where u.id = v_user.id;
  id := v_user.id;
  status := 'deleted';
end;
$function$;
comment on function app_public.delete_account(p_password text, p_address inet, p_failures_per_account integer, p_failures_per_address integer, OUT id uuid, OUT status text) is E'@behavior -*\nDeletes the signed-in user''s account with every key, session and all their data, for good (status `deleted`). Needs a signed-in session, and the password (checked as sign-in checks it, at the client address with the sign-in limits the server passes; a wrong one is counted and answered as status `wrong-password`, locked out as TOO_MANY_ATTEMPTS) unless the session is younger than recent_sign_in_seconds() (else PASSWORD_REQUIRED). The last admin is refused (LAST_ADMIN).';
grant execute on function app_public.delete_account(p_password text, p_address inet, p_failures_per_account integer, p_failures_per_address integer) to svc_visitor;

--! split: 60-program-library-one-home.sql
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

--! split: 61-next-target-week-stage.sql
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

--! split: 70-grouped-aggregates-bound.sql
-- A grouped aggregate answers at most a bounded number of groups: the GraphQL plan of
-- groupedAggregates selects this function over `count(*) over ()` (the number of groups of its
-- query), so a grouping that makes more groups than the bound fails before any row leaves
-- PostgreSQL, with a message naming the bound (plugins/list-bounds.ts).
create or replace function app_hidden.groups_within_bound(groups bigint, bound integer)
 RETURNS bigint
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
begin
  if groups > bound then
    raise exception 'groupedAggregates: this grouping makes % groups, more than the % one answer may hold; group by fewer columns or narrow the list with condition', groups, bound
      using errcode = 'SVCPX';
  end if;
  return groups;
end;
$function$;
comment on function app_hidden.groups_within_bound(groups bigint, bound integer) is 'The number of groups of a grouped aggregate when it is within the bound; otherwise raises SVCPX (QUERY_TOO_COMPLEX) naming both.';
grant execute on function app_hidden.groups_within_bound(groups bigint, bound integer) to svc_reader;
