-- The long SQL functions as named steps, each under 100 lines, with the same results: the
-- exercise resolver's exact tiers and typo tier, the routine and workout document walks' fields,
-- entries and sets, and an import's names, workouts and summary.
-- Each step is a plain move of the lines it held in its caller; only the caller changes shape.

--------------------------------------------------------------------------------
-- The exercise resolver: app_hidden.match_exercise over its steps
--------------------------------------------------------------------------------

create or replace function app_hidden.match_exercise_exact(ref text, p_me uuid, OUT match text, OUT exercise_id uuid)
 returns record
 language plpgsql
 stable
as $function$
-- The exact tiers, in order: an id the caller can see, a catalog name or one of the caller's custom
-- names (never both: see tg_custom_exercise_name_free), a catalog alias. Nothing found: both null.
declare
  v_ref text := btrim(coalesce(ref, ''));
  v_key text := app_public.exercise_key(coalesce(ref, ''));
begin
  if app_hidden.try_uuid(v_ref) is not null then
    select e.id into exercise_id from app_public.exercises e
     where e.id = app_hidden.try_uuid(v_ref) and (e.user_id is null or e.user_id = p_me);
    if exercise_id is not null then
      match := 'id'; return;
    end if;
  end if;
  if v_key = '' then return; end if;
  select e.id into exercise_id from app_public.exercises e
   where e.key = v_key and (e.user_id is null or e.user_id = p_me)
   order by e.user_id nulls first limit 1;
  if exercise_id is not null then
    match := 'name'; return;
  end if;
  select a.exercise_id into exercise_id
    from app_public.exercise_aliases a join app_public.exercises e on e.id = a.exercise_id
   where a.key = v_key and e.user_id is null;
  if exercise_id is not null then
    match := 'alias';
  end if;
end;
$function$;
comment on function app_hidden.match_exercise_exact(ref text, p_me uuid, OUT match text, OUT exercise_id uuid) is 'The exact tiers of app_hidden.match_exercise for user p_me: id (an exercise id p_me can see), name (a catalog name or one of p_me''s custom names, ignoring case, spacing and hyphens), alias (a catalog alias); the first that finds one, else both null.';
grant execute on function app_hidden.match_exercise_exact(ref text, p_me uuid, OUT match text, OUT exercise_id uuid) to svc_reader;

create or replace function app_hidden.match_exercise_typos(words text[], unknown_words text[], p_me uuid, OUT tier integer, OUT ids uuid[])
 returns record
 language plpgsql
 stable
as $function$
-- Typos: each word that is no word of any exercise (unknown_words, at least one), corrected to the
-- words nearest to it (one slip for words of 5 to 7 letters, two from 8; shorter words are never
-- corrected: `row` and `rdl` are too close to other words to guess); every combination of
-- corrections (at most 16) is matched by the word tiers, the best tier wins, ties keep every id.
declare
  v_vocab text[];
  v_unknown text;
  v_fixes text[];
  v_combos text[];
  v_next text[];
  v_combo text;
  v_fix text;
  v_max int;
  r record;
begin
  ids := '{}';
  select array_agg(distinct w) into v_vocab from (
    select unnest(l.words) as w from app_hidden.exercise_labels l where l.user_id is null or l.user_id = p_me
    union all
    select l.joined from app_hidden.exercise_labels l where (l.user_id is null or l.user_id = p_me) and cardinality(l.words) > 1
    union all
    select unnest(array['barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio'])
  ) t;
  v_combos := array[array_to_string(words, ' ')];
  foreach v_unknown in array unknown_words loop
    v_max := case when char_length(v_unknown) >= 8 then 2 when char_length(v_unknown) >= 5 then 1 else 0 end;
    with near as (
      select v.w, app_hidden.typo_distance(v_unknown, v.w) as d
        from unnest(v_vocab) v(w)
       where v_max > 0 and abs(char_length(v.w) - char_length(v_unknown)) <= v_max
         and (left(v.w, 1) = left(v_unknown, 1) or right(v.w, 1) = right(v_unknown, 1))
    )
    select array_agg(n.w order by n.w) into v_fixes
      from near n where n.d <= v_max and n.d = (select min(d) from near);
    if v_fixes is null then
      return;
    end if;
    v_next := '{}';
    foreach v_combo in array v_combos loop
      foreach v_fix in array v_fixes loop
        v_next := v_next || btrim(regexp_replace(' ' || v_combo || ' ', ' ' || v_unknown || ' ', ' ' || v_fix || ' ', 'g'));
      end loop;
    end loop;
    v_combos := v_next[1:16];
  end loop;
  foreach v_combo in array v_combos loop
    r := app_hidden.match_exercise_words(string_to_array(v_combo, ' '), p_me);
    if r.tier is not null and (tier is null or r.tier < tier) then
      tier := r.tier;
      ids := r.ids;
    elsif r.tier is not null and r.tier = tier then
      ids := ids || array(select x from unnest(r.ids) x where not (x = any(ids)));
    end if;
  end loop;
