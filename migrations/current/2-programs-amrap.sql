-- AMRAP sets: a set text may end in `+` right after its reps (`270x5+`, `bw x 8+`, `x8+`,
-- `100x5+@8`): as many reps as possible, at least that many. Logged as written it counts as those
-- reps; the mark is kept with the set (workout_sets.amrap) so the document reads back as written.
-- Plans write it on their AMRAP sets (a cycle's `+` sets, the last set of a `+` stage or of
-- greyskull). New arguments make new functions: the old signatures are dropped first.

alter table app_public.workout_sets add column if not exists amrap boolean not null default false;
comment on column app_public.workout_sets.amrap is 'A set of as many reps as possible, written with `+` after its reps (`270x5+`): at least `reps`, which is what it counts as.';
grant insert (amrap), update (amrap) on table app_public.workout_sets to svc_visitor;

drop function if exists app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps integer, seconds integer, effort numeric);
create or replace function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps integer, seconds integer, effort numeric, amrap boolean default false)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case kind when 'warmup' then 'w:' when 'drop' then 'd:' when 'burst' then 'rp:' else '' end
      || case
           when seconds is not null and weight is not null then trim_scale(weight)::text || 'x' || app_hidden.format_duration(seconds)
           when seconds is not null then app_hidden.format_duration(seconds)
           when bodyweight and weight is not null then 'bw+' || trim_scale(weight)::text || 'x' || reps::text
           when bodyweight then 'bw x ' || reps::text
           when weight is not null then trim_scale(weight)::text || 'x' || reps::text
           else 'x' || reps::text
         end
      || case when amrap and seconds is null then '+' else '' end
      || coalesce('@' || trim_scale(effort)::text, '');
$function$;
comment on function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps integer, seconds integer, effort numeric, amrap boolean) is 'The one canonical text of a set (the SDK''s formatSet): `w:`/`d:`/`rp:` prefix, `100x5`, `x12`, `bw x 8`, a weighted bodyweight set `bw+20x5`, `45s` or `1:30`, a weighted hold `20x45s`, then `+` after the reps of an AMRAP set (`270x5+`), then `@<effort>`; numbers in shortest form.';
grant execute on function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps integer, seconds integer, effort numeric, amrap boolean) to svc_reader;

-- Its result gains `amrap`: a new row type, so the function is made again.
drop function if exists app_hidden.doc_parse_set(text, text);
create function app_hidden.doc_parse_set(t text, scale text, OUT reason text, OUT kind text, OUT weight numeric, OUT bodyweight boolean, OUT reps integer, OUT seconds integer, OUT effort numeric, OUT amrap boolean)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
declare
  -- Groups: 1 prefix; 2,3,4 bw, reps and `+`; 5 weight; 6,7 reps and `+`, or 8 / 9,10 / 11,12 a
  -- weighted duration; 13 / 14,15 / 16,17 a duration alone; 18,19,20,21 bw, added load, reps and `+`
  -- (`bw+20x5+`); 22 effort.
  -- The common form first (`100x5`, `w: 60 x 8`, `x12+ @ 8`): its own pattern of five groups, which
  -- PostgreSQL matches in about half the time of the full one. Whatever it matches, the full pattern
  -- matches with the same text in groups 1, 5, 6, 7 and 22 and none in the others.
  m text[] := regexp_match(t, '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*([0-9]+)(?:[ \t]*(\+))?(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$');
  v_weight text;
  v_reps numeric;
  v_seconds numeric;
