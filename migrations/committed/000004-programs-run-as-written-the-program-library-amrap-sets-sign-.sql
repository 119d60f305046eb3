--! Previous: sha1:b4e5f7d461346cb6b38fb984942bc6be6263404d
--! Hash: sha1:811dad035b4c98d330c30ad2478bea5674fa3c44
--! Message: programs run as written, the program library, AMRAP sets, sign-up unit, counted import duplicates, viewer read-only flag and SQL functions as named steps

--! split: 1-current.sql
-- Enter migration here

--! split: 2-programs-amrap.sql
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
    ('stage', '^[ \t]*([0-9]+)[ \t]*[xX×][ \t]*([0-9]+)[ \t]*(\+)?[ \t]*$'),
    ('reset', '^[ \t]*(?:([0-9]+(?:[.,][0-9]+)?)[ \t]*%|\+[ \t]*([0-9]+(?:[.,][0-9]+)?))[ \t]*$');
$function$;
comment on function app_hidden.document_patterns() is 'The regular expressions of the document languages, identical to the SDK''s (UUID_PATTERN, DATE_PATTERN, DATE_TIME_PATTERN, DURATION_PATTERN, REPS_RANGE_PATTERN, SET_TEXT_PATTERN, PERCENT_SET_PATTERN, STAGE_PATTERN, RESET_PATTERN). The functions below repeat them as literals (so PostgreSQL caches the compiled forms); a test checks all three agree.';
grant execute on function app_hidden.document_patterns() to svc_reader;

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

--! split: 3-programs-rules.sql
-- Training rules as the programs publish them (5/3/1, GZCLP), written as data on the routine exercise:
-- - `rounding`: the step planned, percentage, reset, warm-up and drop weights round to (nearest, ties
--   down), apart from `increment`, which stays the progression step (Wendler rounds to 5 lb / 2.5 kg
--   whatever the cycle's increment);
-- - a cycle's training max is judged on every `+` set of the cycle, a deload week never;
-- - `reset`: what a miss at the last stage starts stage 1 at (`85%` of the weight, or `+7.5` on the
--   last stage-1 weight: GZCLP T2);
-- - `amrapTarget`: the last set as many reps as possible, the weight rising when it reaches the
--   target (GZCLP T3).
-- The replay (progression_targets, next_target) is split into named steps.

alter table app_public.routine_exercises add column if not exists rounding double precision;
alter table app_public.routine_exercises add column if not exists reset text;
alter table app_public.routine_exercises add column if not exists amrap_target integer;
alter table app_public.routine_exercises drop constraint if exists routine_exercises_rounding_check;
alter table app_public.routine_exercises add constraint routine_exercises_rounding_check check (rounding > 0 and rounding <= 100);
alter table app_public.routine_exercises drop constraint if exists routine_exercises_amrap_target_check;
alter table app_public.routine_exercises add constraint routine_exercises_amrap_target_check check (amrap_target between 1 and 500);
comment on column app_public.routine_exercises.rounding is 'The step planned and percentage weights round to, in the routine''s unit (nearest, ties down); null: 2.5 kg / 5 lb, or the increment when smaller.';
comment on column app_public.routine_exercises.reset is 'With stages: what a miss at the last stage starts stage 1 at, as canonical text: `85%` of the weight missed, or `+7.5` on the last weight of stage 1; null: `85%`.';
comment on column app_public.routine_exercises.amrap_target is 'The last set is as many reps as possible; the weight rises by one increment when it reaches this many reps (GZCLP T3).';
grant insert (rounding), update (rounding) on table app_public.routine_exercises to svc_visitor;
grant insert (reset), update (reset) on table app_public.routine_exercises to svc_visitor;
grant insert (amrap_target), update (amrap_target) on table app_public.routine_exercises to svc_visitor;

-- The state between sessions gains the first `+` set of the cycle that fell short, and the weight
-- stage 1 was last done at.
do $$
begin
  if not exists (select 1 from pg_attribute where attrelid = 'app_hidden.progression_state'::regclass and attname = 'shortfall') then
    alter type app_hidden.progression_state add attribute shortfall text, add attribute stage_one_weight numeric;
  end if;
end $$;
comment on type app_hidden.progression_state is 'A routine exercise''s target between sessions: weight (routine unit; the training max of a cycle), reps or seconds per work set, misses in a row, sessions in a row without a rep gained and the best rep total at this weight (double progression), why the target is what it is, the stage (stages) or week (cycle) to plan, from 0, the first `+` set of this cycle that fell short (its date, set and reps), and the weight stage 1 was last done at.';

create or replace function app_hidden.round_to_step(weight numeric, step numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select case when weight is null then null else trim_scale(greatest(0, ceil(weight / step - 0.5) * step)) end;
$function$;
comment on function app_hidden.round_to_step(weight numeric, step numeric) is 'A weight rounded to the nearest multiple of step, ties down (78.75 on 2.5: 77.5), never below 0: how planned and percentage weights round.';
grant execute on function app_hidden.round_to_step(weight numeric, step numeric) to svc_reader;

create or replace function app_hidden.rounding_step(rounding numeric, increment numeric, unit text)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select coalesce(rounding, least(app_hidden.loadable_step(unit), coalesce(increment, app_hidden.loadable_step(unit))));
$function$;
comment on function app_hidden.rounding_step(rounding numeric, increment numeric, unit text) is 'The step an exercise''s weights round to in its unit: its `rounding`, else the smallest loadable step (2.5 kg, 5 lb) or its increment when that is smaller.';
grant execute on function app_hidden.rounding_step(rounding numeric, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.doc_reset(t text, OUT percent numeric, OUT add numeric)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
declare
  m text[] := regexp_match(t, '^[ \t]*(?:([0-9]+(?:[.,][0-9]+)?)[ \t]*%|\+[ \t]*([0-9]+(?:[.,][0-9]+)?))[ \t]*$');
  v text := replace(coalesce(m[1], m[2]), ',', '.');
begin
  if m is null or char_length(rtrim(split_part(v, '.', 2), '0')) > 2 or app_hidden.doc_set_number(v) <= 0
     or app_hidden.doc_set_number(v) > 100 then
    return;
  end if;
  if m[1] is not null then
    percent := trim_scale(app_hidden.doc_set_number(v));
  else
    add := trim_scale(app_hidden.doc_set_number(v));
  end if;
end;
$function$;
comment on function app_hidden.doc_reset(t text, OUT percent numeric, OUT add numeric) is 'Parses a stage reset (`85%`, `+7.5`; the SDK''s parseReset): a percent or an amount above 0 and at most 100 with at most 2 decimals; both null when it is not one.';
grant execute on function app_hidden.doc_reset(t text, OUT percent numeric, OUT add numeric) to svc_reader;

create or replace function app_hidden.shown_reset(reset text, from_unit text, to_unit text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  -- An amount added is a load: converted and snapped to the loadable step of the unit shown, at
  -- least one step (7.5 kg is 15 lb, 10 kg is 20 lb, 15 lb is 7.5 kg, 20 lb is 10 kg).
  select case when reset is null or from_unit = to_unit or r.add is null then reset
              else '+' || trim_scale(least(100, greatest(app_hidden.loadable_step(to_unit),
                                               app_hidden.snap_weight(app_hidden.convert_weight(r.add, from_unit, to_unit),
                                                                      app_hidden.loadable_step(to_unit))))) end
    from app_hidden.doc_reset(reset) r;
$function$;
comment on function app_hidden.shown_reset(reset text, from_unit text, to_unit text) is 'A stage reset shown in another unit: a percentage as it is, an amount converted and snapped to the loadable step there (at least one step).';
grant execute on function app_hidden.shown_reset(reset text, from_unit text, to_unit text) to svc_reader;

create or replace function app_hidden.walk_routine_exercise_steps(e jsonb, p text, p_reps integer, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- The last fields of a routine exercise, in this order (the SDK's routineExercise): reset,
-- amrapTarget, increment, rounding. p_reps is the exercise's reps as one number (null for none, a
-- range or a time).
declare
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
    n := app_hidden.doc_integer(e -> 'amrapTarget', 1, 500);
    if n is null then
      path := p || '.amrapTarget'; reason := 'must be an integer from 1 to 500'; return;
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
  select * into x from app_hidden.walk_routine_exercise_steps(e, p, case when e ? 'time' then null else v_reps end);
  path := x.path; reason := x.reason;
  canonical := canonical || x.canonical;
  row_fields := row_fields || x.row_fields;
end;
$function$;
comment on function app_hidden.walk_routine_exercise_extras(e jsonb, p text, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb) is 'The validation of a routine exercise''s trainingMax, cycle and stages, then its last fields (walk_routine_exercise_steps): the first problem, or their canonical form and row columns.';
grant execute on function app_hidden.walk_routine_exercise_extras(e jsonb, p text, OUT path text, OUT reason text, OUT canonical jsonb, OUT row_fields jsonb) to svc_reader;

create or replace function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
-- The routine walk (app_hidden.walk_routine_document) on the document without the fields it does
-- not know, then those: each exercise's trainingMax, cycle, stages, reset, amrapTarget, increment and rounding (last in its entry,
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
    v_line := app_hidden.doc_line(doc -> 'program', 1, 80);
    s := v_line.line;
    if v_line.reason is not null then
      path := 'program'; reason := v_line.reason; canonical := null; exercise_rows := null; return;
    end if;
    canonical := canonical || jsonb_build_object('program', s);
  end if;
end;
$function$;
comment on function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb) is 'The validation walk of a routine document with its `program` (checked last): the first problem (path, reason), or the canonical document and the rows to write.';
grant execute on function app_hidden.walk_routine_program(doc jsonb, p_unit text, OUT path text, OUT reason text, OUT canonical jsonb, OUT exercise_rows jsonb) to svc_reader;

create or replace function app_public.apply_routine_document(doc jsonb, OUT routine_id uuid, OUT created boolean)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  w record;
  c jsonb;
  v_id uuid;
  v_taken text;
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
    v_taken := app_hidden.routine_name_taken(v_user, c ->> 'name', v_id);
    raise exception 'name: %', v_taken using errcode = 'SVDOC', detail = 'name', hint = v_taken;
  end;
  insert into app_public.routine_exercises (routine_id, position, exercise_id, sets, reps_low, reps_high, seconds, weight,
    rest_seconds, superset, progression, warmups, drops, bursts, training_max, cycle, stages, reset, amrap_target, increment, rounding)
  select v_id, x.ord - 1, (x.e ->> 'exercise_id')::uuid, (x.e ->> 'sets')::int, (x.e ->> 'reps_low')::int,
         (x.e ->> 'reps_high')::int, (x.e ->> 'seconds')::int, (x.e ->> 'weight')::float8, (x.e ->> 'rest_seconds')::int,
         x.e ->> 'superset', x.e ->> 'progression', (x.e ->> 'warmups')::int, (x.e ->> 'drops')::int, (x.e ->> 'bursts')::int,
         (x.e ->> 'training_max')::float8, x.e -> 'cycle', x.e -> 'stages', x.e ->> 'reset', (x.e ->> 'amrap_target')::int,
         (x.e ->> 'increment')::float8, (x.e ->> 'rounding')::float8
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord);
  routine_id := v_id;
end;
$function$;
comment on function app_public.apply_routine_document(doc jsonb, OUT routine_id uuid, OUT created boolean) is E'@behavior -*\nSaves a routine document for the signed-in user in one statement: with `id`, replaces that routine whole (exercises left out are removed); without, creates one. Invalid: nothing is saved and SQLSTATE SVDOC is raised with detail = path and hint = reason (GraphQL INVALID_DOCUMENT). Returns the routine''s id and whether it was created.';
grant execute on function app_public.apply_routine_document(doc jsonb, OUT routine_id uuid, OUT created boolean) to svc_visitor;

create or replace function app_public.routine_document(ref text, unit text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
AS $function$
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
                      'cycle', re.cycle, 'stages', re.stages, 'reset', app_hidden.shown_reset(re.reset, r.unit, u.unit),
                      'amrapTarget', re.amrap_target, 'increment', app_hidden.shown_increment(re.increment::numeric, r.unit, u.unit),
                      'rounding', app_hidden.shown_increment(re.rounding::numeric, r.unit, u.unit))
                    order by re.position)
               from app_public.routine_exercises re where re.routine_id = r.id), '[]'),
           'program', r.program))
    into v_doc
    from app_public.routines r, lateral (select coalesce(routine_document.unit, r.unit) as unit) u
   where r.id = v_id;
  return v_doc;
