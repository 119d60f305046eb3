--! Previous: sha1:b559e200331b4cabd62d68c83e59458452a48c52
--! Hash: sha1:b4e5f7d461346cb6b38fb984942bc6be6263404d
--! Message: api key counted in one statement, identity lookups by hash, faster document walk

--! split: 1-current.sql
-- Enter migration here

--! split: 2-walk-speed.sql
-- Speed of saving a workout document (app_public.apply_workout_document): the walk resolves all
-- entries' names (exact tiers) and checks all their sets in a statement each instead of several
-- statements per set; the set text helpers are plain expressions PostgreSQL inlines; the common set
-- form and the start avoid regular expression groups that cost PostgreSQL far more than a match;
-- the apply reads the walk's rows as records. Same refusals (path and reason, the first in document
-- order), same canonical document, same rows. One difference: set text with more digits than a
-- number holds is refused at its path like any number over its limit (it was INVALID_INPUT).

-- `||` with an integer is a stable operator (anytextcat), which kept these immutable functions from
-- being inlined into the queries that call them; the casts make them plain expressions.
create or replace function app_hidden.format_duration(seconds integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case when seconds < 60 then seconds::text || 's' else (seconds / 60)::text || ':' || lpad((seconds % 60)::text, 2, '0') end;
$function$;
comment on function app_hidden.format_duration(seconds integer) is 'Canonical duration inside set text: `45s` under a minute, else `<m>:<ss>` (`1:30`, `60:00`).';
grant execute on function app_hidden.format_duration(seconds integer) to svc_reader;

create or replace function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps integer, seconds integer, effort numeric)
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
      || coalesce('@' || trim_scale(effort)::text, '');
$function$;
comment on function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps integer, seconds integer, effort numeric) is 'The one canonical text of a set (the SDK''s formatSet): `w:`/`d:`/`rp:` prefix, `100x5`, `x12`, `bw x 8`, a weighted bodyweight set `bw+20x5`, `45s` or `1:30`, a weighted hold `20x45s`, then `@<effort>`; numbers in shortest form.';
grant execute on function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps integer, seconds integer, effort numeric) to svc_reader;

create or replace function app_hidden.doc_set_number(t text)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  -- Every limit of set text is below 1e9, and a run of digits can be longer than numeric holds.
  select case when char_length(ltrim(split_part(t, '.', 1), '0')) > 9 then 1e9
              else (split_part(t, '.', 1) || '.' || rtrim(split_part(t, '.', 2), '0'))::numeric end;
$function$;
comment on function app_hidden.doc_set_number(t text) is 'A number of set text (digits, then `.` and digits or not) as numeric; 1e9, above every limit of set text, when it has more than 9 digits before the point. Never an error, however many digits.';
grant execute on function app_hidden.doc_set_number(t text) to svc_reader;

create or replace function app_hidden.doc_parse_set(t text, scale text, OUT reason text, OUT kind text, OUT weight numeric, OUT bodyweight boolean, OUT reps integer, OUT seconds integer, OUT effort numeric)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
declare
  -- Groups: 1 prefix; 2,3 bw and reps; 4 weight; 5 reps, or 6 / 7,8 / 9,10 a weighted duration;
  -- 11 / 12,13 / 14,15 a duration alone; 16,17,18 bw, added load and reps (`bw+20x5`); 19 effort.
  -- The common form first (`100x5`, `w: 60 x 8`, `x12 @ 8`): its own pattern of four groups, which
  -- PostgreSQL matches in about half the time of the full one. Whatever it matches, the full pattern
  -- matches with the same text in groups 1, 4, 5 and 19 and none in the others.
  m text[] := regexp_match(t, '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*([0-9]+)(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$');
  v_weight text;
  v_reps numeric;
  v_seconds numeric;
