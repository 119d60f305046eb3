-- The import review's suggestions go by words in common: an unknown name is offered the exercises
-- that share its movement word (its last: "wide row" -> the rows, never Wide-Grip Bench Press), the
-- most words in common first; a custom exercise made from a file's name gets the equipment its
-- words name and the body region of its closest exercise ("Wide Squat": lower body, so the
-- lower-body increment).

create or replace function app_hidden.word_suggestions(p_name text, p_limit int default 5)
returns uuid[]
language sql stable as $$
  with named as (
    -- A trailing `(Equipment)` is no movement: `Row (Wide)` is a row.
    select app_hidden.exercise_words(regexp_replace(coalesce(p_name, ''), '\s*\([^()]*\)\s*$', '')) as words),
  key as (select n.words[cardinality(n.words)] as movement, app_hidden.word_set(n.words) as word_set
            from named n where cardinality(n.words) > 0),
  scored as (
    select distinct on (l.exercise_id) l.exercise_id, e.name, k.movement = any (l.word_set) as moves,
           cardinality(array(select unnest(l.word_set) intersect select unnest(k.word_set))) as common,
           cardinality(l.word_set) as size
      from key k
      join app_hidden.exercise_labels l on l.word_set && k.word_set
      join app_public.exercises e on e.id = l.exercise_id
     order by l.exercise_id, k.movement = any (l.word_set) desc, common desc, size),
  kept as (
    -- With the movement word when any exercise has it; else any word in common.
    select * from scored s where s.moves or not exists (select 1 from scored m where m.moves))
  select coalesce(array_agg(s.exercise_id order by s.common desc, s.size, s.name), '{}')
    from (select * from kept order by common desc, size, name limit greatest(p_limit, 0)) s;
$$;
comment on function app_hidden.word_suggestions(text, int) is
  'The exercises an unknown name may mean, by words in common (app_hidden.exercise_words): those with a name or alias holding the name''s movement word (its last, a trailing `(...)` left out), else, when none has it, those sharing any word; the most words in common first, then the shortest, then by name; at most p_limit.';
grant execute on function app_hidden.word_suggestions(text, int) to svc_reader;

create or replace function app_hidden.inferred_exercise(p_name text, out equipment text, out region text)
language sql stable as $$
  select coalesce((select v.equipment
                     from (values (1, 'barbell'), (2, 'dumbbell'), (3, 'kettlebell'), (4, 'cable'), (5, 'machine'), (6, 'band'))
                          as v(ord, equipment)
                    where v.equipment = any (app_hidden.exercise_words(p_name))
                    order by v.ord limit 1), 'other'),
         coalesce((select e.region from app_public.exercises e
                    where e.id = (app_hidden.word_suggestions(p_name, 1))[1]), 'full body');
$$;
comment on function app_hidden.inferred_exercise(text) is
  'What a custom exercise made from a name is, when nothing says: the equipment a word of it names (barbell, dumbbell, kettlebell, cable, machine, band; else other) and the body region of its first word suggestion (app_hidden.word_suggestions; else full body), which sets its progression increment.';
grant execute on function app_hidden.inferred_exercise(text) to svc_reader;

create or replace function app_hidden.import_map_names(names text[], choices jsonb, custom jsonb)
 RETURNS TABLE(name text, exercise_id uuid, action text, via text, suggestions text[])
 LANGUAGE plpgsql
 STABLE
AS $function$
declare
  n text;
  c jsonb;
  v_id uuid;
  v_via text;
  v_parts text[];
  v_match record;
