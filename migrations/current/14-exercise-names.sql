-- Exercise names a lifter can trust: one resolver for every place a name is typed (documents,
-- search, records, lastPerformance, imports), names that never shadow each other, and records for
-- bodyweight and timed sets with a rep-max table.
--
-- The resolver (app_hidden.match_exercise, exposed as app_public.resolve_exercise(s)) answers a
-- typed name in tiers, the first that finds something wins:
--   id     an exercise id the caller can see
--   name   a catalog name or one of the caller's custom names (ignoring case, spacing, hyphens)
--   alias  a catalog alias (`bench`, `OHP`, the other apps' export names)
--   words  the same words once abbreviations (`DB`, `OH`, `sq`), plurals, word order, filler words
--          and an export's equipment in brackets (`Squat (Barbell)`) are accounted for; or a whole
--          name mentioned with only the exercise's own words around it; or words that only one
--          exercise covers half a name of (`goblet`), or only one exercise has (`zercher`)
--   typo   as `words`, after correcting words of 5 letters or more that are no word of any
--          exercise by one slip (two from 8 letters): `sqaut`, `plnak`, `deadlfit`
-- Two or more exercises equally good in a tier: `ambiguous`, with the choices, never a guess
-- (`press`). Nothing: `none`, with the closest names as suggestions.
--
-- Names never shadow each other: a custom exercise may not take a name or alias of the catalog,
-- nor a name that means a catalog exercise after abbreviations and plurals, nor one the resolver
-- reads as a catalog exercise at any tier, typos included (CONFLICT naming the catalog exercise
-- to use instead). Custom exercises made before that rule that took a catalog
-- name are renamed once with " (custom)" appended, so the catalog exercise is shown by its name
-- again and its records are its own.

--------------------------------------------------------------------------------
-- Words: how the resolver reads a name
--------------------------------------------------------------------------------
create or replace function app_hidden.exercise_word(w text) returns text
language sql immutable parallel safe as $$
  -- One lower-case word in its canonical form: abbreviations and other spellings expanded (one
  -- or more words, space-separated), plurals made singular. Empty for a filler word.
  select coalesce(
    s.map ->> w,
    s.map ->> singular,
    singular)
    from (select case
                   when char_length(w) < 4 then w
                   when w ~ '(ss|ch|sh|x)es$' then left(w, -2)
                   when w ~ 'ies$' then left(w, -3) || 'y'
                   when w ~ 's$' and w !~ '(ss|us|is)$' then left(w, -1)
                   else w
                 end as singular) p,
         (select '{
            "db": "dumbbell", "dbs": "dumbbell", "dumbell": "dumbbell", "dumbel": "dumbbell", "dumbells": "dumbbell",
            "bb": "barbell", "barbel": "barbell", "kb": "kettlebell", "kbs": "kettlebell", "mach": "machine",
            "bw": "bodyweight", "ezbar": "ez bar", "tbar": "t bar",
            "oh": "overhead", "ohp": "overhead press", "bp": "bench press", "dl": "deadlift", "dls": "deadlift",
            "deads": "deadlift", "rdl": "romanian deadlift", "rdls": "romanian deadlift",
            "sldl": "stiff leg deadlift", "sq": "squat", "sqt": "squat", "mil": "military",
            "pushup": "push up", "pullup": "pull up", "chinup": "chin up", "situp": "sit up", "pressup": "press up",
            "stepup": "step up", "muscleup": "muscle up", "skullcrusher": "skull crusher",
            "pressdown": "pushdown", "hyper": "hyperextension", "ups": "up",
            "ham": "hamstring", "hams": "hamstring", "hammy": "hamstring", "tri": "tricep", "tris": "tricep",
            "bi": "bicep", "bis": "bicep", "abs": "ab", "calves": "calf", "calve": "calf",
            "inc": "incline", "incl": "incline", "dec": "decline", "decl": "decline", "ext": "extension",
            "extn": "extension", "flye": "fly", "flys": "fly", "paused": "pause", "side": "lateral",
            "alt": "alternating", "alternate": "alternating", "sa": "single arm", "one": "single", "sl": "single leg",
            "legged": "leg", "wtd": "weighted", "rev": "reverse",
            "the": "", "s": "", "a": "", "an": "", "of": "", "on": "", "with": "", "and": "", "to": "", "w": "", "for": ""
          }'::jsonb as map) s;
$$;
comment on function app_hidden.exercise_word(text) is
  E'One lower-case word of an exercise name in its canonical form: abbreviations and other spellings expanded (`db` -> `dumbbell`, `ohp` -> `overhead press`, `sq` -> `squat`, `side` -> `lateral`), plurals made singular; empty for a filler word (the, with, ...).';

create or replace function app_hidden.exercise_words(t text) returns text[]
language sql immutable parallel safe as $$
  -- Words split at anything but letters and digits (spaces, hyphens, brackets, slashes), each in
  -- its canonical form, in order.
  select coalesce(array_agg(x.w order by t1.n, x.n), '{}')
    from regexp_split_to_table(lower(coalesce(t, '')), '[^[:alnum:]]+') with ordinality as t1(w, n)
    cross join lateral regexp_split_to_table(app_hidden.exercise_word(t1.w), ' ') with ordinality as x(w, n)
   where t1.w <> '' and x.w <> '';
$$;
comment on function app_hidden.exercise_words(text) is
  E'The words of an exercise name as the resolver compares them (app_hidden.exercise_word of each), in order: `DB OHP` and `Dumbbell Overhead Press` have the same words.';

create or replace function app_hidden.word_set(words text[]) returns text[]
language sql immutable parallel safe as $$
  select coalesce(array_agg(distinct w order by w), '{}') from unnest(words) w;
$$;
comment on function app_hidden.word_set(text[]) is E'The distinct words of a list, sorted: names compared regardless of word order.';

create or replace function app_hidden.typo_distance(a text, b text) returns int
language plpgsql immutable parallel safe strict as $$
-- Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
-- neighbouring letters each count one (`sqaut` is 1 from `squat`).
declare
  la int := char_length(a);
  lb int := char_length(b);
  d int[];
  w int := lb + 1;
  cost int;
begin
  if la = 0 then return lb; end if;
  if lb = 0 then return la; end if;
  d := array_fill(0, array[(la + 1) * (lb + 1)]);
  for i in 0..la loop d[i * w + 1] := i; end loop;
  for j in 0..lb loop d[j + 1] := j; end loop;
  for i in 1..la loop
    for j in 1..lb loop
      cost := case when substr(a, i, 1) = substr(b, j, 1) then 0 else 1 end;
      d[i * w + j + 1] := least(d[(i - 1) * w + j + 1] + 1, d[i * w + j] + 1, d[(i - 1) * w + j] + cost);
      if i > 1 and j > 1 and substr(a, i, 1) = substr(b, j - 1, 1) and substr(a, i - 1, 1) = substr(b, j, 1) then
        d[i * w + j + 1] := least(d[i * w + j + 1], d[(i - 2) * w + j - 1] + 1);
      end if;
    end loop;
  end loop;
  return d[la * w + lb + 1];
end;
$$;
comment on function app_hidden.typo_distance(text, text) is
  E'How many typing slips separate two words (optimal string alignment: an insertion, deletion, substitution or swap of neighbouring letters each counts 1).';

grant execute on function app_hidden.exercise_word(text), app_hidden.exercise_words(text), app_hidden.word_set(text[]),
  app_hidden.typo_distance(text, text) to svc_reader;

--------------------------------------------------------------------------------
-- Labels: every name and alias with its words, kept current by triggers
--------------------------------------------------------------------------------
-- Reading the words of ~900 names and aliases takes ~50 ms; kept here they are index lookups.
create table if not exists app_hidden.exercise_labels (
  source_id uuid primary key,
  exercise_id uuid not null references app_public.exercises on delete cascade,
  user_id uuid references app_public.users on delete cascade,
  is_name boolean not null,
  words text[] not null,
  word_set text[] not null,
  joined text not null
);
create index if not exists exercise_labels_exercise on app_hidden.exercise_labels (exercise_id);
create index if not exists exercise_labels_word_set on app_hidden.exercise_labels (word_set);
create index if not exists exercise_labels_joined on app_hidden.exercise_labels (joined);
create index if not exists exercise_labels_words on app_hidden.exercise_labels using gin (words);
alter table app_hidden.exercise_labels enable row level security;
comment on table app_hidden.exercise_labels is
  E'Every exercise name and catalog alias with its words as the resolver compares them (app_hidden.exercise_words); written only by triggers on exercises and exercise_aliases.';
comment on column app_hidden.exercise_labels.source_id is E'The exercise''s id for its name, the alias''s id for an alias.';
comment on column app_hidden.exercise_labels.exercise_id is E'The exercise the label names.';
comment on column app_hidden.exercise_labels.user_id is E'The owner of a custom exercise; null for the catalog.';
comment on column app_hidden.exercise_labels.is_name is E'True for the exercise''s name, false for an alias.';
comment on column app_hidden.exercise_labels.words is E'app_hidden.exercise_words of the label.';
comment on column app_hidden.exercise_labels.word_set is E'The distinct words, sorted (word order ignored).';
comment on column app_hidden.exercise_labels.joined is E'The words run together (`pull up` and `pullup` alike).';
grant select on app_hidden.exercise_labels to svc_reader;
drop policy if exists select_catalog_or_own on app_hidden.exercise_labels;
create policy select_catalog_or_own on app_hidden.exercise_labels for select
  using (user_id is null or user_id = (select app_public.current_user_id()));

create or replace function app_hidden.refresh_exercise_labels(p_exercise uuid) returns void
language sql volatile security definer set search_path to pg_catalog, public as $$
  delete from app_hidden.exercise_labels where exercise_id = p_exercise;
  insert into app_hidden.exercise_labels (source_id, exercise_id, user_id, is_name, words, word_set, joined)
  select l.source_id, e.id, e.user_id, l.is_name, w.words, app_hidden.word_set(w.words), array_to_string(w.words, '')
    from app_public.exercises e
    cross join lateral (
      select e.id as source_id, true as is_name, e.name as label
      union all
      select a.id, false, a.alias from app_public.exercise_aliases a where a.exercise_id = e.id
    ) l
    cross join lateral (select app_hidden.exercise_words(l.label) as words) w
   where e.id = p_exercise and cardinality(w.words) > 0;
$$;
comment on function app_hidden.refresh_exercise_labels(uuid) is E'Rewrites the labels (name and aliases) of one exercise.';

create or replace function app_hidden.tg_exercise_labels() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  if tg_table_name = 'exercises' then
    perform app_hidden.refresh_exercise_labels(new.id);
  elsif tg_op = 'DELETE' then
    perform app_hidden.refresh_exercise_labels(old.exercise_id);
  else
    perform app_hidden.refresh_exercise_labels(new.exercise_id);
    if tg_op = 'UPDATE' then
      perform app_hidden.refresh_exercise_labels(old.exercise_id);
    end if;
  end if;
  return null;
end;
$$;
comment on function app_hidden.tg_exercise_labels() is E'Trigger: keeps app_hidden.exercise_labels current when an exercise''s name or an alias is written or an alias deleted (a deleted exercise''s labels cascade).';
drop trigger if exists _900_labels on app_public.exercises;
create trigger _900_labels after insert or update of name on app_public.exercises
  for each row execute procedure app_hidden.tg_exercise_labels();
drop trigger if exists _900_labels on app_public.exercise_aliases;
create trigger _900_labels after insert or update or delete on app_public.exercise_aliases
  for each row execute procedure app_hidden.tg_exercise_labels();

--------------------------------------------------------------------------------
-- The resolver
--------------------------------------------------------------------------------
create or replace function app_hidden.exercise_staple_rank(p_name text) returns int
language sql immutable parallel safe as $$
  -- Lifts most logged first, so a list of choices for an ambiguous word starts with the likely ones.
  select array_position(array[
    'Back Squat', 'Bench Press', 'Deadlift', 'Overhead Press', 'Barbell Row', 'Pull-Up', 'Chin-Up', 'Dip',
    'Push-Up', 'Romanian Deadlift', 'Front Squat', 'Incline Bench Press', 'Dumbbell Bench Press',
    'Incline Dumbbell Press', 'Dumbbell Shoulder Press', 'Lat Pulldown', 'Seated Cable Row', 'Dumbbell Row',
    'Leg Press', 'Lateral Raise', 'Barbell Curl', 'Dumbbell Curl', 'Hammer Curl', 'Triceps Pushdown',
    'Lying Triceps Extension', 'Leg Extension', 'Lying Leg Curl', 'Seated Leg Curl', 'Standing Calf Raise',
    'Barbell Hip Thrust', 'Bulgarian Split Squat', 'Lunge', 'Plank', 'Face Pull', 'Cable Fly', 'Dumbbell Fly',
    'Pec Deck', 'Hack Squat', 'Goblet Squat', 'Sumo Deadlift', 'Power Clean', 'Push Press', 'Chest Press Machine',
    'Shoulder Press Machine', 'Machine Row', 'Preacher Curl', 'Cable Curl', 'Barbell Shrug', 'Hanging Leg Raise',
    'Crunch', 'Kettlebell Swing'], p_name);
$$;
comment on function app_hidden.exercise_staple_rank(text) is E'Where a catalog name stands among the most logged lifts (1 first), null for the rest: the order of choices for an ambiguous name.';

create or replace function app_hidden.body_part_words() returns text[]
language sql immutable parallel safe as $$
  select array['ab', 'arm', 'back', 'bicep', 'body', 'calf', 'chest', 'core', 'delt', 'forearm', 'full', 'glute', 'hamstring',
               'hip', 'lat', 'leg', 'lower', 'neck', 'oblique', 'quad', 'shoulder', 'trap', 'tricep', 'upper'];
$$;
comment on function app_hidden.body_part_words() is
  E'Words that name a body part (canonical, singular): words made only of them (`abs`, `arms`, `bicep`) name a muscle group, not one exercise, so they answer with choices.';
grant execute on function app_hidden.body_part_words() to svc_reader;

create or replace function app_hidden.match_exercise_words(q text[], p_me uuid, out tier int, out ids uuid[])
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
-- The word tiers for one list of words (already canonical), best first:
--   1 a name or alias with the same words (in any order), or the same letters run together;
--   2 the words mention a whole name or alias of one exercise, and every other word is one of its
--     words or its equipment (`Squat (Barbell)`); the longest name mentioned wins;
--   3 every word is one of the exercise's words: the answer is the one exercise of which the words
--     cover at least half of a name or alias (`goblet`: Goblet Squat, not Kettlebell Goblet Squat;
--     never for words that only name body parts, such as `abs`), or the only exercise with every
--     word (`zercher`); otherwise all of them are the choices.
-- Several found: when two or more have every word in their name, only those are the choices.
-- ids: the exercises of the first tier that finds any, best first (several: ambiguous).
declare
  qs text[] := app_hidden.word_set(q);
  qj text := array_to_string(q, '');
  named uuid[];
begin
  tier := null;
  ids := '{}';
  if cardinality(qs) = 0 then return; end if;
  select array_agg(x.exercise_id order by x.custom desc, app_hidden.exercise_staple_rank(x.name) nulls last, x.name)
    into ids
    from (select distinct l.exercise_id, e.user_id is not null as custom, e.name
            from app_hidden.exercise_labels l join app_public.exercises e on e.id = l.exercise_id
           where (l.word_set = qs or l.joined = qj) and (l.user_id is null or l.user_id = p_me)) x;
  if ids is not null then tier := 1; return; end if;
  with vocab as (
    -- Each exercise's words (of its name and aliases) and its equipment, for exercises sharing a word.
    select e.id, e.name, e.user_id, array_agg(distinct w) || e.equipment as words
      from app_public.exercises e
      join app_hidden.exercise_labels l on l.exercise_id = e.id
      cross join lateral unnest(l.words) w
     where e.id in (select l2.exercise_id from app_hidden.exercise_labels l2
                     where l2.words && qs and (l2.user_id is null or l2.user_id = p_me))
     group by e.id
  ), covering as (
    select v.id, v.name, v.user_id,
           max(cardinality(l.word_set)) filter (where l.word_set <@ qs) as mentioned,
           max(cardinality(array(select unnest(l.word_set) intersect select unnest(qs)))::numeric / cardinality(l.word_set)) as coverage
      from vocab v join app_hidden.exercise_labels l on l.exercise_id = v.id
     where qs <@ v.words
     group by v.id, v.name, v.user_id
  ), best_mentioned as (
    select * from covering where mentioned = (select max(mentioned) from covering)
  )
  select case when exists (select 1 from best_mentioned) then 2
              when exists (select 1 from covering) then 3 end,
         case when exists (select 1 from best_mentioned)
              then (select array_agg(b.id order by b.user_id is not null desc, app_hidden.exercise_staple_rank(b.name) nulls last, b.name) from best_mentioned b)
              when (select count(*) from covering where coverage >= 0.5) = 1 and not (qs <@ app_hidden.body_part_words())
              then (select array_agg(c.id) from covering c where c.coverage >= 0.5)
              when (select count(*) from covering) = 1
              then (select array_agg(c.id) from covering c)
              else (select array_agg(c.id order by c.coverage >= 0.5 desc, c.user_id is not null desc,
                                         app_hidden.exercise_staple_rank(c.name) nulls last, c.coverage desc, c.name)
                      from covering c)
         end
    into tier, ids;
  ids := coalesce(ids, '{}');
  -- Choices share the words typed: when two or more of them have every word in their name, only
  -- those are offered (`incline press`: the incline presses, not Leg Press by its alias `incline leg press`).
  if cardinality(ids) > 1 then
    select array_agg(x.id order by x.o) into named
      from unnest(ids) with ordinality as x(id, o)
     where exists (select 1 from app_hidden.exercise_labels l where l.exercise_id = x.id and l.is_name and l.word_set @> qs);
    if cardinality(named) >= 2 then
      ids := named;
    end if;
  end if;
end;
$$;
comment on function app_hidden.match_exercise_words(text[], uuid) is
  E'The word tiers of the resolver for one list of canonical words (see app_hidden.match_exercise): the tier that found exercises (1 same words, 2 a whole name mentioned, 3 every word belongs to the exercise) and those exercises, best first; several mean ambiguous.';

drop function if exists app_hidden.match_exercise(text);
create or replace function app_hidden.match_exercise(ref text, suggest boolean default true,
  out match text, out exercise_id uuid, out candidate_ids uuid[])
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
-- The one resolver (tiers in the header of this file). candidate_ids: the exercise found, or the
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
$$;
comment on function app_hidden.match_exercise(text, boolean) is
  E'The one exercise resolver, for the calling user (security invoker: RLS applies): how a typed name matches (id, name, alias, words, typo, ambiguous or none), '
  'the exercise (only for a single match) and candidate_ids (the match; the choices when ambiguous, at most 10, likeliest first; the closest names when none, at most 3, unless suggest is false). '
  'Documents, search, records, lastPerformance and imports all resolve names through it.';
grant execute on function app_hidden.exercise_staple_rank(text), app_hidden.match_exercise_words(text[], uuid),
  app_hidden.match_exercise(text, boolean) to svc_reader;

--------------------------------------------------------------------------------
-- Weighted bodyweight exercises have one home: the bodyweight exercise, with `bw+20x5` sets
--------------------------------------------------------------------------------
-- A weighted pull-up is a pull-up with load added (`bw+20x5`), so its sets, plans and records live
-- with Pull-Up; `weighted pull ups` and the exports' `Pull Up (Weighted)` are aliases of it. The
-- catalog's separate weighted exercises are merged into theirs once: their logged sets become
-- bodyweight sets with that load added, their routines and aliases move, their names become aliases.
create or replace function app_hidden.merge_weighted_bodyweight_exercises() returns int
language plpgsql volatile as $$
declare
  p record;
  v_variant uuid;
  v_base uuid;
  v_count int := 0;
begin
  for p in select * from (values ('Weighted Pull-Up', 'Pull-Up'), ('Weighted Chin-Up', 'Chin-Up'), ('Weighted Dip', 'Dip'),
                                 ('Weighted Push-Up', 'Push-Up'), ('Weighted Plank', 'Plank')) v(variant, base)
  loop
    select e.id into v_variant from app_public.exercises e where e.user_id is null and e.name = p.variant;
    select e.id into v_base from app_public.exercises e where e.user_id is null and e.name = p.base;
    continue when v_variant is null or v_base is null;
    -- A loaded set of reps on the weighted exercise was load added to the body.
    update app_public.workout_sets set bodyweight = true
     where exercise_id = v_variant and weight is not null and seconds is null and not bodyweight;
    update app_public.workout_exercises set exercise_id = v_base where exercise_id = v_variant;
    update app_public.routine_exercises set exercise_id = v_base where exercise_id = v_variant;
    update app_hidden.progression_restarts r set exercise_id = v_base
     where r.exercise_id = v_variant
       and not exists (select 1 from app_hidden.progression_restarts o
                        where o.routine_id = r.routine_id and o.exercise_id = v_base and o.occurrence = r.occurrence);
    if to_regclass('app_public.exercise_import_names') is not null then
      update app_public.exercise_import_names set exercise_id = v_base where exercise_id = v_variant;
    end if;
    insert into app_public.exercise_aliases (exercise_id, alias)
    select v_base, a.alias from app_public.exercise_aliases a where a.exercise_id = v_variant
    on conflict do nothing;
    delete from app_public.exercises where id = v_variant;
    insert into app_public.exercise_aliases (exercise_id, alias) values (v_base, p.variant) on conflict do nothing;
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;
comment on function app_hidden.merge_weighted_bodyweight_exercises() is
  E'Merges the catalog''s weighted variants of bodyweight exercises (Weighted Pull-Up, Chin-Up, Dip, Push-Up, Plank) into the bodyweight exercise: '
  'loaded sets of reps become `bw+` sets, workouts, routines and import names move, the variant''s name and aliases become aliases of the bodyweight exercise; '
  'returns how many were merged. Run by the migration; a no-op afterwards.';
do $$ begin perform app_hidden.merge_weighted_bodyweight_exercises(); end $$;

--------------------------------------------------------------------------------
-- More aliases: the words lifters type and the other apps' export names that the word rules
-- alone do not reach (Strong and Hevy write `Name (Equipment)`, FitNotes `Flat Barbell ...`)
--------------------------------------------------------------------------------
insert into app_public.exercise_aliases (exercise_id, alias)
select e.id, v.alias
  from (values
    ('Back Squat', 'barbell back squat'), ('Back Squat', 'bb squat'),
    ('Deadlift', 'barbell deadlift'),
    ('Overhead Press', 'standing military press'), ('Overhead Press', 'standing overhead press'), ('Overhead Press', 'barbell shoulder press'),
    ('Stiff-Leg Deadlift', 'straight leg deadlift'),
    ('Seated Cable Row', 'seated cable row v grip'), ('Seated Cable Row', 'v grip cable row'),
    ('Barbell Curl', 'barbell bicep curl'),
    ('Incline Dumbbell Curl', 'seated incline dumbbell curl'),
    ('Triceps Pushdown', 'straight bar pushdown'), ('Triceps Pushdown', 'cable pushdown'),
    ('Overhead Triceps Extension', 'dumbbell triceps extension'),
    ('Dip', 'triceps dip'), ('Dip', 'parallel bar triceps dip'),
    ('Dumbbell Fly', 'flat dumbbell fly'),
    ('Incline Dumbbell Fly', 'incline chest fly'),
    ('Cable Fly', 'cable chest fly'),
    ('Pec Deck', 'machine chest fly'), ('Pec Deck', 'seated machine fly'),
    ('Seated Leg Curl', 'seated hamstring curl'),
    ('Lying Leg Curl', 'lying hamstring curl'),
    ('Russian Twist', 'weighted russian twist'),
    ('Leg Press', '45 degree leg press'), ('Leg Press', 'incline leg press'),
    ('Lat Pulldown', 'wide grip lat pulldown'),
    ('Barbell Hip Thrust', 'glute thrust'),
    ('Dumbbell Shoulder Press', 'dumbbell military press'), ('Dumbbell Shoulder Press', 'seated dumbbell shoulder press'),
    ('Face Pull', 'rope face pull'),
    ('Kettlebell Swing', 'russian kettlebell swing'),
    ('Hip Abduction Machine', 'hip abductor'), ('Hip Adduction Machine', 'hip adductor'),
    ('Glute-Ham Raise', 'glute ham raise'),
    ('Reverse Curl', 'reverse grip curl'),
    ('Rowing Machine', 'row machine'),
    ('Crunch', 'weighted crunch'),
    -- Weighted bodyweight exercises (see merge_weighted_bodyweight_exercises), as typed and exported.
    ('Pull-Up', 'weighted pull-up'), ('Chin-Up', 'weighted chin-up'), ('Push-Up', 'weighted push-up'), ('Plank', 'weighted plank'),
    ('Dip', 'weighted dip'), ('Dip', 'weighted chest dip'), ('Dip', 'weighted triceps dip'), ('Dip', 'weighted parallel bar dip')
  ) as v(name, alias)
  join app_public.exercises e on e.user_id is null and e.name = v.name
 where not exists (select 1 from app_public.exercises c where c.user_id is null and c.key = app_public.exercise_key(v.alias))
on conflict do nothing;

--------------------------------------------------------------------------------
-- Custom names never shadow the catalog
--------------------------------------------------------------------------------
create or replace function app_hidden.catalog_exercise_meaning(p_name text) returns text
language sql stable security invoker set search_path to pg_catalog, public as $$
  -- The catalog exercise a name already means: the same name or alias (ignoring case, spacing and
  -- hyphens), or the same words once abbreviations, plurals and word order are accounted for, or
  -- what the resolver reads it as (words only one exercise has, a typo: `Sqaut` is Back Squat).
  with q as (select app_public.exercise_key(p_name) as key, app_hidden.exercise_words(p_name) as words)
  select m.name from (
    select e.name, 1 as how from q, app_public.exercises e where e.user_id is null and e.key = q.key
    union all
    select e.name, 2 from q, app_public.exercise_aliases a join app_public.exercises e on e.id = a.exercise_id
     where e.user_id is null and a.key = q.key
    union all
    select e.name, 3 from q, app_hidden.exercise_labels l join app_public.exercises e on e.id = l.exercise_id
     where l.user_id is null and cardinality(q.words) > 0
       and (l.word_set = app_hidden.word_set(q.words) or l.joined = array_to_string(q.words, ''))
    union all
    select e.name, 4 from app_hidden.match_exercise(p_name, false) r join app_public.exercises e on e.id = r.exercise_id
     where e.user_id is null
  ) m
  order by m.how, m.name
  limit 1;
$$;
comment on function app_hidden.catalog_exercise_meaning(text) is
  E'The name of the catalog exercise a name already means (its name or an alias, the same words after abbreviations, plurals and word order, or the one catalog exercise app_hidden.match_exercise resolves it to, typos included), or null.';

create or replace function app_hidden.tg_custom_exercise_name_free() returns trigger
language plpgsql as $$
declare
  v_catalog text;
begin
  if new.user_id is null or (tg_op = 'UPDATE' and old.name = new.name) then
    return new;
  end if;
  v_catalog := app_hidden.catalog_exercise_meaning(new.name);
  if v_catalog is not null then
    raise exception 'name: "%" already means the catalog exercise "%"; use it, or choose another name', new.name, v_catalog
      using errcode = 'SVDUP';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_custom_exercise_name_free() is
  E'Trigger: a custom exercise may not take a name that already means a catalog exercise (CONFLICT naming it), so every name a user sees means one exercise and the catalog one is always shown by its name.';
drop trigger if exists _210_custom_name_free on app_public.exercises;
create trigger _210_custom_name_free before insert or update of name on app_public.exercises
  for each row execute procedure app_hidden.tg_custom_exercise_name_free();
grant execute on function app_hidden.catalog_exercise_meaning(text) to svc_reader;

-- Custom exercises made before this rule with a catalog exercise's very name get " (custom)"
-- appended (" (custom 2)" and so on when that is taken), once.
create or replace function app_hidden.rename_custom_exercises_named_like_catalog() returns int
language plpgsql volatile as $$
declare
  c record;
  v_suffix text;
  n int;
  v_count int := 0;
begin
  for c in select x.id, x.user_id, x.name from app_public.exercises x
            where x.user_id is not null
              and exists (select 1 from app_public.exercises k where k.user_id is null and k.key = x.key)
            order by x.created_at, x.id
  loop
    n := 1;
    loop
      v_suffix := case when n = 1 then ' (custom)' else ' (custom ' || n || ')' end;
      exit when not exists (select 1 from app_public.exercises o
                             where o.user_id = c.user_id and o.key = app_public.exercise_key(left(c.name, 100 - char_length(v_suffix)) || v_suffix));
      n := n + 1;
    end loop;
    update app_public.exercises set name = left(c.name, 100 - char_length(v_suffix)) || v_suffix where id = c.id;
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;
comment on function app_hidden.rename_custom_exercises_named_like_catalog() is
  E'Renames every custom exercise named exactly like a catalog exercise (made before custom names were refused that), appending " (custom)" '
  '(or " (custom 2)", ... when taken), so the catalog exercise is shown by its name and its records are its own; returns how many. Run by the migration; a no-op afterwards.';
do $$ begin perform app_hidden.rename_custom_exercises_named_like_catalog(); end $$;

--------------------------------------------------------------------------------
-- The resolver in GraphQL, and everywhere a name is resolved
--------------------------------------------------------------------------------
drop function if exists app_public.resolve_exercise(text);
drop function if exists app_public.resolve_exercises(text[]);
drop type if exists app_public.exercise_resolution;
create type app_public.exercise_resolution as (
  name text,
  match text,
  exercise_id uuid,
  candidate_ids uuid[]
);
comment on type app_public.exercise_resolution is E'How a typed exercise name resolves (app_hidden.match_exercise).';
comment on column app_public.exercise_resolution.name is E'@notNull\nThe name as asked.';
comment on column app_public.exercise_resolution.match is E'@notNull\nHow it matched: `id`, `name` (a catalog or your custom name), `alias`, `words` (the same words once abbreviations such as DB or OHP, plurals, word order and an export''s equipment in brackets are accounted for), `typo` (after correcting slips such as sqaut), `ambiguous` (several exercises fit: see candidates) or `none`.';
comment on column app_public.exercise_resolution.exercise_id is E'The exercise it means; null when ambiguous or none.';
comment on column app_public.exercise_resolution.candidate_ids is E'@notNull\n@behavior -*\nThe exercise found; or the choices when ambiguous (at most 10, likeliest first); or the closest names when none (at most 3).';

create function app_public.resolve_exercise(name text) returns app_public.exercise_resolution
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
declare
  m record;
begin
  if char_length(name) > 200 then
    raise exception 'name: must be at most 200 characters' using errcode = 'SVBAD';
  end if;
  m := app_hidden.match_exercise(name);
  return row(coalesce(name, ''), m.match, m.exercise_id, m.candidate_ids)::app_public.exercise_resolution;
end;
$$;
comment on function app_public.resolve_exercise(text) is
  E'@notNull\nThe exercise a typed name means, as documents, search, records and imports read it: an id, a catalog or custom name, an alias, '
  'the same words after abbreviations (`DB OHP`, `ham curl`), plurals and word order, or a name with a typo (`sqaut`). '
  'Several equally good: match `ambiguous` with the choices in candidates, never a guess. name: at most 200 characters (INVALID_INPUT).';

create function app_public.resolve_exercises(names text[]) returns setof app_public.exercise_resolution
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
begin
  if cardinality(names) > 100 then
    raise exception 'names: at most 100 names at a time' using errcode = 'SVBAD';
  end if;
  if exists (select 1 from unnest(names) n where char_length(n) > 200) then
    raise exception 'names: each name must be at most 200 characters' using errcode = 'SVBAD';
  end if;
  return query
    select coalesce(x.name, ''), m.match, m.exercise_id, m.candidate_ids
      from unnest(names) with ordinality as x(name, ord)
      cross join lateral app_hidden.match_exercise(x.name) m
     order by x.ord;
end;
$$;
comment on function app_public.resolve_exercises(text[]) is
  E'@behavior -queryField:resource:connection +queryField:resource:list\n'
  'resolveExercise for each of these names (at most 100, each at most 200 characters; INVALID_INPUT otherwise), in the order asked: what an import resolves its exercise names with.';
grant execute on function app_public.resolve_exercise(text), app_public.resolve_exercises(text[]) to svc_reader;

create or replace function app_hidden.resolve_exercises(refs text[])
returns table (ord bigint, exercise_id uuid)
language sql stable security invoker as $$
  -- The exact tiers inline (what nearly every reference is, without a function call each), then
  -- the resolver for the rest.
  with me as (
    select app_public.current_user_id() as id
  ), r as (
    select x.ord, x.ref, btrim(x.ref) as t, app_public.exercise_key(x.ref) as key
      from unnest(refs) with ordinality as x(ref, ord)
  )
  select r.ord,
         case when r.t is not null and r.t <> '' then coalesce(
           (select e.id from app_public.exercises e
             where e.id = app_hidden.try_uuid(r.t)
               and (e.user_id is null or e.user_id = me.id)),
           case when r.key <> '' then coalesce(
             (select e.id from app_public.exercises e where e.user_id is null and e.key = r.key),
             (select e.id from app_public.exercises e where e.user_id = me.id and e.key = r.key),
             (select a.exercise_id from app_public.exercise_aliases a join app_public.exercises e on e.id = a.exercise_id
               where a.key = r.key and e.user_id is null)) end,
           (select m.exercise_id from app_hidden.match_exercise(r.ref, false) m)) end
    from r, me;
$$;
comment on function app_hidden.resolve_exercises(text[]) is E'The exercise each reference names (by its position in refs, from 1), for the calling user, or null when it names none or is ambiguous: '
  'app_hidden.match_exercise (an id; a catalog or custom name; an alias; the same words; a typo), its exact tiers inline.';

create or replace function app_hidden.unknown_exercise_reason(ref text) returns text
language sql stable security invoker set search_path to pg_catalog, public as $$
  select case when m.match = 'ambiguous'
              then 'ambiguous exercise "' || coalesce(ref, '') || '": could be '
                   || (select string_agg(e.name, ', ' order by array_position(m.candidate_ids, e.id))
                         from app_public.exercises e where e.id = any(m.candidate_ids[1:5]))
                   || '; write one of them'
              else 'unknown exercise "' || coalesce(ref, '') || '"'
                   || case when cardinality(c) > 0 then '; closest: ' || array_to_string(c, ', ') else '' end end
    from app_hidden.match_exercise(ref, false) m,
         lateral (select case when m.match = 'ambiguous' then '{}'::text[] else app_hidden.closest_exercises(ref, 3) end as c) t;
$$;
comment on function app_hidden.unknown_exercise_reason(text) is E'The reason given for a reference that names no single exercise: '
  '`ambiguous exercise "<ref>": could be A, B, C; write one of them` (up to five choices, likeliest first), or '
  '`unknown exercise "<ref>"; closest: A, B, C` (up to three names from closest_exercises), or just `unknown exercise "<ref>"` when nothing is close.';

create or replace function app_public.search_exercises(words text, "limit" int default 20) returns setof app_public.exercises
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
declare
  v_limit int := coalesce("limit", 20);
  v_text text := lower(btrim(regexp_replace(coalesce(words, ''), '\s+', ' ', 'g')));
  v_key text := app_public.exercise_key(coalesce(words, ''));
  v_tokens text[];
  v_me uuid := app_public.current_user_id();
  v_resolved uuid[];
begin
  if v_limit < 1 or v_limit > 100 then
    raise exception 'limit: must be between 1 and 100' using errcode = 'SVBAD';
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
$$;
comment on function app_public.search_exercises(text, int) is E'@behavior -*\nExercises the caller can use (the catalog and their custom ones) matching words, best first: '
  '0. what the resolver makes of the words (app_hidden.match_exercise: the exercise they mean, or the choices when ambiguous), '
  '1. an exact name or alias (ignoring case, spacing and hyphens), 2. a name or alias starting with the words, '
  '3. names and aliases containing every word (at a word start), 4. fuzzy matches (exercise_match_score at least 0.3, most similar first). '
  'Ties by name, the caller''s custom exercise first. limit: 1 to 100, default 20. words: 1 to 200 characters, not blank. Exposed as Query.searchExercises.';

-- Labels for every exercise, rewritten on each run so a change to the word rules reaches them.
do $$
begin
  truncate app_hidden.exercise_labels;
  perform app_hidden.refresh_exercise_labels(e.id) from app_public.exercises e;
end;
$$;

--------------------------------------------------------------------------------
-- Records: bodyweight sets, timed sets and a rep-max table
--------------------------------------------------------------------------------
create or replace function app_hidden.rep_max_reps() returns int[]
language sql immutable parallel safe as $$ select array[1, 3, 5, 8, 10] $$;
comment on function app_hidden.rep_max_reps() is E'The rows of the rep-max table (Exercise.records.repMaxes): 1, 3, 5, 8 and 10 reps.';

create or replace function app_public.exercises_records(e app_public.exercises) returns json
language sql stable security definer set search_path to pg_catalog, public as $$
  -- Weighted records over the caller's sets that records count (app_hidden.record_sets: done,
  -- warm-ups excluded, work, drop and burst sets with a weight and at least one rep). Sets compare
  -- in kilograms; values are shown in the caller's unit (2 decimals). Ties go to the earliest set
  -- (date, start, exercise position, set position). Bodyweight and timed records read the caller's
  -- other done, non-warm-up sets of the exercise: without a weight (most reps), and with a time.
  -- A weighted bodyweight set (`bw+20x5`) is a record of the load added (added_load): its weight
  -- records say so; it estimates a one-rep max of bodyweight plus that load, with the bodyweight
  -- logged on or before its day, and none when no bodyweight is known then.
  with sets as (
    select r.id, r.workout_id, r.date, r.reps, r.start, r.exercise_position, r.set_position as position, r.kg, r.shown, r.unit,
           ws.bodyweight as added_load, bw.shown as bodyweight,
           case when not ws.bodyweight then r.kg else r.kg + bw.kg end as est_kg,
           case when not ws.bodyweight then r.shown else r.shown + bw.shown end as est_shown
      from app_hidden.record_sets(e.id) r
      join app_public.workout_sets ws on ws.id = r.id
      left join lateral (
        select app_hidden.weight_kg(b.weight::numeric, b.unit) as kg, app_hidden.convert_weight(b.weight::numeric, b.unit, r.unit) as shown
          from app_public.bodyweights b
         where ws.bodyweight and b.user_id = ws.user_id and b.date <= r.date
         order by b.date desc limit 1) bw on true
  ), heaviest as (
    select * from sets order by kg desc, date, start, exercise_position, position limit 1
  ), best as (
    select * from sets where reps between 1 and 12 and est_kg is not null
     order by app_hidden.e1rm(est_kg, reps) desc, date, start, exercise_position, position limit 1
  ), at_weight as (
    select distinct on (shown, added_load) * from sets order by shown, added_load, reps desc, date, start, exercise_position, position
  ), me as (
    select u.id, u.unit from app_public.users u where u.id = app_public.current_user_id()
  ), other_sets as (
    select s.id, s.workout_id, s.date, w.start, we.position as exercise_position, s.position, s.reps, s.seconds,
           app_hidden.convert_weight(s.weight::numeric, s.unit, me.unit) as shown, s.weight
      from me
      join app_public.workout_sets s on s.user_id = me.id and s.exercise_id = e.id
      join app_public.workout_exercises we on we.id = s.workout_exercise_id
      join app_public.workouts w on w.id = s.workout_id
     where s.done and s.kind <> 'warmup' and ((s.weight is null and s.reps >= 1 and s.seconds is null) or s.seconds >= 1)
  ), most_reps as (
    select * from other_sets where weight is null and reps >= 1 and seconds is null
     order by reps desc, date, start, exercise_position, position limit 1
  ), longest as (
    select * from other_sets where seconds >= 1
     order by seconds desc, date, start, exercise_position, position limit 1
  ), rep_max as (
    -- For n reps: the heaviest set of at least n reps, and n reps at the best estimated 1RM (Epley inverted).
    select n.reps, a.id, a.shown, a.unit, a.reps as set_reps, a.date, a.workout_id, a.added_load,
           (select trim_scale(round(app_hidden.e1rm(b.est_shown, b.reps) / (1 + case when n.reps = 1 then 0 else n.reps / 30.0 end), 2))
              from best b) as estimated
      from unnest(app_hidden.rep_max_reps()) as n(reps)
      left join lateral (select * from sets s where s.reps >= n.reps
                          order by s.kg desc, s.date, s.start, s.exercise_position, s.position limit 1) a on true
  )
  select json_build_object(
    'heaviest', (select json_build_object('weight', h.shown, 'unit', h.unit, 'reps', h.reps, 'setWeight', h.shown,
                        'addedLoad', h.added_load, 'bodyweight', null,
                        'date', to_char(h.date, 'YYYY-MM-DD'), 'workoutId', h.workout_id, 'setId', h.id) from heaviest h),
    'bestE1rm', (select json_build_object('weight', trim_scale(round(app_hidden.e1rm(b.est_shown, b.reps), 2)), 'unit', b.unit, 'reps', b.reps,
                        'setWeight', b.shown, 'addedLoad', b.added_load, 'bodyweight', b.bodyweight,
                        'date', to_char(b.date, 'YYYY-MM-DD'), 'workoutId', b.workout_id, 'setId', b.id) from best b),
    'repsAtWeight', coalesce((select json_agg(json_build_object('weight', a.shown, 'unit', a.unit, 'reps', a.reps, 'addedLoad', a.added_load,
                        'date', to_char(a.date, 'YYYY-MM-DD'), 'workoutId', a.workout_id, 'setId', a.id) order by a.shown, a.added_load) from at_weight a), '[]'),
    'bodyweightReps', (select json_build_object('reps', m.reps, 'date', to_char(m.date, 'YYYY-MM-DD'), 'workoutId', m.workout_id, 'setId', m.id)
                         from most_reps m),
    'longestHold', (select json_build_object('seconds', l.seconds, 'weight', l.shown, 'unit', coalesce((select unit from me), 'kg'),
                      'date', to_char(l.date, 'YYYY-MM-DD'), 'workoutId', l.workout_id, 'setId', l.id) from longest l),
    'repMaxes', (select json_agg(json_build_object(
                   'reps', r.reps,
                   'unit', coalesce((select unit from me), 'kg'),
                   'actual', case when r.id is not null then json_build_object('weight', r.shown, 'unit', r.unit,
                               'reps', r.set_reps, 'setWeight', r.shown, 'addedLoad', r.added_load, 'bodyweight', null,
                               'date', to_char(r.date, 'YYYY-MM-DD'),
                               'workoutId', r.workout_id, 'setId', r.id) end,
                   'estimated', r.estimated) order by r.reps) from rep_max r))
  from (select 1) one;
$$;
comment on function app_public.exercises_records(app_public.exercises) is E'@behavior -*\nYour records on this exercise as JSON: heaviest, bestE1rm, repsAtWeight (sets with a weight), '
  'bodyweightReps (most reps in a set without a weight), longestHold (longest timed set) and repMaxes (1, 3, 5, 8, 10 reps: actual and estimated); '
  'exposed as Exercise.records (plugins/progression.ts; the fields beyond weight in plugins/exercise-records.ts).';