end;
$function$;
comment on function app_public.routine_document(ref text, unit text) is E'@behavior -*\nShows one of the signed-in user''s routines as its canonical document (keys in the spec''s order): ref is its id or its name (ignoring case and surrounding spaces); null when the user has none such. Exercises appear by name (by id when the name would mean another exercise); weights in the routine''s unit, or in unit when given: converted and snapped to the nearest loadable weight of that unit (2.5 kg, 5 lb), so applying it back stores weights a lifter can load and, being the same load, does not restart progression. Applying the routine''s own unit changes nothing.';
grant execute on function app_public.routine_document(ref text, unit text) to svc_reader;

-- A cycle's weeks round to the exercise's rounding step (ties down) and carry their percentages.
create or replace function app_hidden.cycle_week(cycle jsonb, week integer, training_max numeric, step numeric)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  -- The week's sets: each percentage of the training max rounded to the step.
  select coalesce(jsonb_agg(jsonb_build_object(
           'weight', app_hidden.round_to_step(training_max * ps.percent / 100, step), 'reps', ps.reps, 'amrap', ps.amrap,
           'percent', ps.percent, 'text', x.t) order by x.ord), '[]')
    from jsonb_array_elements_text(cycle -> week) with ordinality as x(t, ord),
         lateral app_hidden.doc_percent_set(x.t) ps;
$function$;
comment on function app_hidden.cycle_week(cycle jsonb, week integer, training_max numeric, step numeric) is 'A cycle week''s planned sets: [{weight (the percentage of the training max rounded to the step, ties down), reps, amrap, percent, text}].';
grant execute on function app_hidden.cycle_week(cycle jsonb, week integer, training_max numeric, step numeric) to svc_reader;

