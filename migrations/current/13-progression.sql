-- Progression: the targets of a routine's next workout, judged from what was actually lifted.
-- Replaces the one long app_hidden.progression_targets with named steps a reader can follow:
--   app_hidden.weights_meet(...)        -> does a lifted weight meet a target (the unit rule)
--   app_hidden.judge_session(...)       -> judge one session of one routine exercise
--   app_hidden.next_target(...)         -> the next target under a rule, from the current one and a judgement
--   app_hidden.progression_targets(...) -> replays each routine exercise's sessions through the two
--   app_hidden.planned_sets(...)        -> warm-ups, work sets, drops and bursts from a work target
--   app_public.routines_next_workout    -> the next workout as a workout document (pinned notes only)
--   app_public.routines_next_targets    -> GraphQL Routine.nextTargets: each target with its explanation
--   app_hidden.next_stage_target / next_cycle_target -> GZCLP stages and 5/3/1 training-max cycles
--   app_hidden.walk_routine_program     -> the routine walk plus program, trainingMax, cycle, stages, increment
-- Set text gains weight x time (`20x45s`, `20x1:30`): a weighted hold plans, logs, judges and progresses;
-- and `bw+20x5`, a bodyweight set with load added (its weight is the added load).
-- Routines sharing a `program` name share each lift prescribed alike (same sets and reps or time).
--
-- The rules decided (the README's "Progression rules" says the same):
-- Units. Targets live in the routine's unit and move by loadable steps of that unit. A lifted
--   weight meets a target when, compared in kilograms (1 lb = 0.45359237 kg), it is at most the
--   tolerance below it: 0.005 in the same unit, half the smallest loadable step of the lifted
--   unit across units (1.25 kg, or 2.5 lb = 1.134 kg). Every weight shown in another unit is
--   converted and snapped to the nearest loadable weight of that unit (2.5 kg, 5 lb), so a lifter
--   who loads what was shown always meets the target. Explanations give conversions as
--   approximate (`≈`) with the exact value and the weight loaded.
-- Skips. An exercise a session leaves out, or whose work sets are all not done, is skipped: that
--   session is not judged for it (not a miss, not a hit), in every shape of workout. A session
--   with at least one work set done is judged: a set not done or missing is a miss. A workout or
--   exercise marked skipProgression is never judged.
-- Routine edits. Targets come from what was lifted: a hit at a heavier weight than the target
--   continues from that weight; all sets done with the reps but lighter than the target continues
--   from the weight lifted (one step up, never above the target). Changing an exercise's start
--   weight in a routine restarts it from the new weight: sessions before the edit no longer
--   count, and the explanation says so. Other edits (sets, reps, rule) keep the history.
-- Warm-ups and drops come from the work weight, snapped to loadable weights, never above it;
--   each drop is at least one loadable step lighter than the set before it.
-- Explanations are a field of their own (Routine.nextTargets), never written into the planned
--   workout's notes; a note the user pinned on an exercise's latest entry carries forward.

--------------------------------------------------------------------------------
-- Loadable weights and the unit rule
--------------------------------------------------------------------------------
create or replace function app_hidden.loadable_step(unit text) returns numeric
language sql immutable parallel safe as $$
  select case when unit = 'lb' then 5.0 else 2.5 end;
$$;
comment on function app_hidden.loadable_step(text) is E'The smallest change of a loaded weight: a pair of the smallest common plates, 2.5 kg or 5 lb. Planned, converted, warm-up and drop weights snap to it.';

create or replace function app_hidden.snap_down(weight numeric, step numeric) returns numeric
language sql immutable parallel safe as $$
  select case when weight is null then null else trim_scale(greatest(0, floor(weight / step + 0.000001) * step)) end;
$$;
comment on function app_hidden.snap_down(numeric, numeric) is E'The heaviest multiple of step not above weight (a tiny slack absorbs conversion rounding), never below 0.';

create or replace function app_hidden.weights_meet(lifted numeric, lifted_unit text, target numeric, target_unit text) returns boolean
language sql immutable parallel safe as $$
  select case
    when target is null or target = 0 then true
    when lifted is null then false
    when lifted_unit = target_unit then lifted >= target - 0.005
    else app_hidden.weight_kg(lifted, lifted_unit)
         >= app_hidden.weight_kg(target, target_unit) - app_hidden.weight_kg(app_hidden.loadable_step(lifted_unit), lifted_unit) / 2
  end;
$$;
comment on function app_hidden.weights_meet(numeric, text, numeric, text) is E'Whether a lifted weight meets a target (the unit rule): compared in kg, at most 0.005 below in the same unit, '
  'at most half a loadable step of the lifted unit below across units (1.25 kg; 2.5 lb = 1.134 kg). No target (null or 0): always.';

create or replace function app_hidden.shown_weight(weight numeric, from_unit text, to_unit text) returns numeric
language sql immutable parallel safe as $$
  select case when weight is null then null
              when from_unit = to_unit then weight
              else least(10000, app_hidden.snap_weight(app_hidden.convert_weight(weight, from_unit, to_unit), app_hidden.loadable_step(to_unit))) end;
$$;
comment on function app_hidden.shown_weight(numeric, text, text) is E'A weight as shown (and loaded) in another unit: converted and snapped to the nearest loadable weight of that unit; unchanged in the same unit.';

create or replace function app_hidden.shown_increment(increment numeric, from_unit text, to_unit text) returns numeric
language sql immutable parallel safe as $$
  -- The finest step plates make: a pair of 1.25 lb plates (2.5 lb), a pair of 0.25 kg plates (0.5 kg).
  select case when increment is null then null
              when from_unit = to_unit then increment
              else trim_scale(least(100, greatest(g.step, round(app_hidden.convert_weight(increment, from_unit, to_unit) / g.step) * g.step))) end
    from (select case when to_unit = 'lb' then 2.5 else 0.5 end as step) g;
$$;
comment on function app_hidden.shown_increment(numeric, text, text) is E'An exercise''s increment in another unit: converted and snapped to the nearest step plates make in that unit '
  '(2.5 lb, 0.5 kg), never below it nor above 100 (the limit of an increment): 1 kg is 2.5 lb, 2 kg is 5 lb, 2.5 lb is 1 kg. Unchanged in the same unit.';

--------------------------------------------------------------------------------
-- Set text: weight x time (`20x45s`)
--------------------------------------------------------------------------------
create or replace function app_hidden.document_patterns() returns table (name text, pattern text)
language sql immutable parallel safe as $$
  values
    ('uuid', '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'),
    ('date', '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    ('dateTime', '^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,6}))?)?(Z|([+-])([0-9]{2}):([0-9]{2}))$'),
    ('duration', '^[ \t]*(?:([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)[ \t]*$'),
    ('repsRange', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$'),
    ('setText', '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?(?:([bB][wW])[ \t]*[xX×][ \t]*([0-9]+)|([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*(?:([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?|([bB][wW])[ \t]*\+[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*[xX×][ \t]*([0-9]+))(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$'),
    ('percentSet', '^[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*%[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$'),
    ('stage', '^[ \t]*([0-9]+)[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$');
$$;
comment on function app_hidden.document_patterns() is E'The regular expressions of the document languages, identical to the SDK''s (UUID_PATTERN, DATE_PATTERN, DATE_TIME_PATTERN, DURATION_PATTERN, REPS_RANGE_PATTERN, SET_TEXT_PATTERN, PERCENT_SET_PATTERN, STAGE_PATTERN). The functions below repeat them as literals (so PostgreSQL caches the compiled forms); a test checks all three agree.';

create or replace function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps int, seconds int, effort numeric)
returns text
language sql immutable parallel safe as $$
  select case kind when 'warmup' then 'w:' when 'drop' then 'd:' when 'burst' then 'rp:' else '' end
      || case
           when seconds is not null and weight is not null then trim_scale(weight)::text || 'x' || app_hidden.format_duration(seconds)
           when seconds is not null then app_hidden.format_duration(seconds)
           when bodyweight and weight is not null then 'bw+' || trim_scale(weight)::text || 'x' || reps
           when bodyweight then 'bw x ' || reps
           when weight is not null then trim_scale(weight)::text || 'x' || reps
           else 'x' || reps
         end
      || coalesce('@' || trim_scale(effort)::text, '');
$$;
comment on function app_hidden.format_set(text, numeric, boolean, int, int, numeric) is E'The one canonical text of a set (the SDK''s formatSet): `w:`/`d:`/`rp:` prefix, `100x5`, `x12`, `bw x 8`, a weighted bodyweight set `bw+20x5`, `45s` or `1:30`, a weighted hold `20x45s`, then `@<effort>`; numbers in shortest form.';

create or replace function app_hidden.doc_parse_set(t text, scale text,
  out reason text, out kind text, out weight numeric, out bodyweight boolean, out reps int, out seconds int, out effort numeric)
language plpgsql immutable parallel safe as $$
declare
  -- Groups: 1 prefix; 2,3 bw and reps; 4 weight; 5 reps, or 6 / 7,8 / 9,10 a weighted duration;
  -- 11 / 12,13 / 14,15 a duration alone; 16,17,18 bw, added load and reps (`bw+20x5`); 19 effort.
  m text[] := regexp_match(t, '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?(?:([bB][wW])[ \t]*[xX×][ \t]*([0-9]+)|([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*(?:([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?|([bB][wW])[ \t]*\+[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*[xX×][ \t]*([0-9]+))(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$');
  v_reps numeric;
  v_seconds numeric;
