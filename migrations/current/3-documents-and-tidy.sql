-- Documents and tidy: each rule of the document walks in one function (one-line text, a value from
-- a list, an array field's size) instead of written out at every field, the control-character rule
-- shared with the name triggers, and the one-off data fixes that nothing calls removed.

--------------------------------------------------------------------------------
-- The document field readers
--------------------------------------------------------------------------------
create or replace function app_hidden.control_character_reason(t text) returns text
language sql immutable parallel safe as $$
  -- Unicode Cc but U+0000, which PostgreSQL text cannot hold: the SDK's CONTROL_CHARACTER_PATTERN.
  select case when t ~ '[\u0001-\u001f\u007f-\u009f]' then 'must not contain control characters such as a newline or tab' end;
$$;
comment on function app_hidden.control_character_reason(text) is
  E'Why a one-line text (a name, icon, exercise reference, superset, program) is refused when it holds a control character such as a newline or tab; null when it holds none. Documents report it at the field''s path, the name triggers as INVALID_INPUT.';
grant execute on function app_hidden.control_character_reason(text) to svc_reader;

-- The readers below are single-expression `language sql stable` functions returning a named row
-- type, so PostgreSQL inlines them into the walk's expression (no function call per field: a
-- PL/pgSQL reader returning OUT parameters cannot be inlined, and 500 sets made 500 such calls).
-- Each answer type holds the value and the reason, under the names the walks read. Changing a
-- reader's return type needs the function dropped first; the walks name them only in their bodies.
drop function if exists app_hidden.doc_line(jsonb, int, int);
drop function if exists app_hidden.doc_one_of(jsonb, text[], text);
drop function if exists app_hidden.doc_one_of(jsonb, text[]);
drop function if exists app_hidden.doc_array(jsonb, text, int, int);
drop function if exists app_hidden.doc_flag(jsonb, boolean);
drop function if exists app_hidden.doc_exercise_field(jsonb); -- returns doc_line_answer; defined again below
drop type if exists app_hidden.doc_line_answer;
drop type if exists app_hidden.doc_choice_answer;
drop type if exists app_hidden.doc_array_answer;
drop type if exists app_hidden.doc_flag_answer;
create type app_hidden.doc_line_answer as (line text, reason text);
comment on type app_hidden.doc_line_answer is 'What app_hidden.doc_line reads: the text, and the reason it is refused (null when it is not).';
create type app_hidden.doc_choice_answer as (value text, reason text);
comment on type app_hidden.doc_choice_answer is 'What app_hidden.doc_one_of reads: the value, and the reason it is refused (null when it is not).';
create type app_hidden.doc_array_answer as (list jsonb, reason text);
comment on type app_hidden.doc_array_answer is 'What app_hidden.doc_array reads: the array, and the reason it is refused (null when it is not).';
create type app_hidden.doc_flag_answer as (value boolean, reason text);
comment on type app_hidden.doc_flag_answer is 'What app_hidden.doc_flag reads: the value, and the reason it is refused (null when it is not).';

create or replace function app_hidden.doc_line(v jsonb, lo int, hi int) returns app_hidden.doc_line_answer
language sql stable parallel safe as $$
  select row(app_hidden.doc_string(v),
    case
      when app_hidden.doc_string(v) is null then 'must be a string'
      when char_length(app_hidden.doc_string(v)) not between lo and hi then 'must be ' || lo || ' to ' || hi || ' characters'
      else app_hidden.control_character_reason(app_hidden.doc_string(v))
    end)::app_hidden.doc_line_answer;
$$;
comment on function app_hidden.doc_line(jsonb, int, int) is
  E'A one-line text field of a document (the SDK''s `line`): a JSON string of lo to hi characters without control characters. line is the text (whenever v is a string); reason, when not null, is why it is refused at the field''s path.';
grant execute on function app_hidden.doc_line(jsonb, int, int) to svc_reader;

