-- Limits with one home each: a function per number, read by the SQL that enforces it and by
-- docs/contract.md's Limits table (test/contract.test.ts selects them), so no TypeScript mirrors them.

create or replace function app_hidden.api_keys_per_user_max() returns integer
  language sql immutable as $$ select 50 $$;
comment on function app_hidden.api_keys_per_user_max() is 'How many API keys one user may hold; create_api_key refuses one more (LIMIT_REACHED).';

create or replace function app_hidden.search_exercises_max_limit() returns integer
  language sql immutable as $$ select 100 $$;
comment on function app_hidden.search_exercises_max_limit() is 'The largest `limit` search_exercises (Query.searchExercises) accepts.';

create or replace function app_hidden.search_exercises_default_limit() returns integer
  language sql immutable as $$ select 20 $$;
comment on function app_hidden.search_exercises_default_limit() is 'How many exercises search_exercises (Query.searchExercises) answers when no `limit` is given.';

grant execute on function app_hidden.search_exercises_max_limit() to svc_reader;
grant execute on function app_hidden.search_exercises_default_limit() to svc_reader;
grant execute on function app_hidden.api_keys_per_user_max() to svc_reader;

create or replace function app_public.create_api_key(p_name text, p_access app_public.api_key_access, p_expires_in text, OUT api_key_id uuid, OUT key text)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_user uuid := app_hidden.require_session();
  v_name text := btrim(p_name);
  v_expires timestamptz;
begin
  if v_name is null or char_length(v_name) not between 1 and 80 then
    raise exception 'name: must be 1 to 80 characters' using errcode = 'SVBAD', hint = 'characters',
      detail = json_build_object('field', 'name', 'min', 1, 'max', 80)::text;
  end if;
  if p_access is null then
    raise exception 'access: must be READ_ONLY or READ_WRITE' using errcode = 'SVBAD';
  end if;
  v_expires := case lower(p_expires_in)
    when 'days_30' then now() + interval '30 days'
    when 'days_90' then now() + interval '90 days'
    when 'year_1' then now() + interval '1 year'
    when 'never' then null
    else 'infinity'::timestamptz end;
  if v_expires = 'infinity' then
    raise exception 'expiresIn: must be DAYS_30, DAYS_90, YEAR_1 or NEVER' using errcode = 'SVBAD';
  end if;
  -- Serialise key creation per user so the limit holds under concurrent requests.
  perform 1 from app_public.users u where u.id = v_user for update;
  if (select count(*) from app_public.api_keys k where k.user_id = v_user) >= app_hidden.api_keys_per_user_max() then
    raise exception 'You already hold % API keys, the most allowed; revoke one first', app_hidden.api_keys_per_user_max()
      using errcode = 'SVLIM', hint = 'apiKeys', detail = json_build_object('max', app_hidden.api_keys_per_user_max())::text;
  end if;
  key := 'svc_' || app_private.random_base62(40);
  insert into app_public.api_keys (user_id, name, start, access, expires_at)
  values (v_user, v_name, left(key, 8), p_access, v_expires)
  returning id into api_key_id;
  insert into app_private.api_key_hashes (api_key_id, key_hash) values (api_key_id, digest(key, 'sha256'));
end;
$function$;
comment on function app_public.create_api_key(p_name text, p_access app_public.api_key_access, p_expires_in text, OUT api_key_id uuid, OUT key text) is E'@behavior -*\nCreates an API key for the signed-in user (a session, never a key) and returns the full key value, once: `svc_` and 40 random base62 characters. Only its SHA-256 and its first 8 characters are kept. name: 1 to 80 characters (trimmed); expires_in: days_30, days_90, year_1 or never; at most app_hidden.api_keys_per_user_max() keys per user.';
grant execute on function app_public.create_api_key(p_name text, p_access app_public.api_key_access, p_expires_in text, OUT api_key_id uuid, OUT key text) to svc_visitor;
revoke execute on function app_public.create_api_key(p_name text, p_access app_public.api_key_access, p_expires_in text, OUT api_key_id uuid, OUT key text) from svc_reader;

create or replace function app_public.search_exercises(words text, "limit" integer DEFAULT NULL)
 RETURNS SETOF app_public.exercises
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_limit int := coalesce("limit", app_hidden.search_exercises_default_limit());
  v_text text := lower(btrim(regexp_replace(coalesce(words, ''), '\s+', ' ', 'g')));
  v_key text := app_public.exercise_key(coalesce(words, ''));
  v_tokens text[];
  v_me uuid := app_public.current_user_id();
  v_resolved uuid[];
begin
  if v_limit < 1 or v_limit > app_hidden.search_exercises_max_limit() then
    raise exception 'limit: must be between 1 and %', app_hidden.search_exercises_max_limit() using errcode = 'SVBAD';
  end if;
  if v_text = '' then
    raise exception 'words: must not be empty' using errcode = 'SVBAD';
  end if;
  if char_length(words) > 200 then
    raise exception 'words: must be at most 200 characters' using errcode = 'SVBAD';
  end if;
  -- What the resolver makes of the words comes first: the exercise they mean, or the choices.
  select case when m.match = 'none' then '{}' else m.candidate_ids end into v_resolved from app_hidden.match_exercise(words, false) m;
  v_tokens := array(select t from regexp_split_to_table(v_text, '[^[:alnum:]]+') t where t <> '');
  return query
  with candidates as (
    select e.id, e.name, e.user_id,
           bool_or(c.key = v_key) as exact,
           bool_or(starts_with(c.key, v_key)) as prefix,
           string_agg(lower(c.text) || ' ' || lower(regexp_replace(c.text, '[-‐‑–—_.]+', '', 'g')), ' ') as haystack,
           max(app_hidden.exercise_match_score(v_text, v_key, c.text, c.key)) as score
      from app_public.exercises e
      cross join lateral (
        select e.name as text, e.key
        union all
        select a.alias, a.key from app_public.exercise_aliases a where a.exercise_id = e.id
      ) c
     where e.user_id is null or e.user_id = v_me
     group by e.id
  ), ranked as (
    select c.id, c.name, c.user_id, c.score, array_position(v_resolved, c.id) as resolved,
           case
             when c.id = any(v_resolved) then -1
             when v_key <> '' and c.exact then 0
             when v_key <> '' and c.prefix then 1
             when cardinality(v_tokens) > 0
                  and not exists (select 1 from unnest(v_tokens) t where c.haystack !~ ('\m' || t)) then 2
             when c.score >= 0.3 then 3
           end as tier
      from candidates c
  )
  select e.*
    from ranked r join app_public.exercises e on e.id = r.id
   where r.tier is not null
   order by r.tier, r.resolved, case when r.tier = 3 then r.score end desc nulls last, r.name, (r.user_id is null), r.id
   limit v_limit;
end;
$function$;
comment on function app_public.search_exercises(words text, "limit" integer) is E'@behavior -*\nExercises the caller can use (the catalog and their custom ones) matching words, best first: 0. what the resolver makes of the words (app_hidden.match_exercise: the exercise they mean, or the choices when ambiguous), 1. an exact name or alias (ignoring case, spacing and hyphens), 2. a name or alias starting with the words, 3. names and aliases containing every word (at a word start), 4. fuzzy matches (exercise_match_score at least 0.3, most similar first). Ties by name, the caller''s custom exercise first. limit: 1 to app_hidden.search_exercises_max_limit(), default app_hidden.search_exercises_default_limit(). words: 1 to 200 characters, not blank. Exposed as Query.searchExercises.';
grant execute on function app_public.search_exercises(words text, "limit" integer) to svc_reader;