begin
  if m is null then
    reason := 'must be a set like 100x5, x12, bw x 8, 45s or 1:30';
    return;
  end if;
  kind := case lower(m[1]) when 'w' then 'warmup' when 'd' then 'drop' when 'rp' then 'burst' else 'work' end;
  bodyweight := false;
  if m[2] is not null then
    bodyweight := true;
    v_reps := m[3]::numeric;
  elsif m[5] is not null or m[6] is not null or m[7] is not null or m[9] is not null then
    if m[4] is not null then
      -- Decimals are judged on the text (`102.500` has 1), like the SDK.
      if char_length(rtrim(split_part(replace(m[4], ',', '.'), '.', 2), '0')) > 2
         or replace(m[4], ',', '.')::numeric > 10000 then
        reason := 'weight must be from 0 to 10000 with at most 2 decimals';
        return;
      end if;
      weight := trim_scale(replace(m[4], ',', '.')::numeric);
    end if;
    if m[5] is not null then
      v_reps := m[5]::numeric;
    elsif m[6] is not null then
      v_seconds := m[6]::numeric;
    elsif m[7] is not null then
      v_seconds := m[7]::numeric * 60 + m[8]::numeric;
    else
      v_seconds := m[9]::numeric * 60 + coalesce(m[10]::numeric, 0);
    end if;
  elsif m[16] is not null then
    if char_length(rtrim(split_part(replace(m[17], ',', '.'), '.', 2), '0')) > 2
       or replace(m[17], ',', '.')::numeric > 10000 then
      reason := 'weight must be from 0 to 10000 with at most 2 decimals';
      return;
    end if;
    bodyweight := true;
    weight := trim_scale(replace(m[17], ',', '.')::numeric);
    v_reps := m[18]::numeric;
  elsif m[11] is not null then
    v_seconds := m[11]::numeric;
  elsif m[12] is not null then
    v_seconds := m[12]::numeric * 60 + m[13]::numeric;
  else
    v_seconds := m[14]::numeric * 60 + coalesce(m[15]::numeric, 0);
  end if;
  if v_reps > 500 then
    reason := 'reps must be at most 500';
    return;
  end if;
  if v_seconds > 86400 then
    reason := 'duration must be at most 86400 seconds';
    return;
  end if;
  reps := v_reps;
  seconds := v_seconds;
  if m[19] is not null then
    effort := replace(m[19], ',', '.')::numeric;
    -- Half steps: the decimals are zeros, or a 5 then zeros.
    if rtrim(split_part(replace(m[19], ',', '.'), '.', 2), '0') not in ('', '5')
       or effort > 10 or effort < (case when scale = 'rpe' then 1 else 0 end) then
      reason := case when scale = 'rpe' then 'rpe must be from 1 to 10 in half steps' else 'rir must be from 0 to 10 in half steps' end;
      effort := null;
      return;
    end if;
    effort := trim_scale(effort);
  end if;
end;
$$;
comment on function app_hidden.doc_parse_set(text, text) is E'Parses set text as people type it (the SDK''s parseSet): on failure `reason` is the first problem (form, weight, reps, duration, effort on `scale`), otherwise the set''s parts. A weight before a duration (`20x45s`) is a weighted hold; `bw+20x5` a bodyweight set with 20 added (bodyweight, weight 20).';

--------------------------------------------------------------------------------
-- Programs: routines that share each lift's progression
--------------------------------------------------------------------------------
alter table app_public.routines add column if not exists program text;
alter table app_public.routines drop constraint if exists routines_program_check;
alter table app_public.routines add constraint routines_program_check check (char_length(program) between 1 and 80);
comment on column app_public.routines.program is E'The program this routine is a day of (Starting Strength, GZCLP, ...): routines of one program (same name ignoring case and surrounding spaces) share the progression of every lift they prescribe alike.';
grant insert (program), update (program) on app_public.routines to svc_visitor;

create or replace function app_hidden.program_key(program text) returns text
language sql immutable parallel safe as $$
  select app_public.routine_name_key(program);
$$;
comment on function app_hidden.program_key(text) is E'How program names are compared: as routine names are (app_public.routine_name_key).';

--------------------------------------------------------------------------------
-- Training max cycles (5/3/1), stages (GZCLP) and increments per exercise
--------------------------------------------------------------------------------
alter table app_public.routine_exercises add column if not exists training_max double precision check (training_max between 0 and 10000);
alter table app_public.routine_exercises add column if not exists cycle jsonb;
alter table app_public.routine_exercises add column if not exists stages jsonb;
alter table app_public.routine_exercises add column if not exists increment double precision check (increment > 0 and increment <= 100);
comment on column app_public.routine_exercises.training_max is E'Training max the cycle''s percentages are of, in the routine''s unit (5/3/1).';
comment on column app_public.routine_exercises.cycle is E'Weeks of percentage sets of the training max, as canonical text (`[["65%x5","75%x5","85%x5+"], ...]`); one week per session in turn.';
comment on column app_public.routine_exercises.stages is E'Stages of sets x reps as canonical text (`["5x3+","6x2+","10x1+"]`, GZCLP): a miss moves to the next stage.';
comment on column app_public.routine_exercises.increment is E'This exercise''s progression and loadable step in the routine''s unit, instead of 2.5 kg / 5 lb (5 kg / 10 lb lower body).';
grant insert (training_max, cycle, stages, increment), update (training_max, cycle, stages, increment) on app_public.routine_exercises to svc_visitor;

create or replace function app_hidden.doc_percent_set(t text, out percent numeric, out reps int, out amrap boolean)
language plpgsql immutable parallel safe as $$
declare
  m text[] := regexp_match(t, '^[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*%[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$');
begin
  if m is null or char_length(rtrim(split_part(replace(m[1], ',', '.'), '.', 2), '0')) > 2 then
    return;
  end if;
  if replace(m[1], ',', '.')::numeric <= 0 or replace(m[1], ',', '.')::numeric > 200 or m[2]::numeric > 500 then
    return;
  end if;
  percent := trim_scale(replace(m[1], ',', '.')::numeric);
  reps := m[2]::int;
  amrap := m[3] is not null;
end;
$$;
comment on function app_hidden.doc_percent_set(text) is E'Parses a percentage set (`85%x5`, `95%x1+`; the SDK''s parsePercentSet): percent above 0 and at most 200 with at most 2 decimals, reps at most 500, `+` for as many reps as possible; all null when it is not one.';

create or replace function app_hidden.doc_stage(t text, out sets int, out reps int, out amrap boolean)
language plpgsql immutable parallel safe as $$
declare
  m text[] := regexp_match(t, '^[ \t]*([0-9]+)[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$');
begin
  if m is null or m[1]::numeric not between 1 and 20 or m[2]::numeric > 500 then
    return;
  end if;
  sets := m[1]::int;
  reps := m[2]::int;
  amrap := m[3] is not null;
end;
$$;
comment on function app_hidden.doc_stage(text) is E'Parses a stage (`5x3`, `5x3+`; the SDK''s parseStage): 1 to 20 sets, at most 500 reps; all null when it is not one.';

create or replace function app_hidden.walk_routine_exercise_extras(e jsonb, p text,
  out path text, out reason text, out canonical jsonb, out row_fields jsonb)