begin
  foreach n in array names loop
    c := app_hidden.import_choice(choices, n);
    v_id := null; v_via := null;
    name := n; suggestions := '{}';
    if c is not null and c ->> 'action' = 'skip' then
      action := 'skip'; exercise_id := null; via := 'choice';
      return next; continue;
    end if;
    if c is not null and c ->> 'action' = 'map' then
      v_id := app_hidden.resolve_exercise(c ->> 'exercise');
      if v_id is null then
        raise exception 'choices: "%" is mapped to "%", which names no exercise', n, c ->> 'exercise' using errcode = 'SVBAD';
      end if;
      action := 'map'; exercise_id := v_id; via := 'choice';
      return next; continue;
    end if;
    -- The one resolver of names (app_hidden.match_exercise): exact tiers first.
    select * into v_match from app_hidden.match_exercise(n);
    if v_match.match in ('id', 'name', 'alias') then
      v_id := v_match.exercise_id; v_via := v_match.match;
    end if;
    -- The other apps' names, before the resolver's looser tiers.
    if v_id is null then
      select x.exercise_id into v_id from app_public.exercise_import_names x where x.key = app_public.exercise_key(n);
      if v_id is not null then v_via := 'other-app'; end if;
    end if;
    -- The resolver's words and typo tiers (shown as such in the dry run).
    if v_id is null and v_match.match in ('words', 'typo') then
      v_id := v_match.exercise_id; v_via := v_match.match;
    end if;
    -- `Name (Equipment)`: the equipment in front, then the name alone (`Curl (Cable)` -> `Cable Curl`).
    if v_id is null then
      v_parts := regexp_match(n, '^\s*(.*\S)\s*\(([^()]+)\)\s*$');
      if v_parts is not null then
        v_id := coalesce(app_hidden.resolve_exercise(v_parts[2] || ' ' || v_parts[1]), app_hidden.resolve_exercise(v_parts[1]));
        if v_id is not null then v_via := 'equipment'; end if;
      end if;
    end if;
    if v_id is not null then
      action := 'map'; exercise_id := v_id; via := v_via;
      return next; continue;
    end if;
    -- A custom exercise the file brings along (an svc export), or the user's choice to create one.
    if (c is not null and c ->> 'action' = 'create')
       or exists (select 1 from jsonb_array_elements(coalesce(custom, '[]')) x where app_public.exercise_key(x ->> 'name') = app_public.exercise_key(n)) then
      action := 'create'; exercise_id := null; via := case when c is not null then 'choice' else 'export' end;
      return next; continue;
    end if;
    -- Unmapped: the resolver's choices when ambiguous, else the names with words in common
    -- (app_hidden.word_suggestions: never one without the name's movement word).
    action := 'unmapped'; exercise_id := null; via := case when v_match.match = 'ambiguous' then 'ambiguous' end;
    suggestions := coalesce((select array_agg(e.name order by k.o)
                               from unnest(case when v_match.match = 'ambiguous' then v_match.candidate_ids
                                                else app_hidden.word_suggestions(n) end) with ordinality k(id, o)
                               join app_public.exercises e on e.id = k.id), '{}');
    return next;
  end loop;
end;
$function$;
comment on function app_hidden.import_map_names(names text[], choices jsonb, custom jsonb) is 'What each of a file''s exercise names maps to, for the calling user: the user''s choice (map to a reference, create a custom exercise, or skip); else the resolver of names (app_hidden.match_exercise) when it finds the exercise by id, name or alias (via = id, name, alias); else the table of the other apps'' names (via = other-app); else the resolver''s words or typo tiers (via = words, typo: shown in the dry run); else `Name (Equipment)` read as `Equipment Name` or `Name` (via = equipment); else a custom exercise the file brings (via = export); else unmapped, with suggestions (the resolver''s choices when ambiguous, via = ambiguous; else app_hidden.word_suggestions: exercises sharing the name''s movement word, most words in common first).';
grant execute on function app_hidden.import_map_names(names text[], choices jsonb, custom jsonb) to svc_reader;

create or replace function app_hidden.import_save_custom_exercises(name_map jsonb, custom_exercises jsonb, dry_run boolean, OUT mapped_names jsonb, OUT created integer)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  v_name text;
  v_exported jsonb;
  v_exercise_id uuid;
begin
  mapped_names := name_map;
  created := 0;
  if dry_run then
    select count(*) into created from jsonb_array_elements(coalesce(custom_exercises, '[]')) c
     where not exists (select 1 from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(c ->> 'name'));
    return;
  end if;
  -- Names chosen to be created (with the export's details when it brings that exercise).
  for v_name in select m.name from jsonb_each(name_map) m(name, mapping) where m.mapping ->> 'action' = 'create' loop
    v_exported := (select c from jsonb_array_elements(coalesce(custom_exercises, '[]')) c
                    where app_public.exercise_key(c ->> 'name') = app_public.exercise_key(v_name) limit 1);
    v_exercise_id := (select ce.id from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(v_name));
    if v_exercise_id is null then
      -- A file's name without an export's details: its equipment and body region inferred from its words.
      select ce.id into v_exercise_id from app_public.create_custom_exercise(v_name,
        coalesce(v_exported ->> 'equipment', (app_hidden.inferred_exercise(v_name)).equipment),
        (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(v_exported -> 'muscles', '[]')) m),
        coalesce(v_exported ->> 'region', (app_hidden.inferred_exercise(v_name)).region), v_exported ->> 'kind') ce;
      created := created + 1;
    end if;
    mapped_names := jsonb_set(mapped_names, array[v_name, 'exerciseId'], to_jsonb(v_exercise_id));
  end loop;
  -- Custom exercises of an export that no workout uses come along too.
  for v_exported in select c from jsonb_array_elements(coalesce(custom_exercises, '[]')) c loop
    if not exists (select 1 from app_public.exercises ce where ce.user_id = v_user and ce.key = app_public.exercise_key(v_exported ->> 'name')) then
      perform app_public.create_custom_exercise(v_exported ->> 'name', v_exported ->> 'equipment',
        (select coalesce(array_agg(m), '{}') from jsonb_array_elements_text(coalesce(v_exported -> 'muscles', '[]')) m),
        v_exported ->> 'region', v_exported ->> 'kind');
      created := created + 1;
    end if;
  end loop;
end;
$function$;
comment on function app_hidden.import_save_custom_exercises(name_map jsonb, custom_exercises jsonb, dry_run boolean, OUT mapped_names jsonb, OUT created integer) is 'Save custom exercises: those chosen to be created (a file''s name: equipment and region inferred, app_hidden.inferred_exercise) and those an export brings (a dry run counts the export''s new ones); the name map with the created exercises'' ids.';
grant execute on function app_hidden.import_save_custom_exercises(name_map jsonb, custom_exercises jsonb, dry_run boolean, OUT mapped_names jsonb, OUT created integer) to svc_visitor;