end;
$function$;
comment on function app_hidden.match_exercise_typos(words text[], unknown_words text[], p_me uuid, OUT tier integer, OUT ids uuid[]) is 'The typo tier of app_hidden.match_exercise for user p_me: the unknown words (no word of any exercise) of a name corrected to their nearest words (one slip from 5 letters, two from 8), then matched by app_hidden.match_exercise_words; the best tier and its ids, or a null tier.';
grant execute on function app_hidden.match_exercise_typos(words text[], unknown_words text[], p_me uuid, OUT tier integer, OUT ids uuid[]) to svc_reader;

create or replace function app_hidden.match_exercise(ref text, suggest boolean DEFAULT true, OUT match text, OUT exercise_id uuid, OUT candidate_ids uuid[])
 returns record
 language plpgsql
 stable
 set search_path to 'pg_catalog', 'public'
as $function$
-- The one resolver (its tiers are in its `comment on`). candidate_ids: the exercise found, or the
-- choices when ambiguous (at most 10, likeliest first), or the closest names when none (at most 3).
declare
  v_me uuid := app_public.current_user_id();
  v_words text[];
  v_unknown_words text[];
  v_ids uuid[] := '{}';
  r record;
begin
  match := 'none';
  candidate_ids := '{}';
  if btrim(coalesce(ref, '')) = '' then return; end if;
  r := app_hidden.match_exercise_exact(ref, v_me);
  if r.match is not null then
    match := r.match; exercise_id := r.exercise_id; candidate_ids := array[exercise_id]; return;
  end if;
  v_words := app_hidden.exercise_words(btrim(ref));
  if cardinality(v_words) > 0 and cardinality(v_words) <= 12 then
    -- Words that are no word of any exercise (index probes; the whole vocabulary only for typos).
    v_unknown_words := array(
      select distinct w from unnest(v_words) w
       where w <> all (array['barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio'])
         and not exists (select 1 from app_hidden.exercise_labels l
                          where l.words @> array[w] and (l.user_id is null or l.user_id = v_me))
         and not exists (select 1 from app_hidden.exercise_labels l
                          where l.joined = w and (l.user_id is null or l.user_id = v_me)));
    if cardinality(v_unknown_words) = 0 then
      r := app_hidden.match_exercise_words(v_words, v_me);
      if r.tier is not null then
        v_ids := r.ids;
        match := 'words';
      end if;
    else
      r := app_hidden.match_exercise_typos(v_words, v_unknown_words, v_me);
      if r.tier is not null then
        v_ids := r.ids;
        match := 'typo';
      end if;
    end if;
  end if;
  if match <> 'none' then
    if cardinality(v_ids) = 1 then
      exercise_id := v_ids[1];
      candidate_ids := v_ids;
    else
      match := 'ambiguous';
      exercise_id := null;
      candidate_ids := v_ids[1:10];
    end if;
    return;
  end if;
  exercise_id := null;
  if not suggest then return; end if;
  candidate_ids := coalesce((
    select array_agg(e.id order by n.o)
      from unnest(app_hidden.closest_exercises(ref, 3)) with ordinality as n(name, o)
      cross join lateral (select e.id from app_public.exercises e
                           where e.name = n.name and (e.user_id is null or e.user_id = v_me)
                           order by e.user_id nulls last limit 1) e), '{}');
end;
$function$;
comment on function app_hidden.match_exercise(ref text, suggest boolean, OUT match text, OUT exercise_id uuid, OUT candidate_ids uuid[]) is 'The one exercise resolver, for the calling user (security invoker: RLS applies): how a typed name matches (id, name, alias, words, typo, ambiguous or none), the exercise (only for a single match) and candidate_ids (the match; the choices when ambiguous, at most 10, likeliest first; the closest names when none, at most 3, unless suggest is false). Documents, search, records, lastPerformance and imports all resolve names through it. Its tiers, the first that finds something wins: id (an exercise id the caller can see); name (a catalog name or one of the caller''s custom names, ignoring case, spacing and hyphens); alias (a catalog alias: `bench`, `OHP`, the other apps'' export names); words (the same words once abbreviations such as `DB`, `OH`, `sq`, plurals, word order, filler words and an export''s equipment in brackets, `Squat (Barbell)`, are accounted for; or a whole name mentioned with only the exercise''s own words around it; or words that only one exercise covers half a name of, `goblet`, or only one exercise has, `zercher`); typo (as words, after correcting words of 5 letters or more that are no word of any exercise by one slip, two from 8 letters: `sqaut`, `plnak`, `deadlfit`). Two or more exercises equally good in a tier: ambiguous, with the choices, never a guess (`press`); nothing: none, with the closest names.';