language plpgsql immutable as $$
-- The fields after `bursts` of a routine exercise, in this order (the SDK's routineExercise):
-- trainingMax, cycle, stages, increment. `sets` and `reps` are read as the walk reads them; when
-- they are wrong the walk reports them first.
declare
  v_sets int := app_hidden.doc_integer(e -> 'sets', 1, 20);
  v_reps int;
  v_range text[];
  v_tm numeric;
  v_week jsonb;
  v_weeks jsonb := '[]';
  v_texts jsonb;
  v_stages jsonb := '[]';
  x record;
  st record;
  w int;
  k int;
  n numeric;
begin
  canonical := '{}';
  row_fields := '{}';
  v_reps := app_hidden.doc_integer(e -> 'reps', 0, 500);
  if v_reps is null and jsonb_typeof(e -> 'reps') = 'string' then
    v_range := regexp_match(e ->> 'reps', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$');
    if v_range is not null and v_range[1]::numeric = v_range[2]::numeric and v_range[1]::numeric <= 500 then
      v_reps := v_range[1]::int;
    end if;
  end if;
  if e ? 'trainingMax' then
    v_tm := app_hidden.doc_weight(e -> 'trainingMax');
    if v_tm is null then
      path := p || '.trainingMax'; reason := 'must be a number from 0 to 10000 with at most 2 decimals'; return;
    end if;
    if not e ? 'cycle' then
      path := p || '.trainingMax'; reason := 'needs a cycle of percentage sets'; return;
    end if;
    canonical := canonical || jsonb_build_object('trainingMax', v_tm);
    row_fields := row_fields || jsonb_build_object('training_max', v_tm);
  end if;
  if e ? 'cycle' then
    if jsonb_typeof(e -> 'cycle') <> 'array' or jsonb_array_length(e -> 'cycle') not between 1 and 6 then
      path := p || '.cycle'; reason := 'must be an array of 1 to 6 weeks'; return;
    end if;
    for w in 0 .. jsonb_array_length(e -> 'cycle') - 1 loop
      v_week := e -> 'cycle' -> w;
      if jsonb_typeof(v_week) <> 'array' or jsonb_array_length(v_week) is distinct from v_sets then
        path := p || '.cycle[' || w || ']'; reason := 'must be an array of as many percentage sets as sets'; return;
      end if;
      v_texts := '[]';
      for k in 0 .. jsonb_array_length(v_week) - 1 loop
        select * into x from app_hidden.doc_percent_set(case when jsonb_typeof(v_week -> k) = 'string' then v_week ->> k end);
        if x.percent is null then
          path := p || '.cycle[' || w || '][' || k || ']'; reason := 'must be a percentage set like 85%x5 or 95%x1+'; return;
        end if;
        v_texts := v_texts || to_jsonb(x.percent::text || '%x' || x.reps || case when x.amrap then '+' else '' end);
      end loop;
      v_weeks := v_weeks || jsonb_build_array(v_texts);
    end loop;
    if not e ? 'trainingMax' then
      path := p || '.cycle'; reason := 'needs a trainingMax'; return;
    end if;
    if e ? 'reps' or e ? 'time' then
      path := p || '.cycle'; reason := 'must not be given with reps or time'; return;
    end if;
    canonical := canonical || jsonb_build_object('cycle', v_weeks);
    row_fields := row_fields || jsonb_build_object('cycle', v_weeks);
  end if;
  if e ? 'stages' then
    if e ? 'cycle' then
      path := p || '.stages'; reason := 'must not be given with a cycle'; return;
    end if;
    if jsonb_typeof(e -> 'stages') <> 'array' or jsonb_array_length(e -> 'stages') not between 2 and 5 then
      path := p || '.stages'; reason := 'must be an array of 2 to 5 stages like 5x3+'; return;
    end if;
    for k in 0 .. jsonb_array_length(e -> 'stages') - 1 loop
      select * into st from app_hidden.doc_stage(case when jsonb_typeof(e -> 'stages' -> k) = 'string' then e -> 'stages' ->> k end);
      if st.sets is null then
        path := p || '.stages[' || k || ']'; reason := 'must be a stage like 5x3 or 5x3+'; return;
      end if;
      if k = 0 and (st.sets is distinct from v_sets or st.reps is distinct from v_reps) then
        path := p || '.stages[0]'; reason := 'must be the exercise''s sets and reps'; return;
      end if;
      v_stages := v_stages || to_jsonb(st.sets || 'x' || st.reps || case when st.amrap then '+' else '' end);
    end loop;
    canonical := canonical || jsonb_build_object('stages', v_stages);
    row_fields := row_fields || jsonb_build_object('stages', v_stages);
  end if;
  if e ? 'increment' then
    n := case when jsonb_typeof(e -> 'increment') = 'number' then (e -> 'increment')::text::numeric end;
    if n is null or n <= 0 or n > 100 or n <> round(n, 2) then
      path := p || '.increment'; reason := 'must be a number above 0 and at most 100 with at most 2 decimals'; return;
    end if;
    canonical := canonical || jsonb_build_object('increment', trim_scale(n));
    row_fields := row_fields || jsonb_build_object('increment', trim_scale(n));
  end if;
end;
$$;
comment on function app_hidden.walk_routine_exercise_extras(jsonb, text) is E'The validation of a routine exercise''s trainingMax, cycle, stages and increment (after its other fields): the first problem, or their canonical form and row columns.';

create or replace function app_hidden.walk_routine_program(doc jsonb, p_unit text,
  out path text, out reason text, out canonical jsonb, out exercise_rows jsonb)
language plpgsql stable as $$
-- The routine walk (app_hidden.walk_routine_document) on the document without the fields it does
-- not know, then those: each exercise's trainingMax, cycle, stages and increment (last in its entry,
-- so a problem there comes before the walk's problems in later entries only), and `program`, the
-- last field of a routine document: 1 to 80 characters without control characters, or null (none).
declare
  w record;
  x record;
  s text;
  v_entries jsonb := case when jsonb_typeof(doc) = 'object' and jsonb_typeof(doc -> 'exercises') = 'array' then doc -> 'exercises' end;
  v_stripped jsonb;
  v_extra_path text;
  v_extra_reason text;
  v_extra_index int;
  v_core_index int;
  v_extras jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  i int;
begin
  v_stripped := case when jsonb_typeof(doc) = 'object' then doc - 'program' else doc end;
  if v_entries is not null then
    for i in 0 .. jsonb_array_length(v_entries) - 1 loop
      if jsonb_typeof(v_entries -> i) = 'object' then
        select * into x from app_hidden.walk_routine_exercise_extras(v_entries -> i, 'exercises[' || i || ']');
        if x.path is not null and v_extra_path is null then
          v_extra_path := x.path; v_extra_reason := x.reason; v_extra_index := i;
        end if;
        v_extras := v_extras || x.canonical;
        v_rows := v_rows || x.row_fields;
      else
        v_extras := v_extras || '{}'::jsonb;
        v_rows := v_rows || '{}'::jsonb;
      end if;
    end loop;
    v_stripped := jsonb_set(v_stripped, '{exercises}', (
      select coalesce(jsonb_agg(case when jsonb_typeof(x2.e) = 'object' then x2.e - '{trainingMax,cycle,stages,increment}'::text[] else x2.e end order by x2.ord), '[]')
        from jsonb_array_elements(v_entries) with ordinality as x2(e, ord)));
  end if;
  select * into w from app_hidden.walk_routine_document(v_stripped, p_unit);
  if w.path is not null then
    v_core_index := (regexp_match(w.path, '^exercises\[([0-9]+)\]'))[1]::int;
    if v_extra_path is not null and v_core_index is not null and v_extra_index < v_core_index then
      path := v_extra_path; reason := v_extra_reason;
    else
      path := w.path; reason := w.reason;
    end if;
    return;
  end if;
  if v_extra_path is not null then
    path := v_extra_path; reason := v_extra_reason; return;
  end if;
  canonical := w.canonical;
  exercise_rows := w.exercise_rows;
  if v_entries is not null then
    canonical := jsonb_set(canonical, '{exercises}', (
      select coalesce(jsonb_agg(c.e || v_extras[c.ord] order by c.ord), '[]')
        from jsonb_array_elements(canonical -> 'exercises') with ordinality as c(e, ord)));
    exercise_rows := (
      select coalesce(jsonb_agg(c.e || v_rows[c.ord] order by c.ord), '[]')
        from jsonb_array_elements(exercise_rows) with ordinality as c(e, ord));
  end if;
  if doc ? 'program' and jsonb_typeof(doc -> 'program') <> 'null' then
    s := app_hidden.doc_string(doc -> 'program');
    if s is null then
      path := 'program'; reason := 'must be a string'; canonical := null; exercise_rows := null; return;
    end if;
    if char_length(s) not between 1 and 80 then
      path := 'program'; reason := 'must be 1 to 80 characters'; canonical := null; exercise_rows := null; return;
    end if;
    if s ~ '[\u0001-\u001f\u007f-\u009f]' then
      path := 'program'; reason := 'must not contain control characters such as a newline or tab'; canonical := null; exercise_rows := null; return;
    end if;
    canonical := canonical || jsonb_build_object('program', s);
  end if;
end;
$$;
comment on function app_hidden.walk_routine_program(jsonb, text) is E'The validation walk of a routine document with its `program` (checked last): the first problem (path, reason), or the canonical document and the rows to write.';

create or replace function app_public.validate_routine_document(doc jsonb, unit text default null,
  out path text, out reason text, out canonical jsonb)
language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
begin
  if unit is not null and unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  select * into w from app_hidden.walk_routine_program(doc,
    coalesce(unit, (select u.unit from app_public.users u where u.id = v_user), 'kg'));
  path := w.path;
  reason := w.reason;
  canonical := w.canonical;
end;
$$;

create or replace function app_public.apply_routine_document(doc jsonb, out routine_id uuid, out created boolean)
language plpgsql volatile as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
  c jsonb;
  v_id uuid;
  v_other uuid;
begin
  select * into w from app_hidden.walk_routine_program(doc,
    coalesce((select u.unit from app_public.users u where u.id = v_user), 'kg'));
  if w.path is not null then
    raise exception '%: %', w.path, w.reason using errcode = 'SVDOC', detail = w.path, hint = w.reason;
  end if;
  c := w.canonical;
  begin
    if c ? 'id' then
      v_id := (c ->> 'id')::uuid;
      update app_public.routines r
         set name = c ->> 'name', icon = c ->> 'icon', progression = c ->> 'progression', unit = c ->> 'unit',
             deload = c ? 'deload', program = c ->> 'program'
       where r.id = v_id;
      delete from app_public.routine_exercises re where re.routine_id = v_id;
      created := false;
    else
      insert into app_public.routines as r (name, icon, progression, unit, deload, program)
      values (c ->> 'name', c ->> 'icon', c ->> 'progression', c ->> 'unit', c ? 'deload', c ->> 'program')
      returning r.id into v_id;
      created := true;
    end if;
  exception when unique_violation then
    -- Another transaction took the name between the check and the write.
    select r.id into v_other from app_public.routines r
     where r.user_id = v_user and r.name_key = app_public.routine_name_key(c ->> 'name') and r.id is distinct from v_id limit 1;
    raise exception 'name: a routine with this name already exists: %', v_other using errcode = 'SVDOC',
      detail = 'name', hint = 'a routine with this name already exists: ' || v_other;
  end;
  insert into app_public.routine_exercises (routine_id, position, exercise_id, sets, reps_low, reps_high, seconds, weight,
    rest_seconds, superset, progression, warmups, drops, bursts, training_max, cycle, stages, increment)
  select v_id, x.ord - 1, (x.e ->> 'exercise_id')::uuid, (x.e ->> 'sets')::int, (x.e ->> 'reps_low')::int,
         (x.e ->> 'reps_high')::int, (x.e ->> 'seconds')::int, (x.e ->> 'weight')::float8, (x.e ->> 'rest_seconds')::int,
         x.e ->> 'superset', x.e ->> 'progression', (x.e ->> 'warmups')::int, (x.e ->> 'drops')::int, (x.e ->> 'bursts')::int,
         (x.e ->> 'training_max')::float8, x.e -> 'cycle', x.e -> 'stages', (x.e ->> 'increment')::float8
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord);
  routine_id := v_id;
end;
$$;
comment on function app_public.apply_routine_document(jsonb) is E'@behavior -*\nSaves a routine document for the signed-in user in one statement: with `id`, replaces that routine whole '
  '(exercises left out are removed); without, creates one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with detail = path '
  'and hint = reason (GraphQL INVALID_DOCUMENT). Returns the routine''s id and whether it was created.';

--------------------------------------------------------------------------------
-- Start-weight edits restart an exercise's progression
--------------------------------------------------------------------------------
-- applyRoutineDocument replaces a routine's exercises whole, so the start weight last written for
-- each (routine, exercise, occurrence) is kept here across replacements.
create table if not exists app_hidden.progression_restarts (
  routine_id uuid not null references app_public.routines on delete cascade,
  user_id uuid not null references app_public.users on delete cascade,
  exercise_id uuid not null references app_public.exercises on delete cascade,
  occurrence int not null,
  weight double precision,
  restart_after timestamptz,
  primary key (routine_id, exercise_id, occurrence)
);
create index if not exists progression_restarts_user on app_hidden.progression_restarts (user_id);
alter table app_hidden.progression_restarts enable row level security;
drop policy if exists select_own on app_hidden.progression_restarts;
create policy select_own on app_hidden.progression_restarts for select using (user_id = (select app_public.current_user_id()));
comment on table app_hidden.progression_restarts is E'The start weight last written for each exercise of a routine (the k-th occurrence of an exercise), and the start of the last session before it was changed: sessions starting at or before restart_after no longer count for that exercise''s progression. Written by a trigger on routine_exercises.';
comment on column app_hidden.progression_restarts.occurrence is E'1 for the first time the routine lists the exercise, 2 for the second, ...';
comment on column app_hidden.progression_restarts.weight is E'The start weight last written, in the routine''s unit.';
comment on column app_hidden.progression_restarts.restart_after is E'Null, or the start of the routine''s latest session of this exercise when its start weight changed.';

alter table app_hidden.progression_restarts add column if not exists unit text check (unit in ('kg', 'lb'));
comment on column app_hidden.progression_restarts.unit is E'The routine''s unit when the start weight was written.';
alter table app_hidden.progression_restarts add column if not exists training_max double precision;
alter table app_hidden.progression_restarts add column if not exists cycle boolean not null default false;
comment on column app_hidden.progression_restarts.training_max is E'The training max last written, in the routine''s unit: a cycle exercise restarts when it changes.';
comment on column app_hidden.progression_restarts.cycle is E'Whether the exercise was last written with a cycle (it then restarts on a training-max edit, not on a start-weight edit).';

create or replace function app_hidden.same_start_weight(a numeric, a_unit text, b numeric, b_unit text) returns boolean
language sql immutable parallel safe as $$
  select case when a is null or b is null then a is null and b is null
              else app_hidden.weights_meet(a, a_unit, b, b_unit) and app_hidden.weights_meet(b, b_unit, a, a_unit) end;
$$;
comment on function app_hidden.same_start_weight(numeric, text, numeric, text) is E'Whether two start weights are the same load under the unit rule (app_hidden.weights_meet both ways): rewriting a routine in the other unit is no edit.';

create or replace function app_hidden.tg_routine_exercises_restart() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  insert into app_hidden.progression_restarts as pr (routine_id, user_id, exercise_id, occurrence, weight, unit, training_max, cycle, restart_after)
  select i.routine_id, i.user_id, i.exercise_id,
         row_number() over (partition by i.routine_id, i.exercise_id order by i.position), i.weight, r.unit, i.training_max,
         i.cycle is not null, null
    from inserted i
    join app_public.routines r on r.id = i.routine_id
  on conflict (routine_id, exercise_id, occurrence) do update
     set weight = excluded.weight,
         unit = excluded.unit,
         training_max = excluded.training_max,
         cycle = excluded.cycle,
         -- The latest session of this exercise in the routine or another day of its program (the
         -- lift's history spans them): every session before the edit no longer counts.
         restart_after = (select max(w.start) from app_public.workouts w
                           where w.routine_id in (select r2.id from app_public.routines r2, app_public.routines r1
                                                   where r1.id = excluded.routine_id and r2.user_id = r1.user_id
                                                     and (r2.id = r1.id or (r1.program is not null
                                                          and app_hidden.program_key(r2.program) = app_hidden.program_key(r1.program))))
                             and exists (select 1 from app_public.workout_sets s
                                          where s.workout_id = w.id and s.exercise_id = excluded.exercise_id and s.done))
   -- What the exercise starts from: its training max in a cycle (a cycle does not use the weight),
   -- else its start weight.
   where case when excluded.cycle
              then not app_hidden.same_start_weight(pr.training_max::numeric, coalesce(pr.unit, excluded.unit), excluded.training_max::numeric, excluded.unit)
              else not app_hidden.same_start_weight(pr.weight::numeric, coalesce(pr.unit, excluded.unit), excluded.weight::numeric, excluded.unit) end;
  return null;
end;
$$;
comment on function app_hidden.tg_routine_exercises_restart() is E'Trigger: records each written start weight; a changed one (not the same load in kg, app_hidden.same_start_weight) restarts that exercise''s progression after the latest session of it in the routine or another routine of its program.';
drop trigger if exists _300_progression_restart on app_public.routine_exercises;
create trigger _300_progression_restart after insert on app_public.routine_exercises
  referencing new table as inserted for each statement execute procedure app_hidden.tg_routine_exercises_restart();

-- Routines written before this trigger: their current start weights, with no restart.
insert into app_hidden.progression_restarts (routine_id, user_id, exercise_id, occurrence, weight, unit, restart_after)
select re.routine_id, re.user_id, re.exercise_id,
       row_number() over (partition by re.routine_id, re.exercise_id order by re.position), re.weight, r.unit, null
  from app_public.routine_exercises re
  join app_public.routines r on r.id = re.routine_id
on conflict do nothing;
update app_hidden.progression_restarts pr set unit = r.unit from app_public.routines r where r.id = pr.routine_id and pr.unit is null;
-- Rows written before the training max was kept: the current training max, with no restart.
update app_hidden.progression_restarts pr set training_max = x.training_max, cycle = true
  from (select re.routine_id, re.exercise_id, re.training_max,
               row_number() over (partition by re.routine_id, re.exercise_id order by re.position) as occurrence
          from app_public.routine_exercises re where re.cycle is not null) x
 where x.routine_id = pr.routine_id and x.exercise_id = pr.exercise_id and x.occurrence = pr.occurrence and not pr.cycle;

--------------------------------------------------------------------------------
-- A routine shown in another unit: loadable weights
--------------------------------------------------------------------------------
create or replace function app_public.routine_document(ref text, unit text default null) returns json
language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  v_id uuid;
  v_doc json;
begin
  if unit is not null and unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  select r.id into v_id from app_public.routines r where r.id = app_hidden.try_uuid(ref) and r.user_id = v_user;
  if v_id is null then
    select r.id into v_id from app_public.routines r where r.user_id = v_user and r.name_key = app_public.routine_name_key(ref);
  end if;
  if v_id is null then
    return null;
  end if;
  select json_strip_nulls(json_build_object(
           'id', r.id, 'name', r.name, 'icon', r.icon, 'progression', r.progression, 'unit', u.unit,
           'deload', case when r.deload then true end,
           'exercises', coalesce((
             select json_agg(json_build_object(
                      'exercise', app_hidden.exercise_reference(re.exercise_id),
                      'sets', re.sets,
                      'reps', case when re.reps_low = re.reps_high then to_json(re.reps_low)
                                   when re.reps_low is not null then to_json(re.reps_low || '-' || re.reps_high) end,
                      'time', re.seconds,
                      'weight', app_hidden.shown_weight(re.weight::numeric, r.unit, u.unit),
                      'rest', re.rest_seconds, 'superset', re.superset, 'progression', re.progression,
                      'warmups', nullif(re.warmups, 0), 'drops', nullif(re.drops, 0), 'bursts', nullif(re.bursts, 0),
                      'trainingMax', app_hidden.shown_weight(re.training_max::numeric, r.unit, u.unit),
                      'cycle', re.cycle, 'stages', re.stages, 'increment', app_hidden.shown_increment(re.increment::numeric, r.unit, u.unit))
                    order by re.position)
               from app_public.routine_exercises re where re.routine_id = r.id), '[]'),
           'program', r.program))
    into v_doc
    from app_public.routines r, lateral (select coalesce(routine_document.unit, r.unit) as unit) u
   where r.id = v_id;
  return v_doc;
end;
$$;
comment on function app_public.routine_document(text, text) is E'@behavior -*\nShows one of the signed-in user''s routines as its canonical document (keys in the spec''s order): ref is its id or its name '
  '(ignoring case and surrounding spaces); null when the user has none such. Exercises appear by name (by id when the name would mean another exercise); '
  'weights in the routine''s unit, or in unit when given: converted and snapped to the nearest loadable weight of that unit (2.5 kg, 5 lb), '
  'so applying it back stores weights a lifter can load and, being the same load, does not restart progression. Applying the routine''s own unit changes nothing.';

--------------------------------------------------------------------------------
-- Judging one session
--------------------------------------------------------------------------------
drop type if exists app_hidden.session_judgement cascade;
create type app_hidden.session_judgement as (
  outcome text,
  lifted numeric,
  lifted_unit text,
  lifted_in_target_unit numeric,
  lowest_reps int,
  total_reps int,
  top boolean,
  last_reps int
);
comment on type app_hidden.session_judgement is E'How one session went for one routine exercise: outcome (hit, light, miss or skip), the weight lifted (the lightest '
  'of the judged work sets that were done, as logged, and in the target''s unit), the lowest and total reps of the judged sets at the target weight '
  '(a set not done, missing or lighter counts 0), whether every judged set reached the top of the rep range, and the reps of the last judged set.';

create or replace function app_hidden.judge_session(
  sets int, target_weight numeric, target_unit text, target_reps int, top_reps int, target_seconds int,
  session_unit text, weights numeric[], reps int[], seconds int[], done boolean[])
returns app_hidden.session_judgement
language plpgsql immutable as $$
-- The first `sets` work sets are judged (warm-ups, drops and bursts are never passed in; extra work
-- sets are ignored). No work set done at all: skip. Every judged set done, with the target reps (or
-- seconds) and a weight that meets the target: hit. Every judged set done with the reps or seconds,
-- each with a weight, but some lighter than the target: light. Anything else: miss.
declare
  j app_hidden.session_judgement;
  n_logged int := coalesce(array_length(weights, 1), 0);
  all_done boolean := n_logged >= sets;
  all_reps boolean := n_logged >= sets;
  all_weight boolean := n_logged >= sets;
  all_weighted boolean := n_logged >= sets;
  weight_ok boolean;
  reps_ok boolean;
  counted int;
  i int;
begin
  if not coalesce(true = any(done), false) then
    j.outcome := 'skip';
    return j;
  end if;
  j.lifted_unit := session_unit;
  j.total_reps := 0;
  j.top := n_logged >= sets;
  for i in 1 .. sets loop
    if i > n_logged or not done[i] then
      all_done := false;
      j.top := false;
      counted := 0;
    else
      weight_ok := app_hidden.weights_meet(weights[i], session_unit, target_weight, target_unit);
      reps_ok := case when target_reps is not null then coalesce(reps[i] >= target_reps, false)
                      when target_seconds is not null then coalesce(seconds[i] >= target_seconds, false)
                      else true end;
      all_reps := all_reps and reps_ok;
      all_weight := all_weight and weight_ok;
      all_weighted := all_weighted and weights[i] is not null;
      j.top := j.top and weight_ok and coalesce(reps[i] >= top_reps, false);
      counted := case when weight_ok then coalesce(reps[i], 0) else 0 end;
      if weights[i] is not null then
        j.lifted := least(j.lifted, weights[i]);
      end if;
    end if;
    j.lowest_reps := least(j.lowest_reps, counted);
    j.total_reps := j.total_reps + counted;
  end loop;
  if n_logged >= sets and done[sets] then
    j.last_reps := reps[sets];
  end if;
  j.lifted_in_target_unit := case when j.lifted is null then null
                                  when session_unit = target_unit then j.lifted
                                  else j.lifted * app_hidden.weight_kg(1, session_unit) / app_hidden.weight_kg(1, target_unit) end;
  j.outcome := case when all_done and all_reps and all_weight then 'hit'
                    -- A hold is lighter even without its weight logged (`50s` for `20x45s`): it was held.
                    when all_done and all_reps and (all_weighted or target_seconds is not null) and target_weight > 0 then 'light'
                    else 'miss' end;
  return j;
end;
$$;
comment on function app_hidden.judge_session(int, numeric, text, int, int, int, text, numeric[], int[], int[], boolean[]) is
  E'Judges one session of one routine exercise against its target: skip (no work set done), hit, light (every set done with the reps, lighter than the target) or miss (rules in the function body).';

--------------------------------------------------------------------------------
-- The next target under a rule
--------------------------------------------------------------------------------
create or replace function app_hidden.deload_to_step(weight numeric, increment numeric, unit text) returns numeric
language sql immutable parallel safe as $$
  -- 90 % snapped to the nearest loadable step (the exercise's increment when finer, as a stage
  -- reset snaps), and at least one increment lower, never below 0.
  select case when weight is null then null
              else trim_scale(greatest(0, least(app_hidden.snap_weight(weight * 0.9, least(increment, app_hidden.loadable_step(unit))),
                                                weight - increment))) end;
$$;
comment on function app_hidden.deload_to_step(numeric, numeric, text) is E'A deload: 90 % of the weight snapped to the nearest loadable step of the unit (or the finer increment), '
  'at least one increment lower, never below 0: 70 kg deloads to 62.5 kg.';

drop function if exists app_hidden.lifted_as_loaded(numeric, text, text, numeric);
drop function if exists app_hidden.lifted_text(numeric, text, text, numeric);
create or replace function app_hidden.lifted_as_loaded(lifted numeric, lifted_unit text, target numeric, unit text, step numeric) returns numeric
language sql immutable parallel safe as $$
  -- In the same unit: the heaviest step not above it. In the other unit: the target itself when
  -- the lifter loaded what the target was shown as, else the nearest loadable weight of the
  -- target's unit (the same load under the unit rule), so a routine rewritten in the other unit
  -- goes on where it was.
  select case when lifted is null then null
              when lifted_unit = unit then app_hidden.snap_down(lifted, step)
              when target is not null and abs(app_hidden.shown_weight(target, unit, lifted_unit) - lifted) < 0.005 then target
              else app_hidden.snap_weight(app_hidden.convert_weight(lifted, lifted_unit, unit), app_hidden.loadable_step(unit)) end;
$$;
comment on function app_hidden.lifted_as_loaded(numeric, text, numeric, text, numeric) is E'The weight lifted as a target continues from it, in the target''s unit: snapped down to the step in the same unit; '
  'in the other unit, the target when the weight it was shown as was lifted, else the nearest loadable weight of the target''s unit.';

create or replace function app_hidden.lifted_text(lifted numeric, lifted_unit text, target numeric, unit text, step numeric) returns text
language sql immutable parallel safe as $$
  select case when lifted is null then ''
              when lifted_unit = unit then format(' at %s %s', trim_scale(lifted), lifted_unit)
              else format(' at %s %s (≈ %s %s, counted as %s %s)', trim_scale(lifted), lifted_unit,
                          app_hidden.convert_weight(lifted, lifted_unit, unit), unit,
                          app_hidden.lifted_as_loaded(lifted, lifted_unit, target, unit, step), unit) end;
$$;
comment on function app_hidden.lifted_text(numeric, text, numeric, text, numeric) is E'` at 70 kg` in an explanation; lifted in the other unit, with its approximate conversion and the weight it counts as (` at 70 kg (≈ 154.32 lb, counted as 155 lb)`).';

drop type if exists app_hidden.progression_state cascade;
create type app_hidden.progression_state as (
  weight numeric,
  reps int,
  seconds int,
  misses int,
  stalls int,
  best_total int,
  explanation text,
  stage int
);
comment on type app_hidden.progression_state is E'A routine exercise''s target between sessions: weight (routine unit; the training max of a cycle), reps or seconds per work set, '
  'misses in a row, sessions in a row without a rep gained and the best rep total at this weight (double progression), why the target is what it is, '
  'and the stage (stages) or week (cycle) to plan, from 0.';

create or replace function app_hidden.next_target(
  rule text, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date,
  sets int, reps_low int, reps_high int, increment numeric, unit text)
returns app_hidden.progression_state
language plpgsql immutable as $$
-- Rules (the exercise's progression, else the routine's, else linear):
-- - linear: hit -> one increment above the weight lifted (never below the target);
--   light -> one step above the weight lifted, never above the target; third miss in a row ->
--   deload (90 %, snapped to the loadable step, at least one increment lower); other misses -> same target.
-- - greyskull: as linear, with the last set as many reps as possible: a hit with at least twice
--   the target reps on it adds two increments; any miss deloads at once.
-- - double: reps is a range low-high, the rep target starts at low. All sets at the top -> +
--   increment and back to low. Otherwise the next rep target is the lowest set plus one, within the
--   range. A rep is gained when the total over the judged sets beats the best total at this weight;
--   three sessions in a row with none -> deload, back to low.
-- - time: every set held for the target (with its weight) -> + 5 s; held but lighter (or without
--   the weight) -> same targets, not a miss; third miss in a row -> 90 %
--   snapped to 5 s, at least 5 s shorter, never under 5 s.
-- Explanations name only weights that were lifted (as logged), written in the routine, or planned.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
begin
  if rule in ('linear', 'greyskull') then
    if judged.outcome = 'hit' and current.weight is null then
      result.misses := 0;
      result.explanation := format('Last session (%s) hit %s: no weight to add, same targets.', d, what);
    elsif judged.outcome = 'hit' then
      result.misses := 0;
      from_weight := greatest(current.weight, app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)));
      if rule = 'greyskull' and current.reps > 0 and judged.last_reps >= 2 * current.reps then
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
    elsif rule = 'greyskull' and current.weight is not null then
      result.weight := app_hidden.deload_to_step(current.weight, increment, unit);
      result.explanation := format('Last session (%s) missed %s%s: deload to 90 %%, %s %s.', d, what, at_lifted, result.weight, unit);
    elsif rule = 'greyskull' then
      result.explanation := format('Last session (%s) missed %s: same targets.', d, what);
    else
      result.misses := current.misses + 1;
      if result.misses >= 3 and current.weight is not null then
        result.weight := app_hidden.deload_to_step(current.weight, increment, unit);
        result.misses := 0;
        result.explanation := format('Three misses in a row%s (last %s): deload to 90 %%, %s %s.', at_lifted, d, result.weight, unit);
      else
        result.explanation := format('Last session (%s) missed %s%s (miss %s of 3): same targets.', d, what, at_lifted, least(result.misses, 3));
        if result.misses >= 3 then
          result.misses := 0;
        end if;
      end if;
    end if;
    if rule = 'greyskull' then
      result.explanation := result.explanation || ' Last set: as many reps as possible.';
    end if;
  elsif rule = 'double' then
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
        result.weight := app_hidden.deload_to_step(current.weight, increment, unit);
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
  elsif rule = 'time' then
    if judged.outcome = 'hit' then
      result.misses := 0;
      result.seconds := least(86400, current.seconds + 5);
      result.explanation := format('Last session (%s) held %s%s: +5 s to %s.', d, what, at_lifted, app_hidden.format_duration(result.seconds));
    elsif judged.outcome = 'light' then
      -- Held for the time, lighter than the weight (or without it): not a miss, nothing moves.
      result.explanation := format('Last session (%s) held %s%s, lighter than the %s %s target: same targets (not a miss; misses in a row: %s of 3).',
        d, what, case when judged.lifted is null then ' without its weight' else at_lifted end, current.weight, unit, current.misses);
    else
      result.misses := current.misses + 1;
      if result.misses >= 3 then
        result.seconds := greatest(5, least(round(current.seconds * 0.9 / 5)::int * 5, current.seconds - 5));
        result.misses := 0;
        result.explanation := format('Three misses in a row at %s (last %s): 90 %%, %s.',
          app_hidden.format_duration(current.seconds), d, app_hidden.format_duration(result.seconds));
      else
        result.explanation := format('Last session (%s) missed %s%s (miss %s of 3): same time.', d, what, at_lifted, result.misses);
      end if;
    end if;
  end if;
  return result;