-- One form only: a two-argument one beside it would make two-argument calls ambiguous.
create or replace function app_hidden.doc_one_of(v jsonb, allowed text[], fallback text default null)
returns app_hidden.doc_choice_answer
language sql stable parallel safe as $$
  select case
    when v is null then row(fallback, null)::app_hidden.doc_choice_answer
    when jsonb_typeof(v) = 'string' and (v #>> '{}') = any (allowed) then row(v #>> '{}', null)::app_hidden.doc_choice_answer
    else row(null, 'must be one of ' || array_to_string(allowed, ', '))::app_hidden.doc_choice_answer
  end;
$$;
comment on function app_hidden.doc_one_of(jsonb, text[], text) is
  E'A document field that takes one of a list of strings (the SDK''s `oneOf`): value, or the reason (`must be one of kg, lb`) for anything else, of any JSON type. An absent field (v is SQL null, as `doc -> ''unit''` gives) is fallback.';
grant execute on function app_hidden.doc_one_of(jsonb, text[], text) to svc_reader;

create or replace function app_hidden.doc_array(o jsonb, key text, lo int, hi int) returns app_hidden.doc_array_answer
language sql stable parallel safe as $$
  select row(o -> key, case
    when o -> key is null then 'is required'
    when jsonb_typeof(o -> key) <> 'array' then 'must be an array'
    when jsonb_array_length(o -> key) < lo then 'must have at least ' || lo || case when lo = 1 then ' entry' else ' entries' end
    when jsonb_array_length(o -> key) > hi then 'must have at most ' || hi || ' entries'
  end)::app_hidden.doc_array_answer;
$$;
comment on function app_hidden.doc_array(jsonb, text, int, int) is
  E'A required array field of a document object (exercises, a workout exercise''s sets): the array, or why it is refused at o''s path plus key (absent, not an array, fewer than lo or more than hi entries).';
grant execute on function app_hidden.doc_array(jsonb, text, int, int) to svc_reader;

create or replace function app_hidden.doc_flag(v jsonb, fallback boolean) returns app_hidden.doc_flag_answer
language sql stable parallel safe as $$
  select case
    when v is null then row(fallback, null)::app_hidden.doc_flag_answer
    when jsonb_typeof(v) = 'boolean' then row(v::boolean, null)::app_hidden.doc_flag_answer
    else row(null, 'must be a boolean')::app_hidden.doc_flag_answer
  end;
$$;
comment on function app_hidden.doc_flag(jsonb, boolean) is
  E'A true/false field of a document (deload, skipProgression, pinned, a set''s done): its value, fallback when absent (v is SQL null), or the reason (`must be a boolean`) for any other JSON type.';
grant execute on function app_hidden.doc_flag(jsonb, boolean) to svc_reader;

create or replace function app_hidden.doc_own_id(v jsonb, p_table text, p_user uuid, out id text, out reason text)
language plpgsql stable as $$
declare
  v_found boolean;
begin
  id := app_hidden.doc_uuid(v);
  if id is null then
    reason := 'must be a uuid'; return;
  end if;
  if p_table = 'routines' then
    v_found := exists (select 1 from app_public.routines r where r.id = doc_own_id.id::uuid and r.user_id = p_user);
  elsif p_table = 'workouts' then
    v_found := exists (select 1 from app_public.workouts w where w.id = doc_own_id.id::uuid and w.user_id = p_user);
  else
    v_found := false;
  end if;
  if not v_found then
    reason := 'not found';
  end if;
end;
$$;
comment on function app_hidden.doc_own_id(jsonb, text, uuid) is
  E'A document field naming one of p_user''s rows of p_table (routines or workouts): the id, lower case, or why it is refused (not a uuid, not found).';
grant execute on function app_hidden.doc_own_id(jsonb, text, uuid) to svc_reader;

-- Inlined too: `o - known` empty says there is no unknown property without a query; the first one
-- (app_hidden.doc_unknown_key, a query over the keys) is read only when there is one.
drop function if exists app_hidden.doc_object(jsonb, text[]);
drop type if exists app_hidden.doc_object_answer;
create type app_hidden.doc_object_answer as (key text, reason text);
comment on type app_hidden.doc_object_answer is 'What app_hidden.doc_object reads: the first unknown property, and the reason the object is refused (null when it is not).';
create or replace function app_hidden.doc_object(o jsonb, known text[]) returns app_hidden.doc_object_answer
language sql stable parallel safe as $$
  select case
    when jsonb_typeof(o) is distinct from 'object' then row(null, 'must be an object')::app_hidden.doc_object_answer
    when o - known = '{}' then row(null, null)::app_hidden.doc_object_answer
    else row(app_hidden.doc_unknown_key(o, known), 'unknown property')::app_hidden.doc_object_answer
  end;
$$;
comment on function app_hidden.doc_object(jsonb, text[]) is
  E'A document object (the document, a routine or workout exercise entry) with the properties it may have: null reason when it is one; otherwise the reason, and key, the first unknown property (code point order) when that is the reason: the problem is at `<object>.<key>`, or at the object itself when key is null.';
grant execute on function app_hidden.doc_object(jsonb, text[]) to svc_reader;

-- The exercise field's text (present, a one-line text of 1 to 100 characters), inlined like the
-- readers above; resolving it is app_hidden.doc_exercise's, called by doc_exercise_entry, so the
-- resolution cache is copied in and out of two function calls per entry instead of three.
drop function if exists app_hidden.doc_exercise_field(jsonb, jsonb);
create or replace function app_hidden.doc_exercise_field(entry jsonb) returns app_hidden.doc_line_answer
language sql stable parallel safe as $$
  select case when entry ? 'exercise' then app_hidden.doc_line(entry -> 'exercise', 1, 100)
              else row(null, 'is required')::app_hidden.doc_line_answer end;
$$;
comment on function app_hidden.doc_exercise_field(jsonb) is
  E'The `exercise` field of a routine or workout entry as text: the reference as written, or the reason it is refused at `<entry>.exercise` (absent, not a one-line text of 1 to 100 characters). app_hidden.doc_exercise resolves it.';
grant execute on function app_hidden.doc_exercise_field(jsonb) to svc_reader;

create or replace function app_hidden.doc_exercise_entry(e jsonb, known text[], inout cache jsonb, out field text, out ref text,
                                                         out exercise_id uuid, out reason text)
language plpgsql stable as $$
declare
  v_object record := app_hidden.doc_object(e, known);
  v_line app_hidden.doc_line_answer;
  v_exercise record;
begin
  if v_object.reason is not null then
    field := coalesce('.' || v_object.key, ''); reason := v_object.reason; return;
  end if;
  field := '.exercise';
  v_line := app_hidden.doc_exercise_field(e);
  ref := v_line.line; reason := v_line.reason;
  if reason is not null then
    return;
  end if;
  v_exercise := app_hidden.doc_exercise(ref, cache);
  cache := v_exercise.cache; exercise_id := v_exercise.exercise_id; reason := v_exercise.reason;
end;
$$;
comment on function app_hidden.doc_exercise_entry(jsonb, text[], jsonb) is
  E'The start of a routine or workout exercise entry: an object with only the known properties and an `exercise` naming an exercise (app_hidden.doc_exercise_field, resolved through cache by app_hidden.doc_exercise). Null reason when so; otherwise the reason at the entry''s path plus field (``, `.<key>` or `.exercise`).';
grant execute on function app_hidden.doc_exercise_entry(jsonb, text[], jsonb) to svc_reader;

--------------------------------------------------------------------------------
-- The walks, reading their fields through those readers
--------------------------------------------------------------------------------
create or replace function app_hidden.walk_routine_document(doc jsonb, p_unit text, out path text, out reason text,
                                                             out canonical jsonb, out exercise_rows jsonb)
language plpgsql stable as $$
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
  v_progressions constant text[] := app_hidden.progression_rules();
  k text;
  s text;
  v_id uuid;
  v_list jsonb;
  e jsonb;
  p text;
  i int;
  v_out jsonb;
  v_cache jsonb := '{}';
  v_exercise uuid;
  v_sets int;
  v_low numeric;
  v_high numeric;
  v_time numeric;
  v_weight numeric;
  v_rest numeric;
  v_superset text;
  v_progression text;
  v_flag boolean;
  v_extra int[];
  v_n int;
  f text;
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
begin
  v_object := app_hidden.doc_object(doc, '{id,name,icon,progression,unit,deload,exercises}');
  k := v_object.key;
  if v_object.reason is not null then
    path := coalesce(k, 'document'); reason := v_object.reason; return;
  end if;
  v_out := '{}';
  -- id: a routine of the caller's
  if doc ? 'id' then
    v_own := app_hidden.doc_own_id(doc -> 'id', 'routines', v_user);
    s := v_own.id;
    if v_own.reason is not null then
      path := 'id'; reason := v_own.reason; return;
    end if;
    v_id := s::uuid;
    v_out := jsonb_build_object('id', s);
  end if;
  -- name: 1 to 80 characters, not another routine's name
  if not doc ? 'name' then
    path := 'name'; reason := 'is required'; return;
  end if;
  v_line := app_hidden.doc_line(doc -> 'name', 1, 80);
  s := v_line.line;
  if v_line.reason is not null then
    path := 'name'; reason := v_line.reason; return;
  end if;
  reason := app_hidden.routine_name_taken(v_user, s, v_id);
  if reason is not null then
    path := 'name'; return;
  end if;
  v_out := v_out || jsonb_build_object('name', s);
  if doc ? 'icon' then
    v_line := app_hidden.doc_line(doc -> 'icon', 1, 40);
    s := v_line.line;
    if v_line.reason is not null then
      path := 'icon'; reason := v_line.reason; return;
    end if;
    v_out := v_out || jsonb_build_object('icon', s);
  end if;
  v_choice := app_hidden.doc_one_of(doc -> 'progression', v_progressions, 'linear');
  s := v_choice.value;
  if v_choice.reason is not null then
    path := 'progression'; reason := v_choice.reason; return;
  end if;
  v_out := v_out || jsonb_build_object('progression', s);
  v_choice := app_hidden.doc_one_of(doc -> 'unit', app_hidden.weight_units(), p_unit);
  s := v_choice.value;
  if v_choice.reason is not null then
    path := 'unit'; reason := v_choice.reason; return;
  end if;
  v_out := v_out || jsonb_build_object('unit', s);
  v_bool := app_hidden.doc_flag(doc -> 'deload', false);
  v_flag := v_bool.value;
  if v_bool.reason is not null then
    path := 'deload'; reason := v_bool.reason; return;
  end if;
  if v_flag then
    v_out := v_out || '{"deload": true}';
  end if;
  -- exercises: at most 100
  v_array := app_hidden.doc_array(doc, 'exercises', 0, 100);
  v_list := v_array.list;
  if v_array.reason is not null then
    path := 'exercises'; reason := v_array.reason; return;
  end if;
  for i in 0 .. jsonb_array_length(v_list) - 1 loop
    e := v_list -> i;
    p := 'exercises[' || i || ']';
    v_entry := app_hidden.doc_exercise_entry(e, '{exercise,sets,reps,time,weight,rest,superset,progression,warmups,drops,bursts}', v_cache);
    s := v_entry.ref; v_cache := v_entry.cache; v_exercise := v_entry.exercise_id;
    if v_entry.reason is not null then
      path := p || v_entry.field; reason := v_entry.reason; return;
    end if;
    if not e ? 'sets' then
      path := p || '.sets'; reason := 'is required'; return;
    end if;
    v_sets := app_hidden.doc_integer(e -> 'sets', 1, 20);
    if v_sets is null then
      path := p || '.sets'; reason := 'must be an integer from 1 to 20'; return;
    end if;
    v_low := null; v_high := null;
    if e ? 'reps' then
      if jsonb_typeof(e -> 'reps') = 'string' then
        select m[1]::numeric, m[2]::numeric into v_low, v_high
          from regexp_match(e ->> 'reps', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$') m;
        if v_low is null then
          path := p || '.reps'; reason := 'must be an integer from 0 to 500 or a range like 8-12'; return;
        end if;
        if v_low > 500 or v_high > 500 then
          path := p || '.reps'; reason := 'range must be within 0 to 500'; return;
        end if;
        if v_low > v_high then
          path := p || '.reps'; reason := 'range must go from low to high'; return;
        end if;
      else
        v_low := app_hidden.doc_integer(e -> 'reps', 0, 500);
        if v_low is null then
          path := p || '.reps'; reason := 'must be an integer from 0 to 500 or a range like 8-12'; return;
        end if;
        v_high := v_low;
      end if;
    end if;
    v_time := null;
    if e ? 'time' then
      v_time := app_hidden.doc_duration(e -> 'time');
      if v_time is null then
        path := p || '.time'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
      end if;
      if v_time > 86400 then
        path := p || '.time'; reason := 'must be at most 86400 seconds'; return;
      end if;
      if e ? 'reps' then
        path := p || '.time'; reason := 'cannot be used together with reps'; return;
      end if;
    end if;
    v_weight := null;
    if e ? 'weight' and jsonb_typeof(e -> 'weight') <> 'null' then
      v_weight := app_hidden.doc_weight(e -> 'weight');
      if v_weight is null then
        path := p || '.weight'; reason := 'must be a number from 0 to 10000 with at most 2 decimals'; return;
      end if;
    end if;
    v_rest := null;
    if e ? 'rest' then
      v_rest := app_hidden.doc_duration(e -> 'rest');
      if v_rest is null then
        path := p || '.rest'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
      end if;
      if v_rest > 900 then
        path := p || '.rest'; reason := 'must be at most 900 seconds'; return;
      end if;
    end if;
    v_superset := null;
    if e ? 'superset' and jsonb_typeof(e -> 'superset') <> 'null' then
      v_line := app_hidden.doc_line(e -> 'superset', 1, 8);
      v_superset := v_line.line;
      if v_line.reason is not null then
        path := p || '.superset'; reason := v_line.reason; return;
      end if;
    end if;
    v_progression := null;
    if e ? 'progression' and jsonb_typeof(e -> 'progression') <> 'null' then
      v_choice := app_hidden.doc_one_of(e -> 'progression', v_progressions);
      v_progression := v_choice.value;
      if v_choice.reason is not null then
        path := p || '.progression'; reason := v_choice.reason; return;
      end if;
    end if;
    v_extra := '{0,0,0}';
    v_n := 0;
    foreach f in array array['warmups', 'drops', 'bursts'] loop
      v_n := v_n + 1;
      if e ? f then
        v_extra[v_n] := app_hidden.doc_integer(e -> f, 0, 5);
        if v_extra[v_n] is null then
          path := p || '.' || f; reason := 'must be an integer from 0 to 5'; return;
        end if;
      end if;
    end loop;
    v_canon := v_canon || jsonb_strip_nulls(jsonb_build_object(
      'exercise', s, 'sets', v_sets,
      'reps', case when v_low is null then null when v_low = v_high then to_jsonb(v_low) else to_jsonb(v_low || '-' || v_high) end,
      'time', v_time, 'weight', v_weight, 'rest', v_rest, 'superset', v_superset, 'progression', v_progression,
      'warmups', nullif(v_extra[1], 0), 'drops', nullif(v_extra[2], 0), 'bursts', nullif(v_extra[3], 0)));
    v_rows := v_rows || jsonb_build_object(
      'exercise_id', v_exercise, 'sets', v_sets, 'reps_low', v_low, 'reps_high', v_high, 'seconds', v_time,
      'weight', v_weight, 'rest_seconds', v_rest, 'superset', v_superset, 'progression', v_progression,
      'warmups', v_extra[1], 'drops', v_extra[2], 'bursts', v_extra[3]);
  end loop;
  canonical := v_out || jsonb_build_object('exercises', to_jsonb(v_canon));
  exercise_rows := to_jsonb(v_rows);
end;
$$;

create or replace function app_hidden.walk_routine_program(doc jsonb, p_unit text, out path text, out reason text,
                                                            out canonical jsonb, out exercise_rows jsonb)
language plpgsql stable as $$
-- The routine walk (app_hidden.walk_routine_document) on the document without the fields it does
-- not know, then those: each exercise's trainingMax, cycle, stages and increment (last in its entry,
-- so a problem there comes before the walk's problems in later entries only), and `program`, the
-- last field of a routine document: 1 to 80 characters without control characters, or null (none).
declare
  w record;
  v_line record;
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
    v_line := app_hidden.doc_line(doc -> 'program', 1, 80);
    s := v_line.line;
    if v_line.reason is not null then
      path := 'program'; reason := v_line.reason; canonical := null; exercise_rows := null; return;
    end if;
    canonical := canonical || jsonb_build_object('program', s);
  end if;
end;
$$;

create or replace function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text, out path text, out reason text,
                                                             out canonical jsonb, out start timestamptz, out exercise_rows jsonb)
language plpgsql stable as $$
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
  v_sets jsonb;
  e jsonb;
  x jsonb;
  p text;
  sp text;
  i int;
  j int;
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
  v_done boolean;
  v_set record;
  v_text text;
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  v_set_canon jsonb[];
  v_set_rows jsonb[];
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
    v_sets := v_array.list;
    if v_array.reason is not null then
      path := p || '.sets'; reason := v_array.reason; return;
    end if;
    v_set_canon := '{}';
    v_set_rows := '{}';
    for j in 0 .. jsonb_array_length(v_sets) - 1 loop
      x := v_sets -> j;
      sp := p || '.sets[' || j || ']';
      if jsonb_typeof(x) = 'string' then
        v_text := x #>> '{}';
      elsif jsonb_typeof(x) = 'object' then
        k := app_hidden.doc_unknown_key(x, '{set,done}');
        if k is not null then
          path := sp || '.' || k; reason := 'unknown property'; return;
        end if;
        sp := sp || '.set';
        if not x ? 'set' then
          path := sp; reason := 'is required'; return;
        end if;
        v_text := app_hidden.doc_string(x -> 'set');
        if v_text is null then
          path := sp; reason := 'must be a string'; return;
        end if;
      else
        path := sp; reason := 'must be a string or an object'; return;
      end if;
      select * into v_set from app_hidden.doc_parse_set(v_text, v_effort);
      if v_set.reason is not null then
        path := sp; reason := v_set.reason; return;
      end if;
      -- A set as text (x -> 'done' is null) is done.
      v_bool := app_hidden.doc_flag(x -> 'done', true);
      v_done := v_bool.value;
      if v_bool.reason is not null then
        path := p || '.sets[' || j || '].done'; reason := v_bool.reason; return;
      end if;
      v_text := app_hidden.format_set(v_set.kind, v_set.weight, v_set.bodyweight, v_set.reps, v_set.seconds, v_set.effort);
      v_set_canon := v_set_canon || case when v_done then to_jsonb(v_text) else jsonb_build_object('set', v_text, 'done', false) end;
      v_set_rows := v_set_rows || jsonb_build_object('kind', v_set.kind, 'weight', v_set.weight, 'bodyweight', v_set.bodyweight,
        'reps', v_set.reps, 'seconds', v_set.seconds, 'effort', v_set.effort, 'done', v_done);
    end loop;
    v_canon := v_canon || jsonb_strip_nulls(jsonb_build_object(
      'exercise', s, 'superset', v_superset, 'note', v_note,
      'pinned', case when v_pinned then true end, 'skipProgression', case when v_skip then true end,
      'sets', to_jsonb(v_set_canon)));
    v_rows := v_rows || jsonb_build_object('exercise_id', v_exercise, 'superset', v_superset, 'note', v_note,
      'pinned', v_pinned, 'skip_progression', v_skip, 'sets', to_jsonb(v_set_rows));
  end loop;
  canonical := v_out || jsonb_build_object('exercises', to_jsonb(v_canon));
  exercise_rows := to_jsonb(v_rows);
end;
$$;

--------------------------------------------------------------------------------
-- Names written outside documents follow the same one-line rule
--------------------------------------------------------------------------------
create or replace function app_hidden.tg_one_line_name() returns trigger
language plpgsql as $$
declare
  v_reason text := app_hidden.control_character_reason(to_jsonb(new) ->> 'name');
begin
  if v_reason is not null then
    raise exception 'name: %', v_reason using errcode = 'SVBAD';
  end if;
  return new;
end;
$$;

comment on function app_hidden.tg_one_line_name() is
  E'Trigger: a name (user, routine, workout, custom exercise) must not contain control characters such as a newline or tab (INVALID_INPUT), the rule documents apply at their path.';

-- A user's name: a visible character (below), then one line like every other name (the same trigger).
create or replace function app_hidden.tg_users_name_check() returns trigger
language plpgsql as $$
begin
  if btrim(new.name, E' \t\n\r\u00a0\u200b\u3000') = '' then
    raise exception 'name: must not be blank' using errcode = 'SVBAD';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_users_name_check() is
  E'Trigger: a user''s display name has a visible character (INVALID_INPUT naming `name`), whichever way it is written (sign-up, updateUserById, an import): the one place a blank name is decided, so the sign-up route answers with this trigger''s refusal. _140_one_line_name, after it, refuses control characters.';
drop trigger if exists _140_one_line_name on app_public.users;
create trigger _140_one_line_name before insert or update of name on app_public.users
  for each row execute procedure app_hidden.tg_one_line_name();

--------------------------------------------------------------------------------
-- Who may act: a ban in force and a live key, each decided in one place (inlined where they are
-- used in a query, being plain SQL expressions)
--------------------------------------------------------------------------------
create or replace function app_hidden.ban_in_force(banned boolean, ban_expires timestamptz) returns boolean
language sql stable parallel safe as $$
  select banned and (ban_expires is null or ban_expires > now());
$$;
comment on function app_hidden.ban_in_force(boolean, timestamptz) is
  E'Whether a user''s ban holds now: banned, with no end or an end still ahead. A banned user''s sessions, keys and connected apps answer as signed out, and signing in is refused.';
grant execute on function app_hidden.ban_in_force(boolean, timestamptz) to svc_reader;

create or replace function app_hidden.api_key_live(expired boolean, expires_at timestamptz) returns boolean
language sql stable parallel safe as $$
  -- Past its expiry a key is dead at once; the worker sets the stored flag within a minute.
  select not expired and (expires_at is null or expires_at > now());
$$;
comment on function app_hidden.api_key_live(boolean, timestamptz) is
  E'Whether an API key still works: not flagged expired and not past expires_at.';
grant execute on function app_hidden.api_key_live(boolean, timestamptz) to svc_reader;

create or replace function app_private.oauth_issue_code(p_code_hash bytea, p_session uuid, p_client text, p_redirect_uri text, p_challenge text, p_resource text, p_access app_public.api_key_access, p_ttl_seconds integer)
returns void language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid;
begin
  select s.user_id into v_user from app_public.sessions s join app_public.users u on u.id = s.user_id
   where s.id = p_session and app_hidden.session_live(s.last_active_at)
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
  if v_user is null then
    raise exception 'Sign in to allow an app' using errcode = 'SVFBD';
  end if;
  insert into app_private.oauth_codes (code_hash, client_id, user_id, redirect_uri, code_challenge, resource, access, expires_at)
  values (p_code_hash, p_client, v_user, p_redirect_uri, p_challenge, p_resource, p_access, now() + make_interval(secs => p_ttl_seconds));
end;
$$;

create or replace function app_private.oauth_refresh(p_refresh_hash bytea, p_client text, p_resource text, p_access_hash bytea, p_refresh_hash_new bytea, p_access_ttl integer, p_refresh_ttl integer, OUT status text, OUT access app_public.api_key_access)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_token app_private.oauth_tokens;
  v_app app_public.connected_apps;
begin
  select t.* into v_token from app_private.oauth_tokens t
    join app_public.connected_apps a on a.id = t.connection_id
   where t.token_hash = p_refresh_hash and t.kind = 'refresh' and a.client_id = p_client
   for update of t;
  status := app_private.oauth_one_time_status(v_token.token_hash is not null, v_token.used_at, v_token.expires_at, v_token.connection_id);
  if status is not null then
    return;
  end if;
  select a.* into v_app from app_public.connected_apps a join app_public.users u on u.id = a.user_id
   where a.id = v_token.connection_id and not app_hidden.ban_in_force(u.banned, u.ban_expires);
  if v_app.id is null then
    status := 'invalid'; return;
  end if;
  if p_resource is not null and p_resource is distinct from v_app.resource then
    status := 'resource_mismatch'; return;
  end if;
  update app_private.oauth_tokens t set used_at = now() where t.token_hash = p_refresh_hash;
  -- Access tokens of the connection that were already replaced stay valid until they expire (minutes).
  delete from app_private.oauth_tokens t where t.connection_id = v_app.id and t.expires_at <= now();
  perform app_private.oauth_store_tokens(v_app.id, p_access_hash, p_refresh_hash_new, p_access_ttl, p_refresh_ttl);
  status := 'ok';
  access := v_app.access;
end;
$$;

create or replace function app_private.oauth_use_token(p_access_hash bytea, OUT connection_id uuid, OUT user_id uuid, OUT access app_public.api_key_access, OUT resource text, OUT expires_at timestamp with time zone)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  select a.id, a.user_id, a.access, a.resource, t.expires_at into connection_id, user_id, access, resource, expires_at
    from app_private.oauth_tokens t
    join app_public.connected_apps a on a.id = t.connection_id
    join app_public.users u on u.id = a.user_id
   where t.token_hash = p_access_hash and t.kind = 'access' and t.expires_at > now()
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
  if connection_id is not null then
    update app_public.connected_apps a set last_used_at = now()
     where a.id = connection_id and app_hidden.touch_due(a.last_used_at);
  end if;
end;
$$;

create or replace function app_public.current_oauth_connection_id()
returns uuid language sql stable security definer set search_path to pg_catalog, public as $$
  select c.id
    from app_private.oauth_tokens t
    join app_public.connected_apps c on c.id = t.connection_id
    join app_public.users u on u.id = c.user_id
   where t.token_hash = decode(nullif(current_setting('svc.oauth_hash', true), ''), 'hex')
     and t.kind = 'access'
     and t.expires_at > now()
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
$$;

create or replace function app_public.current_api_key_id()
returns uuid language sql stable security definer set search_path to pg_catalog, public as $$
  select k.id
    from app_private.api_key_hashes h
    join app_public.api_keys k on k.id = h.api_key_id
    join app_public.users u on u.id = k.user_id
   where h.key_hash = decode(nullif(current_setting('svc.key_hash', true), ''), 'hex')
     and app_hidden.api_key_live(k.expired, k.expires_at)
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
$$;

create or replace function app_private.use_api_key(p_key_hash bytea, OUT api_key_id uuid, OUT user_id uuid, OUT access text, OUT request_count integer, OUT cost_used integer, OUT window_end timestamp with time zone)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_window timestamptz := date_trunc('minute', now());
begin
  select k.id, k.user_id, k.access into api_key_id, user_id, access
    from app_private.api_key_hashes h
    join app_public.api_keys k on k.id = h.api_key_id
    join app_public.users u on u.id = k.user_id
   where h.key_hash = p_key_hash
     and app_hidden.api_key_live(k.expired, k.expires_at)
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
  if api_key_id is null then
    return;
  end if;
  request_count := app_private.count_request('key:' || api_key_id, v_window);
  select c.count into cost_used
    from app_private.rate_counters c
   where c.subject = 'key-cost:' || api_key_id and c.window_start = v_window;
  cost_used := coalesce(cost_used, 0);
  window_end := v_window + interval '1 minute';
  update app_public.api_keys k set last_used_at = now()
   where k.id = api_key_id and app_hidden.touch_due(k.last_used_at);
end;
$$;

create or replace function app_private.sign_in(p_email text, p_password text, p_client text, p_address inet, p_failures_per_account integer, p_failures_per_address integer, OUT status text, OUT user_id uuid, OUT token text, OUT retry_after integer)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_address inet := app_private.address_key(p_address);
  v_window constant interval := interval '15 minutes';
  v_user app_public.users;
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
  select u.* into v_user from app_public.users u where u.email = p_email::citext;
  select s.password_hash into v_hash from app_private.user_secrets s where s.user_id = v_user.id;
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
  if app_hidden.ban_in_force(v_user.banned, v_user.ban_expires) then
    status := 'banned';
    return;
  end if;
  -- The owner's success clears only this address's failures: an attacker's elsewhere stay counted.
  delete from app_private.failed_sign_ins f where f.email = p_email::citext and f.address = v_address;
  if app_private.password_hash_cost_of(v_hash) < app_private.password_hash_cost() then
    update app_private.user_secrets s set password_hash = crypt(p_password, gen_salt('bf', app_private.password_hash_cost()))
     where s.user_id = v_user.id;
  end if;
  status := 'ok';
  user_id := v_user.id;
  token := app_private.new_session(v_user.id, p_client);
end;
$$;

create or replace function app_public.users_api_keys(u app_public.users)
returns SETOF app_public.api_keys language plpgsql stable set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
  v_key app_public.api_keys;
begin
  for v_key in
    select k.* from app_public.api_keys k
     where k.user_id = u.id and u.id = v_user
     order by k.created_at desc, k.id desc
  loop
    v_key.expired := not app_hidden.api_key_live(v_key.expired, v_key.expires_at);
    return next v_key;
  end loop;
end;
$$;

--------------------------------------------------------------------------------
-- A unit or effort argument: one check, one message
--------------------------------------------------------------------------------
create or replace function app_hidden.check_one_of(field text, value text, allowed text[]) returns text
language plpgsql immutable as $$
declare
  v_reason text := (app_hidden.doc_one_of(to_jsonb(value), allowed)).reason;
begin
  if value is not null and v_reason is not null then
    raise exception '%: %', field, v_reason using errcode = 'SVBAD';
  end if;
  return value;
end;
$$;
comment on function app_hidden.check_one_of(text, text, text[]) is
  E'An argument that takes one of a list of strings (a unit, an effort scale): the value (null stays null), or INVALID_INPUT `<field>: must be one of ...`, the reason documents give at the field''s path.';
grant execute on function app_hidden.check_one_of(text, text, text[]) to svc_reader;

create or replace function app_public.validate_routine_document(doc jsonb, unit text DEFAULT NULL::text, OUT path text, OUT reason text, OUT canonical jsonb)
returns record language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
begin
  perform app_hidden.check_one_of('unit', unit, app_hidden.weight_units());
  select * into w from app_hidden.walk_routine_program(doc,
    coalesce(unit, (select u.unit from app_public.users u where u.id = v_user), 'kg'));
  path := w.path;
  reason := w.reason;
  canonical := w.canonical;
end;
$$;

create or replace function app_public.validate_workout_document(doc jsonb, unit text DEFAULT NULL::text, effort text DEFAULT NULL::text, OUT path text, OUT reason text, OUT canonical jsonb)
returns record language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  w record;
begin
  perform app_hidden.check_one_of('unit', unit, app_hidden.weight_units());
  perform app_hidden.check_one_of('effort', effort, '{rir,rpe}');
  select * into w from app_hidden.walk_workout_document(doc,
    coalesce(unit, (select u.unit from app_public.users u where u.id = v_user), 'kg'),
    coalesce(effort, (select u.effort from app_public.users u where u.id = v_user), 'rpe'));
  path := w.path;
  reason := w.reason;
  canonical := w.canonical;
end;
$$;

create or replace function app_public.workout_document(id uuid, unit text DEFAULT NULL::text)
returns json language plpgsql stable as $$
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
                                                 s.bodyweight, s.reps, s.seconds, s.effort::numeric) as text) t
                         where s.workout_exercise_id = we.id))
                    order by we.position)
               from app_public.workout_exercises we where we.workout_id = w.id), '[]')))
    into v_doc
    from app_public.workouts w, lateral (select coalesce(workout_document.unit, w.unit) as unit) u
   where w.id = workout_document.id and w.user_id = v_user;
  return v_doc;