begin
  if m is not null then
    m := array[m[1], null, null, m[2], m[3], null, null, null, null, null, null, null, null, null, null, null, null, null, m[4]];
  else
    m := regexp_match(t, '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?(?:([bB][wW])[ \t]*[xX×][ \t]*([0-9]+)|([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*(?:([0-9]+)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?|([bB][wW])[ \t]*\+[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*[xX×][ \t]*([0-9]+))(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$');
  end if;
  if m is null then
    reason := 'must be a set like 100x5, x12, bw x 8, 45s or 1:30';
    return;
  end if;
  kind := case lower(m[1]) when 'w' then 'warmup' when 'd' then 'drop' when 'rp' then 'burst' else 'work' end;
  bodyweight := m[2] is not null or m[16] is not null;
  v_weight := replace(coalesce(m[4], m[17]), ',', '.');
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
  if coalesce(m[3], m[5], m[18]) is not null then
    v_reps := app_hidden.doc_set_number(coalesce(m[3], m[5], m[18]));
    if v_reps > 500 then
      reason := 'reps must be at most 500';
      return;
    end if;
    reps := v_reps;
  else
    v_seconds := coalesce(app_hidden.doc_set_number(coalesce(m[6], m[11])),
                          app_hidden.doc_set_number(coalesce(m[7], m[12])) * 60 + app_hidden.doc_set_number(coalesce(m[8], m[13])),
                          app_hidden.doc_set_number(coalesce(m[9], m[14])) * 60 + coalesce(app_hidden.doc_set_number(coalesce(m[10], m[15])), 0));
    if v_seconds > 86400 then
      reason := 'duration must be at most 86400 seconds';
      return;
    end if;
    seconds := v_seconds;
  end if;
  if m[19] is not null then
    -- Half steps: the decimals are zeros, or a 5 then zeros.
    effort := app_hidden.doc_set_number(replace(m[19], ',', '.'));
    if rtrim(split_part(replace(m[19], ',', '.'), '.', 2), '0') not in ('', '5')
       or effort > 10 or effort < (case when scale = 'rpe' then 1 else 0 end) then
      reason := case when scale = 'rpe' then 'rpe must be from 1 to 10 in half steps' else 'rir must be from 0 to 10 in half steps' end;
      effort := null;
      return;
    end if;
    effort := trim_scale(effort);
  end if;
end;
$function$;
comment on function app_hidden.doc_parse_set(t text, scale text, OUT reason text, OUT kind text, OUT weight numeric, OUT bodyweight boolean, OUT reps integer, OUT seconds integer, OUT effort numeric) is 'Parses set text as people type it (the SDK''s parseSet): on failure `reason` is the first problem (form, weight, reps, duration, effort on `scale`), otherwise the set''s parts. A weight before a duration (`20x45s`) is a weighted hold; `bw+20x5` a bodyweight set with 20 added (bodyweight, weight 20). Never an error: digits beyond any number are over the limit.';
grant execute on function app_hidden.doc_parse_set(t text, scale text, OUT reason text, OUT kind text, OUT weight numeric, OUT bodyweight boolean, OUT reps integer, OUT seconds integer, OUT effort numeric) to svc_reader;

create or replace function app_hidden.doc_start(t text, OUT reason text, OUT start timestamp with time zone, OUT canonical text)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
declare
  -- PostgreSQL takes a few microseconds to say whether t matches, and hundreds to give the pattern's
  -- groups (its bounded repeats): the groups are read from where the pattern puts them instead.
  v_zone text;
  v_seconds text;
  m text[];
  v_utc timestamp;
  v_offset int;
