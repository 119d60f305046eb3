-- Rules with one home: each condition below is written once, in a small function the others call
-- (listed in db/CONVENTIONS.md, "One home per rule"; test/sql-rules.test.ts checks them at their
-- edges and that the conditions are spelled out nowhere else).

--------------------------------------------------------------------------------
-- A live session, and how often activity is recorded
--------------------------------------------------------------------------------
create or replace function app_hidden.session_live(last_active_at timestamptz) returns boolean
language sql stable parallel safe as $$
  select last_active_at > now() - interval '30 days';
$$;
comment on function app_hidden.session_live(timestamptz) is
  E'Whether a session still counts as signed in: active within the last 30 days. An inlinable expression (no SET clause), so index scans on last_active_at still apply.';
grant execute on function app_hidden.session_live(timestamptz) to svc_reader;

create or replace function app_hidden.touch_due(last_at timestamptz) returns boolean
language sql stable parallel safe as $$
  select last_at is null or last_at < now() - interval '1 minute';
$$;
comment on function app_hidden.touch_due(timestamptz) is
  E'Whether a last-active or last-used time (a session, an API key, a connected app) is over a minute old (or unset), so it is written again: a read-mostly hot path writes at most once a minute, not on every request.';
grant execute on function app_hidden.touch_due(timestamptz) to svc_reader;