end;
$$;

create or replace function app_public.log_bodyweight(p_date date, p_weight double precision, p_unit text DEFAULT NULL::text)
returns app_public.bodyweights language plpgsql set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.bodyweights;
  v_reason text;
begin
  if p_date is null or p_date < date '1900-01-01' then
    raise exception 'date: must be from 1900-01-01 and not in the future' using errcode = 'SVBAD';
  end if;
  -- Tomorrow in UTC is already today east of UTC (up to UTC+14).
  if p_date > (now() at time zone 'UTC')::date + 1 then
    raise exception 'date: must be from 1900-01-01 and not in the future' using errcode = 'SVBAD';
  end if;
  v_reason := app_hidden.bodyweight_reason(p_weight::numeric);
  if v_reason is not null then
    raise exception 'weight: %', v_reason using errcode = 'SVBAD';
  end if;
  perform app_hidden.check_one_of('unit', p_unit, app_hidden.weight_units());
  insert into app_public.bodyweights as b (date, weight, unit)
  values (p_date, p_weight, coalesce(p_unit, (select u.unit from app_public.users u where u.id = v_user)))
  on conflict (user_id, date) do update set weight = excluded.weight, unit = excluded.unit
  returning b.* into v_row;
  return v_row;
end;
$$;

--------------------------------------------------------------------------------
-- One of the caller's routines by id or name
--------------------------------------------------------------------------------
create or replace function app_hidden.own_routine(ref text, p_user uuid) returns app_public.routines
language sql stable as $$
  -- The id first: a routine named like another routine's id does not hide that one.
  select r.* from app_public.routines r
   where r.user_id = p_user and (r.id = app_hidden.try_uuid(ref) or r.name_key = app_public.routine_name_key(ref))
   order by r.id = app_hidden.try_uuid(ref) desc
   limit 1;