begin
  if t is null or t !~ '^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,6}))?)?(Z|([+-])([0-9]{2}):([0-9]{2}))$' then
    reason := 'must be a date-time with offset like 2024-05-31T18:30:00+02:00';
    return;
  end if;
  -- The pattern's groups: YYYY-MM-DDTHH:MM, then :SS and .fraction or not ('', ':SS' or
  -- ':SS.ffffff'), then Z or ±HH:MM.
  v_zone := case when right(t, 1) = 'Z' then 'Z' else right(t, 6) end;
  v_seconds := substr(t, 17, char_length(t) - 16 - char_length(v_zone));
  m := array[substr(t, 1, 4), substr(t, 6, 2), substr(t, 9, 2), substr(t, 12, 2), substr(t, 15, 2),
             nullif(substr(v_seconds, 2, 2), ''), nullif(substr(v_seconds, 5), ''), v_zone,
             nullif(left(v_zone, 1), 'Z'), nullif(substr(v_zone, 2, 2), ''), nullif(substr(v_zone, 5, 2), '')];
  if not app_hidden.doc_real_date(m[1]::int, m[2]::int, m[3]::int) or m[4]::int > 23 or m[5]::int > 59
     or coalesce(m[6]::int, 0) > 59 or coalesce(m[10]::int, 0) > 14 or coalesce(m[11]::int, 0) > 59 then
    reason := 'not a real date-time';
    return;
  end if;
  v_offset := case when m[9] = '-' then -1 else 1 end * (coalesce(m[10]::int, 0) * 60 + coalesce(m[11]::int, 0));
  v_utc := make_timestamp(m[1]::int, m[2]::int, m[3]::int, m[4]::int, m[5]::int, coalesce(m[6]::int, 0))
         + make_interval(mins => -v_offset)
         + rpad(coalesce(m[7], ''), 6, '0')::int * interval '1 microsecond';
  if extract(year from v_utc) not between 1 and 9999 then
    reason := 'not a real date-time';
    return;
  end if;
  start := v_utc at time zone 'UTC';
  canonical := app_hidden.format_start(start);
end;
$function$;
comment on function app_hidden.doc_start(t text, OUT reason text, OUT start timestamp with time zone, OUT canonical text) is 'Parses a workout start (ISO 8601 with an offset): the first problem, or the instant and its canonical text.';
grant execute on function app_hidden.doc_start(t text, OUT reason text, OUT start timestamp with time zone, OUT canonical text) to svc_reader;

create or replace function app_hidden.resolve_exercises_exactly(refs text[])
 RETURNS TABLE(ord bigint, exercise_id uuid)
 LANGUAGE sql
 STABLE
AS $function$
  -- Materialized: the caller and each key computed once, not in every tier.
  with me as materialized (
    select app_public.current_user_id() as id
  ), r as materialized (
    select x.ord, btrim(x.ref) as t, app_public.exercise_key(x.ref) as key
      from unnest(refs) with ordinality as x(ref, ord)
  )
  select r.ord,
         case when r.t <> '' then coalesce(
           (select e.id from app_public.exercises e
             where e.id = app_hidden.try_uuid(r.t)
               and (e.user_id is null or e.user_id = me.id)),
           case when r.key <> '' then coalesce(
             (select e.id from app_public.exercises e where e.user_id is null and e.key = r.key),
             (select e.id from app_public.exercises e where e.user_id = me.id and e.key = r.key),
             -- The alias by its key, then its exercise by id (not every catalog exercise, then the alias).
             (select a.exercise_id from app_public.exercise_aliases a
               where a.key = r.key and (select e.user_id is null from app_public.exercises e where e.id = a.exercise_id))) end) end
    from r, me;
$function$;
comment on function app_hidden.resolve_exercises_exactly(refs text[]) is 'The exact tiers of app_hidden.match_exercise for each reference (by its position in refs, from 1), for the calling user: an id the caller can see, a catalog name, one of the caller''s custom names, a catalog alias (ignoring case, spacing and hyphens), or null. A few index probes each: what nearly every reference is.';
grant execute on function app_hidden.resolve_exercises_exactly(refs text[]) to svc_reader;

create or replace function app_hidden.resolve_exercises(refs text[])
 RETURNS TABLE(ord bigint, exercise_id uuid)
 LANGUAGE sql
 STABLE
AS $function$
  -- The exact tiers for all at once, then the resolver for the rest.
  select x.ord, coalesce(x.exercise_id,
                         case when btrim(refs[x.ord]) <> '' then (select m.exercise_id from app_hidden.match_exercise(refs[x.ord], false) m) end)
    from app_hidden.resolve_exercises_exactly(refs) x;