end;
$$;
comment on function app_hidden.next_target(text, app_hidden.progression_state, app_hidden.session_judgement, date, int, int, int, numeric, text) is
  E'The target after one judged session under a rule (linear, greyskull, double or time), with the explanation of the change (rules in the function body).';

--------------------------------------------------------------------------------
-- Replaying a routine's history
--------------------------------------------------------------------------------
create or replace function app_hidden.next_cycle_target(current app_hidden.progression_state, outcome text, week_sets jsonb, weeks int,
  session_date date, increment numeric, unit text) returns app_hidden.progression_state
language plpgsql immutable as $$
-- A training-max cycle (5/3/1): each judged session moves to the next week. After the last week the
-- training max rises by one increment when that session was a hit (every set with its reps, the
-- `+` sets at least theirs), else it stays; the cycle starts again at week 1.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
begin
  if current.stage + 1 < weeks then
    result.stage := current.stage + 1;
    result.explanation := format('Last session (%s): week %s of %s done; week %s at a training max of %s %s',
      d, current.stage + 1, weeks, current.stage + 2, current.weight, unit);
  elsif outcome = 'hit' then
    result.stage := 0;
    result.weight := trim_scale(least(10000, current.weight + increment));
    result.explanation := format('Last session (%s): week %s of %s done with every rep: training max +%s %s to %s %s; week 1',
      d, weeks, weeks, trim_scale(increment), unit, result.weight, unit);
  else
    result.stage := 0;
    result.explanation := format('Last session (%s): week %s of %s without every rep: training max stays %s %s; week 1',
      d, weeks, weeks, current.weight, unit);
  end if;
  return result;