begin
  if m is not null then
    m := array[m[1], null, null, null, m[2], m[3], m[4], null, null, null, null, null, null, null, null, null, null, null, null, null, null, m[5]];
  else
    m := regexp_match(t, '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?(?:([bB][wW])[ \t]*[xX×][ \t]*([0-9]+)(?:[ \t]*(\+))?|([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*(?:([0-9]+)(?:[ \t]*(\+))?|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?|([bB][wW])[ \t]*\+[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*[xX×][ \t]*([0-9]+)(?:[ \t]*(\+))?)(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$');
  end if;
  if m is null then
    reason := 'must be a set like 100x5, x12, bw x 8, 45s or 1:30';
    return;
  end if;
  kind := case lower(m[1]) when 'w' then 'warmup' when 'd' then 'drop' when 'rp' then 'burst' else 'work' end;
  bodyweight := m[2] is not null or m[18] is not null;
  amrap := m[4] is not null or m[7] is not null or m[21] is not null;
  v_weight := replace(coalesce(m[5], m[19]), ',', '.');
  if v_weight is not null then
    -- Decimals are judged on the text (`102.500` has 1), like the SDK.
    weight := app_hidden.doc_set_number(v_weight);
    if char_length(rtrim(split_part(v_weight, '.', 2), '0')) > 2 or weight > 10000 then
      weight := null;
      reason := 'weight must be from 0 to 10000 with at most 2 decimals';
      return;
    end if;
    weight := trim_scale(weight);
  end if;
  if coalesce(m[3], m[6], m[20]) is not null then
    v_reps := app_hidden.doc_set_number(coalesce(m[3], m[6], m[20]));
    if v_reps > 500 then
      reason := 'reps must be at most 500';
      return;
    end if;
    reps := v_reps;
  else
    v_seconds := coalesce(app_hidden.doc_set_number(coalesce(m[8], m[13])),
                          app_hidden.doc_set_number(coalesce(m[9], m[14])) * 60 + app_hidden.doc_set_number(coalesce(m[10], m[15])),
                          app_hidden.doc_set_number(coalesce(m[11], m[16])) * 60 + coalesce(app_hidden.doc_set_number(coalesce(m[12], m[17])), 0));
    if v_seconds > 86400 then
      reason := 'duration must be at most 86400 seconds';
      return;
    end if;
    seconds := v_seconds;
  end if;
  if m[22] is not null then
    -- Half steps: the decimals are zeros, or a 5 then zeros.
    effort := app_hidden.doc_set_number(replace(m[22], ',', '.'));
    if rtrim(split_part(replace(m[22], ',', '.'), '.', 2), '0') not in ('', '5')
       or effort > 10 or effort < (case when scale = 'rpe' then 1 else 0 end) then
      reason := case when scale = 'rpe' then 'rpe must be from 1 to 10 in half steps' else 'rir must be from 0 to 10 in half steps' end;
      effort := null;
      return;
    end if;
    effort := trim_scale(effort);
  end if;
end;
$function$;
comment on function app_hidden.doc_parse_set(t text, scale text, OUT reason text, OUT kind text, OUT weight numeric, OUT bodyweight boolean, OUT reps integer, OUT seconds integer, OUT effort numeric, OUT amrap boolean) is 'Parses set text as people type it (the SDK''s parseSet): on failure `reason` is the first problem (form, weight, reps, duration, effort on `scale`), otherwise the set''s parts. A weight before a duration (`20x45s`) is a weighted hold; `bw+20x5` a bodyweight set with 20 added (bodyweight, weight 20); `+` after the reps (`270x5+`) an AMRAP set (amrap, at least those reps). Never an error: digits beyond any number are over the limit.';
grant execute on function app_hidden.doc_parse_set(t text, scale text, OUT reason text, OUT kind text, OUT weight numeric, OUT bodyweight boolean, OUT reps integer, OUT seconds integer, OUT effort numeric, OUT amrap boolean) to svc_reader;

