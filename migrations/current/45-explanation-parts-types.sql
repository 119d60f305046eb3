-- A target's explanation as stable parts beside its English text: a list of {code, params}, so an
-- app says it in its lifter's language (docs/explanations.md lists the codes). The state types
-- carry it through the progression replay (240-explanation-parts.sql), next_plan adds the routine
-- unit's part (117-explanations-one-decimal.sql) and NextTarget.explanationParts exposes it.
do $$
begin
  if not exists (select 1 from pg_attribute where attrelid = 'app_hidden.progression_state'::regclass and attname = 'why' and not attisdropped) then
    alter type app_hidden.progression_state add attribute why jsonb;
  end if;
  if not exists (select 1 from pg_attribute where attrelid = 'app_hidden.lift_target'::regclass and attname = 'why' and not attisdropped) then
    alter type app_hidden.lift_target add attribute why jsonb;
  end if;
  if not exists (select 1 from pg_attribute where attrelid = 'app_public.next_target'::regclass and attname = 'explanation_parts' and not attisdropped) then
    alter type app_public.next_target add attribute explanation_parts jsonb;
  end if;
end
$$;
comment on type app_hidden.progression_state is 'A routine exercise''s target between sessions: weight (routine unit; the training max of a cycle), reps or seconds per work set, misses in a row, sessions in a row without a rep gained and the best rep total at this weight (double progression), why the target is what it is, the stage (stages) or week (cycle) to plan, from 0, the first `+` set of this cycle that fell short (its date, set and reps, as the part shortfallOn in JSON text), the weight stage 1 was last done at, and why as parts ([{code, params}], app_hidden.why).';
comment on type app_hidden.lift_target is 'The next target of one routine exercise: the rule applied (linear, greyskull, double, time, none, deload, stages, cycle or amrap), the work weight in the routine''s unit (a cycle''s heaviest set), reps or seconds and the number of work sets, the sessions judged, the explanation, the training max of a cycle, whether the last work set is as many reps as possible, a cycle''s sets of the week ([{weight, reps, amrap, percent, text}]), the cycle week or stage planned (from 1; null under other rules), and the explanation as parts ([{code, params}]).';
comment on column app_public.next_target.explanation_parts is E'@notNull\nThe explanation as stable parts, in order, for an app to say in its own language: a list of {code, params} (docs/explanations.md lists every code and its params). A param is a number, a text written as in a document (a set like `3x10`, a cycle week like `65%x5, 75%x5`), a date (`date`, YYYY-MM-DD), seconds (`seconds`, `fromSeconds`, `toSeconds`), a weight ({weight, unit}) or a part of its own ({code, params}). The English of explanation is these parts written out.';

-- next_plan's return type gains `why`: dropped here so 50-531-warmups.sql and
-- 117-explanations-one-decimal.sql create it again in its new shape (nothing else depends on it).
drop function if exists app_hidden.next_plan(app_public.routines, date);

create or replace function app_hidden.why(code text, params jsonb default '{}')
returns jsonb
language sql immutable parallel safe as $$
  select jsonb_build_object('code', code, 'params', jsonb_strip_nulls(coalesce(params, '{}')));
$$;
comment on function app_hidden.why(code text, params jsonb) is 'One part of an explanation: {code, params}, params without nulls (a param left out is one the part does not have).';
grant execute on function app_hidden.why(code text, params jsonb) to svc_reader;

create or replace function app_hidden.why_weight(weight numeric, unit text)
returns jsonb
language sql immutable parallel safe as $$
  select case when weight is not null then jsonb_build_object('weight', trim_scale(weight), 'unit', unit) end;
$$;
comment on function app_hidden.why_weight(weight numeric, unit text) is 'A weight as an explanation''s param ({weight, unit}); null without a weight.';
grant execute on function app_hidden.why_weight(weight numeric, unit text) to svc_reader;