create or replace function app_hidden.cycle_week_is_deload(week_sets jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select not exists (select 1 from jsonb_array_elements(week_sets) x
                      where (x ->> 'percent')::numeric > 60 or (x ->> 'amrap')::boolean);
$function$;
comment on function app_hidden.cycle_week_is_deload(week_sets jsonb) is 'A deload week of a cycle: every set at most 60 % and none as many reps as possible. It is never judged.';
grant execute on function app_hidden.cycle_week_is_deload(week_sets jsonb) to svc_reader;

create or replace function app_hidden.cycle_shortfall(week_sets jsonb, every_set boolean, target_unit text, session_unit text, weights numeric[], reps integer[], done boolean[])
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- The first judged set of the week that fell short: not done, lighter than planned (the unit
  -- rule) or with fewer reps than its minimum. The judged sets are the `+` sets, or every set when
  -- every_set (a cycle without any `+` set). A deload week is never judged.
  select format('set %s (%s at %s %s) %s', k.o, k.x ->> 'text', k.x ->> 'weight', target_unit,
                case when not coalesce(done[k.o], false) then 'not done'
                     else format('%s rep%s at %s %s', reps[k.o], case when reps[k.o] = 1 then '' else 's' end, trim_scale(weights[k.o]), session_unit) end)
    from jsonb_array_elements(week_sets) with ordinality as k(x, o)
   where not app_hidden.cycle_week_is_deload(week_sets)
     and (every_set or (k.x ->> 'amrap')::boolean)
     and (not coalesce(done[k.o], false)
          or not app_hidden.weights_meet(weights[k.o], session_unit, (k.x ->> 'weight')::numeric, target_unit)
          or coalesce(reps[k.o], -1) < (k.x ->> 'reps')::int)
   order by k.o
   limit 1;
$function$;
comment on function app_hidden.cycle_shortfall(week_sets jsonb, every_set boolean, target_unit text, session_unit text, weights numeric[], reps integer[], done boolean[]) is 'The first `+` set of a cycle week''s session that fell short (`set 3 (95%x1+ at 100 kg) 0 reps at 100 kg`, `... not done`); null when each reached its minimum reps at its weight, or the week is a deload.';
grant execute on function app_hidden.cycle_shortfall(week_sets jsonb, every_set boolean, target_unit text, session_unit text, weights numeric[], reps integer[], done boolean[]) to svc_reader;

drop function if exists app_hidden.next_cycle_target(app_hidden.progression_state, text, jsonb, integer, date, numeric, text);
create or replace function app_hidden.next_cycle_target(current app_hidden.progression_state, shortfall text, weeks integer, session_date date, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- A training-max cycle (5/3/1): each judged session moves to the next week, and the first `+` set of
-- the cycle that fell short is kept (shortfall: this session's, from cycle_shortfall). After the last
-- week the training max rises by one increment when no `+` set of the cycle fell short, else it stays
-- and the explanation names that set; the cycle starts again at week 1.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
begin
  if result.shortfall is null and shortfall is not null then
    result.shortfall := d || ', ' || shortfall;
  end if;
  if current.stage + 1 < weeks then
    result.stage := current.stage + 1;
    result.explanation := format('Last session (%s): week %s of %s done%s; week %s at a training max of %s %s',
      d, current.stage + 1, weeks, case when shortfall is null then '' else ', short on ' || shortfall end,
      current.stage + 2, current.weight, unit);
    return result;
  end if;
  result.stage := 0;
  if result.shortfall is null then
    result.weight := trim_scale(least(10000, current.weight + increment));
    result.explanation := format('Last session (%s): week %s of %s done, every + set of the cycle with its reps: training max +%s %s to %s %s; week 1',
      d, weeks, weeks, trim_scale(increment), unit, result.weight, unit);
  else
    result.explanation := format('Last session (%s): week %s of %s done; a + set of the cycle fell short (%s): training max stays %s %s; week 1',
      d, weeks, weeks, result.shortfall, current.weight, unit);
  end if;
  result.shortfall := null;
  return result;
end;
$function$;
comment on function app_hidden.next_cycle_target(current app_hidden.progression_state, shortfall text, weeks integer, session_date date, increment numeric, unit text) is 'The week and training max after one judged session of a cycle (rules in the function body); the explanation ends where the week''s sets are appended.';
grant execute on function app_hidden.next_cycle_target(current app_hidden.progression_state, shortfall text, weeks integer, session_date date, increment numeric, unit text) to svc_reader;

drop function if exists app_hidden.next_stage_target(app_hidden.progression_state, app_hidden.session_judgement, jsonb, date, numeric, numeric, text);
create or replace function app_hidden.next_stage_target(current app_hidden.progression_state, judged app_hidden.session_judgement, stages jsonb, reset text, session_date date, increment numeric, step numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- Stages (GZCLP): within a stage the weight progresses as linear (a hit adds one increment to the
-- weight lifted; a lighter session continues from the weight lifted). A miss moves to the next
-- stage at the same weight. A miss at the last stage goes back to the first as `reset` says: `85%`
-- (the default) of the weight, rounded to the step (ties down); `+7.5` the last weight stage 1 was
-- done at plus that much (T2: 3x10 at the last 3x10 weight + 7.5 kg).
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  n int := jsonb_array_length(stages);
  this_stage text := stages ->> current.stage;
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, step);
  r record;
begin
  if current.stage = 0 then
    result.stage_one_weight := current.weight;
  end if;
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
  elsif current.weight is null then
    result.stage := 0;
    result.explanation := format('Last session (%s) missed %s, the last stage: back to %s, no weight.', d, this_stage, stages ->> 0);
  else
    result.stage := 0;
    select * into r from app_hidden.doc_reset(coalesce(reset, '85%'));
    if r.add is not null then
      result.weight := trim_scale(least(10000, coalesce(current.stage_one_weight, current.weight) + r.add));
      result.explanation := format('Last session (%s) missed %s%s, the last stage: back to %s at the last %s weight, %s %s, +%s %s: %s %s.',
        d, this_stage, at_lifted, stages ->> 0, stages ->> 0, trim_scale(coalesce(current.stage_one_weight, current.weight)), unit,
        r.add, unit, result.weight, unit);
    else
      result.weight := app_hidden.round_to_step(current.weight * r.percent / 100, step);
      result.explanation := format('Last session (%s) missed %s%s, the last stage: back to %s at %s %%, %s %s.',
        d, this_stage, at_lifted, stages ->> 0, r.percent, result.weight, unit);
    end if;
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_stage_target(current app_hidden.progression_state, judged app_hidden.session_judgement, stages jsonb, reset text, session_date date, increment numeric, step numeric, unit text) is 'The stage and weight after one judged session of an exercise with stages (GZCLP; rules in the function body).';
grant execute on function app_hidden.next_stage_target(current app_hidden.progression_state, judged app_hidden.session_judgement, stages jsonb, reset text, session_date date, increment numeric, step numeric, unit text) to svc_reader;

create or replace function app_hidden.next_linear_target(greyskull boolean, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- linear: hit -> one increment above the weight lifted (never below the target); light -> one step
-- above the weight lifted, never above the target; third miss in a row -> deload (90 %, snapped to
-- the loadable step, at least one increment lower); other misses -> same target.
-- greyskull: as linear, with the last set as many reps as possible: a hit with at least twice the
-- target reps on it adds two increments; any miss deloads at once.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
begin
  if judged.outcome = 'hit' and current.weight is null then
    result.misses := 0;
    result.explanation := format('Last session (%s) hit %s: no weight to add, same targets.', d, what);
  elsif judged.outcome = 'hit' then
    result.misses := 0;
    from_weight := greatest(current.weight, app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)));
    if greyskull and current.reps > 0 and judged.last_reps >= 2 * current.reps then
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
  elsif greyskull and current.weight is not null then
    result.weight := app_hidden.deload_to_step(current.weight, increment, unit);
    result.explanation := format('Last session (%s) missed %s%s: deload to 90 %%, %s %s.', d, what, at_lifted, result.weight, unit);
  elsif greyskull then
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
  if greyskull then
    result.explanation := result.explanation || ' Last set: as many reps as possible.';
  end if;
  return result;
end;
$function$;
comment on function app_hidden.next_linear_target(greyskull boolean, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) is 'The target after one judged session under linear or greyskull (rules in the function body).';
grant execute on function app_hidden.next_linear_target(greyskull boolean, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.next_double_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- double: reps is a range low-high, the rep target starts at low. All sets at the top -> + increment
-- and back to low. Otherwise the next rep target is the lowest set plus one, within the range. A rep
-- is gained when the total over the judged sets beats the best total at this weight; three sessions
-- in a row with none -> deload, back to low.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
begin
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
  return result;
end;
$function$;
comment on function app_hidden.next_double_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) is 'The target after one judged session under double progression (rules in the function body).';
grant execute on function app_hidden.next_double_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.next_time_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- time: every set held for the target (with its weight) -> + 5 s; held but lighter (or without the
-- weight) -> same targets, not a miss; third miss in a row -> 90 % snapped to 5 s, at least 5 s
-- shorter, never under 5 s.
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
begin
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
  return result;
end;
$function$;
comment on function app_hidden.next_time_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) is 'The target after one judged session under time progression (rules in the function body).';
grant execute on function app_hidden.next_time_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.next_amrap_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, amrap_target integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- amrap (GZCLP T3, `amrapTarget`): the last set as many reps as possible. Every set done with its
-- reps at the weight and the last with at least amrap_target reps -> one increment above the weight
-- lifted; lighter -> as linear; otherwise the same weight (no deload).
declare
  result app_hidden.progression_state := current;
  d text := to_char(session_date, 'YYYY-MM-DD');
  what text := sets || 'x' || coalesce(current.reps::text, app_hidden.format_duration(current.seconds), '?');
  at_lifted text := case when judged.lifted is null then '' else ' at ' || trim_scale(judged.lifted) || ' ' || judged.lifted_unit end;
  inc text := trim_scale(increment) || ' ' || unit;
  loaded_text text := app_hidden.lifted_text(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit));
  from_weight numeric;
