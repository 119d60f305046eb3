-- The numbers of the document rules in one home, app_hidden.document_limits(): the walks and the set
-- grammar read them from there, their messages included, and test/db/document-limits.test.ts holds
-- the SDK's offline validator (sdk/src/documents) to the same numbers. A limit changes in one line.

create or replace function app_hidden.document_limits(
  OUT name integer, OUT icon integer, OUT exercise integer, OUT superset integer, OUT notes integer, OUT note integer,
  OUT routine_exercises integer, OUT workout_exercises integer, OUT sets_per_exercise integer, OUT sets_per_workout integer,
  OUT reps integer, OUT rest_seconds integer, OUT duration_seconds integer,
  OUT weight numeric, OUT bodyweight numeric, OUT distance numeric, OUT distance_meters numeric)
 RETURNS record
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select 80, 40, 100, 8, 2000, 500,
         100, 100, 50, 500,
         500, 900, 86400,
         10000::numeric, 1500::numeric, 1000::numeric, 1000000::numeric
$function$;
comment on function app_hidden.document_limits() is 'The limits of routine and workout documents: characters of a name (also a program and a folder), an icon, an exercise reference, a superset letter, workout notes and an exercise note; exercises of a routine and of a workout; sets of a workout exercise and of a workout; reps, rest and duration seconds; the largest weight, bodyweight and distance (km or mi; meters). The document walks and the set grammar read them here; the SDK''s DOCUMENT_LIMITS and MAX_* constants state the same (test/db/document-limits.test.ts).';
grant execute on function app_hidden.document_limits() to svc_reader;

create or replace function app_hidden.doc_parse_set(t text, scale text, OUT reason text, OUT kind text, OUT weight numeric, OUT bodyweight boolean, OUT reps integer, OUT seconds integer, OUT effort numeric, OUT amrap boolean, OUT distance numeric, OUT distance_unit text)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
declare
  l record := app_hidden.document_limits();
  -- Groups: 1 prefix; 2,3,4 bw, reps and `+`; 5 weight; 6,7 reps and `+`, or 8 / 9,10 / 11,12 a
  -- weighted duration; 13 / 14,15 / 16,17 a duration alone; 18,19,20,21 bw, added load, reps and `+`
  -- (`bw+20x5+`); 22,23 a distance in km or mi and its unit, then 24 / 25,26 / 27,28 its time or none;
  -- 29 a distance in meters, then 30,31 / 32,33 its time (`2000m 7:30`); 34 effort.
  -- The common form first (`100x5`, `w: 60 x 8`, `x12+ @ 8`): its own pattern of five groups, which
  -- PostgreSQL matches in about half the time of the full one. Whatever it matches, the full pattern
  -- matches with the same text in groups 1, 5, 6, 7 and 34 and none in the others.
  m text[] := regexp_match(t, '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*([0-9]+)(?:[ \t]*(\+))?(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$');
  v_weight text;
  v_reps numeric;
  v_seconds numeric;