end;
$$;
comment on function app_hidden.next_cycle_target(app_hidden.progression_state, text, jsonb, int, date, numeric, text) is E'The week and training max after one judged session of a cycle (rules in the function body); the explanation ends where the week''s sets are appended.';

create or replace function app_hidden.next_stage_target(current app_hidden.progression_state, judged app_hidden.session_judgement, stages jsonb,
  session_date date, increment numeric, step numeric, unit text) returns app_hidden.progression_state
language plpgsql immutable as $$
-- Stages (GZCLP): within a stage the weight progresses as linear (a hit adds one increment to the
-- weight lifted; a lighter session continues from the weight lifted). A miss moves to the next
-- stage at the same weight; a miss at the last stage goes back to the first at 85 % of the
-- weight, snapped to the step.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  n int := jsonb_array_length(stages);
  this_stage text := stages ->> current.stage;
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, step);
begin
  if judged.outcome = 'hit' and current.weight is not null then
    result.weight := trim_scale(least(10000, greatest(current.weight,
      app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, step)) + increment));
    result.explanation := format('Last session (%s) hit %s%s: +%s %s to %s %s, stage %s of %s.',
      d, this_stage, loaded_text, trim_scale(increment), unit, result.weight, unit, current.stage + 1, n);
  elsif judged.outcome = 'hit' then
    result.explanation := format('Last session (%s) hit %s: no weight to add, same targets.', d, this_stage);
  elsif judged.outcome = 'light' then
    result.weight := trim_scale(least(current.weight, coalesce(app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, step), 0) + increment));
    result.explanation := format('Last session (%s) did %s%s, lighter than the target: continuing from the weight lifted, %s %s.',
      d, this_stage, case when judged.lifted is null then ' without its weight' else loaded_text end, result.weight, unit);
  elsif current.stage + 1 < n then
    result.stage := current.stage + 1;
    result.explanation := format('Last session (%s) missed %s%s: stage %s of %s, %s at %s %s.',
      d, this_stage, at_lifted, result.stage + 1, n, stages ->> result.stage, coalesce(current.weight::text, 'no weight'),
      case when current.weight is null then '' else unit end);
  else
    result.stage := 0;
    result.weight := case when current.weight is null then null else trim_scale(app_hidden.snap_weight(current.weight * 0.85, step)) end;
    result.explanation := format('Last session (%s) missed %s%s, the last stage: back to %s at 85 %%, %s %s.',
      d, this_stage, at_lifted, stages ->> 0, coalesce(result.weight::text, 'no weight'), case when result.weight is null then '' else unit end);
  end if;
  return result;