$function$;
comment on function app_hidden.resolve_exercises(refs text[]) is 'The exercise each reference names (by its position in refs, from 1), for the calling user, or null when it names none or is ambiguous: app_hidden.match_exercise (an id; a catalog or custom name; an alias; the same words; a typo), its exact tiers (app_hidden.resolve_exercises_exactly) for all references at once.';
grant execute on function app_hidden.resolve_exercises(refs text[]) to svc_reader;

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
                                          'seconds', c.seconds, 'effort', c.effort, 'done', c.done) order by c.j) as set_rows
        from (select y.j, p.kind, p.weight, p.bodyweight, p.reps, p.seconds, p.effort, (d.flag).value as done,
                     case when y.form is not null then y.form_at when p.reason is not null then y.text_at else '.done' end as at,
                     coalesce(y.form, p.reason, (d.flag).reason) as reason,
                     app_hidden.format_set(p.kind, p.weight, p.bodyweight, p.reps, p.seconds, p.effort) as set_text
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
  insert into app_public.workout_sets (workout_exercise_id, workout_id, position, kind, weight, bodyweight, reps, seconds, effort, done)
  select v_exercise_ids[x.ord], v_id, s.ord - 1, s.kind, s.weight, s.bodyweight, s.reps, s.seconds, s.effort, s.done
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord),
         rows from (jsonb_to_recordset(x.e -> 'sets')
                    as (kind text, weight float8, bodyweight boolean, reps int, seconds int, effort float8, done boolean))
         with ordinality as s(kind, weight, bodyweight, reps, seconds, effort, done, ord);
  workout_id := v_id;
end;
$function$;
comment on function app_public.apply_workout_document(doc jsonb, idempotency_key uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean) is E'@behavior -*\nSaves a workout document for the signed-in user in one statement: with `id`, replaces that workout whole (exercises and sets left out are removed); without, logs a new one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with detail = path and hint = reason (GraphQL INVALID_DOCUMENT). Returns the workout''s id, whether it was created, and whether this was a replay. idempotency_key (a UUID the client makes per workout, unique per user): without `id`, the first save with a key logs the workout and records the key; a later save with the same key and the same canonical document changes nothing and answers as the first (created, replayed = true); with another document it is refused (SVDUP, CONFLICT; detail = the workout id: replace it with `id`). With `id` the replacement goes ahead as without a key (it is idempotent by itself) unless the key names another workout (SVDUP); the key stays with the workout it logged.';
grant execute on function app_public.apply_workout_document(doc jsonb, idempotency_key uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean) to svc_visitor;

--! split: 3-request-path.sql
-- An API key's request is counted and its operation's cost spent in one statement, once the
-- operation's cost is known: a keyed request costs the identity pool one write transaction, not two.
drop function if exists app_private.use_api_key(bytea);
drop function if exists app_private.spend_api_key_cost(uuid, integer);

comment on function app_private.count_request(text, timestamptz, integer) is
  'Adds p_amount (one request by default) to a subject''s count in the window starting at p_window and returns the window''s count so far: requests (`key:<id>`, `admin:<session>`) and a key''s GraphQL cost spent (`key-cost:<id>`, app_private.use_api_key).';

-- Who a hashed credential belongs to, each rule once, as plain SQL that PostgreSQL inlines into
-- the SECURITY DEFINER functions that call it (no call of its own per row or per policy).
create or replace function app_private.session_of_hash(p_hash bytea)
  returns table (session_id uuid, user_id uuid)
  language sql
  stable
as $$
  select s.id, s.user_id
    from app_private.session_tokens t
    join app_public.sessions s on s.id = t.session_id
   where t.token_hash = p_hash
     and app_hidden.session_live(s.last_active_at);
$$;
comment on function app_private.session_of_hash(bytea) is
  'The live session (idle under 30 days) whose token has this SHA-256, and its user; nothing otherwise.';

create or replace function app_private.api_key_of_hash(p_hash bytea)
  returns table (api_key_id uuid, user_id uuid, access text, last_used_at timestamptz)
  language sql
  stable