$$;
comment on function app_hidden.own_routine(text, uuid) is
  E'The routine of p_user that ref names: by id, else by name (compared as app_public.routine_name_key); null when none.';
grant execute on function app_hidden.own_routine(text, uuid) to svc_reader;

create or replace function app_public.routine_document(ref text, unit text DEFAULT NULL::text)
returns json language plpgsql stable as $$
declare
  v_user uuid := app_hidden.require_user();
  v_id uuid;
  v_doc json;
begin
  perform app_hidden.check_one_of('unit', unit, app_hidden.weight_units());
  v_id := (app_hidden.own_routine(ref, v_user)).id;
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

create or replace function app_public.next_workout(routine text, date text DEFAULT NULL::text)
returns json language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_user();
  v_routine app_public.routines;
begin
  if next_workout.routine is null then
    raise exception 'routine: required (a routine id or name)' using errcode = 'SVBAD';
  end if;
  perform app_hidden.check_date(next_workout.date);
  v_routine := app_hidden.own_routine(next_workout.routine, v_user);
  if v_routine.id is null then
    return null;
  end if;
  return app_public.routines_next_workout(v_routine, next_workout.date);
end;
$$;

--------------------------------------------------------------------------------
-- The user an admin bans or unbans
--------------------------------------------------------------------------------
create or replace function app_private.admin_target(p_admin uuid, p_user text, p_action text) returns uuid
language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid;
begin
  select u.id into v_user from app_public.users u where u.id = app_hidden.try_uuid(p_user) for update;
  if v_user is null then
    raise exception 'No user with this id' using errcode = 'SVNFD';
  end if;
  if v_user = p_admin then
    raise exception 'You cannot % yourself', p_action using errcode = 'SVBAD', hint = 'CANNOT_' || upper(p_action) || '_YOURSELF';
  end if;
  return v_user;