--------------------------------------------------------------------------------
-- The routine document walk: app_hidden.walk_routine_document over its steps
--------------------------------------------------------------------------------

create or replace function app_hidden.walk_routine_fields(doc jsonb, p_unit text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT entries jsonb)
 returns record
 language plpgsql
 stable
as $function$
-- A routine document's own fields, in the SDK's order (id, name, icon, progression, unit, deload,
-- exercises): the first problem, or their canonical form and the exercise entries (not yet read).
declare
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
  v_line := app_hidden.doc_line(doc -> 'name', 1, 80);
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
    v_line := app_hidden.doc_line(doc -> 'icon', 1, 40);
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
  v_array := app_hidden.doc_array(doc, 'exercises', 0, 100);
  if v_array.reason is not null then
    path := 'exercises'; reason := v_array.reason; return;
  end if;
  entries := v_array.list;
end;
$function$;
comment on function app_hidden.walk_routine_fields(doc jsonb, p_unit text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT entries jsonb) is 'The first step of app_hidden.walk_routine_document: a routine document''s own fields (id, name, icon, progression, unit, deload, exercises) for user p_user, the first problem, or their canonical form (without exercises) and the exercise entries as given.';
grant execute on function app_hidden.walk_routine_fields(doc jsonb, p_unit text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT entries jsonb) to svc_reader;

create or replace function app_hidden.walk_routine_target(e jsonb, p text, OUT path text, OUT reason text, OUT reps_low numeric, OUT reps_high numeric, OUT seconds numeric)
 returns record
 language plpgsql
 immutable
as $function$
-- A routine exercise's target: `reps` (0 to 500, or a range `low-high`), then `time` (seconds or a
-- duration, at most a day, not with reps). The first problem at path p, or the target.
begin
  if e ? 'reps' then
    if jsonb_typeof(e -> 'reps') = 'string' then
      select m[1]::numeric, m[2]::numeric into reps_low, reps_high
        from regexp_match(e ->> 'reps', '^[ \t]*([0-9]+)[ \t]*[-–][ \t]*([0-9]+)[ \t]*$') m;
      if reps_low is null then
        path := p || '.reps'; reason := 'must be an integer from 0 to 500 or a range like 8-12'; return;
      end if;
      if reps_low > 500 or reps_high > 500 then
        path := p || '.reps'; reason := 'range must be within 0 to 500'; return;
      end if;
      if reps_low > reps_high then
        path := p || '.reps'; reason := 'range must go from low to high'; return;
      end if;
    else
      reps_low := app_hidden.doc_integer(e -> 'reps', 0, 500);
      if reps_low is null then
        path := p || '.reps'; reason := 'must be an integer from 0 to 500 or a range like 8-12'; return;
      end if;
      reps_high := reps_low;
    end if;
  end if;
  if e ? 'time' then
    seconds := app_hidden.doc_duration(e -> 'time');
    if seconds is null then
      path := p || '.time'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
    end if;
    if seconds > 86400 then
      path := p || '.time'; reason := 'must be at most 86400 seconds'; return;
    end if;
    if e ? 'reps' then
      path := p || '.time'; reason := 'cannot be used together with reps'; return;
    end if;
  end if;
end;
$function$;
comment on function app_hidden.walk_routine_target(e jsonb, p text, OUT path text, OUT reason text, OUT reps_low numeric, OUT reps_high numeric, OUT seconds numeric) is 'A step of app_hidden.walk_routine_entry: a routine exercise''s reps (0 to 500, or a range from low to high) and time (seconds or a duration, at most 86400 s, not with reps); the first problem at path p, or the target.';
grant execute on function app_hidden.walk_routine_target(e jsonb, p text, OUT path text, OUT reason text, OUT reps_low numeric, OUT reps_high numeric, OUT seconds numeric) to svc_reader;

create or replace function app_hidden.walk_routine_entry(e jsonb, p text, cache jsonb, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_row jsonb, OUT resolved jsonb)
 returns record
 language plpgsql
 stable
