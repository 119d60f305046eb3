-- The program library: built-in program templates as data (one row per program, its days as
-- routine documents) and app_public.start_program, which makes a user's routines from one.
-- The templates live here, beside the rules that run them, so every client (GraphQL, CLI, MCP,
-- web) lists and starts the same ones; the start goes through apply_routine_document, so a
-- template day is checked by the same document rules as a routine written by hand.

create table if not exists app_public.program_templates (
  slug text primary key check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 40),
  position int not null,
  name text not null check (char_length(name) between 1 and 60),
  description text not null check (char_length(description) between 1 and 1000),
  input_kind text not null check (input_kind in ('trainingMax', 'weight')),
  days jsonb not null check (jsonb_typeof(days) = 'array' and jsonb_array_length(days) between 1 and 7)
);
alter table app_public.program_templates enable row level security;
drop policy if exists select_all on app_public.program_templates;
create policy select_all on app_public.program_templates for select using (true);
grant select on app_public.program_templates to svc_reader;
comment on table app_public.program_templates is E'@behavior -insert -update -delete -query:resource:list -query:resource:connection -query:resource:single -constraint:resource:single\nA built-in program (GZCLP, 5/3/1, Starting Strength, ...): its days as routine documents and the lifts it needs a weight for. Started with startProgram.';
comment on column app_public.program_templates.slug is 'Short name to start it by (`gzclp`, `531-bbb`).';
comment on column app_public.program_templates.position is E'@behavior -*\nOrder of the list.';
comment on column app_public.program_templates.name is 'Name; the program (and the prefix of its routines'' names) a start creates.';
comment on column app_public.program_templates.description is 'What the program is, how it progresses and what its inputs mean.';
comment on column app_public.program_templates.input_kind is 'What an input weight is: `trainingMax` (the training max a cycle''s percentages are of) or `weight` (the lift''s first work weight).';
comment on column app_public.program_templates.days is 'The days, in order, each a routine document without unit or program, its `name` the day''s. An exercise with `input` takes its weight (its `trainingMax` for a cycle) from that lift''s input, times `percent` / 100 rounded down to the rounding step when `percent` is given; a value written `{"kg": .., "lb": ..}` (an `increment`, a `rounding`, a stage `reset`) is the one for the routine''s unit.';

-- The GraphQL view of the table: a plain list, in the library's order.
create or replace function app_public.program_library() returns setof app_public.program_templates
  language sql stable as $$
  select * from app_public.program_templates t order by t.position, t.slug;
$$;
comment on function app_public.program_library() is E'@behavior -queryField:resource:connection +queryField:resource:list\nThe built-in program templates, in the library''s order (anyone may list them).';
grant execute on function app_public.program_library() to svc_reader;

create or replace function app_public.program_templates_inputs(t app_public.program_templates) returns text[]
  language sql immutable as $$
  select coalesce(array_agg(x.lift order by x.first), '{}')
    from (select e ->> 'input' as lift, min(d.ord * 1000 + x.ord) as first
            from jsonb_array_elements(t.days) with ordinality as d(day, ord),
                 jsonb_array_elements(d.day -> 'exercises') with ordinality as x(e, ord)
           where e ? 'input'
           group by e ->> 'input') x;
$$;
comment on function app_public.program_templates_inputs(t app_public.program_templates) is E'@behavior -typeField:resource:connection +typeField:resource:list\nThe lifts the program needs a weight for (see inputKind), in the order the days first name them: give each, or start from history.';
grant execute on function app_public.program_templates_inputs(t app_public.program_templates) to svc_reader;

-- An input to startProgram: a lift and its weight in the start's unit.
do $$ begin
  if not exists (select 1 from pg_type where typname = 'program_lift' and typnamespace = 'app_public'::regnamespace) then
    create type app_public.program_lift as (lift text, weight float8);
  end if;
end $$;
comment on type app_public.program_lift is 'A lift''s input weight for startProgram, in the start''s unit: its training max in a cycle program, else its first work weight.';
comment on column app_public.program_lift.lift is 'The lift: an exercise name, alias or id (`Back Squat`, `squat`).';
comment on column app_public.program_lift.weight is 'Its weight, above 0 and at most 10000 with at most 2 decimals.';