begin
  if m is not null then
    m := array[m[1], null, null, null, m[2], m[3], m[4], null, null, null, null, null, null, null, null, null, null, null, null, null, null,
               null, null, null, null, null, null, null, null, null, null, null, null, m[5]];
  else
    m := regexp_match(t, '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?(?:([bB][wW])[ \t]*[xX×][ \t]*([0-9]+)(?:[ \t]*(\+))?|([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*(?:([0-9]+)(?:[ \t]*(\+))?|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?|([bB][wW])[ \t]*\+[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*[xX×][ \t]*([0-9]+)(?:[ \t]*(\+))?|([0-9]+(?:[.,][0-9]+)?)[ \t]*([kK][mM]|[mM][iI])(?:[ \t]*(?:([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?))?|([0-9]+)[ \t]*[mM][ \t]*(?:([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?))(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$');
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
    if char_length(rtrim(split_part(v_weight, '.', 2), '0')) > 2 or weight > l.weight then
      weight := null;
      reason := 'weight must be from 0 to ' || l.weight || ' with at most 2 decimals';
      return;
    end if;
    weight := trim_scale(weight);
  end if;
  if m[22] is not null or m[29] is not null then
    -- A distance (km or mi: 3 decimals at most; m: whole meters), then its time if any.
    distance_unit := coalesce(lower(m[23]), 'm');
    distance := app_hidden.doc_set_number(replace(coalesce(m[22], m[29]), ',', '.'));
    if char_length(rtrim(split_part(replace(coalesce(m[22], ''), ',', '.'), '.', 2), '0')) > 3 or distance <= 0
       or distance > (case distance_unit when 'm' then l.distance_meters else l.distance end) then
      distance := null;
      distance_unit := null;
      reason := format('distance must be above 0 and at most %s km, %s mi or %s m, with at most 3 decimals', l.distance, l.distance, l.distance_meters);
      return;
    end if;
    distance := trim_scale(distance);
    v_seconds := coalesce(app_hidden.doc_set_number(m[24]),
                          app_hidden.doc_set_number(coalesce(m[25], m[30])) * 60 + app_hidden.doc_set_number(coalesce(m[26], m[31])),
                          app_hidden.doc_set_number(coalesce(m[27], m[32])) * 60 + coalesce(app_hidden.doc_set_number(coalesce(m[28], m[33])), 0));
    if v_seconds > l.duration_seconds then
      reason := 'duration must be at most ' || l.duration_seconds || ' seconds';
      return;
    end if;
    seconds := v_seconds;
  elsif coalesce(m[3], m[6], m[20]) is not null then
    v_reps := app_hidden.doc_set_number(coalesce(m[3], m[6], m[20]));
    if v_reps > l.reps then
      reason := 'reps must be at most ' || l.reps;
      return;
    end if;
    reps := v_reps;
  else
    v_seconds := coalesce(app_hidden.doc_set_number(coalesce(m[8], m[13])),
                          app_hidden.doc_set_number(coalesce(m[9], m[14])) * 60 + app_hidden.doc_set_number(coalesce(m[10], m[15])),
                          app_hidden.doc_set_number(coalesce(m[11], m[16])) * 60 + coalesce(app_hidden.doc_set_number(coalesce(m[12], m[17])), 0));
    if v_seconds > l.duration_seconds then
      reason := 'duration must be at most ' || l.duration_seconds || ' seconds';
      return;
    end if;
    seconds := v_seconds;
  end if;
  if m[34] is not null then
    -- Half steps: the decimals are zeros, or a 5 then zeros.
    effort := app_hidden.doc_set_number(replace(m[34], ',', '.'));
    if rtrim(split_part(replace(m[34], ',', '.'), '.', 2), '0') not in ('', '5')
       or effort > 10 or effort < (case when scale = 'rpe' then 1 else 0 end) then
      reason := case when scale = 'rpe' then 'rpe must be from 1 to 10 in half steps' else 'rir must be from 0 to 10 in half steps' end;
      effort := null;
      return;
    end if;
    effort := trim_scale(effort);
  end if;
end;
$function$;
comment on function app_hidden.doc_parse_set(t text, scale text, OUT reason text, OUT kind text, OUT weight numeric, OUT bodyweight boolean, OUT reps integer, OUT seconds integer, OUT effort numeric, OUT amrap boolean, OUT distance numeric, OUT distance_unit text) is 'Parses set text as people type it (the SDK''s parseSet): on failure `reason` is the first problem (form, weight, reps, duration, effort on `scale`), otherwise the set''s parts. A weight before a duration (`20x45s`) is a weighted hold; `bw+20x5` a bodyweight set with 20 added (bodyweight, weight 20); `+` after the reps (`270x5+`) an AMRAP set (amrap, at least those reps); `5km 25:00`, `3mi` or `2000m 7:30` a cardio set with a distance (distance, distance_unit) and its time or none. Never an error: digits beyond any number are over the limit.';
grant execute on function app_hidden.doc_parse_set(t text, scale text, OUT reason text, OUT kind text, OUT weight numeric, OUT bodyweight boolean, OUT reps integer, OUT seconds integer, OUT effort numeric, OUT amrap boolean, OUT distance numeric, OUT distance_unit text) to svc_reader;