create or replace function app_private.admin_user(p_session uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_admin uuid;
begin
  select u.id into v_admin from app_public.sessions s join app_public.users u on u.id = s.user_id
   where s.id = p_session and app_hidden.session_live(s.last_active_at) and u.role = 'admin';
  if v_admin is null then
    raise exception 'Only an admin may do this' using errcode = 'SVFBD';
  end if;
  return v_admin;
end;
$function$;

create or replace function app_public.current_session_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select s.id
    from app_private.session_tokens t
    join app_public.sessions s on s.id = t.session_id
   where t.token_hash = decode(nullif(current_setting('svc.session_hash', true), ''), 'hex')
     and app_hidden.session_live(s.last_active_at);
$function$;

create or replace function app_private.session_for_token(p_token_hash bytea, OUT session_id uuid, OUT user_id uuid)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
begin
  update app_public.sessions s set last_active_at = now()
    from app_private.session_tokens t
   where t.session_id = s.id and t.token_hash = p_token_hash
     and app_hidden.session_live(s.last_active_at)
     and app_hidden.touch_due(s.last_active_at)
  returning s.id, s.user_id into session_id, user_id;
  if session_id is null then
    select s.id, s.user_id into session_id, user_id
      from app_private.session_tokens t join app_public.sessions s on s.id = t.session_id
     where t.token_hash = p_token_hash and app_hidden.session_live(s.last_active_at);
  end if;
end;
$function$;

create or replace function app_public.users_sessions(u app_public.users)
 RETURNS SETOF app_public.sessions
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_user uuid := app_hidden.require_session();
begin
  return query
    select s.* from app_public.sessions s
     where s.user_id = u.id and u.id = v_user and app_hidden.session_live(s.last_active_at)
     order by s.last_active_at desc, s.id desc;
end;
$function$;

create or replace function app_private.delete_idle_sessions()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_count int;
begin
  delete from app_public.sessions s where not app_hidden.session_live(s.last_active_at);
  get diagnostics v_count = row_count;
  return v_count;
end;
$function$;

--------------------------------------------------------------------------------
-- Requests and a key's cost per minute: one counter upsert (app_private.count_request)
--------------------------------------------------------------------------------
create or replace function app_private.spend_api_key_cost(p_api_key_id uuid, p_cost integer)
 RETURNS integer
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
  select app_private.count_request('key-cost:' || p_api_key_id, date_trunc('minute', now()), p_cost);
$function$;
comment on table app_private.rate_counters is
  E'Counts per subject per one-minute window, shared by every server process: requests of an API key (`key:<id>`) or an admin session (`admin:<session>`), and the GraphQL cost a key spent (`key-cost:<id>`). Written only by app_private.count_request.';

--------------------------------------------------------------------------------
-- A bodyweight
--------------------------------------------------------------------------------
create or replace function app_hidden.bodyweight_reason(weight numeric) returns text
language sql immutable parallel safe as $$
  select case when weight is null or not (weight > 0 and weight <= 1500 and weight = round(weight, 2))
              then 'must be a number above 0 and at most 1500 with at most 2 decimals' end;
$$;
comment on function app_hidden.bodyweight_reason(numeric) is
  E'Why a bodyweight is refused (none, null, at most 0, over 1500 or more than 2 decimals), or null when it is good: the rule of a workout document''s bodyweight and of logBodyweight. The bodyweights table keeps its own check constraint as the stored rows'' guard (on the double precision column; a constraint calling a function would not be checked again if the function changed).';
grant execute on function app_hidden.bodyweight_reason(numeric) to svc_reader;

create or replace function app_hidden.doc_bodyweight(v jsonb) returns numeric
language sql immutable parallel safe as $$
  select case when jsonb_typeof(v) = 'number' then
    case when app_hidden.bodyweight_reason(v::numeric) is null then trim_scale(v::numeric) end
  end;
$$;
comment on function app_hidden.doc_bodyweight(jsonb) is
  E'A JSON number app_hidden.bodyweight_reason accepts (above 0, at most 1500, at most 2 decimals, trailing zeros aside), without trailing zeros; otherwise null.';
comment on constraint bodyweights_weight_rule on app_public.bodyweights is
  E'A stored bodyweight is above 0, at most 1500 and has at most 2 decimals: the guard of the rows, the same rule as app_hidden.bodyweight_reason (which gives the reason logBodyweight and workout documents answer with).';

--------------------------------------------------------------------------------
-- Another of the user's routines with this name
--------------------------------------------------------------------------------
create or replace function app_hidden.routine_name_taken(p_user uuid, p_name text, p_except uuid) returns text
language sql stable as $$
  select 'a routine with this name already exists: ' || r.id
    from app_public.routines r
   where r.user_id = p_user and r.name_key = app_public.routine_name_key(p_name) and r.id is distinct from p_except
   limit 1;
$$;
comment on function app_hidden.routine_name_taken(uuid, text, uuid) is
  E'Why p_name cannot name a routine of p_user other than p_except (`a routine with this name already exists: <id>`, names compared by app_public.routine_name_key), or null: the reason documents give at `name` and the routines trigger raises.';
grant execute on function app_hidden.routine_name_taken(uuid, text, uuid) to svc_reader;

create or replace function app_hidden.tg_routine_name_unique()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_taken text := app_hidden.routine_name_taken(new.user_id, new.name, new.id);
begin
  if v_taken is not null then
    raise exception 'name: %', v_taken using errcode = 'SVDOC', detail = 'name', hint = v_taken;
  end if;
  return new;
end;
$function$;

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
    rest_seconds, superset, progression, warmups, drops, bursts, training_max, cycle, stages, increment)
  select v_id, x.ord - 1, (x.e ->> 'exercise_id')::uuid, (x.e ->> 'sets')::int, (x.e ->> 'reps_low')::int,
         (x.e ->> 'reps_high')::int, (x.e ->> 'seconds')::int, (x.e ->> 'weight')::float8, (x.e ->> 'rest_seconds')::int,
         x.e ->> 'superset', x.e ->> 'progression', (x.e ->> 'warmups')::int, (x.e ->> 'drops')::int, (x.e ->> 'bursts')::int,
         (x.e ->> 'training_max')::float8, x.e -> 'cycle', x.e -> 'stages', (x.e ->> 'increment')::float8
    from jsonb_array_elements(w.exercise_rows) with ordinality as x(e, ord);
  routine_id := v_id;
end;
$function$;

--------------------------------------------------------------------------------
-- Lists an argument or a document field takes one of
--------------------------------------------------------------------------------
create or replace function app_hidden.weight_units() returns text[]
language sql immutable parallel safe as $$ select '{kg,lb}'::text[] $$;
comment on function app_hidden.weight_units() is
  E'The weight units: kg and lb, in the order messages list them (`unit: must be one of kg, lb`). The tables'' unit check constraints list the same (test/sql-rules.test.ts compares them).';
grant execute on function app_hidden.weight_units() to svc_reader;