begin
  if judged.outcome = 'hit' and current.weight is not null and coalesce(judged.last_reps, 0) >= amrap_target then
    from_weight := greatest(current.weight, app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)));
    result.weight := trim_scale(least(10000, from_weight + increment));
    result.explanation := format('Last session (%s) did %s+%s with %s reps on the last set (%s or more adds weight): +%s to %s %s.',
      d, what, loaded_text, judged.last_reps, amrap_target, inc, result.weight, unit);
  elsif judged.outcome = 'hit' then
    result.explanation := format('Last session (%s) did %s+%s with %s reps on the last set (%s needed to add weight): same weight.',
      d, what, loaded_text, coalesce(judged.last_reps, 0), amrap_target);
  elsif judged.outcome = 'light' then
    result.weight := trim_scale(least(current.weight,
      coalesce(app_hidden.lifted_as_loaded(judged.lifted, judged.lifted_unit, current.weight, unit, app_hidden.loadable_step(unit)), 0) + increment));
    result.explanation := format('Last session (%s) did %s+%s, lighter than the target: continuing from the weight lifted, %s %s.',
      d, what, case when judged.lifted is null then ' without its weight' else loaded_text end, result.weight, unit);
  else
    result.explanation := format('Last session (%s) missed %s+%s: same weight.', d, what, at_lifted);
  end if;
  result.explanation := result.explanation || ' Last set: as many reps as possible.';
  return result;
end;
$function$;
comment on function app_hidden.next_amrap_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, amrap_target integer, increment numeric, unit text) is 'The target after one judged session of an exercise with an amrapTarget (rules in the function body).';
grant execute on function app_hidden.next_amrap_target(current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, amrap_target integer, increment numeric, unit text) to svc_reader;

drop function if exists app_hidden.next_target(text, app_hidden.progression_state, app_hidden.session_judgement, date, integer, integer, integer, numeric, text);
create or replace function app_hidden.next_target(rule text, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, amrap_target integer, increment numeric, unit text)
 RETURNS app_hidden.progression_state
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- Rules (the exercise's progression, else the routine's, else linear; amrap with an amrapTarget),
  -- each in its own function. Explanations name only weights that were lifted (as logged), written
  -- in the routine, or planned.
  select case rule
    when 'linear' then app_hidden.next_linear_target(false, current, judged, session_date, sets, reps_low, reps_high, increment, unit)
    when 'greyskull' then app_hidden.next_linear_target(true, current, judged, session_date, sets, reps_low, reps_high, increment, unit)
    when 'double' then app_hidden.next_double_target(current, judged, session_date, sets, reps_low, reps_high, increment, unit)
    when 'time' then app_hidden.next_time_target(current, judged, session_date, sets, reps_low, reps_high, increment, unit)
    when 'amrap' then app_hidden.next_amrap_target(current, judged, session_date, sets, amrap_target, increment, unit)
    else current end;
$function$;
comment on function app_hidden.next_target(rule text, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, amrap_target integer, increment numeric, unit text) is 'The target after one judged session under a rule (linear, greyskull, double, time or amrap), with the explanation of the change (next_linear_target, next_double_target, next_time_target, next_amrap_target).';
grant execute on function app_hidden.next_target(rule text, current app_hidden.progression_state, judged app_hidden.session_judgement, session_date date, sets integer, reps_low integer, reps_high integer, amrap_target integer, increment numeric, unit text) to svc_reader;

create or replace function app_hidden.progression_sessions(p_routine app_public.routines, p_exercise uuid, p_occurrence integer, p_sets integer, p_reps_low integer, p_reps_high integer, p_seconds integer, p_restart_after timestamp with time zone, p_date date)
 RETURNS TABLE(date date, start timestamp with time zone, unit text, before_edit boolean, weights numeric[], reps integer[], seconds integer[], done boolean[])
 LANGUAGE sql
 STABLE
AS $function$
  -- This routine, and the other routines of its program (deload routines never feed progression).
  with program_routines as (
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
             where rx.routine_id in (select pr2.id from program_routines pr2) and rx.exercise_id = p_exercise) t
     where (t.routine_id = p_routine.id and t.occurrence = p_occurrence)
        or (t.routine_id <> p_routine.id and t.sets = p_sets and t.reps_low is not distinct from p_reps_low
            and t.reps_high is not distinct from p_reps_high and t.seconds is not distinct from p_seconds)
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
      join app_public.workout_exercises we on we.workout_id = h.id and we.exercise_id = p_exercise
  )
  select o.date, o.start, o.unit, o.start <= p_restart_after as before_edit,
         coalesce(array_agg(ws.weight::numeric order by ws.position) filter (where ws.id is not null), '{}') as weights,
         coalesce(array_agg(ws.reps order by ws.position) filter (where ws.id is not null), '{}') as reps,
         coalesce(array_agg(ws.seconds order by ws.position) filter (where ws.id is not null), '{}') as seconds,
         coalesce(array_agg(ws.done order by ws.position) filter (where ws.id is not null), '{}') as done
    from occurrence o
    left join app_public.workout_sets ws on ws.workout_exercise_id = o.id and ws.kind = 'work'
   where o.occurrence = o.track_occurrence and not o.skip_progression
   group by o.id, o.date, o.start, o.unit, o.workout_id
   order by o.date, o.start, o.workout_id;
$function$;
comment on function app_hidden.progression_sessions(p_routine app_public.routines, p_exercise uuid, p_occurrence integer, p_sets integer, p_reps_low integer, p_reps_high integer, p_seconds integer, p_restart_after timestamp with time zone, p_date date) is 'The history of one routine exercise, oldest first (date, start, workout): the owner''s workouts of the routine (or of another day of its program that prescribes the lift alike), dated on or before p_date, not skipProgression, with this exercise''s k-th occurrence not skipProgression; its work sets'' weights, reps, seconds and done, and whether it started before the last start-weight edit.';
grant execute on function app_hidden.progression_sessions(p_routine app_public.routines, p_exercise uuid, p_occurrence integer, p_sets integer, p_reps_low integer, p_reps_high integer, p_seconds integer, p_restart_after timestamp with time zone, p_date date) to svc_reader;