as $function$
-- One routine exercise at path p, its fields in the SDK's order: the first problem, or its canonical
-- entry and row. cache: the names resolved so far in this document; resolved: it with this entry's.
declare
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
      path := p || '.weight'; reason := 'must be a number from 0 to 10000 with at most 2 decimals'; return;
    end if;
  end if;
  if e ? 'rest' then
    v_rest := app_hidden.doc_duration(e -> 'rest');
    if v_rest is null then
      path := p || '.rest'; reason := 'must be seconds or a duration like 1:30 or 1m30s'; return;
    end if;
    if v_rest > 900 then
      path := p || '.rest'; reason := 'must be at most 900 seconds'; return;
    end if;
  end if;
  if e ? 'superset' and jsonb_typeof(e -> 'superset') <> 'null' then
    v_line := app_hidden.doc_line(e -> 'superset', 1, 8);
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

create or replace function app_hidden.walk_routine_document(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb)
 returns record
 language plpgsql
 stable
as $function$
-- The routine's own fields (walk_routine_fields), then each exercise entry in order
-- (walk_routine_entry): the first problem stops the walk, as the SDK's validate.ts does.
declare
  v_fields record;
  v_entry record;
  v_cache jsonb := '{}';
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  i int;
begin
  v_fields := app_hidden.walk_routine_fields(doc, p_unit, app_public.current_user_id());
  if v_fields.reason is not null then
    path := v_fields.path; reason := v_fields.reason; return;
  end if;
  for i in 0 .. jsonb_array_length(v_fields.entries) - 1 loop
    v_entry := app_hidden.walk_routine_entry(v_fields.entries -> i, 'exercises[' || i || ']', v_cache);
    if v_entry.reason is not null then
      path := v_entry.path; reason := v_entry.reason; return;
    end if;
    v_cache := v_entry.resolved;
    v_canon := v_canon || v_entry.canonical;
    v_rows := v_rows || v_entry.exercise_row;
  end loop;
  canonical := v_fields.canonical || jsonb_build_object('exercises', to_jsonb(v_canon));
  exercise_rows := to_jsonb(v_rows);
end;
$function$;
comment on function app_hidden.walk_routine_document(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb) is 'The validation walk of a routine document for the calling user: the first problem (path, reason), or the canonical document and the rows to write (exercise ids resolved). p_unit is the unit when the document names none.';

--------------------------------------------------------------------------------
-- The workout document walk: app_hidden.walk_workout_document over its steps
--------------------------------------------------------------------------------

create or replace function app_hidden.walk_workout_when(doc jsonb, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone)
 returns record
 language plpgsql
 stable
as $function$
-- A workout's date (required, a real day from 1900-01-01 to 2099-12-31), start (with an offset,
-- within a day of date; default noon UTC on date) and minutes (0 to 1440): the first problem, or
-- their canonical form and the start instant.
declare
  v_date text;
  v_n int;
  s text;
begin
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
  canonical := jsonb_build_object('date', v_date, 'start', s);
  if doc ? 'minutes' then
    v_n := app_hidden.doc_integer(doc -> 'minutes', 0, 1440);
    if v_n is null then
      path := 'minutes'; reason := 'must be an integer from 0 to 1440'; return;
    end if;
    canonical := canonical || jsonb_build_object('minutes', v_n);
  end if;
end;
$function$;
comment on function app_hidden.walk_workout_when(doc jsonb, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone) is 'A step of app_hidden.walk_workout_fields: a workout''s date (a real day from 1900-01-01 to 2099-12-31), start (ISO 8601 with offset, within a day of date; default noon UTC) and minutes (0 to 1440), the first problem, or their canonical form and the start instant.';
grant execute on function app_hidden.walk_workout_when(doc jsonb, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone) to svc_reader;

create or replace function app_hidden.walk_workout_fields(doc jsonb, p_unit text, p_effort text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT effort text, OUT entries jsonb)
 returns record
 language plpgsql
 stable
as $function$
-- A workout document's own fields in the SDK's order (id, name, date, start, minutes, bodyweight,
-- unit, effort, routine, notes, skipProgression, exercises with at most 500 sets in all): the first
-- problem, or their canonical form, the start instant (also with a later problem, as read), the effort
-- scale and the entries (not yet read).
declare
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
    v_line := app_hidden.doc_line(doc -> 'name', 1, 80);
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
    if char_length(s) > 2000 then
      path := 'notes'; reason := 'must be at most 2000 characters'; return;
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
  v_array := app_hidden.doc_array(doc, 'exercises', 0, 100);
  if v_array.reason is not null then
    path := 'exercises'; reason := v_array.reason; return;
  end if;
  if (select coalesce(sum(jsonb_array_length(x.e -> 'sets')), 0) from jsonb_array_elements(v_array.list) x(e)
       where jsonb_typeof(x.e -> 'sets') = 'array') > 500 then
    path := 'exercises'; reason := 'must have at most 500 sets in all'; return;
  end if;
  entries := v_array.list;