end;
$$;
comment on function app_private.admin_target(uuid, text, text) is
  E'The user (by id, locked for the change) an admin is about to act on with p_action (ban, unban): NOT_FOUND when there is none, INVALID_INPUT (hint CANNOT_<ACTION>_YOURSELF) when it is the admin.';

create or replace function app_private.ban_user(p_session uuid, p_user text, p_reason text, p_expires_in double precision)
returns jsonb language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_admin uuid := app_private.admin_user(p_session);
  v_user uuid;
begin
  if p_expires_in is not null and (p_expires_in <= 0 or p_expires_in > 315360000 or p_expires_in = 'NaN') then
    raise exception 'banExpiresIn must be a positive number of seconds, at most 315360000 (10 years)' using errcode = 'SVBAD';
  end if;
  v_user := app_private.admin_target(v_admin, p_user, 'ban');
  update app_public.users u
     set banned = true,
         ban_reason = p_reason,
         ban_expires = case when p_expires_in is null then null else now() + make_interval(secs => p_expires_in) end
   where u.id = v_user;
  -- Every device is signed out at once; keys answer as signed out while the ban lasts (use_api_key checks it).
  delete from app_public.sessions s where s.user_id = v_user;
  return app_private.user_record(v_user);
end;
$$;

create or replace function app_private.unban_user(p_session uuid, p_user text)
returns jsonb language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_admin uuid := app_private.admin_user(p_session);
  v_user uuid;