-- A value of a template that depends on the unit: `{"kg": 2.5, "lb": 5}` or a plain number.
create or replace function app_hidden.program_unit_value(v jsonb, unit text) returns jsonb
  language sql immutable as $$
  select case when jsonb_typeof(v) = 'object' then v -> unit else v end;
$$;
comment on function app_hidden.program_unit_value(v jsonb, unit text) is 'A template value for a unit: an object `{"kg": .., "lb": ..}` gives the unit''s; anything else is itself (no routine document field is an object).';

-- The step an input taken from history and a percentage of an input are rounded down to.
create or replace function app_hidden.program_rounding_step(e jsonb, unit text) returns numeric
  language sql immutable as $$
  select coalesce((app_hidden.program_unit_value(e -> 'rounding', unit))::numeric,
                  least(app_hidden.loadable_step(unit),
                        coalesce((app_hidden.program_unit_value(e -> 'increment', unit))::numeric, app_hidden.loadable_step(unit))));
$$;
comment on function app_hidden.program_rounding_step(e jsonb, unit text) is 'The rounding step of a template exercise in a unit: its `rounding`, else the smallest loadable step (2.5 kg, 5 lb) or its `increment` when that is smaller.';

-- 90 % of the best estimated 1RM of the last 12 weeks (today and the 83 days before), in unit.
create or replace function app_hidden.program_weight_from_history(p_exercise uuid, p_unit text, p_step numeric) returns numeric
  language sql stable as $$
  select app_hidden.snap_down(0.9 * app_hidden.convert_weight(max(app_hidden.e1rm(s.kg, s.reps)), 'kg', p_unit), p_step)
    from app_hidden.record_sets(p_exercise) s
   where s.reps between 1 and 12 and s.date > current_date - 84;
$$;
comment on function app_hidden.program_weight_from_history(p_exercise uuid, p_unit text, p_step numeric) is 'A start weight from your history: 90 % of the best estimated 1RM (Exercise.records'' rule, Epley over 1 to 12 reps) of your sets of the exercise dated in the last 12 weeks (today and the 83 days before), in unit, rounded down to step; null without such a set.';
grant execute on function app_hidden.program_weight_from_history(p_exercise uuid, p_unit text, p_step numeric) to svc_reader;

-- The step of a lift's own entry (its first with `input` and no `percent`), for its history weight.
create or replace function app_hidden.program_lift_step(days jsonb, lift text, unit text) returns numeric
  language sql immutable as $$
  select app_hidden.program_rounding_step(x.e, unit)
    from jsonb_array_elements(days) with ordinality as d(day, ord),
         jsonb_array_elements(d.day -> 'exercises') with ordinality as x(e, ord)
   where x.e ->> 'input' = lift
   order by x.e ? 'percent', d.ord, x.ord
   limit 1;
$$;
comment on function app_hidden.program_lift_step(days jsonb, lift text, unit text) is 'The rounding step of a program''s lift in a unit: that of its first entry taking the input whole (no `percent`).';

-- Each input lift's weight in unit: given, else from history when asked; none: MISSING_INPUT.
create or replace function app_hidden.program_input_weights(t app_public.program_templates, unit text,
    lifts app_public.program_lift[], from_history boolean) returns jsonb
  language plpgsql stable as $$
declare
  v_names text[] := app_public.program_templates_inputs(t);
  v_ids uuid[] := array(select r.exercise_id from app_hidden.resolve_exercises(v_names) r order by r.ord);
  v_what text := case when t.input_kind = 'trainingMax' then 'training max' else 'first work weight' end;
  v_weights jsonb := '{}';
  v_missing text[] := '{}';
  l app_public.program_lift;
  v_i int;
  v_w numeric;