as $$
  select k.id, k.user_id, k.access, k.last_used_at
    from app_private.api_key_hashes h
    join app_public.api_keys k on k.id = h.api_key_id
    join app_public.users u on u.id = k.user_id
   where h.key_hash = p_hash
     and app_hidden.api_key_live(k.expired, k.expires_at)
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
$$;
comment on function app_private.api_key_of_hash(bytea) is
  'The live API key (not revoked, not expired, its owner not banned) whose value has this SHA-256, its user and access; nothing otherwise.';

create or replace function app_public.current_session_id()
  returns uuid
  language sql
  stable
  security definer
  set search_path to pg_catalog, public
as $$
  select o.session_id from app_private.session_of_hash(decode(nullif(current_setting('svc.session_hash', true), ''), 'hex')) o;
$$;

create or replace function app_public.current_api_key_id()
  returns uuid
  language sql
  stable
  security definer
  set search_path to pg_catalog, public
as $$
  select o.api_key_id from app_private.api_key_of_hash(decode(nullif(current_setting('svc.key_hash', true), ''), 'hex')) o;
$$;

create or replace function app_private.use_api_key(
  p_key_hash bytea,
  p_cost integer,
  p_request_limit integer,
  p_cost_budget integer,
  p_write boolean,
  out api_key_id uuid,
  out user_id uuid,
  out access text,
  out request_count integer,
  out cost_before integer,
  out cost_used integer,
  out cost_fits boolean,
  out window_end timestamptz
) returns record
  language plpgsql
  security definer
  set search_path to pg_catalog, public
as $$
declare
  v_window timestamptz := date_trunc('minute', now());
  v_last_used timestamptz;
begin
  select o.api_key_id, o.user_id, o.access, o.last_used_at into api_key_id, user_id, access, v_last_used
    from app_private.api_key_of_hash(p_key_hash) o;
  if api_key_id is null then
    return;
  end if;
  request_count := app_private.count_request('key:' || api_key_id, v_window);
  select c.count into cost_before
    from app_private.rate_counters c
   where c.subject = 'key-cost:' || api_key_id and c.window_start = v_window;
  cost_before := coalesce(cost_before, 0);
  -- Spent only by an operation that will run: within both limits, and not a write with a read-only key.
  cost_fits := request_count <= p_request_limit
    and cost_before < p_cost_budget
    and cost_before + p_cost <= p_cost_budget
    and not (p_write and access = 'read_only');
  cost_used := cost_before;
  if cost_fits and p_cost > 0 then
    cost_used := app_private.count_request('key-cost:' || api_key_id, v_window, p_cost);
  end if;
  window_end := v_window + interval '1 minute';
  if app_hidden.touch_due(v_last_used) then
    update app_public.api_keys k set last_used_at = now() where k.id = api_key_id;
  end if;
end;
$$;
comment on function app_private.use_api_key(bytea, integer, integer, integer, boolean) is
  'One request with a key, by the key''s SHA-256: looks up the live key, counts the request in the current minute, and spends p_cost from the key''s per-minute GraphQL cost budget when the operation may run (cost_fits: the request within p_request_limit, the budget not spent, p_cost within what is left, and not a write (p_write) with a read-only key). Marks the key used (at most once a minute). Answers nothing for an unknown, revoked, expired or banned key (not counted). cost_before: spent before this request; cost_used: after it. The server calls it with p_cost 0 for a request refused before its operation was measured.';

-- A request carries one credential setting (server/identity.ts pgSettingsFor): only its lookup runs.
create or replace function app_public.current_user_id()
  returns uuid
  language sql
  stable
  security definer
  set search_path to pg_catalog, public
as $$
  select case
    when current_setting('svc.session_hash', true) <> '' then
      (select o.user_id from app_private.session_of_hash(decode(current_setting('svc.session_hash', true), 'hex')) o)
    when current_setting('svc.key_hash', true) <> '' then
      (select o.user_id from app_private.api_key_of_hash(decode(current_setting('svc.key_hash', true), 'hex')) o)
    when current_setting('svc.oauth_hash', true) <> '' then
      (select c.user_id from app_public.connected_apps c where c.id = app_public.current_oauth_connection_id())
  end;
$$;