create or replace function app_hidden.walk_workout_fields(doc jsonb, p_unit text, p_effort text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT effort text, OUT entries jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
-- A workout document's own fields in the SDK's order (id, name, date, start, minutes, bodyweight,
-- unit, effort, routine, notes, skipProgression, exercises with at most document_limits().sets_per_workout sets in all): the first
-- problem, or their canonical form, the start instant (also with a later problem, as read), the effort
-- scale and the entries (not yet read).
declare
  l record := app_hidden.document_limits();
  v_object record := app_hidden.doc_object(doc, '{id,name,date,start,minutes,bodyweight,unit,effort,routine,notes,skipProgression,exercises}');
  v_own record;
  v_line record;
  v_when record;
  v_choice record;
  v_bool record;
  v_array record;
  s text;
begin
  if v_object.reason is not null then
    path := coalesce(v_object.key, 'document'); reason := v_object.reason; return;
  end if;
  canonical := '{}';
  if doc ? 'id' then
    v_own := app_hidden.doc_own_id(doc -> 'id', 'workouts', p_user);
    if v_own.reason is not null then
      path := 'id'; reason := v_own.reason; return;
    end if;
    canonical := jsonb_build_object('id', v_own.id);
  end if;
  if doc ? 'name' then
    v_line := app_hidden.doc_line(doc -> 'name', 1, l.name);
    if v_line.reason is not null then
      path := 'name'; reason := v_line.reason; return;
    end if;
    canonical := canonical || jsonb_build_object('name', v_line.line);
  end if;
  v_when := app_hidden.walk_workout_when(doc);
  start := v_when.start;
  if v_when.reason is not null then
    path := v_when.path; reason := v_when.reason; return;
  end if;
  canonical := canonical || v_when.canonical;
  if doc ? 'bodyweight' and jsonb_typeof(doc -> 'bodyweight') <> 'null' then
    if app_hidden.doc_bodyweight(doc -> 'bodyweight') is null then
      -- Not a number (null to the rule) or a number the rule refuses: its one reason either way.
      path := 'bodyweight'; reason := app_hidden.bodyweight_reason(null); return;
    end if;
    canonical := canonical || jsonb_build_object('bodyweight', app_hidden.doc_bodyweight(doc -> 'bodyweight'));
  end if;
  v_choice := app_hidden.doc_one_of(doc -> 'unit', app_hidden.weight_units(), p_unit);
  if v_choice.reason is not null then
    path := 'unit'; reason := v_choice.reason; return;
  end if;
  canonical := canonical || jsonb_build_object('unit', v_choice.value);
  v_choice := app_hidden.doc_one_of(doc -> 'effort', '{rir,rpe}', p_effort);
  if v_choice.reason is not null then
    path := 'effort'; reason := v_choice.reason; return;
  end if;
  effort := v_choice.value;
  canonical := canonical || jsonb_build_object('effort', effort);
  if doc ? 'routine' and jsonb_typeof(doc -> 'routine') <> 'null' then
    v_own := app_hidden.doc_own_id(doc -> 'routine', 'routines', p_user);
    if v_own.reason is not null then
      path := 'routine'; reason := v_own.reason; return;
    end if;
    canonical := canonical || jsonb_build_object('routine', v_own.id);
  end if;
  if doc ? 'notes' and jsonb_typeof(doc -> 'notes') <> 'null' then
    s := app_hidden.doc_string(doc -> 'notes');
    if s is null then
      path := 'notes'; reason := 'must be a string'; return;
    end if;
    if char_length(s) > l.notes then
      path := 'notes'; reason := 'must be at most ' || l.notes || ' characters'; return;
    end if;
    canonical := canonical || jsonb_build_object('notes', s);
  end if;
  v_bool := app_hidden.doc_flag(doc -> 'skipProgression', false);
  if v_bool.reason is not null then
    path := 'skipProgression'; reason := v_bool.reason; return;
  end if;
  if v_bool.value then
    canonical := canonical || '{"skipProgression": true}';
  end if;
  -- Bounded work: the sizes are checked before any entry is looked at.
  v_array := app_hidden.doc_array(doc, 'exercises', 0, l.workout_exercises);
  if v_array.reason is not null then
    path := 'exercises'; reason := v_array.reason; return;
  end if;
  if (select coalesce(sum(jsonb_array_length(x.e -> 'sets')), 0) from jsonb_array_elements(v_array.list) x(e)
       where jsonb_typeof(x.e -> 'sets') = 'array') > l.sets_per_workout then
    path := 'exercises'; reason := 'must have at most ' || l.sets_per_workout || ' sets in all'; return;
  end if;
  entries := v_array.list;
end;
$function$;
comment on function app_hidden.walk_workout_fields(doc jsonb, p_unit text, p_effort text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT effort text, OUT entries jsonb) is 'The first step of app_hidden.walk_workout_document: a workout document''s own fields for user p_user (id, name, date, start, minutes, bodyweight, unit, effort, routine, notes, skipProgression, exercises: at most 100 with at most 500 sets in all), the first problem, or their canonical form (without exercises), the start instant, the effort scale and the entries as given.';
grant execute on function app_hidden.walk_workout_fields(doc jsonb, p_unit text, p_effort text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT effort text, OUT entries jsonb) to svc_reader;

create or replace function app_hidden.walk_workout_entry(e jsonb, p text, cache jsonb, set_path text, set_reason text, set_canon jsonb, set_rows jsonb, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_row jsonb, OUT resolved jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
-- One workout exercise at path p, its fields in the SDK's order (exercise, superset, note, pinned,
-- skipProgression, sets), its sets read already (walk_workout_sets: set_path and set_reason for the
-- first problem, else set_canon and set_rows): the first problem, or its canonical entry and row.
-- cache: the names resolved so far in this document; resolved: it with this entry's.
declare
  l record := app_hidden.document_limits();
  v_entry record;
  v_line record;
  v_bool record;
  v_array record;
  v_superset text;
  v_note text;
  v_pinned boolean;
  v_skip boolean;
begin
  v_entry := app_hidden.doc_exercise_entry(e, '{exercise,superset,note,pinned,skipProgression,sets}', cache);
  resolved := v_entry.cache;
  if v_entry.reason is not null then
    path := p || v_entry.field; reason := v_entry.reason; return;
  end if;
  if e ? 'superset' and jsonb_typeof(e -> 'superset') <> 'null' then
    v_line := app_hidden.doc_line(e -> 'superset', 1, l.superset);
    v_superset := v_line.line;
    if v_line.reason is not null then
      path := p || '.superset'; reason := v_line.reason; return;
    end if;
  end if;
  if e ? 'note' and jsonb_typeof(e -> 'note') <> 'null' then
    v_note := app_hidden.doc_string(e -> 'note');
    if v_note is null then
      path := p || '.note'; reason := 'must be a string'; return;
    end if;
    if char_length(v_note) > l.note then
      path := p || '.note'; reason := 'must be at most ' || l.note || ' characters'; return;
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
  v_array := app_hidden.doc_array(e, 'sets', 1, l.sets_per_exercise);
  if v_array.reason is not null then
    path := p || '.sets'; reason := v_array.reason; return;
  end if;
  if set_reason is not null then
    path := set_path; reason := set_reason; return;
  end if;
  canonical := jsonb_strip_nulls(jsonb_build_object(
    'exercise', v_entry.ref, 'superset', v_superset, 'note', v_note,
    'pinned', case when v_pinned then true end, 'skipProgression', case when v_skip then true end,
    'sets', set_canon));
  exercise_row := jsonb_build_object('exercise_id', v_entry.exercise_id, 'superset', v_superset, 'note', v_note,
    'pinned', v_pinned, 'skip_progression', v_skip, 'sets', set_rows);
end;
$function$;
comment on function app_hidden.walk_workout_entry(e jsonb, p text, cache jsonb, set_path text, set_reason text, set_canon jsonb, set_rows jsonb, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_row jsonb, OUT resolved jsonb) is 'A step of app_hidden.walk_workout_document: one workout exercise at path p (exercise, superset, note, pinned, skipProgression, then its sets as walk_workout_sets read them), the first problem, or its canonical entry and its row (exercise id resolved); resolved is the name cache with this entry''s name.';
grant execute on function app_hidden.walk_workout_entry(e jsonb, p text, cache jsonb, set_path text, set_reason text, set_canon jsonb, set_rows jsonb, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_row jsonb, OUT resolved jsonb) to svc_reader;

create or replace function app_hidden.walk_routine_entry(e jsonb, p text, cache jsonb, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_row jsonb, OUT resolved jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
-- One routine exercise at path p, its fields in the SDK's order: the first problem, or its canonical
-- entry and row. cache: the names resolved so far in this document; resolved: it with this entry's.
declare
  l record := app_hidden.document_limits();
  v_entry record;
  v_line record;
  v_choice record;
  v_target record;
  v_sets int;
  v_weight numeric;
  v_rest numeric;
  v_superset text;
  v_progression text;
  v_extra int[] := '{0,0,0}';
  v_n int := 0;
  f text;
begin
  v_entry := app_hidden.doc_exercise_entry(e, '{exercise,sets,reps,time,weight,rest,superset,progression,warmups,drops,bursts}', cache);
  resolved := v_entry.cache;
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
  v_target := app_hidden.walk_routine_target(e, p);
  if v_target.reason is not null then
    path := v_target.path; reason := v_target.reason; return;
  end if;
  if e ? 'weight' and jsonb_typeof(e -> 'weight') <> 'null' then
    v_weight := app_hidden.doc_weight(e -> 'weight');
    if v_weight is null then
      path := p || '.weight'; reason := 'must be a number from 0 to ' || l.weight || ' with at most 2 decimals'; return;
    end if;
  end if;
  if e ? 'rest' then
    v_rest := app_hidden.doc_duration(e -> 'rest');
    if v_rest is null then
      path := p || '.rest'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
    end if;
    if v_rest > l.rest_seconds then
      path := p || '.rest'; reason := 'must be at most ' || l.rest_seconds || ' seconds'; return;
    end if;
  end if;
  if e ? 'superset' and jsonb_typeof(e -> 'superset') <> 'null' then
    v_line := app_hidden.doc_line(e -> 'superset', 1, l.superset);
    v_superset := v_line.line;
    if v_line.reason is not null then
      path := p || '.superset'; reason := v_line.reason; return;
    end if;
  end if;
  if e ? 'progression' and jsonb_typeof(e -> 'progression') <> 'null' then
    v_choice := app_hidden.doc_one_of(e -> 'progression', app_hidden.progression_rules());
    v_progression := v_choice.value;
    if v_choice.reason is not null then
      path := p || '.progression'; reason := v_choice.reason; return;
    end if;
  end if;
  foreach f in array array['warmups', 'drops', 'bursts'] loop
    v_n := v_n + 1;
    if e ? f then
      v_extra[v_n] := app_hidden.doc_integer(e -> f, 0, 5);
      if v_extra[v_n] is null then
        path := p || '.' || f; reason := 'must be an integer from 0 to 5'; return;
      end if;
    end if;
  end loop;
  canonical := jsonb_strip_nulls(jsonb_build_object(
    'exercise', v_entry.ref, 'sets', v_sets,
    'reps', case when v_target.reps_low is null then null
                 when v_target.reps_low = v_target.reps_high then to_jsonb(v_target.reps_low)
                 else to_jsonb(v_target.reps_low || '-' || v_target.reps_high) end,
    'time', v_target.seconds, 'weight', v_weight, 'rest', v_rest, 'superset', v_superset, 'progression', v_progression,
    'warmups', nullif(v_extra[1], 0), 'drops', nullif(v_extra[2], 0), 'bursts', nullif(v_extra[3], 0)));
  exercise_row := jsonb_build_object(
    'exercise_id', v_entry.exercise_id, 'sets', v_sets, 'reps_low', v_target.reps_low, 'reps_high', v_target.reps_high,
    'seconds', v_target.seconds, 'weight', v_weight, 'rest_seconds', v_rest, 'superset', v_superset,
    'progression', v_progression, 'warmups', v_extra[1], 'drops', v_extra[2], 'bursts', v_extra[3]);
end;
$function$;
comment on function app_hidden.walk_routine_entry(e jsonb, p text, cache jsonb, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_row jsonb, OUT resolved jsonb) is 'A step of app_hidden.walk_routine_document: one routine exercise at path p (exercise, sets, reps, time, weight, rest, superset, progression, warmups, drops, bursts), the first problem, or its canonical entry and its row (exercise id resolved); resolved is the name cache with this entry''s name.';
grant execute on function app_hidden.walk_routine_entry(e jsonb, p text, cache jsonb, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_row jsonb, OUT resolved jsonb) to svc_reader;

create or replace function app_hidden.walk_routine_target(e jsonb, p text, OUT path text, OUT reason text, OUT reps_low numeric, OUT reps_high numeric, OUT seconds numeric)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
declare
  l record := app_hidden.document_limits();
-- A routine exercise's target: `reps` (0 to document_limits().reps, or a range `low-high`), then `time` (seconds or a
-- duration, at most a day, not with reps). The first problem at path p, or the target.
begin
  if e ? 'reps' then
    if jsonb_typeof(e -> 'reps') = 'string' then
      select m[1]::numeric, m[2]::numeric into reps_low, reps_high
        from regexp_match(e ->> 'reps', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$') m;
      if reps_low is null then
        path := p || '.reps'; reason := 'must be an integer from 0 to ' || l.reps || ' or a range like 8-12'; return;
      end if;
      if reps_low > l.reps or reps_high > l.reps then
        path := p || '.reps'; reason := 'range must be within 0 to ' || l.reps; return;
      end if;
      if reps_low > reps_high then
        path := p || '.reps'; reason := 'range must go from low to high'; return;
      end if;
    else
      reps_low := app_hidden.doc_integer(e -> 'reps', 0, l.reps);
      if reps_low is null then
        path := p || '.reps'; reason := 'must be an integer from 0 to ' || l.reps || ' or a range like 8-12'; return;
      end if;
      reps_high := reps_low;
    end if;
  end if;
  if e ? 'time' then
    seconds := app_hidden.doc_duration(e -> 'time');
    if seconds is null then
      path := p || '.time'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
    end if;
    if seconds > l.duration_seconds then
      path := p || '.time'; reason := 'must be at most ' || l.duration_seconds || ' seconds'; return;
    end if;
    if e ? 'reps' then
      path := p || '.time'; reason := 'cannot be used together with reps'; return;
    end if;
  end if;
end;
$function$;
comment on function app_hidden.walk_routine_target(e jsonb, p text, OUT path text, OUT reason text, OUT reps_low numeric, OUT reps_high numeric, OUT seconds numeric) is 'A step of app_hidden.walk_routine_entry: a routine exercise''s reps (0 to 500, or a range from low to high) and time (seconds or a duration, at most 86400 s, not with reps); the first problem at path p, or the target.';
grant execute on function app_hidden.walk_routine_target(e jsonb, p text, OUT path text, OUT reason text, OUT reps_low numeric, OUT reps_high numeric, OUT seconds numeric) to svc_reader;

create or replace function app_hidden.walk_routine_fields(doc jsonb, p_unit text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT entries jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
-- A routine document's own fields, in the SDK's order (id, name, icon, progression, unit, deload,
-- exercises): the first problem, or their canonical form and the exercise entries (not yet read).
declare
  l record := app_hidden.document_limits();
  v_object record;
  v_own record;
  v_line record;
  v_choice record;
  v_bool record;
  v_array record;
  s text;
  v_id uuid;
begin
  v_object := app_hidden.doc_object(doc, '{id,name,icon,progression,unit,deload,exercises}');
  if v_object.reason is not null then
    path := coalesce(v_object.key, 'document'); reason := v_object.reason; return;
  end if;
  canonical := '{}';
  -- id: a routine of the caller's
  if doc ? 'id' then
    v_own := app_hidden.doc_own_id(doc -> 'id', 'routines', p_user);
    s := v_own.id;
    if v_own.reason is not null then
      path := 'id'; reason := v_own.reason; return;
    end if;
    v_id := s::uuid;
    canonical := jsonb_build_object('id', s);
  end if;
  -- name: 1 to 80 characters, not another routine's name
  if not doc ? 'name' then
    path := 'name'; reason := 'is required'; return;
  end if;
  v_line := app_hidden.doc_line(doc -> 'name', 1, l.name);
  s := v_line.line;
  if v_line.reason is not null then
    path := 'name'; reason := v_line.reason; return;
  end if;
  reason := app_hidden.routine_name_taken(p_user, s, v_id);
  if reason is not null then
    path := 'name'; return;
  end if;
  canonical := canonical || jsonb_build_object('name', s);
  if doc ? 'icon' then
    v_line := app_hidden.doc_line(doc -> 'icon', 1, l.icon);
    s := v_line.line;
    if v_line.reason is not null then
      path := 'icon'; reason := v_line.reason; return;
    end if;
    canonical := canonical || jsonb_build_object('icon', s);
  end if;
  v_choice := app_hidden.doc_one_of(doc -> 'progression', app_hidden.progression_rules(), 'linear');
  s := v_choice.value;
  if v_choice.reason is not null then
    path := 'progression'; reason := v_choice.reason; return;
  end if;
  canonical := canonical || jsonb_build_object('progression', s);
  v_choice := app_hidden.doc_one_of(doc -> 'unit', app_hidden.weight_units(), p_unit);
  s := v_choice.value;
  if v_choice.reason is not null then
    path := 'unit'; reason := v_choice.reason; return;
  end if;
  canonical := canonical || jsonb_build_object('unit', s);
  v_bool := app_hidden.doc_flag(doc -> 'deload', false);
  if v_bool.reason is not null then
    path := 'deload'; reason := v_bool.reason; return;
  end if;
  if v_bool.value then
    canonical := canonical || '{"deload": true}';
  end if;
  -- exercises: at most 100
  v_array := app_hidden.doc_array(doc, 'exercises', 0, l.routine_exercises);
  if v_array.reason is not null then
    path := 'exercises'; reason := v_array.reason; return;
  end if;
  entries := v_array.list;
end;
$function$;
comment on function app_hidden.walk_routine_fields(doc jsonb, p_unit text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT entries jsonb) is 'The first step of app_hidden.walk_routine_document: a routine document''s own fields (id, name, icon, progression, unit, deload, exercises) for user p_user, the first problem, or their canonical form (without exercises) and the exercise entries as given.';
grant execute on function app_hidden.walk_routine_fields(doc jsonb, p_unit text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT entries jsonb) to svc_reader;

create or replace function app_hidden.walk_routine_exercise_extras(e jsonb, p text, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- The fields after `bursts` of a routine exercise, in this order (the SDK's routineExercise):
-- trainingMax, cycle, stages, then reset, amrapTarget, increment and rounding
-- (walk_routine_exercise_steps). `sets` and `reps` are read as the walk reads them; when they are
-- wrong the walk reports them first.
declare
  l record := app_hidden.document_limits();
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
begin
  canonical := '{}';
  row_fields := '{}';
  v_reps := app_hidden.doc_integer(e -> 'reps', 0, l.reps);
  if v_reps is null and jsonb_typeof(e -> 'reps') = 'string' then
    v_range := regexp_match(e ->> 'reps', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$');
    if v_range is not null and v_range[1]::numeric = v_range[2]::numeric and v_range[1]::numeric <= l.reps then
      v_reps := v_range[1]::int;
    end if;
  end if;
  if e ? 'trainingMax' then
    v_tm := app_hidden.doc_weight(e -> 'trainingMax');
    if v_tm is null then
      path := p || '.trainingMax'; reason := 'must be a number from 0 to ' || l.weight || ' with at most 2 decimals'; return;
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
  select * into x from app_hidden.walk_routine_exercise_steps(e, p, case when e ? 'time' then null else v_reps end);
  path := x.path; reason := x.reason;
  canonical := canonical || x.canonical;
  row_fields := row_fields || x.row_fields;
end;
$function$;
comment on function app_hidden.walk_routine_exercise_extras(e jsonb, p text, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb) is 'The validation of a routine exercise''s trainingMax, cycle and stages, then its last fields (walk_routine_exercise_steps): the first problem, or their canonical form and row columns.';
grant execute on function app_hidden.walk_routine_exercise_extras(e jsonb, p text, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb) to svc_reader;

create or replace function app_hidden.walk_routine_exercise_steps(e jsonb, p text, p_reps integer, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- The last fields of a routine exercise, in this order (the SDK's routineExercise): reset,
-- amrapTarget, increment, rounding. p_reps is the exercise's reps as one number (null for none, a
-- range or a time).
declare
  l record := app_hidden.document_limits();
  x record;
  n numeric;
  k text;
begin
  canonical := '{}';
  row_fields := '{}';
  if e ? 'reset' then
    select * into x from app_hidden.doc_reset(case when jsonb_typeof(e -> 'reset') = 'string' then e ->> 'reset' end);
    if x.percent is null and x.add is null then
      path := p || '.reset'; reason := 'must be a reset like 85% or +7.5 (above 0, at most 100, at most 2 decimals)'; return;
    end if;
    if not e ? 'stages' then
      path := p || '.reset'; reason := 'needs stages'; return;
    end if;
    canonical := canonical || jsonb_build_object('reset', coalesce(x.percent::text || '%', '+' || x.add::text));
  end if;
  if e ? 'amrapTarget' then
    n := app_hidden.doc_integer(e -> 'amrapTarget', 1, l.reps);
    if n is null then
      path := p || '.amrapTarget'; reason := 'must be an integer from 1 to ' || l.reps; return;
    end if;
    if e ? 'cycle' or e ? 'stages' then
      path := p || '.amrapTarget'; reason := 'must not be given with a cycle or stages'; return;
    end if;
    if p_reps is null or p_reps > n then
      path := p || '.amrapTarget'; reason := 'needs reps as one number, at most amrapTarget'; return;
    end if;
    canonical := canonical || jsonb_build_object('amrapTarget', n);
  end if;
  -- Steps: above 0, at most 100, at most 2 decimals.
  foreach k in array array['increment', 'rounding'] loop
    if e ? k then
      n := case when jsonb_typeof(e -> k) = 'number' then (e -> k)::text::numeric end;
      if n is null or n <= 0 or n > 100 or n <> round(n, 2) then
        path := p || '.' || k; reason := 'must be a number above 0 and at most 100 with at most 2 decimals'; return;
      end if;
      canonical := canonical || jsonb_build_object(k, trim_scale(n));
    end if;
  end loop;
  row_fields := jsonb_strip_nulls(jsonb_build_object('reset', canonical -> 'reset', 'amrap_target', canonical -> 'amrapTarget',
                                                     'increment', canonical -> 'increment', 'rounding', canonical -> 'rounding'));
end;
$function$;
comment on function app_hidden.walk_routine_exercise_steps(e jsonb, p text, p_reps integer, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb) is 'The validation of a routine exercise''s reset, amrapTarget, increment and rounding (its last fields): the first problem, or their canonical form and row columns.';
grant execute on function app_hidden.walk_routine_exercise_steps(e jsonb, p text, p_reps integer, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb) to svc_reader;

create or replace function app_hidden.doc_exercise_field(entry jsonb)
 RETURNS app_hidden.doc_line_answer
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  select case when entry ? 'exercise' then app_hidden.doc_line(entry -> 'exercise', 1, (app_hidden.document_limits()).exercise)
              else row(null, 'is required')::app_hidden.doc_line_answer end;
$function$;
comment on function app_hidden.doc_exercise_field(entry jsonb) is 'The `exercise` field of a routine or workout entry as text: the reference as written, or the reason it is refused at `<entry>.exercise` (absent, not a one-line text of 1 to 100 characters). app_hidden.doc_exercise resolves it.';
grant execute on function app_hidden.doc_exercise_field(entry jsonb) to svc_reader;

create or replace function app_hidden.doc_stage(t text, OUT sets integer, OUT reps integer, OUT amrap boolean)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
declare
  l record := app_hidden.document_limits();
  m text[] := regexp_match(t, '^[ \t]*([0-9]+)[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$');
begin
  if m is null or m[1]::numeric not between 1 and 20 or m[2]::numeric > l.reps then
    return;
  end if;
  sets := m[1]::int;
  reps := m[2]::int;
  amrap := m[3] is not null;
end;
$function$;
comment on function app_hidden.doc_stage(t text, OUT sets integer, OUT reps integer, OUT amrap boolean) is 'Parses a stage (`5x3`, `5x3+`; the SDK''s parseStage): 1 to 20 sets, at most 500 reps; all null when it is not one.';
grant execute on function app_hidden.doc_stage(t text, OUT sets integer, OUT reps integer, OUT amrap boolean) to svc_reader;

create or replace function app_hidden.doc_percent_set(t text, OUT percent numeric, OUT reps integer, OUT amrap boolean)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
declare
  l record := app_hidden.document_limits();
  m text[] := regexp_match(t, '^[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*%[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$');
begin
  if m is null or char_length(rtrim(split_part(replace(m[1], ',', '.'), '.', 2), '0')) > 2 then
    return;
  end if;
  if replace(m[1], ',', '.')::numeric <= 0 or replace(m[1], ',', '.')::numeric > 200 or m[2]::numeric > l.reps then
    return;
  end if;
  percent := trim_scale(replace(m[1], ',', '.')::numeric);
  reps := m[2]::int;
  amrap := m[3] is not null;
end;
$function$;
comment on function app_hidden.doc_percent_set(t text, OUT percent numeric, OUT reps integer, OUT amrap boolean) is 'Parses a percentage set (`85%x5`, `95%x1+`; the SDK''s parsePercentSet): percent above 0 and at most 200 with at most 2 decimals, reps at most 500, `+` for as many reps as possible; all null when it is not one.';
grant execute on function app_hidden.doc_percent_set(t text, OUT percent numeric, OUT reps integer, OUT amrap boolean) to svc_reader;

create or replace function app_hidden.doc_weight(v jsonb)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case when jsonb_typeof(v) = 'number' then
    case when v::numeric between 0 and (app_hidden.document_limits()).weight and v::numeric = round(v::numeric, 2) then trim_scale(v::numeric) end
  end;
$function$;
comment on function app_hidden.doc_weight(v jsonb) is 'A JSON number from 0 to app_hidden.document_limits().weight (10000) with at most 2 decimals (trailing zeros aside), without trailing zeros; otherwise null.';
grant execute on function app_hidden.doc_weight(v jsonb) to svc_reader;

create or replace function app_hidden.bodyweight_reason(weight numeric)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case when weight is null or not (weight > 0 and weight <= (app_hidden.document_limits()).bodyweight and weight = round(weight, 2))
              then 'must be a number above 0 and at most ' || (app_hidden.document_limits()).bodyweight || ' with at most 2 decimals' end;
$function$;
comment on function app_hidden.bodyweight_reason(weight numeric) is 'Why a bodyweight is refused (none, null, at most 0, over 1500 or more than 2 decimals), or null when it is good: the rule of a workout document''s bodyweight and of logBodyweight. The bodyweights table keeps its own check constraint as the stored rows'' guard (on the double precision column; a constraint calling a function would not be checked again if the function changed).';
grant execute on function app_hidden.bodyweight_reason(weight numeric) to svc_reader;

create or replace function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
-- The routine walk (app_hidden.walk_routine_document) on the document without the fields it does
-- not know, then those: each exercise's trainingMax, cycle, stages, reset, amrapTarget, increment and rounding (last in its entry,
-- so a problem there comes before the walk's problems in later entries only), and `program`, the
-- last field of a routine document but `folder`, then `folder` (the same rules): 1 to 80 characters
-- without control characters, or null (none).
declare
  l record := app_hidden.document_limits();
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
  v_stripped := case when jsonb_typeof(doc) = 'object' then doc - '{program,folder,version}'::text[] else doc end;
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
      select coalesce(jsonb_agg(case when jsonb_typeof(x2.e) = 'object' then x2.e - '{trainingMax,cycle,stages,reset,amrapTarget,increment,rounding}'::text[] else x2.e end order by x2.ord), '[]')
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
    v_line := app_hidden.doc_line(doc -> 'program', 1, l.name);
    s := v_line.line;
    if v_line.reason is not null then
      path := 'program'; reason := v_line.reason; canonical := null; exercise_rows := null; return;
    end if;
    canonical := canonical || jsonb_build_object('program', s);
  end if;
  if doc ? 'folder' and jsonb_typeof(doc -> 'folder') <> 'null' then
    v_line := app_hidden.doc_line(doc -> 'folder', 1, l.name);
    if v_line.reason is not null then
      path := 'folder'; reason := v_line.reason; canonical := null; exercise_rows := null; return;
    end if;
    canonical := canonical || jsonb_build_object('folder', v_line.line);
  end if;
  reason := app_hidden.doc_version_reason(doc);
  if reason is not null then
    path := 'version'; canonical := null; exercise_rows := null; return;
  end if;
  canonical := canonical || app_hidden.doc_version(doc);
end;
$function$;
comment on function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb) is 'The validation walk of a routine document with its `program`, `folder` and `version` (checked last, in that order): the first problem (path, reason), or the canonical document and the rows to write.';
grant execute on function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb) to svc_reader;