end;
$$;
comment on function app_hidden.next_stage_target(app_hidden.progression_state, app_hidden.session_judgement, jsonb, date, numeric, numeric, text) is
  E'The stage and weight after one judged session of an exercise with stages (GZCLP; rules in the function body).';

drop function if exists app_hidden.progression_targets(app_public.routines, date) cascade;
drop type if exists app_hidden.lift_target cascade;
create type app_hidden.lift_target as (
  routine_exercise_id uuid,
  position int,
  exercise_id uuid,
  rule text,
  weight numeric,
  reps int,
  seconds int,
  sets int,
  sessions int,
  explanation text,
  training_max numeric,
  amrap boolean,
  week_sets jsonb
);
comment on type app_hidden.lift_target is E'The next target of one routine exercise: the rule applied (linear, greyskull, double, time, none, deload, stages or cycle), '
  'the work weight in the routine''s unit (a cycle''s heaviest set), reps or seconds and the number of work sets, the sessions judged, the explanation, '
  'the training max of a cycle, whether the last work set is as many reps as possible, and a cycle''s sets of the week ([{weight, reps, amrap}]).';

create or replace function app_hidden.cycle_week(cycle jsonb, week int, training_max numeric, step numeric) returns jsonb
language sql immutable parallel safe as $$
  -- The week's sets: each percentage of the training max snapped to the step.
  select coalesce(jsonb_agg(jsonb_build_object(
           'weight', app_hidden.snap_weight(training_max * ps.percent / 100, step), 'reps', ps.reps, 'amrap', ps.amrap,
           'text', x.t) order by x.ord), '[]')
    from jsonb_array_elements_text(cycle -> week) with ordinality as x(t, ord),
         lateral app_hidden.doc_percent_set(x.t) ps;
$$;
comment on function app_hidden.cycle_week(jsonb, int, numeric, numeric) is E'A cycle week''s planned sets: [{weight (the percentage of the training max snapped to the step), reps, amrap, text}].';

create or replace function app_hidden.judge_cycle_session(week_sets jsonb, target_unit text, session_unit text,
  weights numeric[], reps int[], done boolean[]) returns text
language plpgsql immutable as $$
-- skip: no work set done; hit: every set of the week done at its weight (the unit rule) with at
-- least its reps (a `+` set: at least that many); miss otherwise.
declare
  n int := jsonb_array_length(week_sets);
  k int;
begin
  if not coalesce(true = any(done), false) then
    return 'skip';
  end if;
  for k in 1 .. n loop
    if k > coalesce(array_length(weights, 1), 0) or not done[k]
       or not app_hidden.weights_meet(weights[k], session_unit, (week_sets -> (k - 1) ->> 'weight')::numeric, target_unit)
       or coalesce(reps[k], -1) < (week_sets -> (k - 1) ->> 'reps')::int then
      return 'miss';
    end if;
  end loop;
  return 'hit';
end;
$$;
comment on function app_hidden.judge_cycle_session(jsonb, text, text, numeric[], int[], boolean[]) is E'Judges one session of a training-max cycle week: skip, hit (every set at its weight with its reps) or miss.';

create or replace function app_hidden.cycle_texts(week_sets jsonb) returns text
language sql immutable parallel safe as $$
  select string_agg(x ->> 'text', ', ' order by o) from jsonb_array_elements(week_sets) with ordinality as w(x, o);
$$;
comment on function app_hidden.cycle_texts(jsonb) is E'A cycle week as its set texts, comma separated (`65%x5, 75%x5, 85%x5+`).';

create or replace function app_hidden.earlier_sessions_note(n int) returns text
language sql immutable parallel safe as $$
  select format('the %s earlier session%s no longer count%s', n, case when n = 1 then '' else 's' end, case when n = 1 then 's' else '' end);
$$;
comment on function app_hidden.earlier_sessions_note(int) is E'How many sessions an edit of the routine left out of the progression: `the 3 earlier sessions no longer count`.';

create or replace function app_hidden.progression_targets(p_routine app_public.routines, p_date date)
returns setof app_hidden.lift_target
language plpgsql stable security definer set search_path to pg_catalog, public as $$
-- History of a routine exercise: the owner's workouts that name this routine, dated on or before
-- p_date, not skipProgression, starting after the exercise's last start-weight edit; in each, the
-- workout exercise for this exercise that is not skipProgression (the k-th occurrence in the
-- routine follows the k-th in each workout), with its work sets. Sessions are replayed oldest first
-- (date, start, id) through judge_session and next_target; skipped ones change nothing. A deload
-- routine never moves. Unloaded work (no weight written) cannot gain weight.
declare
  re record;
  s record;
  state app_hidden.progression_state;
  judged app_hidden.session_judgement;
  sessions_judged int;
  sessions_before_edit int;
  v_inc numeric;
  v_step numeric;
  v_weeks int;
  v_stages int;
  v_week_sets jsonb;
  v_cycle_outcome text;
  v_stage record;
