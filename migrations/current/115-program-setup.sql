-- A program start asks for every loaded lift it plans: the template's inputs (training maxes, first
-- work weights), and its assistance lifts too (5/3/1's Dumbbell Row, Lying Leg Curl), whose weight
-- may be left "to choose" in the logger. From history, a lift's weight comes from its own most
-- recent 12 weeks of training, whenever they were, and the start can be previewed (which sets gave
-- each weight) before anything is made.

create or replace function app_hidden.is_loaded(p_equipment text, p_kind text)
returns boolean
language sql immutable parallel safe as $$
  select p_kind = 'reps' and p_equipment in ('barbell', 'dumbbell', 'machine', 'cable', 'kettlebell');
$$;
comment on function app_hidden.is_loaded(text, text) is
  'Whether an exercise is lifted with a weight (barbell, dumbbell, machine, cable, kettlebell, counted in reps): a program start asks for its weight and the logger never ticks a set of it without one.';
grant execute on function app_hidden.is_loaded(text, text) to svc_reader;

-- The lifts a template asks a weight for, in the order the days first name them.
create or replace function app_hidden.program_template_lifts(t app_public.program_templates)
returns table(ord bigint, lift text, exercise_id uuid, required boolean, step_entry jsonb)
language sql stable as $$
  with entries as (
    select coalesce(x.e ->> 'input', x.e ->> 'exercise') as lift, x.e ? 'input' as required,
           d.ord * 1000 + x.ord as first, x.e
      from jsonb_array_elements(t.days) with ordinality as d(day, ord),
           jsonb_array_elements(d.day -> 'exercises') with ordinality as x(e, ord)),
  lifts as (
    select distinct on (en.lift) en.lift, en.required, en.first,
           -- The step a lift rounds to: its first entry taking the input whole (no `percent`).
           (select s.e from entries s where s.lift = en.lift and s.required = en.required
             order by s.e ? 'percent', s.first limit 1) as step_entry
      from entries en
     where en.required
        or not exists (select 1 from entries i where i.required and i.lift = en.lift)
     order by en.lift, en.first)
  select row_number() over (order by l.required desc, l.first), l.lift, ex.id, l.required, l.step_entry
    from lifts l
    cross join lateral (select app_hidden.resolve_exercise(l.lift) as id) r
    left join app_public.exercises ex on ex.id = r.id
   where l.required or app_hidden.is_loaded(ex.equipment, ex.kind)
   order by 1;
$$;
comment on function app_hidden.program_template_lifts(app_public.program_templates) is
  'The lifts a template asks a weight for: its inputs (required, in the order the days first name them), then its loaded exercises without an input (assistance, whose weight may be left to choose), each with the template entry whose rounding step its weight snaps to.';
grant execute on function app_hidden.program_template_lifts(app_public.program_templates) to svc_reader;

create or replace function app_public.program_templates_assistance(t app_public.program_templates)
returns text[]
language sql stable as $$
  select coalesce(array_agg(l.lift order by l.ord), '{}') from app_hidden.program_template_lifts(t) l where not l.required;
$$;
comment on function app_public.program_templates_assistance(app_public.program_templates) is
  E'@behavior -typeField:resource:connection +typeField:resource:list\nThe loaded assistance lifts the program plans beside its inputs (5/3/1''s Dumbbell Row): a start may give each its weight (or take it from history); left out, its weight is chosen in the logger.';
grant execute on function app_public.program_templates_assistance(app_public.program_templates) to svc_reader;

drop type if exists app_public.program_start_lift cascade;
create type app_public.program_start_lift as (
  lift text,
  role text,
  required boolean,
  weight double precision,
  unit text,
  source text,
  history_from date,
  history_to date,
  history_sets integer,
  best_set text,
  best_date date,
  best_estimate double precision,
  basis text,
  basis_code text,
  rounding_step double precision
);
comment on type app_public.program_start_lift is 'One lift of a program start as it would be made (programStartPreview): its weight and where it came from.';
comment on column app_public.program_start_lift.lift is E'@notNull\nThe lift, as the program names it.';
comment on column app_public.program_start_lift.role is E'@notNull\n`trainingMax` (5/3/1''s main lifts), `weight` (a first work weight) or `assistance` (a loaded lift beside them, planned as written).';
comment on column app_public.program_start_lift.required is E'@notNull\nWhether the start is refused (MISSING_INPUT) while it has no weight; an assistance lift without one is planned with its weight to choose.';
comment on column app_public.program_start_lift.weight is 'Its weight in unit; null: none given nor found (to choose, for assistance).';
comment on column app_public.program_start_lift.unit is E'@notNull\nThe start''s unit.';
comment on column app_public.program_start_lift.source is E'@notNull\n`given` (in lifts), `history` (from your sets, see basis) or `none`.';
comment on column app_public.program_start_lift.history_from is 'From history: the first day of the 12 weeks used (the lift''s most recent, ending at its latest set).';
comment on column app_public.program_start_lift.history_to is 'From history: the last day of the 12 weeks used.';
comment on column app_public.program_start_lift.history_sets is 'From history: how many of your sets in those weeks were weighed (1 to 12 reps; an assistance lift: the sets of its latest day).';
comment on column app_public.program_start_lift.best_set is 'From history: the set the weight comes from, as logged with its unit (`100x5 kg`).';
comment on column app_public.program_start_lift.best_date is 'From history: the day of that set.';
comment on column app_public.program_start_lift.best_estimate is 'From history: its estimated 1RM in unit, 1 decimal (null for an assistance lift, which takes the set''s weight).';
comment on column app_public.program_start_lift.basis is E'@notNull\nWhere the weight came from, in a sentence.';
comment on column app_public.program_start_lift.basis_code is E'@notNull\nThe basis as a stable code, for an app to say in its own language with the fields beside it: `given`, `heaviestSet` (an assistance lift from bestSet on bestDate), `estimatedMax` (90 % of bestEstimate from historySets sets, historyFrom to historyTo), `noHistory` (required, nothing in history), `giveWeight` (required, not from history) or `toChoose` (assistance, chosen in the logger). Weights from history are rounded down to roundingStep.';
comment on column app_public.program_start_lift.rounding_step is E'@notNull\nThe lift''s rounding step in unit, which a weight from history is rounded down to.';

-- The weight from history of one lift: 90 % of the best estimated 1RM of its most recent 12 weeks
-- (a training max or first work weight), or an assistance lift's heaviest work weight of its latest
-- day (its sets of 10 go on from there); in unit, rounded down to step.
create or replace function app_hidden.program_lift_from_history(p_exercise uuid, p_role text, p_unit text, p_step numeric)
returns table(weight numeric, history_from date, history_to date, history_sets integer, best_set text,
              best_date date, best_estimate numeric)
language sql stable as $$
  with sets as (
    select s.*, ws.weight::numeric as logged, ws.unit as logged_unit,
           case when p_role = 'assistance' then s.kg else app_hidden.e1rm(s.kg, s.reps) end as score
      from app_hidden.record_sets(p_exercise) s
      join app_public.workout_sets ws on ws.id = s.id),
  span as (
    select case when p_role = 'assistance' then max(date) else max(date) filter (where reps between 1 and 12) - 83 end as first,
           case when p_role = 'assistance' then max(date) else max(date) filter (where reps between 1 and 12) end as last
      from sets),
  counted as (
    select s.* from sets s, span
     where s.date between span.first and span.last and s.score is not null),
  best as (
    select * from counted order by score desc, date desc, start desc, exercise_position, set_position limit 1)
  select app_hidden.snap_down(case when p_role = 'assistance' then app_hidden.convert_weight(b.score, 'kg', p_unit)
                                   else 0.9 * app_hidden.convert_weight(b.score, 'kg', p_unit) end, p_step),
         span.first, span.last, (select count(*)::int from counted),
         app_hidden.format_set('work', b.logged, false, b.reps, null, null) || ' ' || b.logged_unit,
         b.date,
         case when p_role <> 'assistance' then trim_scale(round(app_hidden.convert_weight(b.score, 'kg', p_unit), 1)) end
    from best b, span;
$$;
comment on function app_hidden.program_lift_from_history(uuid, text, text, numeric) is
  'A start weight from your history and the sets it came from: for a training max or first work weight 90 % of the best estimated 1RM (Epley, 1 to 12 reps, as Exercise.records) of the lift''s most recent 12 weeks (the 84 days ending at its latest such set, whenever that was); for an assistance lift the heaviest work weight of its latest day. In unit, rounded down to step; no row without a set.';
grant execute on function app_hidden.program_lift_from_history(uuid, text, text, numeric) to svc_reader;

-- Every lift of a start: the weight given (checked), else from history when asked, else none.
create or replace function app_hidden.program_start_lifts(t app_public.program_templates, p_unit text,
  p_lifts app_public.program_lift[], p_from_history boolean)
returns setof app_public.program_start_lift
language plpgsql stable as $$
declare
  v_all text[] := array(select l.lift from app_hidden.program_template_lifts(t) l order by l.ord);
  v_given jsonb := '{}';
  l app_public.program_lift;
  v_id uuid;
  v_lift text;
  v_w numeric;
begin
  foreach l in array coalesce(p_lifts, '{}') loop
    v_id := app_hidden.resolve_exercise(l.lift);
    v_lift := null;
    select x.lift into v_lift from app_hidden.program_template_lifts(t) x where x.exercise_id = v_id;
    if v_id is null or v_lift is null then
      raise exception 'lifts: % is not a lift of % (its lifts: %)', coalesce(l.lift, 'null'), t.name,
        array_to_string(v_all, ', ') using errcode = 'SVBAD';
    elsif v_given ? v_lift then
      raise exception 'lifts: % is given twice', v_lift using errcode = 'SVBAD';
    end if;
    v_w := app_hidden.doc_weight(to_jsonb(l.weight));
    if v_w is null or v_w = 0 then
      raise exception 'lifts: %: the % must be above 0 and at most 10000 with at most 2 decimals', v_lift,
        case when v_lift = any (app_public.program_templates_assistance(t)) then 'weight'
             when t.input_kind = 'trainingMax' then 'training max' else 'first work weight' end
        using errcode = 'SVBAD';
    end if;
    v_given := v_given || jsonb_build_object(v_lift, v_w);
  end loop;
  return query
  select x.lift, x.role, x.required,
         coalesce((v_given ->> x.lift)::numeric, h.weight)::float8, p_unit,
         case when v_given ? x.lift then 'given' when h.weight > 0 then 'history' else 'none' end,
         h.history_from, h.history_to, h.history_sets, h.best_set, h.best_date, h.best_estimate::float8,
         case when v_given ? x.lift then 'Given.'
              when h.weight > 0 and x.role = 'assistance' then
                format('Your heaviest set of it on %s, %s, rounded down to %s %s.', h.best_date, h.best_set, x.step, p_unit)
              when h.weight > 0 then
                format('90 %% of %s %s, the estimated 1RM of %s on %s: the best of your %s set%s from %s to %s (its latest 12 weeks), rounded down to %s %s.',
                       h.best_estimate, p_unit, h.best_set, h.best_date, h.history_sets,
                       case when h.history_sets = 1 then '' else 's' end, h.history_from, h.history_to, x.step, p_unit)
              when x.required and p_from_history then 'No set of it in your history to start from: give its weight.'
              when x.required then 'Give its weight, or start from history.'
              else 'Weight to choose: the logger asks for it at its first set.' end,
         case when v_given ? x.lift then 'given'
              when h.weight > 0 and x.role = 'assistance' then 'heaviestSet'
              when h.weight > 0 then 'estimatedMax'
              when x.required and p_from_history then 'noHistory'
              when x.required then 'giveWeight'
              else 'toChoose' end,
         x.step::float8
    from (select tl.ord, tl.lift, tl.exercise_id, tl.required,
                 case when not tl.required then 'assistance' else t.input_kind end as role,
                 trim_scale(app_hidden.program_rounding_step(tl.step_entry, p_unit)) as step
            from app_hidden.program_template_lifts(t) tl) x
    left join lateral (select * from app_hidden.program_lift_from_history(x.exercise_id, x.role, p_unit, x.step) f
                        where p_from_history and not v_given ? x.lift and x.exercise_id is not null) h on true
   order by x.ord;
end;
$$;
comment on function app_hidden.program_start_lifts(app_public.program_templates, text, app_public.program_lift[], boolean) is
  'Every lift of a template''s start in unit: the weight given in lifts (a lift or assistance lift of the template named as an exercise reference, once, above 0 and at most 10000 with 2 decimals, else INVALID_INPUT naming it), else with from_history app_hidden.program_lift_from_history, else none; with the sentence saying where each came from.';
grant execute on function app_hidden.program_start_lifts(app_public.program_templates, text, app_public.program_lift[], boolean) to svc_reader;

create or replace function app_hidden.program_input_weights(t app_public.program_templates, unit text, lifts app_public.program_lift[], from_history boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
AS $function$
declare
  v_weights jsonb;
  v_missing text[];
  v_what text := case when t.input_kind = 'trainingMax' then 'training max' else 'first work weight' end;
begin
  select coalesce(jsonb_object_agg(p.lift, p.weight::numeric) filter (where p.weight > 0), '{}'),
         coalesce(array_agg(p.lift order by p.ordinality) filter (where p.required and coalesce(p.weight, 0) = 0), '{}')
    into v_weights, v_missing
    from app_hidden.program_start_lifts(t, unit, lifts, from_history) with ordinality p;
  if cardinality(v_missing) > 0 then
    raise exception '%: no % given%', array_to_string(v_missing, ', '), v_what,
      case when from_history then ' and no set of it in your history to start from'
           else ' (give one, or start from history)' end
      using errcode = 'SVINP', detail = array_to_string(v_missing, E'\n');
  end if;
  return v_weights;
end;
$function$;
comment on function app_hidden.program_input_weights(t app_public.program_templates, unit text, lifts app_public.program_lift[], from_history boolean) is 'The weight of each lift of a start, in unit, as {lift: weight} (app_hidden.program_start_lifts; assistance lifts without one left out). Required lifts left with none: SQLSTATE SVINP (MISSING_INPUT), detail = their names, one a line, the message naming them.';
grant execute on function app_hidden.program_input_weights(t app_public.program_templates, unit text, lifts app_public.program_lift[], from_history boolean) to svc_reader;

create or replace function app_hidden.program_exercise(e jsonb, unit text, weights jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select coalesce((select jsonb_object_agg(f.key, app_hidden.program_unit_value(f.value, unit))
                     from jsonb_each(e - 'input' - 'percent') f), '{}')
      || case when e ? 'input' then jsonb_build_object(case when e ? 'cycle' then 'trainingMax' else 'weight' end,
           case when e ? 'percent'
                then app_hidden.snap_down((weights ->> (e ->> 'input'))::numeric * (e ->> 'percent')::numeric / 100,
                                          app_hidden.program_rounding_step(e, unit))
                else (weights ->> (e ->> 'input'))::numeric end)
              -- An assistance lift: its own weight when the start gave or found one.
              when weights ? (e ->> 'exercise') then jsonb_build_object('weight', (weights ->> (e ->> 'exercise'))::numeric)
              else '{}' end;
$function$;
comment on function app_hidden.program_exercise(e jsonb, unit text, weights jsonb) is 'A template exercise as a routine document''s entry in unit: every value written per unit (`{"kg": 2.5, "lb": 5}`, e.g. `increment`, `rounding`, a stage `reset`) the unit''s, its `weight` (`trainingMax` with a cycle) its input''s, times `percent` / 100 rounded down to its rounding step when given; an assistance entry (no input) its own weight when weights has one.';
grant execute on function app_hidden.program_exercise(e jsonb, unit text, weights jsonb) to svc_reader;

create or replace function app_public.program_start_preview(slug text, unit text default null,
  lifts app_public.program_lift[] default null, from_history boolean default false)
returns setof app_public.program_start_lift
language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  t app_public.program_templates;
  v_unit text;
begin
  select * into t from app_public.program_templates p where p.slug = program_start_preview.slug;
  if not found then
    raise exception 'slug: no program template %', coalesce(program_start_preview.slug, 'null') using errcode = 'SVNFD';
  end if;
  v_unit := coalesce(app_hidden.check_one_of('unit', program_start_preview.unit, app_hidden.weight_units()),
                     (select u.unit from app_public.users u where u.id = v_user), 'kg');
  return query select * from app_hidden.program_start_lifts(t, v_unit, lifts, coalesce(from_history, false));
end;
$$;
comment on function app_public.program_start_preview(text, text, app_public.program_lift[], boolean) is
  E'@behavior -queryField:resource:connection +queryField:resource:list\nWhat startProgram would make, without making it: every lift it asks a weight for (inputs, then loaded assistance lifts) with the weight it would take in unit (default yours) and where it came from: given in lifts, or with fromHistory 90 % of the best estimated 1RM of the lift''s most recent 12 weeks (whenever they were; the set, its day and the weeks named), an assistance lift its heaviest set of its latest day. A lift given wrongly: INVALID_INPUT, as startProgram. Review and change the weights, then start with them given.';
grant execute on function app_public.program_start_preview(text, text, app_public.program_lift[], boolean) to svc_reader;

-- The old rule (last 12 weeks from today) is replaced by app_hidden.program_lift_from_history.
drop function if exists app_hidden.program_weight_from_history(uuid, text, numeric);

comment on function app_public.start_program(slug text, unit text, lifts app_public.program_lift[], from_history boolean) is E'@resultFieldName routines\nStarts a built-in program (programTemplates): creates its days as your routines in one transaction and returns them in day order. unit: kg or lb (default yours). lifts: each input lift''s weight in that unit (its training max in a cycle program, else its first work weight), and an assistance lift''s weight (left out, it is planned with its weight to choose); fromHistory: every lift not given starts from 90 % of its best estimated 1RM of its most recent 12 weeks (whenever they were), rounded down to its rounding step, an assistance lift from its heaviest set of its latest day. programStartPreview shows the weights first. A required lift left with no weight: MISSING_INPUT naming it (extensions.lifts), nothing saved. Starting a program again makes a second copy with its own name (`GZCLP (2)`), never a merge.';