begin
  foreach l in array coalesce(lifts, '{}') loop
    v_i := array_position(v_ids, app_hidden.resolve_exercise(l.lift));
    if v_i is null then
      raise exception 'lifts: % is not a lift of % (its lifts: %)', coalesce(l.lift, 'null'), t.name,
        array_to_string(v_names, ', ') using errcode = 'SVBAD';
    elsif v_weights ? v_names[v_i] then
      raise exception 'lifts: % is given twice', v_names[v_i] using errcode = 'SVBAD';
    end if;
    v_w := app_hidden.doc_weight(to_jsonb(l.weight));
    if v_w is null or v_w = 0 then
      raise exception 'lifts: %: the % must be above 0 and at most 10000 with at most 2 decimals', v_names[v_i], v_what
        using errcode = 'SVBAD';
    end if;
    v_weights := v_weights || jsonb_build_object(v_names[v_i], v_w);
  end loop;
  for v_i in 1 .. cardinality(v_names) loop
    continue when v_weights ? v_names[v_i];
    v_w := case when from_history then app_hidden.program_weight_from_history(v_ids[v_i], unit,
      app_hidden.program_lift_step(t.days, v_names[v_i], unit)) end;
    if coalesce(v_w, 0) = 0 then
      v_missing := v_missing || v_names[v_i];
    else
      v_weights := v_weights || jsonb_build_object(v_names[v_i], v_w);
    end if;
  end loop;
  if cardinality(v_missing) > 0 then
    raise exception '%: no % given%', array_to_string(v_missing, ', '), v_what,
      case when from_history then ' and no set of it in the last 12 weeks to start from'
           else ' (give one, or start from history)' end
      using errcode = 'SVINP', detail = array_to_string(v_missing, E'\n');
  end if;
  return v_weights;
end;
$$;
comment on function app_hidden.program_input_weights(t app_public.program_templates, unit text, lifts app_public.program_lift[], from_history boolean) is 'The weight of each input lift of a template, in unit, as {lift: weight}: the one given (a lift named as an exercise reference, checked: a lift of the template, once, a weight above 0 and at most 10000 with 2 decimals, else INVALID_INPUT naming it), else with from_history app_hidden.program_weight_from_history. Lifts left with none: SQLSTATE SVINP (MISSING_INPUT), detail = their names, one a line, the message naming them.';

-- One template exercise as a routine document entry in unit, its weight from the inputs.
create or replace function app_hidden.program_exercise(e jsonb, unit text, weights jsonb) returns jsonb
  language sql immutable as $$
  select coalesce((select jsonb_object_agg(f.key, app_hidden.program_unit_value(f.value, unit))
                     from jsonb_each(e - 'input' - 'percent') f), '{}')
      || case when e ? 'input' then jsonb_build_object(case when e ? 'cycle' then 'trainingMax' else 'weight' end,
           case when e ? 'percent'
                then app_hidden.snap_down((weights ->> (e ->> 'input'))::numeric * (e ->> 'percent')::numeric / 100,
                                          app_hidden.program_rounding_step(e, unit))
                else (weights ->> (e ->> 'input'))::numeric end) else '{}' end;
$$;
comment on function app_hidden.program_exercise(e jsonb, unit text, weights jsonb) is 'A template exercise as a routine document''s entry in unit: every value written per unit (`{"kg": 2.5, "lb": 5}`, e.g. `increment`, `rounding`, a stage `reset`) the unit''s, its `weight` (`trainingMax` with a cycle) its input''s, times `percent` / 100 rounded down to its rounding step when given.';

create or replace function app_hidden.program_day_document(day jsonb, program text, unit text, weights jsonb) returns jsonb
  language sql immutable as $$
  select (day - 'name' - 'exercises')
      || jsonb_build_object('name', program || ' ' || (day ->> 'name'), 'program', program, 'unit', unit,
           'exercises', coalesce((select jsonb_agg(app_hidden.program_exercise(x.e, unit, weights) order by x.ord)
                                    from jsonb_array_elements(day -> 'exercises') with ordinality as x(e, ord)), '[]'));