begin
  for re in
    select x.*, pr.restart_after
      from (select rx.*, e.region,
                   case when p_routine.deload then 'deload'
                        when coalesce(rx.progression, p_routine.progression) = 'none' then 'none'
                        when rx.cycle is not null then 'cycle'
                        when rx.stages is not null then 'stages'
                        when coalesce(rx.progression, p_routine.progression) = 'time' and (rx.reps_low is not null or rx.seconds is null) then 'none'
                        when coalesce(rx.progression, p_routine.progression) = 'double' and rx.reps_low is null then 'none'
                        else coalesce(rx.progression, p_routine.progression) end as rule,
                   row_number() over (partition by rx.exercise_id order by rx.position) as occurrence
              from app_public.routine_exercises rx
              join app_public.exercises e on e.id = rx.exercise_id
             where rx.routine_id = p_routine.id) x
      left join app_hidden.progression_restarts pr
        on pr.routine_id = x.routine_id and pr.exercise_id = x.exercise_id and pr.occurrence = x.occurrence
     order by x.position
  loop
    v_inc := coalesce(re.increment::numeric, app_hidden.weight_increment(re.region, p_routine.unit));
    v_step := coalesce(re.increment::numeric, app_hidden.loadable_step(p_routine.unit));
    state := row(case when re.rule = 'cycle' then trim_scale(re.training_max::numeric) else trim_scale(re.weight::numeric) end,
                 re.reps_low, case when re.reps_low is null then re.seconds end, 0, 0, null, null, 0)::app_hidden.progression_state;
    v_weeks := case when re.rule = 'cycle' then jsonb_array_length(re.cycle) end;
    v_stages := case when re.rule = 'stages' then jsonb_array_length(re.stages) end;
    sessions_judged := 0;
    sessions_before_edit := 0;
    if re.rule in ('linear', 'greyskull', 'double', 'time', 'stages', 'cycle') then
      for s in
        with program_routines as (
          -- This routine, and the other routines of its program (deload routines never feed progression).
          select r2.id from app_public.routines r2
           where r2.user_id = p_routine.user_id and not r2.deload
             and (r2.id = p_routine.id
                  or (p_routine.program is not null and app_hidden.program_key(r2.program) = app_hidden.program_key(p_routine.program)))
        ), tracks as (
          -- Where this lift is in each of them: here, this occurrence; in another routine of the
          -- program, the first occurrence prescribed alike (same sets and reps or time).
          select distinct on (t.routine_id) t.routine_id, t.occurrence
            from (select rx.routine_id, rx.position, rx.sets, rx.reps_low, rx.reps_high, rx.seconds,
                         row_number() over (partition by rx.routine_id order by rx.position) as occurrence
                    from app_public.routine_exercises rx
                   where rx.routine_id in (select pr2.id from program_routines pr2) and rx.exercise_id = re.exercise_id) t
           where (t.routine_id = p_routine.id and t.occurrence = re.occurrence)
              or (t.routine_id <> p_routine.id and t.sets = re.sets and t.reps_low is not distinct from re.reps_low
                  and t.reps_high is not distinct from re.reps_high and t.seconds is not distinct from re.seconds)
           order by t.routine_id, t.occurrence
        ), history as (
          select w.id, w.date, w.start, w.unit, t.occurrence as track_occurrence
            from app_public.workouts w
            join tracks t on t.routine_id = w.routine_id
           where w.user_id = p_routine.user_id and w.date <= p_date
             and not w.skip_progression
        ), occurrence as (
          select we.id, we.skip_progression, h.date, h.start, h.unit, h.id as workout_id, h.track_occurrence,
                 row_number() over (partition by we.workout_id order by we.position) as occurrence
            from history h
            join app_public.workout_exercises we on we.workout_id = h.id and we.exercise_id = re.exercise_id
        )
        select o.date, o.start, o.unit, o.start <= re.restart_after as before_edit,
               coalesce(array_agg(ws.weight::numeric order by ws.position) filter (where ws.id is not null), '{}') as weights,
               coalesce(array_agg(ws.reps order by ws.position) filter (where ws.id is not null), '{}') as reps,
               coalesce(array_agg(ws.seconds order by ws.position) filter (where ws.id is not null), '{}') as seconds,
               coalesce(array_agg(ws.done order by ws.position) filter (where ws.id is not null), '{}') as done
          from occurrence o
          left join app_public.workout_sets ws on ws.workout_exercise_id = o.id and ws.kind = 'work'
         where o.occurrence = o.track_occurrence and not o.skip_progression
         group by o.id, o.date, o.start, o.unit, o.workout_id
         order by o.date, o.start, o.workout_id
      loop
        if re.rule = 'cycle' then
          v_week_sets := app_hidden.cycle_week(re.cycle, state.stage, state.weight, v_step);
          v_cycle_outcome := app_hidden.judge_cycle_session(v_week_sets, p_routine.unit, s.unit, s.weights, s.reps, s.done);
          continue when v_cycle_outcome = 'skip';
        else
          select * into v_stage from app_hidden.doc_stage(case when re.rule = 'stages' then re.stages ->> state.stage end);
          judged := app_hidden.judge_session(coalesce(v_stage.sets, re.sets), state.weight, p_routine.unit, coalesce(v_stage.reps, state.reps),
                                             coalesce(v_stage.reps, re.reps_high, re.reps_low),
                                             state.seconds, s.unit, s.weights, s.reps, s.seconds, s.done);
          continue when judged.outcome = 'skip';
        end if;
        if s.before_edit then
          sessions_before_edit := sessions_before_edit + 1;
          continue;
        end if;
        sessions_judged := sessions_judged + 1;
        if re.rule = 'cycle' then
          state := app_hidden.next_cycle_target(state, v_cycle_outcome, v_week_sets, v_weeks, s.date, v_inc, p_routine.unit);
        elsif re.rule = 'stages' then
          state := app_hidden.next_stage_target(state, judged, re.stages, s.date, v_inc, v_step, p_routine.unit);
        else
          state := app_hidden.next_target(re.rule, state, judged, s.date, re.sets, re.reps_low, coalesce(re.reps_high, re.reps_low),
                                          v_inc, p_routine.unit);
        end if;
      end loop;
    end if;
    select * into v_stage from app_hidden.doc_stage(case when re.rule = 'stages' then re.stages ->> state.stage end);
    v_week_sets := case when re.rule = 'cycle' then app_hidden.cycle_week(re.cycle, state.stage, state.weight, v_step) end;
    if state.explanation is null and re.rule = 'cycle' and sessions_before_edit > 0 then
      state.explanation := format('Training max changed in the routine to %s %s: starting the cycle again at week 1 of %s (%s); %s.',
        state.weight, p_routine.unit, v_weeks, app_hidden.cycle_texts(v_week_sets), app_hidden.earlier_sessions_note(sessions_before_edit));
    elsif state.explanation is null and re.rule = 'cycle' then
      state.explanation := format('No history yet: week 1 of %s at a training max of %s %s (%s).',
        v_weeks, state.weight, p_routine.unit, app_hidden.cycle_texts(v_week_sets));
    elsif state.explanation is null and re.rule = 'stages' and sessions_before_edit > 0 then
      state.explanation := format('Start weight changed in the routine to %s %s: starting again from it, stage 1 of %s, %s; %s.',
        coalesce(state.weight::text, 'none'), case when state.weight is null then '' else p_routine.unit end, v_stages, re.stages ->> 0,
        app_hidden.earlier_sessions_note(sessions_before_edit));
    elsif state.explanation is null and re.rule = 'stages' then
      state.explanation := format('No history yet: stage 1 of %s, %s at %s %s as written.',
        v_stages, re.stages ->> 0, coalesce(state.weight::text, 'no weight'), case when state.weight is null then '' else p_routine.unit end);
    elsif state.explanation is null then
      state.explanation := app_hidden.progression_first_note(re.rule, re.sets, state.reps, state.seconds, state.weight, p_routine.unit)
        || case when re.rule = 'greyskull' then ' Last set: as many reps as possible.' else '' end;
      if sessions_before_edit > 0 then
        state.explanation := format('Start weight changed in the routine to %s %s: starting again from it; %s.',
          coalesce(trim_scale(re.weight::numeric)::text, 'none'), case when re.weight is null then '' else p_routine.unit end,
          app_hidden.earlier_sessions_note(sessions_before_edit))
          || case when re.rule = 'greyskull' then ' Last set: as many reps as possible.' else '' end;
      end if;
    end if;
    if re.rule = 'cycle' then
      return next row(re.id, re.position, re.exercise_id, re.rule,
                      (v_week_sets -> -1 ->> 'weight')::numeric, (v_week_sets -> -1 ->> 'reps')::int, null, re.sets,
                      sessions_judged, state.explanation
                        || case when sessions_judged > 0 then format(' (%s).', app_hidden.cycle_texts(v_week_sets)) else '' end
                        || case when v_week_sets @> '[{"amrap": true}]' then ' Sets marked +: as many reps as possible.' else '' end,
                      state.weight, (v_week_sets -> -1 ->> 'amrap')::boolean, v_week_sets)::app_hidden.lift_target;
    else
      return next row(re.id, re.position, re.exercise_id, re.rule, state.weight, coalesce(v_stage.reps, state.reps),
                      case when state.reps is null and v_stage.reps is null then state.seconds end, coalesce(v_stage.sets, re.sets),
                      sessions_judged, state.explanation || case when coalesce(v_stage.amrap, false) then ' Last set: as many reps as possible.' else '' end,
                      null, coalesce(v_stage.amrap, re.rule = 'greyskull'), null)::app_hidden.lift_target;
    end if;
  end loop;
end;
$$;
comment on function app_hidden.progression_targets(app_public.routines, date) is E'The next targets of each exercise of a routine on a date, replayed from the owner''s history (judge_session, then next_target, per session; rules in the comments of those functions and of 13-progression.sql).';

--------------------------------------------------------------------------------
-- The next workout
--------------------------------------------------------------------------------
create or replace function app_hidden.planned_sets(p_kind text, p_weight numeric, p_bodyweight boolean, p_reps int, p_seconds int,
  p_sets int, p_warmups int, p_drops int, p_bursts int, p_increment numeric) returns text[]
language plpgsql immutable as $$
-- Set texts, in order: warm-ups (w:), work sets, drops (d:), bursts (rp:). p_increment is the loadable step
-- weights snap to (the parameter keeps its first name: PostgreSQL cannot rename it in place).
-- Warm-ups ramp toward a loaded work weight: one at 50 %; two or more spread evenly from 40 % to
-- 80 %; each snapped to a loadable weight within 40-80 % of the work weight, with fewer reps
-- (reps * (1.2 - share), at least 1, at most the work reps); a warm-up with no loadable weight
-- in that range (or only 0) is left out. Drops follow the last work set, each about 20 % lighter than the one before and at
-- least one loadable step lighter (snapped; they stop before 0), at the work reps. Bursts
-- (rest-pause) follow at the work weight, a third of the work reps (at least 1).
-- Timed work (a hold, weighted or not) has its work sets only; unloaded work no warm-ups or drops.
declare
  v_out text[] := '{}';
  v_share numeric;
  v_w numeric;
  v_prev numeric;
  v_loaded boolean := p_weight is not null and p_weight > 0 and p_seconds is null and not p_bodyweight;
  v_reps int := coalesce(p_reps, 0);
  i int;
begin
  if v_loaded then
    for i in 1 .. p_warmups loop
      v_share := case when p_warmups = 1 then 0.5 else 0.4 + 0.4 * (i - 1) / (p_warmups - 1) end;
      -- Snapped, then kept within 40-80 % of the work weight on the step's grid.
      v_w := greatest(ceil(p_weight * 0.4 / p_increment - 0.000001) * p_increment,
                      least(floor(p_weight * 0.8 / p_increment + 0.000001) * p_increment,
                            app_hidden.snap_weight(p_weight * v_share, p_increment)));
      v_w := trim_scale(v_w);
      if v_w > 0 and v_w <= p_weight * 0.8 + 0.000001 then
        v_out := v_out || app_hidden.format_set('warmup', v_w, false,
          least(v_reps, greatest(1, round(v_reps * (1.2 - v_share))::int)), null, null);
      end if;
    end loop;
  end if;
  for i in 1 .. p_sets loop
    v_out := v_out || app_hidden.format_set('work', p_weight, p_bodyweight, case when p_seconds is null then v_reps end, p_seconds, null);
  end loop;
  if v_loaded then
    v_prev := p_weight;
    for i in 1 .. p_drops loop
      v_w := least(app_hidden.snap_weight(v_prev * 0.8, p_increment), app_hidden.snap_down(v_prev - p_increment, p_increment));
      exit when v_w <= 0;
      v_out := v_out || app_hidden.format_set('drop', v_w, false, v_reps, null, null);
      v_prev := v_w;
    end loop;
  end if;
  if p_seconds is null then
    for i in 1 .. p_bursts loop
      v_out := v_out || app_hidden.format_set('burst', p_weight, p_bodyweight, greatest(1, round(v_reps / 3.0)::int), null, null);
    end loop;
  end if;
  return v_out;
end;
$$;
comment on function app_hidden.planned_sets(text, numeric, boolean, int, int, int, int, int, int, numeric) is E'The set texts of one planned exercise: warm-ups ramped toward the work weight, the work sets (a weighted hold as `20x45s`), drops about 20 % and at least one loadable step lighter each, rest-pause bursts (rules in the function body).';

