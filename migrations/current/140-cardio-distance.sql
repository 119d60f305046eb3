-- Cardio with distance: a set can carry a distance with its time (`5km 25:00`, `3mi`, `2000m 7:30`),
-- kept as written (value and unit, like weights); pace and speed are computed columns.

alter table app_public.workout_sets add column if not exists distance double precision;
alter table app_public.workout_sets add column if not exists distance_unit text;
alter table app_public.workout_sets drop constraint if exists workout_sets_distance_check;
alter table app_public.workout_sets add constraint workout_sets_distance_check
  check ((distance is null) = (distance_unit is null) and distance > 0 and distance_unit in ('km', 'mi', 'm'));
comment on constraint workout_sets_distance_check on app_public.workout_sets is 'A distance above 0 goes with its unit (km, mi or m), or neither is set.';
comment on column app_public.workout_sets.distance is 'Distance of a cardio set in distance_unit, as written (`5km 25:00`: 5); null when none.';
comment on column app_public.workout_sets.distance_unit is 'Unit of distance as written: km, mi or m; null when no distance.';
grant insert (distance), update (distance) on table app_public.workout_sets to svc_visitor;
grant insert (distance_unit), update (distance_unit) on table app_public.workout_sets to svc_visitor;
alter table app_public.workout_sets add column if not exists distance_m double precision generated always as (
  round((distance * case distance_unit when 'km' then 1000 when 'mi' then 1609.344 else 1 end)::numeric, 2)::double precision) stored;
comment on column app_public.workout_sets.distance_m is 'The distance in meters (1 mi = 1609.344 m), 2 decimals; null when none. Sum it for the distance covered.';
alter table app_public.workout_sets add column if not exists pace_per_km double precision generated always as (
  case when seconds > 0 and distance > 0
       then round((seconds * 1000 / (distance * case distance_unit when 'km' then 1000 when 'mi' then 1609.344 else 1 end))::numeric, 1)::double precision end) stored;
comment on column app_public.workout_sets.pace_per_km is 'Pace of a cardio set with a distance and a time: seconds per km, 1 decimal (300 is 5:00 min/km; speed in km/h is 3600 / pace). Null otherwise.';
alter table app_public.workout_sets add column if not exists pace_per_mi double precision generated always as (
  case when seconds > 0 and distance > 0
       then round((seconds * 1609.344 / (distance * case distance_unit when 'km' then 1000 when 'mi' then 1609.344 else 1 end))::numeric, 1)::double precision end) stored;
comment on column app_public.workout_sets.pace_per_mi is 'Pace of a cardio set with a distance and a time: seconds per mile, 1 decimal (speed in mph is 3600 / pace). Null otherwise.';

create or replace function app_public.users_distance_unit(u app_public.users) returns text
language sql stable parallel safe as $$
  select case app_public.users_measurement_unit(u) when 'in' then 'mi' else 'km' end;
$$;
comment on function app_public.users_distance_unit(app_public.users) is E'@notNull\nThe unit cardio distances, paces (WorkoutSet.pacePerKm or pacePerMi) and speeds are shown in: km with a measurement unit of cm, mi with in (so km with kg and mi with lb unless lengthUnit is set).';
grant execute on function app_public.users_distance_unit(app_public.users) to svc_reader;

drop function if exists app_hidden.format_set(text, numeric, boolean, integer, integer, numeric, boolean);
create function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps integer, seconds integer, effort numeric, amrap boolean DEFAULT false, distance numeric DEFAULT NULL, distance_unit text DEFAULT NULL)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case kind when 'warmup' then 'w:' when 'drop' then 'd:' when 'burst' then 'rp:' else '' end
      || case
           when distance is not null then trim_scale(distance)::text || distance_unit
                || coalesce(' ' || (seconds / 60)::text || ':' || lpad((seconds % 60)::text, 2, '0'), '')
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
comment on function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps integer, seconds integer, effort numeric, amrap boolean, distance numeric, distance_unit text) is 'The one canonical text of a set (the SDK''s formatSet): `w:`/`d:`/`rp:` prefix, `100x5`, `x12`, `bw x 8`, a weighted bodyweight set `bw+20x5`, `45s` or `1:30`, a weighted hold `20x45s`, a distance set `5km 25:00` / `3mi` / `2000m 7:30` / `400m 0:45` (its time always `<m>:<ss>`), then `+` after the reps of an AMRAP set (`270x5+`), then `@<effort>`; numbers in shortest form.';
grant execute on function app_hidden.format_set(kind text, weight numeric, bodyweight boolean, reps integer, seconds integer, effort numeric, amrap boolean, distance numeric, distance_unit text) to svc_reader;