create or replace function app_hidden.document_patterns()
 RETURNS TABLE(name text, pattern text)
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  values
    ('uuid', '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'),
    ('date', '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    ('dateTime', '^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,6}))?)?(Z|([+-])([0-9]{2}):([0-9]{2}))$'),
    ('duration', '^[ \t]*(?:([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)[ \t]*$'),
    ('repsRange', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$'),
    ('setText', '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?(?:([bB][wW])[ \t]*[xX×][ \t]*([0-9]+)(?:[ \t]*(\+))?|([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*(?:([0-9]+)(?:[ \t]*(\+))?|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?|([bB][wW])[ \t]*\+[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*[xX×][ \t]*([0-9]+)(?:[ \t]*(\+))?)(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$'),
    ('percentSet', '^[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*%[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$'),
    ('stage', '^[ \t]*([0-9]+)[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$');
$function$;
comment on function app_hidden.document_patterns() is 'The regular expressions of the document languages, identical to the SDK''s (UUID_PATTERN, DATE_PATTERN, DATE_TIME_PATTERN, DURATION_PATTERN, REPS_RANGE_PATTERN, SET_TEXT_PATTERN, PERCENT_SET_PATTERN, STAGE_PATTERN). The functions below repeat them as literals (so PostgreSQL caches the compiled forms); a test checks all three agree.';
grant execute on function app_hidden.document_patterns() to svc_reader;

create or replace function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT exercise_rows jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
declare
  v_user uuid := app_public.current_user_id();
  -- What the field readers (app_hidden.doc_*) answer: a value and the reason it is refused.
  v_object record;
  v_own record;
  v_line record;
  v_choice record;
  v_bool record;
  v_array record;
  v_entry record;
  k text;
  s text;
  v_list jsonb;
  e jsonb;
  p text;
  i int;
  v_out jsonb;
  v_cache jsonb := '{}';
  v_exercise uuid;
  v_date text;
  v_effort text;
  v_n int;
  v_superset text;
  v_note text;
  v_flag boolean;
  v_pinned boolean;
  v_skip boolean;
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  -- Each entry's sets, by entry (from 1): the first problem, else the canonical sets and their rows.
  v_set_paths text[];
  v_set_reasons text[];
  v_set_canons jsonb[];
  v_set_rows_of jsonb[];
begin
  v_object := app_hidden.doc_object(doc, '{id,name,date,start,minutes,bodyweight,unit,effort,routine,notes,skipProgression,exercises}');
  k := v_object.key;
  if v_object.reason is not null then
    path := coalesce(k, 'document'); reason := v_object.reason; return;
  end if;
  v_out := '{}';
  if doc ? 'id' then
    v_own := app_hidden.doc_own_id(doc -> 'id', 'workouts', v_user);
    s := v_own.id;
    if v_own.reason is not null then
      path := 'id'; reason := v_own.reason; return;
    end if;
    v_out := jsonb_build_object('id', s);
  end if;
  if doc ? 'name' then
    v_line := app_hidden.doc_line(doc -> 'name', 1, 80);
    s := v_line.line;
    if v_line.reason is not null then
      path := 'name'; reason := v_line.reason; return;
    end if;
    v_out := v_out || jsonb_build_object('name', s);
  end if;
  if not doc ? 'date' then
    path := 'date'; reason := 'is required'; return;
  end if;
  v_date := app_hidden.doc_string(doc -> 'date');
  if v_date is null or v_date !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    path := 'date'; reason := 'must be a date like 2024-05-31'; return;
  end if;
  if not app_hidden.doc_real_date(substr(v_date, 1, 4)::int, substr(v_date, 6, 2)::int, substr(v_date, 9, 2)::int) then
    path := 'date'; reason := 'not a real calendar date'; return;
  end if;
  if v_date < '1900-01-01' or v_date > '2099-12-31' then
    path := 'date'; reason := 'must be from 1900-01-01 to 2099-12-31'; return;
  end if;
  v_out := v_out || jsonb_build_object('date', v_date);
  if doc ? 'start' then
    s := app_hidden.doc_string(doc -> 'start');
    if s is null then
      path := 'start'; reason := 'must be a date-time with offset like 2024-05-31T18:30:00+02:00'; return;
    end if;
    select r.reason, r.start, r.canonical into reason, start, s from app_hidden.doc_start(s) r;
    if reason is not null then
      path := 'start'; return;
    end if;
    -- Within a day: the start's UTC day is the day before, of or after `date`.
    if (start at time zone 'UTC')::date not between v_date::date - 1 and v_date::date + 1 then
      path := 'start'; reason := 'must be within a day of date'; return;
    end if;
  else
    start := (v_date || ' 12:00:00')::timestamp at time zone 'UTC';
    s := v_date || 'T12:00:00Z';
  end if;
  v_out := v_out || jsonb_build_object('start', s);
  if doc ? 'minutes' then
    v_n := app_hidden.doc_integer(doc -> 'minutes', 0, 1440);
    if v_n is null then
      path := 'minutes'; reason := 'must be an integer from 0 to 1440'; return;
    end if;
    v_out := v_out || jsonb_build_object('minutes', v_n);
  end if;
  if doc ? 'bodyweight' and jsonb_typeof(doc -> 'bodyweight') <> 'null' then
    if app_hidden.doc_bodyweight(doc -> 'bodyweight') is null then
      -- Not a number (null to the rule) or a number the rule refuses: its one reason either way.
      path := 'bodyweight'; reason := app_hidden.bodyweight_reason(null); return;
    end if;
    v_out := v_out || jsonb_build_object('bodyweight', app_hidden.doc_bodyweight(doc -> 'bodyweight'));
  end if;
  v_choice := app_hidden.doc_one_of(doc -> 'unit', app_hidden.weight_units(), p_unit);
  s := v_choice.value;
  if v_choice.reason is not null then
    path := 'unit'; reason := v_choice.reason; return;
  end if;
  v_out := v_out || jsonb_build_object('unit', s);
  v_choice := app_hidden.doc_one_of(doc -> 'effort', '{rir,rpe}', p_effort);
  v_effort := v_choice.value;
  if v_choice.reason is not null then
    path := 'effort'; reason := v_choice.reason; return;
  end if;
  v_out := v_out || jsonb_build_object('effort', v_effort);
  if doc ? 'routine' and jsonb_typeof(doc -> 'routine') <> 'null' then
    v_own := app_hidden.doc_own_id(doc -> 'routine', 'routines', v_user);
    s := v_own.id;
    if v_own.reason is not null then
      path := 'routine'; reason := v_own.reason; return;
    end if;
    v_out := v_out || jsonb_build_object('routine', s);
  end if;
  if doc ? 'notes' and jsonb_typeof(doc -> 'notes') <> 'null' then
    s := app_hidden.doc_string(doc -> 'notes');
    if s is null then
      path := 'notes'; reason := 'must be a string'; return;
    end if;
    if char_length(s) > 2000 then
      path := 'notes'; reason := 'must be at most 2000 characters'; return;
    end if;
    v_out := v_out || jsonb_build_object('notes', s);
  end if;
  v_bool := app_hidden.doc_flag(doc -> 'skipProgression', false);
  v_flag := v_bool.value;
  if v_bool.reason is not null then
    path := 'skipProgression'; reason := v_bool.reason; return;
  end if;
  if v_flag then
    v_out := v_out || '{"skipProgression": true}';
  end if;
  -- Bounded work: the sizes are checked before any entry is looked at.
  v_array := app_hidden.doc_array(doc, 'exercises', 0, 100);
  v_list := v_array.list;
  if v_array.reason is not null then
    path := 'exercises'; reason := v_array.reason; return;
  end if;
  if (select coalesce(sum(jsonb_array_length(x.e -> 'sets')), 0) from jsonb_array_elements(v_list) x(e)
       where jsonb_typeof(x.e -> 'sets') = 'array') > 500 then
    path := 'exercises'; reason := 'must have at most 500 sets in all'; return;
  end if;
  if jsonb_array_length(v_list) = 0 then
    canonical := v_out || '{"exercises": []}';
    exercise_rows := '[]';
    return;
  end if;
  -- Every entry's names and sets at once, a statement each instead of a few per set (the sizes are
  -- bounded above). Nothing here refuses anything: the loop below reports the first problem in
  -- document order (an entry's fields, then its sets, then the next entry), as the SDK does.
  -- Names the exact tiers resolve go in the cache doc_exercise_entry reads (the same answer
  -- resolve_exercise gives); the others are resolved, or explained, when the loop reaches them.
  select coalesce(jsonb_object_agg(r.ref, x.exercise_id) filter (where x.exercise_id is not null), '{}')
    into v_cache
    from (select array_agg(y.e ->> 'exercise') as refs from jsonb_array_elements(v_list) y(e)
           where jsonb_typeof(y.e -> 'exercise') = 'string') q
   cross join lateral unnest(q.refs) with ordinality r(ref, ord)
    join app_hidden.resolve_exercises_exactly(q.refs) x on x.ord = r.ord;
  -- Each entry's sets (of an entry whose sets are an array): the first problem (its path and
  -- reason; a set's form, then its text, then its done), else the canonical sets and their rows.
  select array_agg(s.path order by x.i), array_agg(s.reason order by x.i),
         array_agg(s.canonical order by x.i), array_agg(s.set_rows order by x.i)
    into v_set_paths, v_set_reasons, v_set_canons, v_set_rows_of
    from jsonb_array_elements(v_list) with ordinality x(e, i)
    left join lateral (
      select (array_agg('exercises[' || (x.i - 1) || '].sets[' || (c.j - 1) || ']' || c.at order by c.j)
                filter (where c.reason is not null))[1] as path,
             (array_agg(c.reason order by c.j) filter (where c.reason is not null))[1] as reason,
             jsonb_agg(case when c.done then to_jsonb(c.set_text) else jsonb_build_object('set', c.set_text, 'done', false) end
                       order by c.j) as canonical,
             jsonb_agg(jsonb_build_object('kind', c.kind, 'weight', c.weight, 'bodyweight', c.bodyweight, 'reps', c.reps,
                                          'seconds', c.seconds, 'effort', c.effort, 'amrap', c.amrap, 'done', c.done) order by c.j) as set_rows
        from (select y.j, p.kind, p.weight, p.bodyweight, p.reps, p.seconds, p.effort, p.amrap, (d.flag).value as done,
                     case when y.form is not null then y.form_at when p.reason is not null then y.text_at else '.done' end as at,
                     coalesce(y.form, p.reason, (d.flag).reason) as reason,
                     app_hidden.format_set(p.kind, p.weight, p.bodyweight, p.reps, p.seconds, p.effort, p.amrap) as set_text
                from (select z.j, z.v,
                             -- A set is its text, or {set, done}.
                             case jsonb_typeof(z.v)
                               when 'string' then null
                               when 'object' then case
                                 when z.v - '{set,done}'::text[] <> '{}' then 'unknown property'
                                 when not z.v ? 'set' then 'is required'
                                 when jsonb_typeof(z.v -> 'set') <> 'string' then 'must be a string' end
                               else 'must be a string or an object' end as form,
                             case when jsonb_typeof(z.v) = 'object' and z.v - '{set,done}'::text[] <> '{}'
                                  then '.' || app_hidden.doc_unknown_key(z.v, '{set,done}')
                                  when jsonb_typeof(z.v) = 'object' then '.set' else '' end as form_at,
                             case when jsonb_typeof(z.v) = 'object' then '.set' else '' end as text_at,
                             case jsonb_typeof(z.v) when 'string' then z.v #>> '{}' when 'object' then app_hidden.doc_string(z.v -> 'set') end as t
                        from jsonb_array_elements(case when jsonb_typeof(x.e -> 'sets') = 'array' then x.e -> 'sets' end)
                             with ordinality z(v, j)) y
                cross join lateral app_hidden.doc_parse_set(y.t, v_effort) p
                -- A set as text (v -> 'done' is null) is done.
                cross join lateral (select app_hidden.doc_flag(y.v -> 'done', true) as flag) d) c) s on true;
  for i in 0 .. jsonb_array_length(v_list) - 1 loop
    e := v_list -> i;
    p := 'exercises[' || i || ']';
    v_entry := app_hidden.doc_exercise_entry(e, '{exercise,superset,note,pinned,skipProgression,sets}', v_cache);
    s := v_entry.ref; v_cache := v_entry.cache; v_exercise := v_entry.exercise_id;
    if v_entry.reason is not null then
      path := p || v_entry.field; reason := v_entry.reason; return;
    end if;
    v_superset := null;
    if e ? 'superset' and jsonb_typeof(e -> 'superset') <> 'null' then
      v_line := app_hidden.doc_line(e -> 'superset', 1, 8);
      v_superset := v_line.line;
      if v_line.reason is not null then
        path := p || '.superset'; reason := v_line.reason; return;
      end if;
    end if;
    v_note := null;
    if e ? 'note' and jsonb_typeof(e -> 'note') <> 'null' then
      v_note := app_hidden.doc_string(e -> 'note');
      if v_note is null then
        path := p || '.note'; reason := 'must be a string'; return;
      end if;
      if char_length(v_note) > 500 then
        path := p || '.note'; reason := 'must be at most 500 characters'; return;
      end if;
    end if;
    v_bool := app_hidden.doc_flag(e -> 'pinned', false);
    v_pinned := v_bool.value;
    if v_bool.reason is not null then
      path := p || '.pinned'; reason := v_bool.reason; return;
    end if;
    v_bool := app_hidden.doc_flag(e -> 'skipProgression', false);
    v_skip := v_bool.value;
    if v_bool.reason is not null then
      path := p || '.skipProgression'; reason := v_bool.reason; return;
    end if;
    v_array := app_hidden.doc_array(e, 'sets', 1, 50);
    if v_array.reason is not null then
      path := p || '.sets'; reason := v_array.reason; return;
    end if;
    if v_set_reasons[i + 1] is not null then
      path := v_set_paths[i + 1]; reason := v_set_reasons[i + 1]; return;
    end if;
    v_canon := v_canon || jsonb_strip_nulls(jsonb_build_object(
      'exercise', s, 'superset', v_superset, 'note', v_note,
      'pinned', case when v_pinned then true end, 'skipProgression', case when v_skip then true end,
      'sets', v_set_canons[i + 1]));
    v_rows := v_rows || jsonb_build_object('exercise_id', v_exercise, 'superset', v_superset, 'note', v_note,
      'pinned', v_pinned, 'skip_progression', v_skip, 'sets', v_set_rows_of[i + 1]);
  end loop;
  canonical := v_out || jsonb_build_object('exercises', to_jsonb(v_canon));
  exercise_rows := to_jsonb(v_rows);
end;
$function$;
comment on function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT exercise_rows jsonb) is 'The validation walk of a workout document for the calling user: the first problem (path, reason), or the canonical document, the start instant and the rows to write. p_unit and p_effort apply when the document names none.';
grant execute on function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT exercise_rows jsonb) to svc_reader;