create or replace function app_hidden.pinned_note(p_user uuid, p_exercise uuid, p_date date) returns text
language sql stable security definer set search_path to pg_catalog, public as $$
  -- The note of the user's latest entry of this exercise (by date, start, position), on or before
  -- the date, when that entry is pinned.
  select case when we.pinned then we.note end
    from app_public.workout_exercises we
    join app_public.workouts w on w.id = we.workout_id
   where we.user_id = p_user and we.exercise_id = p_exercise and w.date <= p_date
   order by w.date desc, w.start desc, we.position desc
   limit 1;
$$;
comment on function app_hidden.pinned_note(uuid, uuid, date) is E'The pinned note that carries forward to an exercise''s next plan: the note of the user''s latest entry of it on or before the date, if that entry is pinned.';

drop function if exists app_hidden.next_plan(app_public.routines, date);
create or replace function app_hidden.next_plan(r app_public.routines, p_date date)
returns table (exercise_position int, exercise_id uuid, rule text, routine_weight numeric, weight numeric, unit text, reps int, seconds int,
               sessions int, explanation text, pinned_note text, sets text[], training_max numeric, amrap boolean)
language sql stable security definer set search_path to pg_catalog, public as $$
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
                                   t.sets, re.warmups, re.drops, re.bursts, st.step)
         else
           -- A cycle week: warm-ups toward its first set, its sets, drops and bursts after its last.
           app_hidden.planned_sets('work', app_hidden.shown_weight((t.week_sets -> 0 ->> 'weight')::numeric, r.unit, u.unit), false,
                                   (t.week_sets -> 0 ->> 'reps')::int, null, 0, re.warmups, 0, 0, st.step)
           || (select array_agg(app_hidden.format_set('work', app_hidden.shown_weight((ws.x ->> 'weight')::numeric, r.unit, u.unit), false,
                                                      (ws.x ->> 'reps')::int, null, null) order by ws.o)
                 from jsonb_array_elements(t.week_sets) with ordinality as ws(x, o))
           || app_hidden.planned_sets('work', x.weight, false, t.reps, null, 0, 0, re.drops, re.bursts, st.step)
         end,
         t.training_max, t.amrap
    from app_hidden.progression_targets(r, p_date) t
    join app_public.routine_exercises re on re.id = t.routine_exercise_id
    join app_public.exercises e on e.id = t.exercise_id
    cross join lateral (select us.unit from app_public.users us where us.id = r.user_id) u
    -- Weights shown in the owner's unit snap to the exercise's increment as shown in it (1 kg
    -- micro-plates are 2.5 lb), else to the unit's loadable step.
    cross join lateral (select coalesce(app_hidden.shown_increment(re.increment::numeric, r.unit, u.unit), app_hidden.loadable_step(u.unit)) as step) st
    cross join lateral (select case when r.unit = u.unit or t.weight is null then t.weight
                                    else least(10000, app_hidden.snap_weight(app_hidden.convert_weight(t.weight, r.unit, u.unit), st.step)) end as weight) x
   order by t.position;
$$;
comment on function app_hidden.next_plan(app_public.routines, date) is E'The next workout of a routine, one row per routine exercise: its target in the routine''s unit and as loaded in the owner''s unit, why, the pinned note carried forward, and the planned set texts.';

create or replace function app_public.routines_next_workout(r app_public.routines, date text default null) returns json
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_date date := coalesce(app_hidden.check_date(routines_next_workout.date), current_date);
  v_user app_public.users;
  v_exercises json;
begin
  select u.* into v_user from app_public.users u where u.id = app_public.current_user_id();
  if v_user.id is null or r.user_id is distinct from v_user.id then
    return null;
  end if;
  select coalesce(json_agg(json_strip_nulls(json_build_object(
           'exercise', app_hidden.exercise_reference(p.exercise_id),
           'superset', re.superset,
           'note', p.pinned_note,
           'pinned', case when p.pinned_note is not null then true end,
           'sets', (select json_agg(json_build_object('set', st.text, 'done', false) order by st.ord)
                      from unnest(p.sets) with ordinality as st(text, ord))))
           order by p.exercise_position), '[]')
    into v_exercises
    from app_hidden.next_plan(r, v_date) p
    join app_public.routine_exercises re on re.routine_id = r.id and re.position = p.exercise_position;
  return json_build_object(
    'name', r.name,
    'date', to_char(v_date, 'YYYY-MM-DD'),
    'start', to_char(v_date, 'YYYY-MM-DD') || 'T12:00:00Z',
    'unit', v_user.unit,
    'effort', v_user.effort,
    'routine', r.id,
    'exercises', v_exercises);
end;
$$;
comment on function app_public.routines_next_workout(app_public.routines, text) is E'@behavior -aggregate -havingBy -orderBy -filterBy\nThe next workout of this routine for a date (YYYY-MM-DD, default today) as a workout document to apply: '
  'every set planned (`done: false`): warm-ups (`w:`), work sets at the targets progression derives from your history of this routine, drops (`d:`) and bursts (`rp:`); '
  'weights in your unit (converted and snapped to a loadable weight, 2.5 kg or 5 lb, when the routine has another unit). '
  'An exercise''s note is the one you pinned on its latest entry (with `pinned: true`), never an explanation: those are in nextTargets.';

drop type if exists app_public.next_target cascade;
create type app_public.next_target as (
  position int,
  exercise_id uuid,
  exercise text,
  rule text,
  weight double precision,
  unit text,
  routine_weight double precision,
  routine_unit text,
  reps int,
  seconds int,
  sessions int,
  explanation text,
  training_max double precision,
  amrap boolean
);
comment on type app_public.next_target is E'The target of one exercise of a routine''s next workout, and why.';
comment on column app_public.next_target.position is E'@notNull\nOrder within the routine, from 0 (the same as the next workout''s exercises).';
comment on column app_public.next_target.exercise_id is E'@notNull\nThe exercise.';
comment on column app_public.next_target.exercise is E'@notNull\nThe exercise as the next workout names it.';
comment on column app_public.next_target.rule is E'@notNull\nThe rule applied: linear, greyskull, double, time, none, deload, stages or cycle.';
comment on column app_public.next_target.weight is E'The work weight as planned in your unit (converted and snapped to a loadable weight when the routine has another unit); null for unloaded work.';
comment on column app_public.next_target.unit is E'@notNull\nYour unit: the unit of weight.';
comment on column app_public.next_target.routine_weight is E'The work weight in the routine''s unit, as progression computed it.';
comment on column app_public.next_target.routine_unit is E'@notNull\nThe routine''s unit.';
comment on column app_public.next_target.reps is E'Reps per work set; null for a timed exercise.';
comment on column app_public.next_target.seconds is E'Seconds per work set of a timed exercise.';
comment on column app_public.next_target.sessions is E'@notNull\nSessions of your history judged to reach this target (skipped ones and ones before a start-weight edit not counted).';
comment on column app_public.next_target.training_max is E'The training max a cycle''s percentages are of, in the routine''s unit; null without a cycle.';
comment on column app_public.next_target.amrap is E'@notNull\nWhether the last work set is as many reps as possible (greyskull, a stage or cycle set marked `+`).';
comment on column app_public.next_target.explanation is E'@notNull\nWhy the target is what it is, in a sentence or two. Every weight it names was lifted, written in the routine or is planned here.';

create or replace function app_public.routines_next_targets(r app_public.routines, date text default null) returns setof app_public.next_target
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_date date := coalesce(app_hidden.check_date(routines_next_targets.date), current_date);
begin
  if r.user_id is distinct from app_public.current_user_id() then
    return;
  end if;
  return query
  select p.exercise_position, p.exercise_id, app_hidden.exercise_reference(p.exercise_id), p.rule, p.weight::float8, p.unit,
         p.routine_weight::float8, r.unit, p.reps, p.seconds, p.sessions, p.explanation, p.training_max::float8, coalesce(p.amrap, false)
    from app_hidden.next_plan(r, v_date) p;
end;
$$;
comment on function app_public.routines_next_targets(app_public.routines, text) is
  E'@behavior -typeField:resource:connection +typeField:resource:list -aggregate -havingBy -orderBy -filterBy\n'
  'The targets of this routine''s next workout for a date (YYYY-MM-DD, default today), one per exercise in the routine''s order, each with the explanation of how your history led to it. '
  'The plan itself is nextWorkout; explanations are never saved into a workout.';

grant execute on function
  app_hidden.loadable_step(text), app_hidden.snap_down(numeric, numeric),
  app_hidden.weights_meet(numeric, text, numeric, text), app_hidden.shown_weight(numeric, text, text),
  app_hidden.judge_session(int, numeric, text, int, int, int, text, numeric[], int[], int[], boolean[]),
  app_hidden.next_target(text, app_hidden.progression_state, app_hidden.session_judgement, date, int, int, int, numeric, text),
  app_hidden.pinned_note(uuid, uuid, date), app_hidden.next_plan(app_public.routines, date),
  app_hidden.progression_targets(app_public.routines, date), app_hidden.cycle_week(jsonb, int, numeric, numeric),
  app_hidden.judge_cycle_session(jsonb, text, text, numeric[], int[], boolean[]), app_hidden.cycle_texts(jsonb),
  app_hidden.next_cycle_target(app_hidden.progression_state, text, jsonb, int, date, numeric, text),
  app_hidden.next_stage_target(app_hidden.progression_state, app_hidden.session_judgement, jsonb, date, numeric, numeric, text),
  app_hidden.same_start_weight(numeric, text, numeric, text), app_hidden.program_key(text), app_hidden.earlier_sessions_note(int), app_hidden.shown_increment(numeric, text, text),
  app_hidden.deload_to_step(numeric, numeric, text),
  app_hidden.lifted_as_loaded(numeric, text, numeric, text, numeric), app_hidden.lifted_text(numeric, text, numeric, text, numeric),
  app_hidden.walk_routine_program(jsonb, text), app_hidden.doc_percent_set(text), app_hidden.doc_stage(text),
  app_hidden.walk_routine_exercise_extras(jsonb, text),
  app_public.routines_next_targets(app_public.routines, text)
to svc_reader;