drop function if exists app_hidden.doc_parse_set(text, text);
create function app_hidden.doc_parse_set(t text, scale text, OUT reason text, OUT kind text, OUT weight numeric, OUT bodyweight boolean, OUT reps integer, OUT seconds integer, OUT effort numeric, OUT amrap boolean, OUT distance numeric, OUT distance_unit text)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
declare
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
    if char_length(rtrim(split_part(v_weight, '.', 2), '0')) > 2 or weight > 10000 then
      weight := null;
      reason := 'weight must be from 0 to 10000 with at most 2 decimals';
      return;
    end if;
    weight := trim_scale(weight);
  end if;
  if m[22] is not null or m[29] is not null then
    -- A distance (km or mi: 3 decimals at most; m: whole meters), then its time if any.
    distance_unit := coalesce(lower(m[23]), 'm');
    distance := app_hidden.doc_set_number(replace(coalesce(m[22], m[29]), ',', '.'));
    if char_length(rtrim(split_part(replace(coalesce(m[22], ''), ',', '.'), '.', 2), '0')) > 3 or distance <= 0
       or distance > (case distance_unit when 'm' then 1000000 else 1000 end) then
      distance := null;
      distance_unit := null;
      reason := 'distance must be above 0 and at most 1000 km, 1000 mi or 1000000 m, with at most 3 decimals';
      return;
    end if;
    distance := trim_scale(distance);
    v_seconds := coalesce(app_hidden.doc_set_number(m[24]),
                          app_hidden.doc_set_number(coalesce(m[25], m[30])) * 60 + app_hidden.doc_set_number(coalesce(m[26], m[31])),
                          app_hidden.doc_set_number(coalesce(m[27], m[32])) * 60 + coalesce(app_hidden.doc_set_number(coalesce(m[28], m[33])), 0));
    if v_seconds > 86400 then
      reason := 'duration must be at most 86400 seconds';
      return;
    end if;
    seconds := v_seconds;
  elsif coalesce(m[3], m[6], m[20]) is not null then
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
    ('setText', '^[ \t]*(?:([wW]|[dD]|[rR][pP])[ \t]*:[ \t]*)?(?:([bB][wW])[ \t]*[xX×][ \t]*([0-9]+)(?:[ \t]*(\+))?|([0-9]+(?:[.,][0-9]+)?)?[ \t]*[xX×][ \t]*(?:([0-9]+)(?:[ \t]*(\+))?|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?)|([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?|([bB][wW])[ \t]*\+[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*[xX×][ \t]*([0-9]+)(?:[ \t]*(\+))?|([0-9]+(?:[.,][0-9]+)?)[ \t]*([kK][mM]|[mM][iI])(?:[ \t]*(?:([0-9]+)[ \t]*[sS]|([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?))?|([0-9]+)[ \t]*[mM][ \t]*(?:([0-9]+):([0-5]?[0-9])|([0-9]+)[ \t]*[mM](?:[ \t]*([0-9]+)[ \t]*[sS])?))(?:[ \t]*@[ \t]*([0-9]+(?:[.,][0-9]+)?))?[ \t]*$'),
    ('percentSet', '^[ \t]*([0-9]+(?:[.,][0-9]+)?)[ \t]*%[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$'),
    ('stage', '^[ \t]*([0-9]+)[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$'),
    ('reset', '^[ \t]*(?:([0-9]+(?:[.,][0-9]+)?)[ \t]*%|\+[ \t]*([0-9]+(?:[.,][0-9]+)?))[ \t]*$');
$function$;
comment on function app_hidden.document_patterns() is 'The regular expressions of the document languages, identical to the SDK''s (UUID_PATTERN, DATE_PATTERN, DATE_TIME_PATTERN, DURATION_PATTERN, REPS_RANGE_PATTERN, SET_TEXT_PATTERN, PERCENT_SET_PATTERN, STAGE_PATTERN, RESET_PATTERN). The functions below repeat them as literals (so PostgreSQL caches the compiled forms); a test checks all three agree.';
grant execute on function app_hidden.document_patterns() to svc_reader;

create or replace function app_hidden.walk_workout_sets(entries jsonb, effort text, OUT set_paths text[], OUT set_reasons text[], OUT set_canons jsonb[], OUT set_rows jsonb[])
 RETURNS record
 LANGUAGE sql
 STABLE