create or replace function app_hidden.progression_opening(rule text, stages jsonb, week_sets jsonb, weeks integer, sets integer, state app_hidden.progression_state, start_weight numeric, before_edit integer, unit text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- The explanation of a target no judged session has moved: no history yet, or an edit of the
  -- routine restarted it (and how many sessions no longer count).
  select case
    when rule = 'cycle' and before_edit > 0 then
      format('Training max changed in the routine to %s %s: starting the cycle again at week 1 of %s (%s); %s.',
        state.weight, unit, weeks, app_hidden.cycle_texts(week_sets), app_hidden.earlier_sessions_note(before_edit))
    when rule = 'cycle' then
      format('No history yet: week 1 of %s at a training max of %s %s (%s).', weeks, state.weight, unit, app_hidden.cycle_texts(week_sets))
    when rule = 'stages' and before_edit > 0 then
      format('Start weight changed in the routine to %s %s: starting again from it, stage 1 of %s, %s; %s.',
        coalesce(state.weight::text, 'none'), case when state.weight is null then '' else unit end, jsonb_array_length(stages),
        stages ->> 0, app_hidden.earlier_sessions_note(before_edit))
    when rule = 'stages' then
      format('No history yet: stage 1 of %s, %s at %s %s as written.', jsonb_array_length(stages), stages ->> 0,
        coalesce(state.weight::text, 'no weight'), case when state.weight is null then '' else unit end)
    when before_edit > 0 then
      format('Start weight changed in the routine to %s %s: starting again from it; %s.',
        coalesce(start_weight::text, 'none'), case when start_weight is null then '' else unit end, app_hidden.earlier_sessions_note(before_edit))
    else app_hidden.progression_first_note(rule, sets, state.reps, state.seconds, state.weight, unit) end
    || case when rule in ('greyskull', 'amrap') then ' Last set: as many reps as possible.' else '' end;
$function$;
comment on function app_hidden.progression_opening(rule text, stages jsonb, week_sets jsonb, weeks integer, sets integer, state app_hidden.progression_state, start_weight numeric, before_edit integer, unit text) is 'The explanation of a target no judged session has moved: no history yet (the first week, stage or target as written), or the routine edit that restarted it.';
grant execute on function app_hidden.progression_opening(rule text, stages jsonb, week_sets jsonb, weeks integer, sets integer, state app_hidden.progression_state, start_weight numeric, before_edit integer, unit text) to svc_reader;

create or replace function app_hidden.progression_lift_target(re app_public.routine_exercises, rule text, state app_hidden.progression_state, step numeric, judged integer, before_edit integer, unit text)
 RETURNS app_hidden.lift_target
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- The target of one routine exercise once its history is replayed into state: the week of a cycle
-- (its sets, its heaviest as the weight) or the stage to plan, and the explanation.
declare
  v_week_sets jsonb := case when rule = 'cycle' then app_hidden.cycle_week(re.cycle, state.stage, state.weight, step) end;
  v_stage record;
  v_why text := state.explanation;
begin
  select * into v_stage from app_hidden.doc_stage(case when rule = 'stages' then re.stages ->> state.stage end);
  if v_why is null then
    v_why := app_hidden.progression_opening(rule, re.stages, v_week_sets, jsonb_array_length(re.cycle), re.sets, state,
                                            trim_scale(re.weight::numeric), before_edit, unit);
  end if;
  if rule = 'cycle' then
    return row(re.id, re.position, re.exercise_id, rule,
               (v_week_sets -> -1 ->> 'weight')::numeric, (v_week_sets -> -1 ->> 'reps')::int, null, re.sets, judged,
               v_why || case when judged > 0 then format(' (%s).', app_hidden.cycle_texts(v_week_sets)) else '' end
                     || case when v_week_sets @> '[{"amrap": true}]' then ' Sets marked +: as many reps as possible.' else '' end,
               state.weight, (v_week_sets -> -1 ->> 'amrap')::boolean, v_week_sets)::app_hidden.lift_target;
  end if;
  return row(re.id, re.position, re.exercise_id, rule, state.weight, coalesce(v_stage.reps, state.reps),
             case when state.reps is null and v_stage.reps is null then state.seconds end, coalesce(v_stage.sets, re.sets), judged,
             v_why || case when coalesce(v_stage.amrap, false) then ' Last set: as many reps as possible.' else '' end,
             null, coalesce(v_stage.amrap, rule in ('greyskull', 'amrap')), null)::app_hidden.lift_target;
end;
$function$;
comment on function app_hidden.progression_lift_target(re app_public.routine_exercises, rule text, state app_hidden.progression_state, step numeric, judged integer, before_edit integer, unit text) is 'The next target of one routine exercise from its replayed state: a cycle''s week (sets rounded to step) or the stage to plan, with the explanation (progression_opening when no session moved it).';
grant execute on function app_hidden.progression_lift_target(re app_public.routine_exercises, rule text, state app_hidden.progression_state, step numeric, judged integer, before_edit integer, unit text) to svc_reader;

create or replace function app_hidden.progression_targets(p_routine app_public.routines, p_date date)
 RETURNS SETOF app_hidden.lift_target
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
-- Each routine exercise's history (progression_sessions) is replayed oldest first: a session is
-- judged (judge_session; a cycle week by judge_cycle_session and cycle_shortfall) and moves the
-- target under its rule (next_target, next_stage_target, next_cycle_target); skipped sessions
-- change nothing, sessions before the last start-weight edit only count as left out. A deload
-- routine never moves; unloaded work (no weight written) cannot gain weight.
declare
  re record;
  s record;
  state app_hidden.progression_state;
  judged app_hidden.session_judgement;
  v_stage record;
  v_judged int;
  v_before_edit int;
  v_inc numeric;
  v_step numeric;
  v_week_sets jsonb;
begin
  for re in
    select x.*, pr.restart_after
      from (select rx as re_row, rx.*, e.region,
                   case when p_routine.deload then 'deload'
                        when coalesce(rx.progression, p_routine.progression) = 'none' then 'none'
                        when rx.cycle is not null then 'cycle'
                        when rx.stages is not null then 'stages'
                        when rx.amrap_target is not null then 'amrap'
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
    v_step := app_hidden.rounding_step(re.rounding::numeric, re.increment::numeric, p_routine.unit);
    state := row(case when re.rule = 'cycle' then trim_scale(re.training_max::numeric) else trim_scale(re.weight::numeric) end,
                 re.reps_low, case when re.reps_low is null then re.seconds end, 0, 0, null, null, 0, null, null)::app_hidden.progression_state;
    v_judged := 0;
    v_before_edit := 0;
    for s in
      select h.* from app_hidden.progression_sessions(p_routine, re.exercise_id, re.occurrence::int, re.sets, re.reps_low, re.reps_high,
                                                        re.seconds, re.restart_after, p_date) h
       where re.rule not in ('none', 'deload')
    loop
      v_week_sets := case when re.rule = 'cycle' then app_hidden.cycle_week(re.cycle, state.stage, state.weight, v_step) end;
      select * into v_stage from app_hidden.doc_stage(case when re.rule = 'stages' then re.stages ->> state.stage end);
      judged := case when re.rule <> 'cycle' then
        app_hidden.judge_session(coalesce(v_stage.sets, re.sets), state.weight, p_routine.unit, coalesce(v_stage.reps, state.reps),
                                 coalesce(v_stage.reps, re.reps_high, re.reps_low), state.seconds, s.unit, s.weights, s.reps, s.seconds, s.done) end;
      continue when case when re.rule = 'cycle' then app_hidden.judge_cycle_session(v_week_sets, p_routine.unit, s.unit, s.weights, s.reps, s.done)
                         else judged.outcome end = 'skip';
      if s.before_edit then
        v_before_edit := v_before_edit + 1;
        continue;
      end if;
      v_judged := v_judged + 1;
      state := case re.rule
        when 'cycle' then app_hidden.next_cycle_target(state,
          app_hidden.cycle_shortfall(v_week_sets, re.cycle::text not like '%+%', p_routine.unit, s.unit, s.weights, s.reps, s.done),
          jsonb_array_length(re.cycle), s.date, v_inc, p_routine.unit)
        when 'stages' then app_hidden.next_stage_target(state, judged, re.stages, re.reset, s.date, v_inc, v_step, p_routine.unit)
        else app_hidden.next_target(re.rule, state, judged, s.date, re.sets, re.reps_low, coalesce(re.reps_high, re.reps_low),
                                    re.amrap_target, v_inc, p_routine.unit) end;
    end loop;
    return next app_hidden.progression_lift_target(re.re_row, re.rule, state, v_step, v_judged, v_before_edit, p_routine.unit);
  end loop;
end;
$function$;
comment on function app_hidden.progression_targets(p_routine app_public.routines, p_date date) is 'The next targets of each exercise of a routine on a date, replayed from the owner''s history (progression_sessions; judge_session, then next_target, next_stage_target or next_cycle_target per session; the rules are in the comments of those functions).';
grant execute on function app_hidden.progression_targets(p_routine app_public.routines, p_date date) to svc_reader;

-- The plan rounds to the exercise's rounding step.
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
    -- Weights shown in the owner's unit snap to the exercise's rounding step as shown in it (1 kg
    -- micro-plates are 2.5 lb).
    cross join lateral (select app_hidden.shown_increment(app_hidden.rounding_step(re.rounding::numeric, re.increment::numeric, r.unit), r.unit, u.unit) as step) st
    cross join lateral (select case when r.unit = u.unit or t.weight is null then t.weight
                                    else least(10000, app_hidden.snap_weight(app_hidden.convert_weight(t.weight, r.unit, u.unit), st.step)) end as weight) x
   order by t.position;
$function$;
comment on function app_hidden.next_plan(r app_public.routines, p_date date) is 'The next workout of a routine, one row per routine exercise: its target in the routine''s unit and as loaded in the owner''s unit, why, the pinned note carried forward, and the planned set texts (an AMRAP set ends in `+`).';
grant execute on function app_hidden.next_plan(r app_public.routines, p_date date) to svc_reader;

comment on column app_public.next_target.rule is E'@notNull\nThe rule applied: linear, greyskull, double, time, none, deload, stages, cycle or amrap (an exercise with an amrapTarget).';
comment on column app_public.next_target.amrap is E'@notNull\nWhether the last work set is as many reps as possible (greyskull, an amrapTarget, a stage or cycle set marked `+`); the plan''s set text ends in `+`.';
comment on type app_hidden.lift_target is 'The next target of one routine exercise: the rule applied (linear, greyskull, double, time, none, deload, stages, cycle or amrap), the work weight in the routine''s unit (a cycle''s heaviest set), reps or seconds and the number of work sets, the sessions judged, the explanation, the training max of a cycle, whether the last work set is as many reps as possible, and a cycle''s sets of the week ([{weight, reps, amrap, percent, text}]).';

--! split: 240-interop-import-duplicates.sql
-- An svc export read back gives the workouts it holds, however many share a start and a name (two
-- unnamed workouts on one day without a time are two workouts). A workout of the file is already
-- there when, counting in file order, more workouts of the account share its start and name (or
-- its written wall-clock start and name) than earlier ones of the file took; a workout carrying an
-- export `id` is earlier in the list only as that same id again.
create or replace function app_hidden.import_find_duplicates(workouts jsonb)
 returns table(file_index integer, duplicate boolean, wall_start timestamp without time zone)
 language sql
 stable
as $function$
  with listed as (
    select (listed.ordinality - 1)::integer as file_index, listed.workout, instant.start,
           coalesce(listed.workout ->> 'name', '') as name,
           -- Two documents of an export (each with its id) are two workouts; other files have no ids.
           coalesce(listed.workout ->> 'id', '') as export_id,
           -- The start as the file wrote it (local date and wall-clock time), whatever zone it was read in.
           case when instant.start is null then null
                when written is not null then (written[1] || ' ' || written[2])::timestamp
                else (listed.workout ->> 'date' || ' 12:00')::timestamp end as wall_start
      from jsonb_array_elements(workouts) with ordinality listed(workout, ordinality)
      -- The start: the document's, or noon UTC on its date when it has none.
      cross join lateral (
        select coalesce((select ds.start from app_hidden.doc_start(listed.workout ->> 'start') ds where listed.workout ? 'start'),
                        case when listed.workout ->> 'date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                             then ((listed.workout ->> 'date') || ' 12:00:00+00')::timestamptz end) as start) instant
      cross join lateral regexp_match(listed.workout ->> 'start', '^([0-9]{4}-[0-9]{2}-[0-9]{2})T([0-9]{2}:[0-9]{2}(:[0-9]{2})?)') written
  ), in_list as (
    -- Earlier in the list: the same start, name and export id, or the same wall-clock start, name and export id.
    select l.*,
      row_number() over (partition by coalesce(l.start::text, ''), l.name, l.export_id order by l.file_index) > 1
      or (l.wall_start is not null
          and row_number() over (partition by l.wall_start, l.name, l.export_id order by l.file_index) > 1) as repeated
      from listed l
  ), ranked as (
    -- The place of each workout among the file's others of its start and name (and of its wall-clock start and name).
    select i.*,
      row_number() over (partition by i.repeated, coalesce(i.start::text, ''), i.name order by i.file_index) as start_rank,
      row_number() over (partition by i.repeated, i.wall_start, i.name order by i.file_index) as wall_rank
      from in_list i
  )
  select r.file_index,
    r.repeated
    -- Already there: as many workouts of the account with this start and name as this one's place among them.
    or (select count(*) from app_public.workouts existing
         where existing.user_id = (select app_public.current_user_id()) and existing.start = r.start
           and coalesce(existing.name, '') = r.name) >= r.start_rank
    -- or imported before with this name and wall-clock start.
    or (r.wall_start is not null
        and (select count(*) from app_hidden.imported_workout_starts imported
               join app_public.workouts existing on existing.id = imported.workout_id
              where imported.user_id = (select app_public.current_user_id()) and imported.wall_start = r.wall_start
                and coalesce(existing.name, '') = r.name) >= r.wall_rank),
    r.wall_start
  from ranked r
  order by r.file_index;
$function$;
comment on function app_hidden.import_find_duplicates(workouts jsonb) is 'Find what was already imported: for each workout, in order, whether it is a duplicate and that wall-clock start (kept for each imported workout). A duplicate is a repeat earlier in the list (the same start, or noon UTC on its date, and name, or the same name and local date and wall-clock time as the file wrote them, with the same export id or none), or one of more workouts of the file sharing a start and name than the account holds already (by start and name, or by name and written wall-clock start of workouts imported before in any time zone), counted in file order.';

--! split: 250-program-library.sql
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

--! split: 251-program-templates.sql
-- The built-in program templates (app_public.program_templates, 250-program-library.sql), as the
-- programs' authors publish them. Each day is a routine document; `input` names the lift whose
-- weight the start gives (a training max for 5/3/1, the first work weight otherwise).
-- Rerun safe: each template is replaced whole by its slug.

insert into app_public.program_templates as p (slug, position, name, description, input_kind, days) values
('gzclp', 1, 'GZCLP',
 'Cody Lefever''s GZCLP, 4 days (A1, B1, A2, B2), three tiers a day. T1 5x3+ (then 6x2+, 10x1+ at the same weight on a miss; a miss at 10x1+ starts again at 5x3+ at 85 %). T2 3x10 at 70 % of the T1 weight (then 3x8, 3x6 at the same weight on a miss; a miss at 3x6 starts again at 3x10 at the last 3x10 weight plus 15 lb / 7.5 kg, 20 lb / 10 kg for squat and deadlift). T3 3x15+ (Lat Pulldown on A days, Dumbbell Row on B days): one increment more when the last set reaches 25 reps. Inputs: each lift''s first T1 work weight; the T3 lifts'' first weight.',
 'weight',
 $json$[
  {"name": "A1", "exercises": [
    {"exercise": "Back Squat", "sets": 5, "reps": 3, "stages": ["5x3+", "6x2+", "10x1+"], "rest": 180, "input": "Back Squat"},
    {"exercise": "Bench Press", "sets": 3, "reps": 10, "stages": ["3x10", "3x8", "3x6"], "reset": {"kg": "+7.5", "lb": "+15"}, "rest": 150, "input": "Bench Press", "percent": 70},
    {"exercise": "Lat Pulldown", "sets": 3, "reps": 15, "amrapTarget": 25, "rest": 75, "input": "Lat Pulldown"}]},
  {"name": "B1", "exercises": [
    {"exercise": "Overhead Press", "sets": 5, "reps": 3, "stages": ["5x3+", "6x2+", "10x1+"], "rest": 180, "input": "Overhead Press"},
    {"exercise": "Deadlift", "sets": 3, "reps": 10, "stages": ["3x10", "3x8", "3x6"], "reset": {"kg": "+10", "lb": "+20"}, "rest": 150, "input": "Deadlift", "percent": 70},
    {"exercise": "Dumbbell Row", "sets": 3, "reps": 15, "amrapTarget": 25, "rest": 75, "input": "Dumbbell Row"}]},
  {"name": "A2", "exercises": [
    {"exercise": "Bench Press", "sets": 5, "reps": 3, "stages": ["5x3+", "6x2+", "10x1+"], "rest": 180, "input": "Bench Press"},
    {"exercise": "Back Squat", "sets": 3, "reps": 10, "stages": ["3x10", "3x8", "3x6"], "reset": {"kg": "+10", "lb": "+20"}, "rest": 150, "input": "Back Squat", "percent": 70},
    {"exercise": "Lat Pulldown", "sets": 3, "reps": 15, "amrapTarget": 25, "rest": 75, "input": "Lat Pulldown"}]},
  {"name": "B2", "exercises": [
    {"exercise": "Deadlift", "sets": 5, "reps": 3, "stages": ["5x3+", "6x2+", "10x1+"], "rest": 180, "input": "Deadlift"},
    {"exercise": "Overhead Press", "sets": 3, "reps": 10, "stages": ["3x10", "3x8", "3x6"], "reset": {"kg": "+7.5", "lb": "+15"}, "rest": 150, "input": "Overhead Press", "percent": 70},
    {"exercise": "Dumbbell Row", "sets": 3, "reps": 15, "amrapTarget": 25, "rest": 75, "input": "Dumbbell Row"}]}
 ]$json$::jsonb),
('531-bbb', 2, '5/3/1 Boring But Big',
 'Jim Wendler''s 5/3/1 with Boring But Big, 4 days (Press, Deadlift, Bench, Squat). Main lift 3 weeks of 5s, 3s and 5/3/1 (the last set of each as many reps as possible) and a deload week (40/50/60 % x5), percentages of the training max rounded to 5 lb / 2.5 kg; then 5x10 at 50 % of the training max (in the deload week 5x5 at 40 %). The training max rises 5 lb / 2.5 kg (10 lb / 5 kg squat and deadlift) a cycle. Assistance: chin-ups, hanging leg raises, dumbbell rows, leg curls, 5x10, weights your own. Inputs: each main lift''s training max (90 % of your 1RM).',
 'trainingMax',
 $json$[
  {"name": "Press", "exercises": [
    {"exercise": "Overhead Press", "sets": 3, "rest": 180, "input": "Overhead Press",
     "cycle": [["65%x5", "75%x5", "85%x5+"], ["70%x3", "80%x3", "90%x3+"], ["75%x5", "85%x3", "95%x1+"], ["40%x5", "50%x5", "60%x5"]]},
    {"exercise": "Overhead Press", "sets": 5, "rest": 90, "input": "Overhead Press",
     "cycle": [["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["40%x5", "40%x5", "40%x5", "40%x5", "40%x5"]]},
    {"exercise": "Chin-Up", "sets": 5, "reps": 10, "rest": 90, "progression": "none"}]},
  {"name": "Deadlift", "exercises": [
    {"exercise": "Deadlift", "sets": 3, "rest": 180, "input": "Deadlift",
     "cycle": [["65%x5", "75%x5", "85%x5+"], ["70%x3", "80%x3", "90%x3+"], ["75%x5", "85%x3", "95%x1+"], ["40%x5", "50%x5", "60%x5"]]},
    {"exercise": "Deadlift", "sets": 5, "rest": 90, "input": "Deadlift",
     "cycle": [["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["40%x5", "40%x5", "40%x5", "40%x5", "40%x5"]]},
    {"exercise": "Hanging Leg Raise", "sets": 5, "reps": 10, "rest": 90, "progression": "none"}]},
  {"name": "Bench", "exercises": [
    {"exercise": "Bench Press", "sets": 3, "rest": 180, "input": "Bench Press",
     "cycle": [["65%x5", "75%x5", "85%x5+"], ["70%x3", "80%x3", "90%x3+"], ["75%x5", "85%x3", "95%x1+"], ["40%x5", "50%x5", "60%x5"]]},
    {"exercise": "Bench Press", "sets": 5, "rest": 90, "input": "Bench Press",
     "cycle": [["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["40%x5", "40%x5", "40%x5", "40%x5", "40%x5"]]},
    {"exercise": "Dumbbell Row", "sets": 5, "reps": 10, "rest": 90, "progression": "none"}]},
  {"name": "Squat", "exercises": [
    {"exercise": "Back Squat", "sets": 3, "rest": 180, "input": "Back Squat",
     "cycle": [["65%x5", "75%x5", "85%x5+"], ["70%x3", "80%x3", "90%x3+"], ["75%x5", "85%x3", "95%x1+"], ["40%x5", "50%x5", "60%x5"]]},
    {"exercise": "Back Squat", "sets": 5, "rest": 90, "input": "Back Squat",
     "cycle": [["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["50%x10", "50%x10", "50%x10", "50%x10", "50%x10"], ["40%x5", "40%x5", "40%x5", "40%x5", "40%x5"]]},
    {"exercise": "Lying Leg Curl", "sets": 5, "reps": 10, "rest": 90, "progression": "none"}]}
 ]$json$::jsonb),
('531-fsl', 3, '5/3/1 First Set Last',
 'Jim Wendler''s 5/3/1 with First Set Last, 4 days (Press, Deadlift, Bench, Squat). Main lift 3 weeks of 5s, 3s and 5/3/1 (the last set of each as many reps as possible) and a deload week (40/50/60 % x5), percentages of the training max rounded to 5 lb / 2.5 kg; then 5x5 at the first set''s weight (65, 70, 75 %, 40 % in the deload week). The training max rises 5 lb / 2.5 kg (10 lb / 5 kg squat and deadlift) a cycle. Assistance: chin-ups, hanging leg raises, dumbbell rows, leg curls, 5x10, weights your own. Inputs: each main lift''s training max (90 % of your 1RM).',
 'trainingMax',
 $json$[
  {"name": "Press", "exercises": [
    {"exercise": "Overhead Press", "sets": 3, "rest": 180, "input": "Overhead Press",
     "cycle": [["65%x5", "75%x5", "85%x5+"], ["70%x3", "80%x3", "90%x3+"], ["75%x5", "85%x3", "95%x1+"], ["40%x5", "50%x5", "60%x5"]]},
    {"exercise": "Overhead Press", "sets": 5, "rest": 90, "input": "Overhead Press",
     "cycle": [["65%x5", "65%x5", "65%x5", "65%x5", "65%x5"], ["70%x5", "70%x5", "70%x5", "70%x5", "70%x5"], ["75%x5", "75%x5", "75%x5", "75%x5", "75%x5"], ["40%x5", "40%x5", "40%x5", "40%x5", "40%x5"]]},
    {"exercise": "Chin-Up", "sets": 5, "reps": 10, "rest": 90, "progression": "none"}]},
  {"name": "Deadlift", "exercises": [
    {"exercise": "Deadlift", "sets": 3, "rest": 180, "input": "Deadlift",
     "cycle": [["65%x5", "75%x5", "85%x5+"], ["70%x3", "80%x3", "90%x3+"], ["75%x5", "85%x3", "95%x1+"], ["40%x5", "50%x5", "60%x5"]]},
    {"exercise": "Deadlift", "sets": 5, "rest": 90, "input": "Deadlift",
     "cycle": [["65%x5", "65%x5", "65%x5", "65%x5", "65%x5"], ["70%x5", "70%x5", "70%x5", "70%x5", "70%x5"], ["75%x5", "75%x5", "75%x5", "75%x5", "75%x5"], ["40%x5", "40%x5", "40%x5", "40%x5", "40%x5"]]},
    {"exercise": "Hanging Leg Raise", "sets": 5, "reps": 10, "rest": 90, "progression": "none"}]},
  {"name": "Bench", "exercises": [
    {"exercise": "Bench Press", "sets": 3, "rest": 180, "input": "Bench Press",
     "cycle": [["65%x5", "75%x5", "85%x5+"], ["70%x3", "80%x3", "90%x3+"], ["75%x5", "85%x3", "95%x1+"], ["40%x5", "50%x5", "60%x5"]]},
    {"exercise": "Bench Press", "sets": 5, "rest": 90, "input": "Bench Press",
     "cycle": [["65%x5", "65%x5", "65%x5", "65%x5", "65%x5"], ["70%x5", "70%x5", "70%x5", "70%x5", "70%x5"], ["75%x5", "75%x5", "75%x5", "75%x5", "75%x5"], ["40%x5", "40%x5", "40%x5", "40%x5", "40%x5"]]},
    {"exercise": "Dumbbell Row", "sets": 5, "reps": 10, "rest": 90, "progression": "none"}]},
  {"name": "Squat", "exercises": [
    {"exercise": "Back Squat", "sets": 3, "rest": 180, "input": "Back Squat",
     "cycle": [["65%x5", "75%x5", "85%x5+"], ["70%x3", "80%x3", "90%x3+"], ["75%x5", "85%x3", "95%x1+"], ["40%x5", "50%x5", "60%x5"]]},
    {"exercise": "Back Squat", "sets": 5, "rest": 90, "input": "Back Squat",
     "cycle": [["65%x5", "65%x5", "65%x5", "65%x5", "65%x5"], ["70%x5", "70%x5", "70%x5", "70%x5", "70%x5"], ["75%x5", "75%x5", "75%x5", "75%x5", "75%x5"], ["40%x5", "40%x5", "40%x5", "40%x5", "40%x5"]]},
    {"exercise": "Lying Leg Curl", "sets": 5, "reps": 10, "rest": 90, "progression": "none"}]}
 ]$json$::jsonb),
('starting-strength', 4, 'Starting Strength',
 'Mark Rippetoe''s Starting Strength novice program, A and B alternated three days a week: A squat 3x5, press 3x5, deadlift 1x5; B squat 3x5, bench press 3x5, power clean 5x3. Weight added every session the sets are done: 5 lb / 2.5 kg on the squat, press, bench press and power clean, 10 lb / 5 kg on the deadlift; three misses in a row deload 10 %. The squat is one progression on both days. Inputs: each lift''s first work weight.',
 'weight',
 $json$[
  {"name": "A", "exercises": [
    {"exercise": "Back Squat", "sets": 3, "reps": 5, "rest": 180, "increment": {"kg": 2.5, "lb": 5}, "input": "Back Squat"},
    {"exercise": "Overhead Press", "sets": 3, "reps": 5, "rest": 180, "input": "Overhead Press"},
    {"exercise": "Deadlift", "sets": 1, "reps": 5, "rest": 180, "input": "Deadlift"}]},
  {"name": "B", "exercises": [
    {"exercise": "Back Squat", "sets": 3, "reps": 5, "rest": 180, "increment": {"kg": 2.5, "lb": 5}, "input": "Back Squat"},
    {"exercise": "Bench Press", "sets": 3, "reps": 5, "rest": 180, "input": "Bench Press"},
    {"exercise": "Power Clean", "sets": 5, "reps": 3, "rest": 180, "increment": {"kg": 2.5, "lb": 5}, "input": "Power Clean"}]}
 ]$json$::jsonb),
('stronglifts-5x5', 5, 'StrongLifts 5x5',
 'Mehdi Hadim''s StrongLifts 5x5, A and B alternated three days a week: A squat 5x5, bench press 5x5, barbell row 5x5; B squat 5x5, overhead press 5x5, deadlift 1x5. 5 lb / 2.5 kg added every session the sets are done (10 lb / 5 kg on the deadlift); three misses in a row deload 10 %. The squat is one progression on both days. Inputs: each lift''s first work weight.',
 'weight',
 $json$[
  {"name": "A", "exercises": [
    {"exercise": "Back Squat", "sets": 5, "reps": 5, "rest": 180, "increment": {"kg": 2.5, "lb": 5}, "input": "Back Squat"},
    {"exercise": "Bench Press", "sets": 5, "reps": 5, "rest": 180, "input": "Bench Press"},
    {"exercise": "Barbell Row", "sets": 5, "reps": 5, "rest": 180, "input": "Barbell Row"}]},
  {"name": "B", "exercises": [
    {"exercise": "Back Squat", "sets": 5, "reps": 5, "rest": 180, "increment": {"kg": 2.5, "lb": 5}, "input": "Back Squat"},
    {"exercise": "Overhead Press", "sets": 5, "reps": 5, "rest": 180, "input": "Overhead Press"},
    {"exercise": "Deadlift", "sets": 1, "reps": 5, "rest": 180, "input": "Deadlift"}]}
 ]$json$::jsonb),
('push-pull-legs', 6, 'Push Pull Legs',
 'A push/pull/legs hypertrophy split, each day once or twice a week, with double progression: work in the rep range at one weight; when every set reaches the top, the next session adds one increment and goes back to the bottom of the range. Push: bench press, overhead press, incline dumbbell press, triceps pushdown. Pull: barbell row, lat pulldown, face pull, barbell curl. Legs: squat, Romanian deadlift, leg press, lying leg curl. Inputs: each exercise''s first work weight.',
 'weight',
 $json$[
  {"name": "Push", "progression": "double", "exercises": [
    {"exercise": "Bench Press", "sets": 3, "reps": "6-10", "rest": 150, "input": "Bench Press"},
    {"exercise": "Overhead Press", "sets": 3, "reps": "8-12", "rest": 120, "input": "Overhead Press"},
    {"exercise": "Incline Dumbbell Press", "sets": 3, "reps": "8-12", "rest": 90, "input": "Incline Dumbbell Press"},
    {"exercise": "Triceps Pushdown", "sets": 3, "reps": "10-15", "rest": 60, "input": "Triceps Pushdown"}]},
  {"name": "Pull", "progression": "double", "exercises": [
    {"exercise": "Barbell Row", "sets": 3, "reps": "6-10", "rest": 150, "input": "Barbell Row"},
    {"exercise": "Lat Pulldown", "sets": 3, "reps": "8-12", "rest": 120, "input": "Lat Pulldown"},
    {"exercise": "Face Pull", "sets": 3, "reps": "12-15", "rest": 60, "input": "Face Pull"},
    {"exercise": "Barbell Curl", "sets": 3, "reps": "8-12", "rest": 60, "input": "Barbell Curl"}]},
  {"name": "Legs", "progression": "double", "exercises": [
    {"exercise": "Back Squat", "sets": 3, "reps": "6-10", "rest": 180, "input": "Back Squat"},
    {"exercise": "Romanian Deadlift", "sets": 3, "reps": "8-12", "rest": 150, "input": "Romanian Deadlift"},
    {"exercise": "Leg Press", "sets": 3, "reps": "10-15", "rest": 120, "input": "Leg Press"},
    {"exercise": "Lying Leg Curl", "sets": 3, "reps": "10-15", "rest": 60, "input": "Lying Leg Curl"}]}
 ]$json$::jsonb)
on conflict (slug) do update
  set position = excluded.position, name = excluded.name, description = excluded.description,
      input_kind = excluded.input_kind, days = excluded.days;

--! split: 260-sign-up-unit.sql
-- Sign-up takes the unit the account weighs in (kg or lb; the web app asks, defaulting from the
-- browser's locale), so a lb lifter never sees "0 kg" before finding Settings. users_unit_check
-- stays the one rule of which units exist. The old four-argument form goes: only the auth route
-- calls it, and it now passes the unit.
drop function if exists app_private.sign_up(text, text, text, text);
create or replace function app_private.sign_up(p_name text, p_email text, p_password text, p_client text,
  p_unit text default null, out user_id uuid, out token text)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  if exists (select 1 from app_public.users where email = p_email::citext) then
    raise exception 'An account with this email already exists' using errcode = 'SVDUP';
  end if;
  -- The first account on an instance administers it.
  lock table app_public.users in share row exclusive mode;
  insert into app_public.users (name, email, role, unit)
  values (p_name, p_email, case when exists (select 1 from app_public.users) then 'user' else 'admin' end,
          coalesce(p_unit, 'kg'))
  returning id into user_id;
  insert into app_private.user_secrets (user_id, password_hash)
  values (user_id, crypt(p_password, gen_salt('bf', app_private.password_hash_cost())));
  token := app_private.new_session(user_id, p_client);
end;
$$;
revoke execute on function app_private.sign_up(text, text, text, text, text) from public;
comment on function app_private.sign_up(text, text, text, text, text) is
  E'Creates an account weighing in p_unit (kg or lb; null: kg) and signs it in.';

--! split: 270-docs-sql-named-steps.sql
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