end;
$function$;
comment on function app_hidden.walk_workout_fields(doc jsonb, p_unit text, p_effort text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT effort text, OUT entries jsonb) is 'The first step of app_hidden.walk_workout_document: a workout document''s own fields for user p_user (id, name, date, start, minutes, bodyweight, unit, effort, routine, notes, skipProgression, exercises: at most 100 with at most 500 sets in all), the first problem, or their canonical form (without exercises), the start instant, the effort scale and the entries as given.';
grant execute on function app_hidden.walk_workout_fields(doc jsonb, p_unit text, p_effort text, p_user uuid, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT effort text, OUT entries jsonb) to svc_reader;

create or replace function app_hidden.walk_workout_sets(entries jsonb, effort text, OUT set_paths text[], OUT set_reasons text[], OUT set_canons jsonb[], OUT set_rows jsonb[])
 returns record
 language sql
 stable
as $function$
-- Every entry's sets at once, one statement for the whole document (the sizes are bounded before),
-- by entry (from 1; an entry whose sets are no array has nulls): the first problem (its path and
-- reason; a set's form, then its text, then its done), else the canonical sets and their rows.
select array_agg(s.path order by x.i), array_agg(s.reason order by x.i),
       array_agg(s.canonical order by x.i), array_agg(s.set_rows order by x.i)
  from jsonb_array_elements(entries) with ordinality x(e, i)
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
              cross join lateral app_hidden.doc_parse_set(y.t, effort) p
              -- A set as text (v -> 'done' is null) is done.
              cross join lateral (select app_hidden.doc_flag(y.v -> 'done', true) as flag) d) c) s on true;
$function$;
comment on function app_hidden.walk_workout_sets(entries jsonb, effort text, OUT set_paths text[], OUT set_reasons text[], OUT set_canons jsonb[], OUT set_rows jsonb[]) is 'A step of app_hidden.walk_workout_document: the sets of every exercise entry in one statement, by entry (from 1): the first problem''s path and reason, else the canonical sets and the rows to write (set text read on the effort scale given).';
grant execute on function app_hidden.walk_workout_sets(entries jsonb, effort text, OUT set_paths text[], OUT set_reasons text[], OUT set_canons jsonb[], OUT set_rows jsonb[]) to svc_reader;

create or replace function app_hidden.walk_workout_entry(e jsonb, p text, cache jsonb, set_path text, set_reason text, set_canon jsonb, set_rows jsonb, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_row jsonb, OUT resolved jsonb)
 returns record
 language plpgsql
 stable
as $function$
-- One workout exercise at path p, its fields in the SDK's order (exercise, superset, note, pinned,
-- skipProgression, sets), its sets read already (walk_workout_sets: set_path and set_reason for the
-- first problem, else set_canon and set_rows): the first problem, or its canonical entry and row.
-- cache: the names resolved so far in this document; resolved: it with this entry's.
declare
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
    v_line := app_hidden.doc_line(e -> 'superset', 1, 8);
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

create or replace function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT exercise_rows jsonb)
 returns record
 language plpgsql
 stable