create or replace function app_hidden.progression_rules() returns text[]
language sql immutable parallel safe as $$ select '{linear,greyskull,double,time,none}'::text[] $$;
comment on function app_hidden.progression_rules() is
  E'The progression rules a routine or one of its exercises may take, in the order messages list them. The routines'' and routine_exercises'' progression check constraints list the same (test/sql-rules.test.ts compares them).';
grant execute on function app_hidden.progression_rules() to svc_reader;

--------------------------------------------------------------------------------
-- Loadable weights: warm-ups snap within their range with snap_up and snap_down
--------------------------------------------------------------------------------
create or replace function app_hidden.snap_up(weight numeric, step numeric) returns numeric
language sql immutable parallel safe as $$
  select case when weight is null then null else trim_scale(greatest(0, ceil(weight / step - 0.000001) * step)) end;
$$;
comment on function app_hidden.snap_up(numeric, numeric) is
  E'The lightest multiple of step not below weight (a tiny slack absorbs conversion rounding), never below 0: app_hidden.snap_down''s other side.';
grant execute on function app_hidden.snap_up(numeric, numeric) to svc_reader;

create or replace function app_hidden.planned_sets(p_kind text, p_weight numeric, p_bodyweight boolean, p_reps integer, p_seconds integer, p_sets integer, p_warmups integer, p_drops integer, p_bursts integer, p_increment numeric)
 RETURNS text[]
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- Set texts, in order: warm-ups (w:), work sets, drops (d:), bursts (rp:). p_increment is the loadable step
-- weights snap to.
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
    v_out := v_out || app_hidden.format_set('work', p_weight, p_bodyweight, case when p_seconds is null then v_reps end, p_seconds, null);
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

-- Nothing calls it: deloads go through app_hidden.deload_to_step.
drop function if exists app_hidden.deload_weight(numeric, numeric);

--------------------------------------------------------------------------------
-- Comments that say why, as things stand
--------------------------------------------------------------------------------
create or replace function app_hidden.match_exercise(ref text, suggest boolean DEFAULT true, OUT match text, OUT exercise_id uuid, OUT candidate_ids uuid[])
 RETURNS record
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
-- The one resolver (its tiers are in its `comment on`). candidate_ids: the exercise found, or the
-- choices when ambiguous (at most 10, likeliest first), or the closest names when none (at most 3).
declare
  v_ref text := btrim(coalesce(ref, ''));
  v_key text := app_public.exercise_key(coalesce(ref, ''));
  v_me uuid := app_public.current_user_id();
  v_words text[];
  v_vocab text[];
  v_unknown_words text[];
  v_unknown text;
  v_fixes text[];
  v_combos text[];
  v_next text[];
  v_combo text;
  v_fix text;
  v_max int;
  v_best int;
  v_ids uuid[] := '{}';
  r record;