AS $function$
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
                                        'seconds', c.seconds, 'effort', c.effort, 'amrap', c.amrap, 'done', c.done,
                                        'distance', c.distance, 'distance_unit', c.distance_unit) order by c.j) as set_rows
      from (select y.j, p.kind, p.weight, p.bodyweight, p.reps, p.seconds, p.effort, p.amrap, p.distance, p.distance_unit, (d.flag).value as done,
                   case when y.form is not null then y.form_at when p.reason is not null then y.text_at else '.done' end as at,
                   coalesce(y.form, p.reason, (d.flag).reason) as reason,
                   app_hidden.format_set(p.kind, p.weight, p.bodyweight, p.reps, p.seconds, p.effort, p.amrap, p.distance, p.distance_unit) as set_text
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
    perform app_hidden.require_version('workout', v_id, (c ->> 'version')::int, c);
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
  insert into app_public.workout_sets (workout_exercise_id, workout_id, position, kind, weight, bodyweight, reps, seconds, effort, amrap, done,
                                       distance, distance_unit)
  select v_exercise_ids[x.ord], v_id, s.ord - 1, s.kind, s.weight, s.bodyweight, s.reps, s.seconds, s.effort, s.amrap, s.done,
         s.distance, s.distance_unit
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord),
         rows from (jsonb_to_recordset(x.e -> 'sets')
                    as (kind text, weight float8, bodyweight boolean, reps int, seconds int, effort float8, amrap boolean, done boolean,
                        distance float8, distance_unit text))
         with ordinality as s(kind, weight, bodyweight, reps, seconds, effort, amrap, done, distance, distance_unit, ord);
  workout_id := v_id;
end;
$function$;
comment on function app_public.apply_workout_document(doc jsonb, idempotency_key uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean) is E'@behavior -*\nSaves a workout document for the signed-in user in one statement: with `id`, replaces that workout whole (exercises and sets left out are removed), and with `version` too only if the workout is still at that version (else SQLSTATE SVVER, GraphQL CONFLICT: detail = the current version, what differs and the current document; nothing is saved); without `id`, logs a new one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with detail = path and hint = reason (GraphQL INVALID_DOCUMENT). Returns the workout''s id, whether it was created, and whether this was a replay. idempotency_key (a UUID the client makes per workout, unique per user): without `id`, the first save with a key logs the workout and records the key; a later save with the same key and the same canonical document changes nothing and answers as the first (created, replayed = true); with another document it is refused (SVDUP, CONFLICT; detail = the workout id: replace it with `id`). With `id` the replacement goes ahead as without a key (it is idempotent by itself) unless the key names another workout (SVDUP); the key stays with the workout it logged.';
grant execute on function app_public.apply_workout_document(doc jsonb, idempotency_key uuid, OUT workout_id uuid, OUT created boolean, OUT replayed boolean) to svc_visitor;

create or replace function app_hidden.workout_state(p_id uuid, p_unit text)
 RETURNS json
 LANGUAGE sql
 STABLE
AS $function$
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
                                                 s.bodyweight, s.reps, s.seconds, s.effort::numeric, s.amrap,
                                                 s.distance::numeric, s.distance_unit) as text) t
                         where s.workout_exercise_id = we.id))
                    order by we.position)
               from app_public.workout_exercises we where we.workout_id = w.id), '[]'),
           'version', w.version))
    from app_public.workouts w, lateral (select coalesce(p_unit, w.unit) as unit) u
   where w.id = p_id;
$function$;
comment on function app_hidden.workout_state(p_id uuid, p_unit text) is 'Workout p_id as its canonical document (workout_document''s form), in p_unit (null: its own), whoever asks: what workout_document shows its owner, and what a change records of it.';
grant execute on function app_hidden.workout_state(p_id uuid, p_unit text) to svc_reader;

create or replace function app_public.workout_sets_text(s app_public.workout_sets)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  select app_hidden.format_set(s.kind, s.weight::numeric, s.bodyweight, s.reps, s.seconds, s.effort::numeric, s.amrap, s.distance::numeric, s.distance_unit);
$function$;
comment on function app_public.workout_sets_text(s app_public.workout_sets) is E'@notNull\nThe set as canonical set text (`100x5@8`, `w:60x5`, `bw x 8`, `270x5+`, `45s`, `5km 25:00`), weight in the workout''s unit.';
grant execute on function app_public.workout_sets_text(s app_public.workout_sets) to svc_reader;