as $function$
-- The workout's own fields (walk_workout_fields), then every entry's sets in one statement
-- (walk_workout_sets), then each entry in order (walk_workout_entry): the first problem in document
-- order (an entry's fields, then its sets, then the next entry) stops the walk, as the SDK's does.
declare
  v_fields record;
  v_sets record;
  v_entry record;
  v_cache jsonb;
  v_canon jsonb[] := '{}';
  v_rows jsonb[] := '{}';
  i int;
begin
  v_fields := app_hidden.walk_workout_fields(doc, p_unit, p_effort, app_public.current_user_id());
  start := v_fields.start;
  if v_fields.reason is not null then
    path := v_fields.path; reason := v_fields.reason; return;
  end if;
  if jsonb_array_length(v_fields.entries) = 0 then
    canonical := v_fields.canonical || '{"exercises": []}';
    exercise_rows := '[]';
    return;
  end if;
  -- Names the exact tiers resolve go in the cache doc_exercise_entry reads (the same answer
  -- resolve_exercise gives), a statement for all; the others are resolved, or explained, in order.
  select coalesce(jsonb_object_agg(r.ref, x.exercise_id) filter (where x.exercise_id is not null), '{}')
    into v_cache
    from (select array_agg(y.e ->> 'exercise') as refs from jsonb_array_elements(v_fields.entries) y(e)
           where jsonb_typeof(y.e -> 'exercise') = 'string') q
   cross join lateral unnest(q.refs) with ordinality r(ref, ord)
    join app_hidden.resolve_exercises_exactly(q.refs) x on x.ord = r.ord;
  v_sets := app_hidden.walk_workout_sets(v_fields.entries, v_fields.effort);
  for i in 0 .. jsonb_array_length(v_fields.entries) - 1 loop
    v_entry := app_hidden.walk_workout_entry(v_fields.entries -> i, 'exercises[' || i || ']', v_cache,
      v_sets.set_paths[i + 1], v_sets.set_reasons[i + 1], v_sets.set_canons[i + 1], v_sets.set_rows[i + 1]);
    if v_entry.reason is not null then
      path := v_entry.path; reason := v_entry.reason; return;
    end if;
    v_cache := v_entry.resolved;
    v_canon := v_canon || v_entry.canonical;
    v_rows := v_rows || v_entry.exercise_row;
  end loop;
  canonical := v_fields.canonical || jsonb_build_object('exercises', to_jsonb(v_canon));
  exercise_rows := to_jsonb(v_rows);
end;
$function$;
comment on function app_hidden.walk_workout_document(doc jsonb, p_unit text, p_effort text, OUT path text, OUT reason text, OUT canonical jsonb, OUT start timestamp with time zone, OUT exercise_rows jsonb) is 'The validation walk of a workout document for the calling user: the first problem (path, reason), or the canonical document, the start instant and the rows to write. p_unit and p_effort apply when the document names none.';

--------------------------------------------------------------------------------
-- Import: app_public.import_history over its steps
--------------------------------------------------------------------------------

create or replace function app_hidden.import_names_chosen(workouts jsonb, choices jsonb, custom_exercises jsonb, dry_run boolean, OUT name_map jsonb, OUT unmapped text[])
 returns record
 language plpgsql
 stable
as $function$
-- Where each of the file's exercise names goes (app_hidden.import_name_map), and the names that
-- still need a choice: a real import refuses them all at once (SVMAP, detail: one name a line).
begin
  name_map := app_hidden.import_name_map(workouts, choices, custom_exercises);
  select coalesce(array_agg(m.name order by m.name), '{}') into unmapped
    from jsonb_each(name_map) m(name, mapping) where m.mapping ->> 'action' = 'unmapped';
  if not dry_run and cardinality(unmapped) > 0 then
    raise exception 'choices: % exercise name(s) map to no exercise: %; choose for each: map to an exercise, create a custom exercise, or skip',
      cardinality(unmapped), array_to_string(unmapped[1:10], ', ') || case when cardinality(unmapped) > 10 then ', ...' else '' end
      using errcode = 'SVMAP', detail = array_to_string(unmapped, E'\n');
  end if;
end;
$function$;
comment on function app_hidden.import_names_chosen(workouts jsonb, choices jsonb, custom_exercises jsonb, dry_run boolean, OUT name_map jsonb, OUT unmapped text[]) is 'A step of import_history: the name map (app_hidden.import_name_map) and the names mapped to nothing; in a real import (not dry_run) any such name is refused with SVMAP (UNMAPPED_EXERCISES; detail = the names, one a line).';
grant execute on function app_hidden.import_names_chosen(workouts jsonb, choices jsonb, custom_exercises jsonb, dry_run boolean, OUT name_map jsonb, OUT unmapped text[]) to svc_visitor;

create or replace function app_hidden.import_one_workout(file_index integer, workout jsonb, name_map jsonb, routine_ids jsonb, wall_start timestamp without time zone, dry_run boolean, unit text, effort text, OUT emptied boolean, OUT sets integer, OUT skipped_sets integer, OUT sets_by_name jsonb)
 returns record
 language plpgsql
as $function$
-- One workout of the file (not a duplicate), the file's workouts[file_index]: its entries under
-- their mapped names, its routine as the export's routine was saved, then saved (or, in a dry run,
-- checked) as a document. A refused document is SVDOC at its path in the file.
declare
  v_entries record := app_hidden.import_workout_entries(workout, name_map, dry_run);
  v_document jsonb := workout - 'id';
  v_problem record;
  v_kept_index integer;
  v_path_in_file text;