begin
  match := 'none';
  candidate_ids := '{}';
  if v_ref = '' then return; end if;
  -- An id the caller can see.
  if app_hidden.try_uuid(v_ref) is not null then
    select e.id into exercise_id from app_public.exercises e where e.id = app_hidden.try_uuid(v_ref) and (e.user_id is null or e.user_id = v_me);
    if exercise_id is not null then
      match := 'id'; candidate_ids := array[exercise_id]; return;
    end if;
  end if;
  if v_key <> '' then
    -- A catalog name, else one of the caller's custom names (never both: see tg_custom_exercise_name_free).
    select e.id into exercise_id from app_public.exercises e
     where e.key = v_key and (e.user_id is null or e.user_id = v_me)
     order by e.user_id nulls first limit 1;
    if exercise_id is not null then
      match := 'name'; candidate_ids := array[exercise_id]; return;
    end if;
    select a.exercise_id into exercise_id
      from app_public.exercise_aliases a join app_public.exercises e on e.id = a.exercise_id
     where a.key = v_key and e.user_id is null;
    if exercise_id is not null then
      match := 'alias'; candidate_ids := array[exercise_id]; return;
    end if;
  end if;
  v_words := app_hidden.exercise_words(v_ref);
  if cardinality(v_words) > 0 and cardinality(v_words) <= 12 then
    -- Words that are no word of any exercise (index probes; the whole vocabulary only for typos).
    v_unknown_words := array(
      select distinct w from unnest(v_words) w
       where w <> all (array['barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio'])
         and not exists (select 1 from app_hidden.exercise_labels l
                          where l.words @> array[w] and (l.user_id is null or l.user_id = v_me))
         and not exists (select 1 from app_hidden.exercise_labels l
                          where l.joined = w and (l.user_id is null or l.user_id = v_me)));
    if cardinality(v_unknown_words) > 0 then
      select array_agg(distinct w) into v_vocab from (
        select unnest(l.words) as w from app_hidden.exercise_labels l where l.user_id is null or l.user_id = v_me
        union all
        select l.joined from app_hidden.exercise_labels l where (l.user_id is null or l.user_id = v_me) and cardinality(l.words) > 1
        union all
        select unnest(array['barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio'])
      ) t;
    end if;
    if cardinality(v_unknown_words) = 0 then
      r := app_hidden.match_exercise_words(v_words, v_me);
      if r.tier is not null then
        v_ids := r.ids;
        match := 'words';
      end if;
    else
      -- Typos: each word that is no word of any exercise, corrected to the words nearest to it
      -- (one slip for words of 5 to 7 letters, two from 8; shorter words are never corrected: `row`
      -- and `rdl` are too close to other words to guess).
      v_combos := array[array_to_string(v_words, ' ')];
      foreach v_unknown in array v_unknown_words loop
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
          v_combos := '{}';
          exit;
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
        r := app_hidden.match_exercise_words(string_to_array(v_combo, ' '), v_me);
        if r.tier is not null and (v_best is null or r.tier < v_best) then
          v_best := r.tier;
          v_ids := r.ids;
        elsif r.tier is not null and r.tier = v_best then
          v_ids := v_ids || array(select x from unnest(r.ids) x where not (x = any(v_ids)));
        end if;
      end loop;
      if v_best is not null then match := 'typo'; end if;
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
comment on function app_hidden.match_exercise(text, boolean) is
  E'The one exercise resolver, for the calling user (security invoker: RLS applies): how a typed name matches (id, name, alias, words, typo, ambiguous or none), '
  'the exercise (only for a single match) and candidate_ids (the match; the choices when ambiguous, at most 10, likeliest first; the closest names when none, at most 3, unless suggest is false). '
  'Documents, search, records, lastPerformance and imports all resolve names through it. '
  'Its tiers, the first that finds something wins: id (an exercise id the caller can see); name (a catalog name or one of the caller''s custom names, ignoring case, spacing and hyphens); '
  'alias (a catalog alias: `bench`, `OHP`, the other apps'' export names); words (the same words once abbreviations such as `DB`, `OH`, `sq`, plurals, word order, filler words '
  'and an export''s equipment in brackets, `Squat (Barbell)`, are accounted for; or a whole name mentioned with only the exercise''s own words around it; or words that only one exercise '
  'covers half a name of, `goblet`, or only one exercise has, `zercher`); typo (as words, after correcting words of 5 letters or more that are no word of any exercise by one slip, '
  'two from 8 letters: `sqaut`, `plnak`, `deadlfit`). Two or more exercises equally good in a tier: ambiguous, with the choices, never a guess (`press`); nothing: none, with the closest names.';

comment on function app_hidden.progression_targets(app_public.routines, date) is
  E'The next targets of each exercise of a routine on a date, replayed from the owner''s history (judge_session, then next_target, per session; the rules are in the comments of those functions).';

-- A custom name may not mean a catalog exercise (app_hidden.tg_custom_exercise_name_free decides
-- it); these two comments say so instead of the earlier rule, where the custom name won.
comment on function app_hidden.tg_exercises_check() is E'Trigger: catalog names never equal an alias; custom exercises get a tidy name (spaces collapsed), valid equipment, region, kind and muscles (at most 10, 40 characters each), and a name unique among the user''s custom exercises ignoring case, spacing and hyphens (CONFLICT). Whether a custom name already means a catalog exercise is decided by tg_custom_exercise_name_free.';
comment on function app_public.create_custom_exercise(name text, equipment text, muscles text[], region text, kind text) is E'@resultFieldName exercise\nAdds a custom exercise, private to the signed-in user. name: 1 to 100 characters, unique among the user''s custom exercises ignoring case, spacing and hyphens, and not a name that already means a catalog exercise (CONFLICT otherwise, naming it). equipment (default other), muscles (at most 10), region (default full body), kind (default reps) as on Exercise.';