create or replace function app_public.apply_workout_document(doc jsonb, idempotency_key uuid DEFAULT NULL::uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_column
declare
  v_user uuid := app_hidden.require_user();
  w record;
  c jsonb;
  v_id uuid;
  v_exercise_ids uuid[];
  v_hash bytea;
  v_held record;
begin
  select * into w from app_hidden.walk_workout_document(doc,
    coalesce((select u.unit from app_public.users u where u.id = v_user), 'kg'),
    coalesce((select u.effort from app_public.users u where u.id = v_user), 'rpe'));
  if w.path is not null then
    raise exception '%: %', w.path, w.reason using errcode = 'SVDOC', detail = w.path, hint = w.reason;
  end if;
  c := w.canonical;
  replayed := false;
  if apply_workout_document.idempotency_key is not null then
    v_hash := sha256(convert_to(c::text, 'UTF8'));
  end if;
  if c ? 'id' then
    -- A replacement is idempotent by itself: the key (if any) only has to not name another workout.
    v_id := (c ->> 'id')::uuid;
    if apply_workout_document.idempotency_key is not null then
      select x.id into v_held
        from app_public.workouts x
       where x.user_id = v_user and x.idempotency_key = apply_workout_document.idempotency_key;
      if v_held.id is not null and v_held.id <> v_id then
        raise exception 'idempotencyKey: this key belongs to another workout (%)', v_held.id using errcode = 'SVDUP', detail = v_held.id::text;
      end if;
    end if;
    update app_public.workouts x
       set routine_id = (c ->> 'routine')::uuid, name = c ->> 'name', date = (c ->> 'date')::date, start = w.start,
           minutes = (c ->> 'minutes')::int, bodyweight = (c ->> 'bodyweight')::float8, unit = c ->> 'unit',
           effort = c ->> 'effort', notes = c ->> 'notes', skip_progression = c ? 'skipProgression'
     where x.id = v_id;
    delete from app_public.workout_exercises we where we.workout_id = v_id;
    created := false;
  else
    insert into app_public.workouts as x (routine_id, name, date, start, minutes, bodyweight, unit, effort, notes, skip_progression,
                                          idempotency_key, idempotency_hash)
    values ((c ->> 'routine')::uuid, c ->> 'name', (c ->> 'date')::date, w.start, (c ->> 'minutes')::int,
            (c ->> 'bodyweight')::float8, c ->> 'unit', c ->> 'effort', c ->> 'notes', c ? 'skipProgression',
            apply_workout_document.idempotency_key, v_hash)
    on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
    returning x.id into v_id;
    if v_id is null then
      -- The key already logged a workout (earlier, or in a concurrent save the insert waited for):
      -- the same document again is answered as the first time and changes nothing; another is refused.
      select x.id, x.idempotency_hash into v_held
        from app_public.workouts x
       where x.user_id = v_user and x.idempotency_key = apply_workout_document.idempotency_key;
      if v_held.idempotency_hash = v_hash then
        workout_id := v_held.id;
        created := true;
        replayed := true;
        return;
      end if;
      raise exception 'idempotencyKey: this key already saved workout % with another document; replace it with "id": "%"', v_held.id, v_held.id
        using errcode = 'SVDUP', detail = v_held.id::text;
    end if;
    created := true;
  end if;
  -- The rows as records (jsonb_to_recordset), not a ->> lookup and a cast for each field.
  with inserted as (
    insert into app_public.workout_exercises as we (workout_id, position, exercise_id, superset, note, pinned, skip_progression)
    select v_id, x.ord - 1, x.exercise_id, x.superset, x.note, x.pinned, x.skip_progression
      from rows from (jsonb_to_recordset(w.exercise_rows)
                      as (exercise_id uuid, superset text, note text, pinned boolean, skip_progression boolean))
           with ordinality as x(exercise_id, superset, note, pinned, skip_progression, ord)
    returning we.id, we.position
  )
  select array_agg(inserted.id order by inserted.position) into v_exercise_ids from inserted;
  insert into app_public.workout_sets (workout_exercise_id, workout_id, position, kind, weight, bodyweight, reps, seconds, effort, amrap, done)
  select v_exercise_ids[x.ord], v_id, s.ord - 1, s.kind, s.weight, s.bodyweight, s.reps, s.seconds, s.effort, s.amrap, s.done
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord),
         rows from (jsonb_to_recordset(x.e -> 'sets')
                    as (kind text, weight float8, bodyweight boolean, reps int, seconds int, effort float8, amrap boolean, done boolean))
         with ordinality as s(kind, weight, bodyweight, reps, seconds, effort, amrap, done, ord);
  workout_id := v_id;