begin
  v_user := app_private.admin_target(v_admin, p_user, 'unban');
  update app_public.users u set banned = false, ban_reason = null, ban_expires = null where u.id = v_user;
  return app_private.user_record(v_user);
end;
$$;

--------------------------------------------------------------------------------
-- A workout saved with an idempotency key: the replay rule written once
--------------------------------------------------------------------------------
create or replace function app_public.apply_workout_document(doc jsonb, idempotency_key uuid DEFAULT NULL::uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean)
returns record language plpgsql as $$
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
  with inserted as (
    insert into app_public.workout_exercises as we (workout_id, position, exercise_id, superset, note, pinned, skip_progression)
    select v_id, x.ord - 1, (x.e ->> 'exercise_id')::uuid, x.e ->> 'superset', x.e ->> 'note',
           (x.e ->> 'pinned')::boolean, (x.e ->> 'skip_progression')::boolean
      from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord)
    returning we.id, we.position
  )
  select array_agg(inserted.id order by inserted.position) into v_exercise_ids from inserted;
  insert into app_public.workout_sets (workout_exercise_id, workout_id, position, kind, weight, bodyweight, reps, seconds, effort, done)
  select v_exercise_ids[x.ord], v_id, s.ord - 1, s.v ->> 'kind', (s.v ->> 'weight')::float8, (s.v ->> 'bodyweight')::boolean,
         (s.v ->> 'reps')::int, (s.v ->> 'seconds')::int, (s.v ->> 'effort')::float8, (s.v ->> 'done')::boolean
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord),
         jsonb_array_elements(x.e -> 'sets') with ordinality as s(v, ord);
  workout_id := v_id;