$$;
comment on function app_hidden.program_day_document(day jsonb, program text, unit text, weights jsonb) is 'A template day as the routine document a start applies: named `<program> <day>`, a day of program, in unit, weights from the inputs (app_hidden.program_exercise).';

-- Starting twice makes a second program (`GZCLP (2)`), never a merge into the first.
create or replace function app_hidden.program_copy_name(p_user uuid, base text, days jsonb) returns text
  language sql stable as $$
  select c.name
    from generate_series(1, 1000) as n,
         lateral (select case when n = 1 then base else base || ' (' || n || ')' end as name) c
   where not exists (
     select 1 from app_public.routines r
      where r.user_id = p_user
        and (app_hidden.program_key(r.program) = app_hidden.program_key(c.name)
             or r.name_key in (select app_public.routine_name_key(c.name || ' ' || (d ->> 'name'))
                                 from jsonb_array_elements(days) d)))
   order by n
   limit 1;
$$;
comment on function app_hidden.program_copy_name(p_user uuid, base text, days jsonb) is 'The name a new copy of a program takes: base, else `base (2)`, `base (3)`, ...: the first no routine of the user has as its program and that names none of the user''s routines with a day''s name.';

create or replace function app_public.start_program(slug text, unit text default null,
    lifts app_public.program_lift[] default null, from_history boolean default false)
  returns setof app_public.routines
  language plpgsql volatile as $$
declare
  v_user uuid := app_hidden.require_user();
  t app_public.program_templates;
  v_unit text;
  v_weights jsonb;
  v_program text;
  v_ids uuid[] := '{}';
  d jsonb;
begin
  select * into t from app_public.program_templates p where p.slug = start_program.slug;
  if not found then
    raise exception 'slug: no program template %', coalesce(start_program.slug, 'null') using errcode = 'SVNFD';
  end if;
  v_unit := coalesce(app_hidden.check_one_of('unit', start_program.unit, app_hidden.weight_units()),
                     (select u.unit from app_public.users u where u.id = v_user), 'kg');
  v_weights := app_hidden.program_input_weights(t, v_unit, lifts, coalesce(from_history, false));
  v_program := app_hidden.program_copy_name(v_user, t.name, t.days);
  for d in select x.day from jsonb_array_elements(t.days) with ordinality as x(day, ord) order by x.ord loop
    v_ids := v_ids || (select a.routine_id
                         from app_public.apply_routine_document(app_hidden.program_day_document(d, v_program, v_unit, v_weights)) a);
  end loop;
  return query select r.* from unnest(v_ids) with ordinality as x(id, ord) join app_public.routines r on r.id = x.id order by x.ord;
end;
$$;
comment on function app_public.start_program(slug text, unit text, lifts app_public.program_lift[], from_history boolean) is E'@resultFieldName routines\nStarts a built-in program (programTemplates): creates its days as your routines in one transaction and returns them in day order. unit: kg or lb (default yours). lifts: each input lift''s weight in that unit (its training max in a cycle program, else its first work weight); fromHistory: every lift not given starts from 90 % of its best estimated 1RM of the last 12 weeks, rounded down to its rounding step. A lift left with no weight: MISSING_INPUT naming it (extensions.lifts), nothing saved. Starting a program again makes a second copy with its own name (`GZCLP (2)`), never a merge.';
grant execute on function app_public.start_program(slug text, unit text, lifts app_public.program_lift[], from_history boolean) to svc_visitor;

grant execute on function app_hidden.program_unit_value(jsonb, text) to svc_reader;
grant execute on function app_hidden.program_rounding_step(jsonb, text) to svc_reader;
grant execute on function app_hidden.program_lift_step(jsonb, text, text) to svc_reader;
grant execute on function app_hidden.program_input_weights(app_public.program_templates, text, app_public.program_lift[], boolean) to svc_reader;
grant execute on function app_hidden.program_exercise(jsonb, text, jsonb) to svc_reader;
grant execute on function app_hidden.program_day_document(jsonb, text, text, jsonb) to svc_reader;
grant execute on function app_hidden.program_copy_name(uuid, text, jsonb) to svc_reader;