end;
$function$;
comment on function app_public.apply_workout_document(doc jsonb, idempotency_key uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean) is E'@behavior -*\nSaves a workout document for the signed-in user in one statement: with `id`, replaces that workout whole (exercises and sets left out are removed); without, logs a new one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with detail = path and hint = reason (GraphQL INVALID_DOCUMENT). Returns the workout''s id, whether it was created, and whether this was a replay. idempotency_key (a UUID the client makes per workout, unique per user): without `id`, the first save with a key logs the workout and records the key; a later save with the same key and the same canonical document changes nothing and answers as the first (created, replayed = true); with another document it is refused (SVDUP, CONFLICT; detail = the workout id: replace it with `id`). With `id` the replacement goes ahead as without a key (it is idempotent by itself) unless the key names another workout (SVDUP); the key stays with the workout it logged.';
grant execute on function app_public.apply_workout_document(doc jsonb, idempotency_key uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean) to svc_visitor;

create or replace function app_public.workout_document(id uuid, unit text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  v_doc json;
begin
  perform app_hidden.check_one_of('unit', unit, app_hidden.weight_units());
  select json_strip_nulls(json_build_object(
           'id', w.id, 'name', w.name, 'date', to_char(w.date, 'YYYY-MM-DD'), 'start', app_hidden.format_start(w.start),
           'minutes', w.minutes, 'bodyweight', app_hidden.convert_weight(w.bodyweight::numeric, w.unit, u.unit),
           'unit', u.unit, 'effort', w.effort, 'routine', w.routine_id, 'notes', w.notes,
           'skipProgression', case when w.skip_progression then true end,
           'exercises', coalesce((
             select json_agg(json_build_object(
                      'exercise', app_hidden.exercise_reference(we.exercise_id),
                      'superset', we.superset, 'note', we.note,
                      'pinned', case when we.pinned then true end,
                      'skipProgression', case when we.skip_progression then true end,
                      'sets', (
                        select json_agg(case when s.done then to_json(t.text) else json_build_object('set', t.text, 'done', false) end
                                        order by s.position)
                          from app_public.workout_sets s,
                               lateral (select app_hidden.format_set(s.kind, app_hidden.convert_weight(s.weight::numeric, w.unit, u.unit),
                                                 s.bodyweight, s.reps, s.seconds, s.effort::numeric, s.amrap) as text) t
                         where s.workout_exercise_id = we.id))
                    order by we.position)
               from app_public.workout_exercises we where we.workout_id = w.id), '[]')))
    into v_doc
    from app_public.workouts w, lateral (select coalesce(workout_document.unit, w.unit) as unit) u
   where w.id = workout_document.id and w.user_id = v_user;
  return v_doc;
end;
$function$;
comment on function app_public.workout_document(id uuid, unit text) is E'@behavior -*\nShows one of the signed-in user''s workouts as its canonical document (keys in the spec''s order); null when the user has no workout with this id. Exercises appear by name (by id when the name would mean another exercise); weights in the workout''s unit, or converted to unit (2 decimals) when given. Applying the result changes nothing.';
grant execute on function app_public.workout_document(id uuid, unit text) to svc_reader;

create or replace function app_public.workout_sets_text(s app_public.workout_sets)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  select app_hidden.format_set(s.kind, s.weight::numeric, s.bodyweight, s.reps, s.seconds, s.effort::numeric, s.amrap);
$function$;
comment on function app_public.workout_sets_text(s app_public.workout_sets) is E'@notNull\nThe set as canonical set text (`100x5@8`, `w:60x5`, `bw x 8`, `270x5+`, `45s`), weight in the workout''s unit.';
grant execute on function app_public.workout_sets_text(s app_public.workout_sets) to svc_reader;

drop function if exists app_hidden.planned_sets(p_kind text, p_weight numeric, p_bodyweight boolean, p_reps integer, p_seconds integer, p_sets integer, p_warmups integer, p_drops integer, p_bursts integer, p_increment numeric);
create or replace function app_hidden.planned_sets(p_kind text, p_weight numeric, p_bodyweight boolean, p_reps integer, p_seconds integer, p_sets integer, p_warmups integer, p_drops integer, p_bursts integer, p_increment numeric, p_amrap boolean default false)
 RETURNS text[]
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- Set texts, in order: warm-ups (w:), work sets, drops (d:), bursts (rp:). p_increment is the loadable step
-- weights snap to; p_amrap marks the last work set as many reps as possible (`270x5+`).
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
      v_w := greatest(app_hidden.snap_up(p_weight * 0.4, p_increment),
                      least(app_hidden.snap_down(p_weight * 0.8, p_increment),
                            app_hidden.snap_weight(p_weight * v_share, p_increment)));
      v_w := trim_scale(v_w);
      if v_w > 0 and v_w <= p_weight * 0.8 + 0.000001 then
        v_out := v_out || app_hidden.format_set('warmup', v_w, false,
          least(v_reps, greatest(1, round(v_reps * (1.2 - v_share))::int)), null, null);
      end if;
    end loop;
  end if;
  for i in 1 .. p_sets loop
    v_out := v_out || app_hidden.format_set('work', p_weight, p_bodyweight, case when p_seconds is null then v_reps end, p_seconds, null,
                                           p_amrap and i = p_sets);
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
$function$;
comment on function app_hidden.planned_sets(p_kind text, p_weight numeric, p_bodyweight boolean, p_reps integer, p_seconds integer, p_sets integer, p_warmups integer, p_drops integer, p_bursts integer, p_increment numeric, p_amrap boolean) is 'The set texts of one planned exercise: warm-ups ramped toward the work weight, the work sets (a weighted hold as `20x45s`; the last one `+` when p_amrap), drops about 20 % and at least one loadable step lighter each, rest-pause bursts (rules in the function body).';
grant execute on function app_hidden.planned_sets(p_kind text, p_weight numeric, p_bodyweight boolean, p_reps integer, p_seconds integer, p_sets integer, p_warmups integer, p_drops integer, p_bursts integer, p_increment numeric, p_amrap boolean) to svc_reader;

create or replace function app_hidden.next_plan(r app_public.routines, p_date date)
 RETURNS TABLE(exercise_position integer, exercise_id uuid, rule text, routine_weight numeric, weight numeric, unit text, reps integer, seconds integer, sessions integer, explanation text, pinned_note text, sets text[], training_max numeric, amrap boolean)
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
$function$;
comment on function app_hidden.next_plan(r app_public.routines, p_date date) is 'The next workout of a routine, one row per routine exercise: its target in the routine''s unit and as loaded in the owner''s unit, why, the pinned note carried forward, and the planned set texts (an AMRAP set ends in `+`).';
grant execute on function app_hidden.next_plan(r app_public.routines, p_date date) to svc_reader;