end;
$$;

--------------------------------------------------------------------------------
-- Requests counted per subject and minute, in one place
--------------------------------------------------------------------------------
-- The amount argument makes a second signature: the two-argument one goes (plpgsql callers resolve
-- the name when they run, and find this one through the default).
drop function if exists app_private.count_request(text, timestamptz);
create or replace function app_private.count_request(p_subject text, p_window timestamptz, p_amount int default 1) returns int
language sql security definer set search_path to pg_catalog, public as $$
  -- The upsert takes a row lock, so concurrent requests from many processes count exactly; the
  -- count stops at the largest int rather than fail.
  insert into app_private.rate_counters as c (subject, window_start, count)
  values (p_subject, p_window, p_amount)
  on conflict (subject, window_start) do update set count = least(c.count::bigint + excluded.count, 2147483647)::int
  returning c.count;
$$;
comment on function app_private.count_request(text, timestamptz, int) is
  E'Adds p_amount (one request by default) to a subject''s count in the window starting at p_window and returns the window''s count so far: requests (`key:<id>`, `admin:<session>`) and a key''s GraphQL cost spent (`key-cost:<id>`, app_private.spend_api_key_cost).';

--------------------------------------------------------------------------------
-- OAuth: a one-time credential presented, and a connection's token pair, each written once
--------------------------------------------------------------------------------
create or replace function app_private.oauth_one_time_status(p_found boolean, p_used_at timestamptz, p_expires_at timestamptz,
                                                             p_connection uuid) returns text
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  if not p_found then
    return 'invalid';
  end if;
  if p_used_at is not null then
    -- Presented twice, it was stolen or replayed: what it made is revoked (RFC 9700 4.2.1).
    delete from app_public.connected_apps a where a.id = p_connection;
    return 'reused';
  end if;
  if p_expires_at <= now() then
    return 'expired';
  end if;
  return null;