begin
  sets_by_name := v_entries.sets_by_name;
  skipped_sets := v_entries.skipped_sets;
  emptied := false;
  sets := 0;
  if jsonb_typeof(workout -> 'exercises') = 'array' and jsonb_array_length(v_entries.entries) = 0 then
    if jsonb_array_length(workout -> 'exercises') > 0
       and not exists (select 1 from jsonb_array_elements(workout -> 'exercises') e
                        where (name_map -> (e ->> 'exercise')) ->> 'action' is distinct from 'skip') then
      -- Every exercise of it was skipped: nothing of it to keep.
      emptied := true;
      return;
    end if;
  end if;
  if jsonb_typeof(workout -> 'exercises') = 'array' then v_document := jsonb_set(v_document, '{exercises}', v_entries.entries); end if;
  if workout ? 'routine' then
    v_document := case when jsonb_typeof(workout -> 'routine') = 'string' and routine_ids ->> (workout ->> 'routine') is not null
                       then jsonb_set(v_document, '{routine}', routine_ids -> (workout ->> 'routine'))
                       else v_document - 'routine' end;
  end if;
  select * into v_problem from app_hidden.import_save_workout(v_document, wall_start, dry_run, unit, effort);
  if v_problem.path is not null then
    -- The path in the workout as the file gave it (entries of skipped names were taken out).
    v_path_in_file := v_problem.path;
    v_kept_index := substring(v_problem.path from '^exercises\[([0-9]+)\]')::integer;
    if v_entries.file_positions[v_kept_index + 1] is not null then
      v_path_in_file := 'exercises[' || v_entries.file_positions[v_kept_index + 1] || ']'
                        || substring(v_problem.path from '^exercises\[[0-9]+\](.*)$');
    end if;
    raise exception 'workouts[%].%: %', file_index, v_path_in_file, v_problem.reason
      using errcode = 'SVDOC', detail = format('workouts[%s].%s', file_index, v_path_in_file), hint = v_problem.reason;
  end if;
  sets := v_entries.unchecked_sets
    + (select coalesce(sum(jsonb_array_length(e -> 'sets')), 0) from jsonb_array_elements(v_entries.entries) e);
end;
$function$;
comment on function app_hidden.import_one_workout(file_index integer, workout jsonb, name_map jsonb, routine_ids jsonb, wall_start timestamp without time zone, dry_run boolean, unit text, effort text, OUT emptied boolean, OUT sets integer, OUT skipped_sets integer, OUT sets_by_name jsonb) is 'A step of import_history: one workout of the file (workouts[file_index], not already there) saved, or checked in a dry run (app_hidden.import_save_workout), its names mapped and its routine the one an export''s routine became (routine_ids). emptied: every exercise of it was skipped (nothing saved); sets, skipped_sets and sets_by_name count what it holds. A refused document: SVDOC at its path in the file.';
grant execute on function app_hidden.import_one_workout(file_index integer, workout jsonb, name_map jsonb, routine_ids jsonb, wall_start timestamp without time zone, dry_run boolean, unit text, effort text, OUT emptied boolean, OUT sets integer, OUT skipped_sets integer, OUT sets_by_name jsonb) to svc_visitor;

create or replace function app_hidden.import_names_summary(name_map jsonb, sets_by_name jsonb)
 returns jsonb
 language sql
 stable
as $function$
  -- Each name of the file, by name: where it goes, the exercise's name, suggestions and its sets.
  select coalesce(jsonb_agg(jsonb_build_object(
           'name', m.name,
           'action', m.mapping ->> 'action',
           'via', m.mapping ->> 'via',
           'exerciseId', m.mapping ->> 'exerciseId',
           'exercise', (select ex.name from app_public.exercises ex where ex.id = (m.mapping ->> 'exerciseId')::uuid),
           'suggestions', m.mapping -> 'suggestions',
           'sets', coalesce((sets_by_name ->> m.name)::integer, 0)) order by m.name), '[]')
    from jsonb_each(name_map) m(name, mapping);
$function$;
comment on function app_hidden.import_names_summary(name_map jsonb, sets_by_name jsonb) is 'A step of import_history: the `names` of its summary, one per name of the file in name order (name, action, via, exerciseId, exercise, suggestions, sets).';
grant execute on function app_hidden.import_names_summary(name_map jsonb, sets_by_name jsonb) to svc_visitor;

create or replace function app_public.import_history(workouts jsonb, choices jsonb DEFAULT '{}'::jsonb, extras jsonb DEFAULT NULL::jsonb, dry_run boolean DEFAULT true)
 returns jsonb
 language plpgsql
as $function$
declare
  v_user uuid := app_hidden.require_user();
  v_names record;
  v_custom record;
  v_account record;
  v_unit text;
  v_effort text;
  v_duplicates boolean[];
  v_wall_starts timestamp[];
  v_index integer;
  v_workout jsonb;
  v_one record;
  v_sets_by_name jsonb := '{}';
  v_new integer := 0;
  v_duplicate_count integer := 0;
  v_emptied integer := 0;
  v_sets integer := 0;
  v_skipped_sets integer := 0;
  v_first date;
  v_last date;
begin
  if jsonb_typeof(workouts) is distinct from 'array' then
    raise exception 'workouts: must be a list of workout documents' using errcode = 'SVBAD';
  end if;
  if choices is not null and jsonb_typeof(choices) <> 'object' then
    raise exception 'choices: must be an object of name -> {action, exercise}' using errcode = 'SVBAD';
  end if;
  -- One import at a time per user: a second one (the same file sent twice at once) waits for the
  -- first to commit, then finds its workouts already there.
  if not dry_run then
    perform pg_advisory_xact_lock(hashtextextended('app_public.import_history:' || v_user::text, 0));
  end if;
  v_names := app_hidden.import_names_chosen(workouts, choices, extras -> 'customExercises', dry_run);
  -- What was already imported, found before anything of this import is saved.
  select coalesce(array_agg(d.duplicate order by d.file_index), '{}'), coalesce(array_agg(d.wall_start order by d.file_index), '{}')
    into v_duplicates, v_wall_starts
    from app_hidden.import_find_duplicates(workouts) d;
  select * into v_custom from app_hidden.import_save_custom_exercises(v_names.name_map, extras -> 'customExercises', dry_run);
  select * into v_account from app_hidden.import_save_account(extras, dry_run);
  select u.unit, u.effort into v_unit, v_effort from app_public.users u where u.id = v_user;

  for v_index in 0 .. jsonb_array_length(workouts) - 1 loop
    v_workout := workouts -> v_index;
    if jsonb_typeof(v_workout) <> 'object' then
      raise exception 'workouts[%]: must be an object', v_index
        using errcode = 'SVDOC', detail = format('workouts[%s]', v_index), hint = 'must be an object';
    end if;
    if v_duplicates[v_index + 1] then
      v_duplicate_count := v_duplicate_count + 1;
      continue;
    end if;
    select * into v_one from app_hidden.import_one_workout(v_index, v_workout, v_custom.mapped_names, v_account.routine_ids,
                                                           v_wall_starts[v_index + 1], dry_run, v_unit, v_effort);
    v_sets_by_name := v_sets_by_name || coalesce((
      select jsonb_object_agg(n.name, n.sets::integer + coalesce((v_sets_by_name ->> n.name)::integer, 0))
        from jsonb_each_text(v_one.sets_by_name) n(name, sets)), '{}');
    v_skipped_sets := v_skipped_sets + v_one.skipped_sets;
    if v_one.emptied then
      v_emptied := v_emptied + 1;
      continue;
    end if;
    v_new := v_new + 1;
    v_sets := v_sets + v_one.sets;
    if (v_workout ->> 'date') is not null then
      v_first := least(v_first, (v_workout ->> 'date')::date);
      v_last := greatest(v_last, (v_workout ->> 'date')::date);
    end if;
  end loop;

  return jsonb_build_object(
    'dryRun', dry_run,
    'workouts', v_new, 'duplicates', v_duplicate_count, 'emptied', v_emptied,
    'sets', v_sets, 'skippedSets', v_skipped_sets,
    'firstDate', v_first, 'lastDate', v_last,
    'names', app_hidden.import_names_summary(v_custom.mapped_names, v_sets_by_name),
    'unmapped', cardinality(v_names.unmapped),
    'routines', v_account.routines, 'duplicateRoutines', v_account.duplicate_routines,
    'bodyweights', v_account.bodyweights, 'duplicateBodyweights', v_account.duplicate_bodyweights,
    'customExercises', v_custom.created);
end;
$function$;
comment on function app_public.import_history(workouts jsonb, choices jsonb, extras jsonb, dry_run boolean) is E'@behavior -*\nImports workouts (documents whose `exercise` fields are a file''s names) for the signed-in user, in the caller''s transaction, in three steps: map names (app_hidden.import_name_map, with choices {"<name>": {"action": "map"|"create"|"skip", "exercise": "<ref>"}}), find what was already imported (app_hidden.import_find_duplicates: left alone), save (custom exercises, an svc export''s settings, routines and bodyweights, then each workout by apply_workout_document). Imports of one user run one at a time (an advisory lock on the user until commit), so the same file sent twice at once is imported once. dry_run: the same summary, nothing written (every document is still checked). Unmapped names in a real run: SVMAP (UNMAPPED_EXERCISES); an invalid document: SVDOC with the path from `workouts[i]`. Returns the summary (counts, date range, each name''s mapping with suggestions).';