end;
$$;
comment on function app_private.oauth_one_time_status(boolean, timestamptz, timestamptz, uuid) is
  E'A one-time OAuth credential presented (an authorization code or a refresh token): invalid when unknown, reused when presented before (and the connection it belongs to is revoked), expired, or null when it may be spent.';

create or replace function app_private.oauth_store_tokens(p_connection uuid, p_access_hash bytea, p_refresh_hash bytea,
                                                          p_access_ttl int, p_refresh_ttl int) returns void
language sql security definer set search_path to pg_catalog, public as $$
  insert into app_private.oauth_tokens (token_hash, connection_id, kind, expires_at) values
    (p_access_hash, p_connection, 'access', now() + make_interval(secs => p_access_ttl)),
    (p_refresh_hash, p_connection, 'refresh', now() + make_interval(secs => p_refresh_ttl));
$$;
comment on function app_private.oauth_store_tokens(uuid, bytea, bytea, int, int) is
  E'Stores a connection''s new access and refresh token (their SHA-256) with their lifetimes in seconds.';


create or replace function app_private.oauth_exchange_code(p_code_hash bytea, p_client text, p_redirect_uri text, p_resource text, p_access_hash bytea, p_refresh_hash bytea, p_access_ttl integer, p_refresh_ttl integer, OUT status text, OUT access app_public.api_key_access)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_code app_private.oauth_codes;
  v_client app_private.oauth_clients;
  v_connection uuid;
begin
  select * into v_code from app_private.oauth_codes c where c.code_hash = p_code_hash and c.client_id = p_client for update;
  status := app_private.oauth_one_time_status(v_code.code_hash is not null, v_code.used_at, v_code.expires_at, v_code.connection_id);
  if status is not null then
    return;
  end if;
  if p_redirect_uri is distinct from v_code.redirect_uri then
    status := 'redirect_mismatch'; return;
  end if;
  if p_resource is not null and p_resource is distinct from v_code.resource then
    status := 'resource_mismatch'; return;
  end if;
  select * into v_client from app_private.oauth_clients c where c.id = p_client;
  insert into app_public.connected_apps (user_id, client_id, client_name, redirect_host, access, resource)
  values (v_code.user_id, p_client, v_client.name, coalesce(substring(v_code.redirect_uri from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#]+)'), v_code.redirect_uri),
          v_code.access, v_code.resource)
  returning id into v_connection;
  update app_private.oauth_codes c set used_at = now(), connection_id = v_connection where c.code_hash = p_code_hash;
  perform app_private.oauth_store_tokens(v_connection, p_access_hash, p_refresh_hash, p_access_ttl, p_refresh_ttl);
  status := 'ok';
  access := v_code.access;
end;
$$;

create or replace function app_private.count_admin_call(p_session uuid, OUT request_count integer, OUT window_end timestamp with time zone, OUT is_admin boolean)
returns record language plpgsql security definer set search_path to pg_catalog, public as $$
declare
  v_window timestamptz := date_trunc('minute', now());
begin
  request_count := app_private.count_request('admin:' || p_session, v_window);
  window_end := v_window + interval '1 minute';
  select u.role = 'admin' into is_admin
    from app_public.sessions s join app_public.users u on u.id = s.user_id where s.id = p_session;
  is_admin := coalesce(is_admin, false);
end;
$$;

--------------------------------------------------------------------------------
-- One-off data fixes for databases made before their rules: nothing is deployed, so no data needs
-- them, and the rules themselves (tg_custom_exercise_name_free; weighted names as aliases of the
-- bodyweight exercise, in the catalog seed) stand without them. Nothing depends on either.
--------------------------------------------------------------------------------
drop function if exists app_hidden.merge_weighted_bodyweight_exercises();
drop function if exists app_hidden.rename_custom_exercises_named_like_catalog();
