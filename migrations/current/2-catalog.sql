--! Exercise catalog: seed data, custom exercise rules, reference resolution and search.
-- Runs after 1-foundation.sql, which creates app_public.exercises and app_public.exercise_aliases.
--
-- Reference resolution (spec 2.1 rule 4) is shared with the document functions:
--   app_hidden.resolve_exercise(ref)          -> uuid or null
--   app_hidden.closest_exercises(ref, n)      -> up to n names, most similar first
--   app_hidden.unknown_exercise_reason(ref)   -> 'unknown exercise "<ref>"; closest: A, B, C'
-- Search for clients: app_public.search_exercises(words, limit), GraphQL `searchExercises`.
-- Custom exercises: app_public.create_custom_exercise / update_custom_exercise / delete_custom_exercise
-- (GraphQL createCustomExercise / updateCustomExercise / deleteCustomExercise).

--------------------------------------------------------------------------------
-- Rules on the tables
--------------------------------------------------------------------------------

-- Catalog writes go through migrations; users write only through the custom exercise functions.
comment on table app_public.exercises is E'@behavior -insert -update -delete\nAn exercise: from the shared catalog, or a custom one private to its user. Users add theirs with createCustomExercise.';

-- An alias names exactly one exercise: its key is unique across the catalog.
create unique index exercise_aliases_key_unique on app_public.exercise_aliases (key);

create function app_hidden.tg_exercise_aliases_check() returns trigger
language plpgsql as $$
begin
  if not exists (select 1 from app_public.exercises e where e.id = new.exercise_id and e.user_id is null) then
    raise exception 'Aliases belong to catalog exercises only' using errcode = 'SVBAD';
  end if;
  if app_public.exercise_key(new.alias) = '' then
    raise exception 'alias: must contain a letter or digit' using errcode = 'SVBAD';
  end if;
  -- Generated columns are not computed yet in a BEFORE trigger: compute the key here.
  if exists (select 1 from app_public.exercises e where e.user_id is null and e.key = app_public.exercise_key(new.alias)) then
    raise exception 'alias "%" is already the name of a catalog exercise', new.alias using errcode = 'SVDUP';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_exercise_aliases_check() is E'Trigger: an alias belongs to a catalog exercise and never equals (ignoring case, spacing, hyphens) a catalog exercise''s name, so every reference names one exercise.';
create trigger _200_alias_check before insert or update on app_public.exercise_aliases
  for each row execute procedure app_hidden.tg_exercise_aliases_check();

create function app_hidden.tg_exercises_check() returns trigger
language plpgsql as $$
declare
  v_existing text;
begin
  if new.user_id is null then
    -- Catalog rows (written by migrations): the name must not be another exercise's alias.
    -- Generated columns are not computed yet in a BEFORE trigger: compute the key here.
    if app_public.exercise_key(new.name) = '' then
      raise exception 'name: must contain a letter or digit' using errcode = 'SVBAD';
    end if;
    if exists (select 1 from app_public.exercise_aliases a where a.key = app_public.exercise_key(new.name)) then
      raise exception 'name "%" is already an alias of a catalog exercise', new.name using errcode = 'SVDUP';
    end if;
    return new;
  end if;
  -- Custom exercises: clear messages that name the field, before the table's own checks.
  new.name := btrim(regexp_replace(coalesce(new.name, ''), '\s+', ' ', 'g'));
  if char_length(new.name) not between 1 and 100 then
    raise exception 'name: must be 1 to 100 characters' using errcode = 'SVBAD';
  end if;
  if app_public.exercise_key(new.name) = '' then
    raise exception 'name: must contain a letter or digit' using errcode = 'SVBAD';
  end if;
  if new.equipment is null or new.equipment not in ('barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio', 'other') then
    raise exception 'equipment: must be one of barbell, dumbbell, machine, cable, bodyweight, kettlebell, band, cardio, other' using errcode = 'SVBAD';
  end if;
  if new.region is null or new.region not in ('upper', 'lower', 'core', 'full body', 'cardio') then
    raise exception 'region: must be one of upper, lower, core, full body, cardio' using errcode = 'SVBAD';
  end if;
  if new.kind is null or new.kind not in ('reps', 'time', 'cardio') then
    raise exception 'kind: must be one of reps, time, cardio' using errcode = 'SVBAD';
  end if;
  new.muscles := coalesce((select array_agg(m order by i) from (
      select btrim(regexp_replace(m, '\s+', ' ', 'g')) as m, i
        from unnest(coalesce(new.muscles, '{}')) with ordinality as u(m, i)) t where m <> ''), '{}');
  if cardinality(new.muscles) > 10 then
    raise exception 'muscles: at most 10 entries' using errcode = 'SVBAD';
  end if;
  if exists (select 1 from unnest(new.muscles) m where char_length(m) > 40) then
    raise exception 'muscles: each entry at most 40 characters' using errcode = 'SVBAD';
  end if;
  select e.name into v_existing from app_public.exercises e
   where e.user_id = new.user_id and e.key = app_public.exercise_key(new.name) and e.id <> new.id;
  if v_existing is not null then
    raise exception 'name: you already have a custom exercise named "%"', v_existing using errcode = 'SVDUP';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_exercises_check() is E'Trigger: catalog names never equal an alias; custom exercises get a tidy name (spaces collapsed), valid equipment, region, kind and muscles (at most 10, 40 characters each), and a name unique among the user''s custom exercises ignoring case, spacing and hyphens (CONFLICT). A custom name may equal a catalog name or alias: the custom one wins when the user references it.';
create trigger _200_exercise_check before insert or update on app_public.exercises
  for each row execute procedure app_hidden.tg_exercises_check();

--------------------------------------------------------------------------------
-- The catalog: written for this project. One row per exercise; aliases separated by `|`.
--------------------------------------------------------------------------------
drop table if exists pg_temp.catalog_seed;
create temporary table catalog_seed (
  name text not null, equipment text not null, region text not null, kind text not null,
  muscles text not null, aliases text not null
);

insert into catalog_seed (name, equipment, region, kind, muscles, aliases) values
  -- Barbell: presses
  ('Bench Press', 'barbell', 'upper', 'reps', 'chest,triceps,front delts', 'bench|flat bench|barbell bench press|bench presses|bp'),
  ('Incline Bench Press', 'barbell', 'upper', 'reps', 'upper chest,front delts,triceps', 'incline bench|incline barbell press'),
  ('Decline Bench Press', 'barbell', 'upper', 'reps', 'lower chest,triceps', 'decline bench'),
  ('Close-Grip Bench Press', 'barbell', 'upper', 'reps', 'triceps,chest,front delts', 'cgbp|close grip bench'),
  ('Wide-Grip Bench Press', 'barbell', 'upper', 'reps', 'chest,front delts', 'wide bench'),
  ('Reverse-Grip Bench Press', 'barbell', 'upper', 'reps', 'upper chest,triceps', 'reverse grip bench|underhand bench'),
  ('Pause Bench Press', 'barbell', 'upper', 'reps', 'chest,triceps,front delts', 'paused bench|competition bench'),
  ('Spoto Press', 'barbell', 'upper', 'reps', 'chest,triceps', ''),
  ('Larsen Press', 'barbell', 'upper', 'reps', 'chest,triceps', 'feet up bench'),
  ('Pin Press', 'barbell', 'upper', 'reps', 'triceps,chest', 'bench pin press'),
  ('Floor Press', 'barbell', 'upper', 'reps', 'triceps,chest', 'barbell floor press'),
  ('Overhead Press', 'barbell', 'upper', 'reps', 'front delts,side delts,triceps', 'OHP|military press|standing press|strict press|barbell overhead press'),
  ('Seated Overhead Press', 'barbell', 'upper', 'reps', 'front delts,triceps', 'seated barbell press|seated military press'),
  ('Behind-the-Neck Press', 'barbell', 'upper', 'reps', 'front delts,side delts,triceps', 'btn press'),
  ('Z Press', 'barbell', 'upper', 'reps', 'front delts,triceps,abs', ''),
  ('Push Press', 'barbell', 'upper', 'reps', 'front delts,triceps,quads', ''),
  ('Landmine Press', 'barbell', 'upper', 'reps', 'upper chest,front delts,triceps', ''),
  ('Barbell Front Raise', 'barbell', 'upper', 'reps', 'front delts', ''),
  ('Barbell Upright Row', 'barbell', 'upper', 'reps', 'side delts,traps', 'upright row|upright rows'),
  ('Log Press', 'other', 'upper', 'reps', 'front delts,triceps,upper chest', 'log clean and press'),
  -- Barbell: squats and lunges
  ('Back Squat', 'barbell', 'lower', 'reps', 'quads,glutes,adductors', 'squat|squats|barbell squat|high bar squat'),
  ('Low-Bar Squat', 'barbell', 'lower', 'reps', 'glutes,quads,hamstrings', 'low bar|low bar back squat'),
  ('Front Squat', 'barbell', 'lower', 'reps', 'quads,glutes,upper back', 'front squats'),
  ('Pause Squat', 'barbell', 'lower', 'reps', 'quads,glutes', 'paused squat'),
  ('Box Squat', 'barbell', 'lower', 'reps', 'glutes,hamstrings,quads', ''),
  ('Zercher Squat', 'barbell', 'lower', 'reps', 'quads,glutes,upper back', ''),
  ('Overhead Squat', 'barbell', 'full body', 'reps', 'quads,glutes,shoulders', 'OHS'),
  ('Safety Bar Squat', 'barbell', 'lower', 'reps', 'quads,glutes,upper back', 'SSB squat|safety squat bar'),
  ('Barbell Hack Squat', 'barbell', 'lower', 'reps', 'quads', ''),
  ('Landmine Squat', 'barbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Barbell Lunge', 'barbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Barbell Reverse Lunge', 'barbell', 'lower', 'reps', 'glutes,quads', ''),
  ('Barbell Split Squat', 'barbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Barbell Step-Up', 'barbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Barbell Hip Thrust', 'barbell', 'lower', 'reps', 'glutes,hamstrings', 'hip thrust|hip thrusts|bb hip thrust'),
  ('Barbell Glute Bridge', 'barbell', 'lower', 'reps', 'glutes,hamstrings', ''),
  ('Barbell Calf Raise', 'barbell', 'lower', 'reps', 'calves', ''),
  -- Barbell: hinges
  ('Deadlift', 'barbell', 'lower', 'reps', 'glutes,hamstrings,lower back,quads,traps', 'conventional deadlift|deadlifts|DL|conventional'),
  ('Sumo Deadlift', 'barbell', 'lower', 'reps', 'glutes,adductors,quads,hamstrings', 'sumo|sumo dl'),
  ('Romanian Deadlift', 'barbell', 'lower', 'reps', 'hamstrings,glutes,lower back', 'RDL|RDLs|romanian|romanian deadlifts'),
  ('Stiff-Leg Deadlift', 'barbell', 'lower', 'reps', 'hamstrings,lower back', 'SLDL|stiff legged deadlift'),
  ('Deficit Deadlift', 'barbell', 'lower', 'reps', 'glutes,hamstrings,quads', ''),
  ('Pause Deadlift', 'barbell', 'lower', 'reps', 'glutes,hamstrings,lower back', 'paused deadlift'),
  ('Snatch-Grip Deadlift', 'barbell', 'lower', 'reps', 'hamstrings,upper back,glutes', ''),
  ('Rack Pull', 'barbell', 'lower', 'reps', 'glutes,lower back,traps', 'rack pulls|block pull'),
  ('Trap Bar Deadlift', 'barbell', 'lower', 'reps', 'quads,glutes,hamstrings', 'hex bar deadlift|trap bar|hex bar|trap bar dl'),
  ('Good Morning', 'barbell', 'lower', 'reps', 'hamstrings,lower back,glutes', 'good mornings'),
  -- Barbell: rows and pulls
  ('Barbell Row', 'barbell', 'upper', 'reps', 'lats,upper back,rear delts,biceps', 'bent over row|bb row|bent over barbell row|barbell rows'),
  ('Pendlay Row', 'barbell', 'upper', 'reps', 'upper back,lats', 'pendlay rows'),
  ('Yates Row', 'barbell', 'upper', 'reps', 'lats,biceps,upper back', 'underhand barbell row'),
  ('T-Bar Row', 'barbell', 'upper', 'reps', 'upper back,lats', 'landmine row'),
  ('Seal Row', 'barbell', 'upper', 'reps', 'upper back,lats,rear delts', ''),
  ('Meadows Row', 'barbell', 'upper', 'reps', 'lats,upper back', ''),
  ('Barbell Shrug', 'barbell', 'upper', 'reps', 'traps', 'shrug|shrugs|barbell shrugs'),
  ('Barbell Pullover', 'barbell', 'upper', 'reps', 'lats,chest', ''),
  -- Barbell: arms
  ('Barbell Curl', 'barbell', 'upper', 'reps', 'biceps', 'bb curl|straight bar curl|barbell curls'),
  ('EZ-Bar Curl', 'barbell', 'upper', 'reps', 'biceps', 'ez curl'),
  ('Preacher Curl', 'barbell', 'upper', 'reps', 'biceps', 'ez bar preacher curl|preacher curls'),
  ('Reverse Curl', 'barbell', 'upper', 'reps', 'forearms,brachialis', 'reverse barbell curl'),
  ('Drag Curl', 'barbell', 'upper', 'reps', 'biceps', ''),
  ('Lying Triceps Extension', 'barbell', 'upper', 'reps', 'triceps', 'skullcrusher|skullcrushers|lying tricep extension|ez bar skullcrusher'),
  ('JM Press', 'barbell', 'upper', 'reps', 'triceps', ''),
  ('Barbell Wrist Curl', 'barbell', 'upper', 'reps', 'forearms', 'wrist curl|wrist curls'),
  ('Barbell Reverse Wrist Curl', 'barbell', 'upper', 'reps', 'forearms', ''),
  -- Barbell: Olympic lifts
  ('Power Clean', 'barbell', 'full body', 'reps', 'glutes,hamstrings,quads,traps', 'power cleans'),
  ('Hang Clean', 'barbell', 'full body', 'reps', 'glutes,hamstrings,traps', ''),
  ('Hang Power Clean', 'barbell', 'full body', 'reps', 'glutes,hamstrings,traps', 'HPC'),
  ('Squat Clean', 'barbell', 'full body', 'reps', 'quads,glutes,hamstrings,traps', 'full clean'),
  ('Clean and Jerk', 'barbell', 'full body', 'reps', 'quads,glutes,front delts,triceps', 'C&J|clean & jerk'),
  ('Clean Pull', 'barbell', 'full body', 'reps', 'hamstrings,glutes,traps', ''),
  ('Snatch', 'barbell', 'full body', 'reps', 'quads,glutes,hamstrings,shoulders', 'squat snatch|full snatch'),
  ('Power Snatch', 'barbell', 'full body', 'reps', 'glutes,hamstrings,traps,shoulders', ''),
  ('Hang Snatch', 'barbell', 'full body', 'reps', 'glutes,hamstrings,traps,shoulders', ''),
  ('Snatch Pull', 'barbell', 'full body', 'reps', 'hamstrings,glutes,traps', ''),
  ('Push Jerk', 'barbell', 'full body', 'reps', 'front delts,triceps,quads', ''),
  ('Split Jerk', 'barbell', 'full body', 'reps', 'front delts,triceps,quads,glutes', ''),
  ('Thruster', 'barbell', 'full body', 'reps', 'quads,glutes,front delts,triceps', 'thrusters|barbell thruster'),
  ('Barbell Rollout', 'barbell', 'core', 'reps', 'abs', ''),
  -- Dumbbell: chest and shoulders
  ('Dumbbell Bench Press', 'dumbbell', 'upper', 'reps', 'chest,triceps,front delts', 'db bench|db bench press|dumbbell press|flat dumbbell press'),
  ('Incline Dumbbell Press', 'dumbbell', 'upper', 'reps', 'upper chest,front delts,triceps', 'incline db press|incline dumbbell bench press'),
  ('Decline Dumbbell Press', 'dumbbell', 'upper', 'reps', 'lower chest,triceps', ''),
  ('Dumbbell Floor Press', 'dumbbell', 'upper', 'reps', 'triceps,chest', ''),
  ('Dumbbell Squeeze Press', 'dumbbell', 'upper', 'reps', 'chest,triceps', ''),
  ('Dumbbell Fly', 'dumbbell', 'upper', 'reps', 'chest', 'db fly|dumbbell flye|dumbbell flyes|chest fly'),
  ('Incline Dumbbell Fly', 'dumbbell', 'upper', 'reps', 'upper chest', 'incline fly'),
  ('Dumbbell Pullover', 'dumbbell', 'upper', 'reps', 'lats,chest', ''),
  ('Dumbbell Shoulder Press', 'dumbbell', 'upper', 'reps', 'front delts,side delts,triceps', 'db shoulder press|seated dumbbell press|dumbbell overhead press'),
  ('Arnold Press', 'dumbbell', 'upper', 'reps', 'front delts,side delts,triceps', ''),
  ('Lateral Raise', 'dumbbell', 'upper', 'reps', 'side delts', 'side raise|lateral raises|lat raise|dumbbell lateral raise|side lateral raise'),
  ('Front Raise', 'dumbbell', 'upper', 'reps', 'front delts', 'dumbbell front raise|front raises'),
  ('Rear Delt Fly', 'dumbbell', 'upper', 'reps', 'rear delts,upper back', 'reverse fly|rear delt raise|bent over reverse fly'),
  ('Y-Raise', 'dumbbell', 'upper', 'reps', 'side delts,traps', 'incline y raise'),
  ('Dumbbell External Rotation', 'dumbbell', 'upper', 'reps', 'rotator cuff', 'side lying external rotation'),
  ('Dumbbell Upright Row', 'dumbbell', 'upper', 'reps', 'side delts,traps', ''),
  ('Dumbbell Shrug', 'dumbbell', 'upper', 'reps', 'traps', 'db shrug|dumbbell shrugs'),
  -- Dumbbell: back
  ('Dumbbell Row', 'dumbbell', 'upper', 'reps', 'lats,upper back,biceps', 'db row|one arm dumbbell row|single arm dumbbell row'),
  ('Dumbbell Bent-Over Row', 'dumbbell', 'upper', 'reps', 'lats,upper back', 'two arm dumbbell row'),
  ('Chest-Supported Dumbbell Row', 'dumbbell', 'upper', 'reps', 'upper back,lats,rear delts', 'chest supported row|incline dumbbell row'),
  ('Renegade Row', 'dumbbell', 'full body', 'reps', 'lats,abs,upper back', ''),
  -- Dumbbell: arms
  ('Dumbbell Curl', 'dumbbell', 'upper', 'reps', 'biceps', 'db curl|bicep curl|biceps curl|dumbbell curls|dumbbell bicep curl'),
  ('Hammer Curl', 'dumbbell', 'upper', 'reps', 'brachialis,forearms,biceps', 'hammer curls|dumbbell hammer curl'),
  ('Incline Dumbbell Curl', 'dumbbell', 'upper', 'reps', 'biceps', 'incline curl'),
  ('Concentration Curl', 'dumbbell', 'upper', 'reps', 'biceps', ''),
  ('Dumbbell Preacher Curl', 'dumbbell', 'upper', 'reps', 'biceps', ''),
  ('Zottman Curl', 'dumbbell', 'upper', 'reps', 'biceps,forearms', ''),
  ('Spider Curl', 'dumbbell', 'upper', 'reps', 'biceps', ''),
  ('Cross-Body Hammer Curl', 'dumbbell', 'upper', 'reps', 'brachialis,biceps', ''),
  ('Overhead Triceps Extension', 'dumbbell', 'upper', 'reps', 'triceps', 'overhead tricep extension|french press|dumbbell overhead extension'),
  ('Dumbbell Kickback', 'dumbbell', 'upper', 'reps', 'triceps', 'tricep kickback|triceps kickback'),
  ('Dumbbell Skull Crusher', 'dumbbell', 'upper', 'reps', 'triceps', 'dumbbell lying triceps extension'),
  ('Tate Press', 'dumbbell', 'upper', 'reps', 'triceps', ''),
  ('Dumbbell Wrist Curl', 'dumbbell', 'upper', 'reps', 'forearms', ''),
  ('Dumbbell Reverse Wrist Curl', 'dumbbell', 'upper', 'reps', 'forearms', 'reverse wrist curl'),
  -- Dumbbell: legs
  ('Goblet Squat', 'dumbbell', 'lower', 'reps', 'quads,glutes', 'goblet squats|dumbbell goblet squat'),
  ('Dumbbell Squat', 'dumbbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Bulgarian Split Squat', 'dumbbell', 'lower', 'reps', 'quads,glutes', 'BSS|rear foot elevated split squat|RFESS|bulgarian'),
  ('Dumbbell Split Squat', 'dumbbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Dumbbell Lunge', 'dumbbell', 'lower', 'reps', 'quads,glutes', 'db lunge'),
  ('Dumbbell Walking Lunge', 'dumbbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Dumbbell Reverse Lunge', 'dumbbell', 'lower', 'reps', 'glutes,quads', ''),
  ('Dumbbell Step-Up', 'dumbbell', 'lower', 'reps', 'quads,glutes', ''),
  ('Dumbbell Romanian Deadlift', 'dumbbell', 'lower', 'reps', 'hamstrings,glutes', 'db rdl|dumbbell rdl'),
  ('Single-Leg Romanian Deadlift', 'dumbbell', 'lower', 'reps', 'hamstrings,glutes', 'single leg rdl|SL RDL|one leg rdl'),
  ('Dumbbell Deadlift', 'dumbbell', 'lower', 'reps', 'glutes,hamstrings,quads', ''),
  ('Dumbbell Hip Thrust', 'dumbbell', 'lower', 'reps', 'glutes', ''),
  ('Dumbbell Calf Raise', 'dumbbell', 'lower', 'reps', 'calves', ''),
  -- Dumbbell: full body and carries
  ('Dumbbell Thruster', 'dumbbell', 'full body', 'reps', 'quads,glutes,front delts', ''),
  ('Dumbbell Snatch', 'dumbbell', 'full body', 'reps', 'glutes,hamstrings,shoulders', 'db snatch'),
  ('Dumbbell Clean', 'dumbbell', 'full body', 'reps', 'glutes,hamstrings,traps', ''),
  ('Dumbbell Clean and Press', 'dumbbell', 'full body', 'reps', 'glutes,quads,front delts', ''),
  ('Devil Press', 'dumbbell', 'full body', 'reps', 'chest,glutes,shoulders', 'devils press'),
  ('Man Maker', 'dumbbell', 'full body', 'reps', 'chest,lats,quads,shoulders', 'man makers'),
  ('Dumbbell Side Bend', 'dumbbell', 'core', 'reps', 'obliques', 'side bends'),
  ('Farmer''s Carry', 'dumbbell', 'full body', 'time', 'forearms,traps,abs', 'farmer walk|farmers walk|farmer carry|farmers carry'),
  ('Suitcase Carry', 'dumbbell', 'core', 'time', 'obliques,forearms', ''),
  ('Overhead Carry', 'dumbbell', 'full body', 'time', 'shoulders,abs', 'waiter walk'),
  -- Machines: legs
  ('Leg Press', 'machine', 'lower', 'reps', 'quads,glutes', 'leg presses|sled leg press'),
  ('Single-Leg Leg Press', 'machine', 'lower', 'reps', 'quads,glutes', ''),
  ('Hack Squat', 'machine', 'lower', 'reps', 'quads,glutes', 'machine hack squat|hack squats'),
  ('Pendulum Squat', 'machine', 'lower', 'reps', 'quads,glutes', ''),
  ('Belt Squat', 'machine', 'lower', 'reps', 'quads,glutes', ''),
  ('Smith Machine Squat', 'machine', 'lower', 'reps', 'quads,glutes', 'smith squat'),
  ('Leg Extension', 'machine', 'lower', 'reps', 'quads', 'leg extensions|quad extension'),
  ('Lying Leg Curl', 'machine', 'lower', 'reps', 'hamstrings', 'leg curl|leg curls|hamstring curl|prone leg curl'),
  ('Seated Leg Curl', 'machine', 'lower', 'reps', 'hamstrings', ''),
  ('Standing Leg Curl', 'machine', 'lower', 'reps', 'hamstrings', ''),
  ('Standing Calf Raise', 'machine', 'lower', 'reps', 'calves', 'calf raise|calf raises|machine calf raise'),
  ('Seated Calf Raise', 'machine', 'lower', 'reps', 'calves', ''),
  ('Leg Press Calf Raise', 'machine', 'lower', 'reps', 'calves', 'calf press'),
  ('Donkey Calf Raise', 'machine', 'lower', 'reps', 'calves', ''),
  ('Hip Abduction Machine', 'machine', 'lower', 'reps', 'glutes,abductors', 'hip abduction|abductor machine'),
  ('Hip Adduction Machine', 'machine', 'lower', 'reps', 'adductors', 'hip adduction|adductor machine'),
  ('Glute Kickback Machine', 'machine', 'lower', 'reps', 'glutes', ''),
  ('Hip Thrust Machine', 'machine', 'lower', 'reps', 'glutes', 'machine hip thrust'),
  ('Reverse Hyperextension', 'machine', 'lower', 'reps', 'glutes,hamstrings,lower back', 'reverse hyper'),
  -- Machines: upper body
  ('Chest Press Machine', 'machine', 'upper', 'reps', 'chest,triceps', 'chest press|machine chest press'),
  ('Incline Chest Press Machine', 'machine', 'upper', 'reps', 'upper chest,triceps', ''),
  ('Pec Deck', 'machine', 'upper', 'reps', 'chest', 'pec fly|machine fly|butterfly|pec deck fly'),
  ('Reverse Pec Deck', 'machine', 'upper', 'reps', 'rear delts', 'rear delt machine|reverse machine fly'),
  ('Shoulder Press Machine', 'machine', 'upper', 'reps', 'front delts,triceps', 'machine shoulder press'),
  ('Lateral Raise Machine', 'machine', 'upper', 'reps', 'side delts', 'machine lateral raise'),
  ('Smith Machine Bench Press', 'machine', 'upper', 'reps', 'chest,triceps', 'smith bench'),
  ('Smith Machine Incline Press', 'machine', 'upper', 'reps', 'upper chest,triceps', 'smith incline'),
  ('Smith Machine Shoulder Press', 'machine', 'upper', 'reps', 'front delts,triceps', ''),
  ('Machine Row', 'machine', 'upper', 'reps', 'upper back,lats', 'seated machine row|chest supported machine row'),
  ('Iso-Lateral Row', 'machine', 'upper', 'reps', 'lats,upper back', 'plate loaded row|hammer strength row'),
  ('Machine Pulldown', 'machine', 'upper', 'reps', 'lats,biceps', 'plate loaded pulldown'),
  ('Machine Pullover', 'machine', 'upper', 'reps', 'lats', ''),
  ('Assisted Pull-Up Machine', 'machine', 'upper', 'reps', 'lats,biceps', 'assisted pull up'),
  ('Assisted Dip Machine', 'machine', 'upper', 'reps', 'triceps,chest', 'assisted dip'),
  ('Seated Dip Machine', 'machine', 'upper', 'reps', 'triceps', 'machine dip'),
  ('Machine Preacher Curl', 'machine', 'upper', 'reps', 'biceps', 'machine curl'),
  ('Machine Triceps Extension', 'machine', 'upper', 'reps', 'triceps', 'machine tricep extension'),
  ('Machine Shrug', 'machine', 'upper', 'reps', 'traps', ''),
  ('Ab Crunch Machine', 'machine', 'core', 'reps', 'abs', 'machine crunch'),
  ('Rotary Torso Machine', 'machine', 'core', 'reps', 'obliques', 'torso rotation'),
  -- Cable
  ('Lat Pulldown', 'cable', 'upper', 'reps', 'lats,biceps', 'pulldown|pulldowns|wide grip pulldown|lat pulldowns'),
  ('Close-Grip Lat Pulldown', 'cable', 'upper', 'reps', 'lats,biceps', 'v bar pulldown|close grip pulldown'),
  ('Single-Arm Lat Pulldown', 'cable', 'upper', 'reps', 'lats', ''),
  ('Straight-Arm Pulldown', 'cable', 'upper', 'reps', 'lats', 'straight arm lat pulldown|lat prayer'),
  ('Seated Cable Row', 'cable', 'upper', 'reps', 'upper back,lats,biceps', 'cable row|seated row|low row'),
  ('Single-Arm Cable Row', 'cable', 'upper', 'reps', 'lats,upper back', ''),
  ('Face Pull', 'cable', 'upper', 'reps', 'rear delts,upper back', 'face pulls'),
  ('Cable Fly', 'cable', 'upper', 'reps', 'chest', 'cable crossover|cable flye|cable crossovers'),
  ('Low-to-High Cable Fly', 'cable', 'upper', 'reps', 'upper chest', ''),
  ('High-to-Low Cable Fly', 'cable', 'upper', 'reps', 'lower chest', ''),
  ('Cable Chest Press', 'cable', 'upper', 'reps', 'chest,triceps', ''),
  ('Cable Lateral Raise', 'cable', 'upper', 'reps', 'side delts', ''),
  ('Cable Front Raise', 'cable', 'upper', 'reps', 'front delts', ''),
  ('Cable Rear Delt Fly', 'cable', 'upper', 'reps', 'rear delts', ''),
  ('Cable Y-Raise', 'cable', 'upper', 'reps', 'side delts,traps', ''),
  ('Cable Upright Row', 'cable', 'upper', 'reps', 'side delts,traps', ''),
  ('Cable Shrug', 'cable', 'upper', 'reps', 'traps', ''),
  ('Cable External Rotation', 'cable', 'upper', 'reps', 'rotator cuff', ''),
  ('Triceps Pushdown', 'cable', 'upper', 'reps', 'triceps', 'tricep pushdown|pushdown|pushdowns|triceps pressdown'),
  ('Rope Pushdown', 'cable', 'upper', 'reps', 'triceps', 'rope tricep pushdown'),
  ('Overhead Cable Triceps Extension', 'cable', 'upper', 'reps', 'triceps', 'cable overhead extension'),
  ('Cable Curl', 'cable', 'upper', 'reps', 'biceps', 'cable bicep curl'),
  ('Cable Hammer Curl', 'cable', 'upper', 'reps', 'brachialis,forearms', 'rope hammer curl'),
  ('Bayesian Curl', 'cable', 'upper', 'reps', 'biceps', ''),
  ('Cable Crunch', 'cable', 'core', 'reps', 'abs', 'kneeling cable crunch'),
  ('Cable Woodchop', 'cable', 'core', 'reps', 'obliques,abs', 'woodchopper|wood chop'),
  ('Pallof Press', 'cable', 'core', 'reps', 'obliques,abs', 'anti rotation press'),
  ('Cable Pull-Through', 'cable', 'lower', 'reps', 'glutes,hamstrings', 'pull through|pull throughs'),
  ('Cable Glute Kickback', 'cable', 'lower', 'reps', 'glutes', 'cable kickback'),
  ('Cable Hip Abduction', 'cable', 'lower', 'reps', 'glutes,abductors', ''),
  -- Bodyweight: upper
  ('Pull-Up', 'bodyweight', 'upper', 'reps', 'lats,biceps,upper back', 'pull-ups|overhand pull-up'),
  ('Chin-Up', 'bodyweight', 'upper', 'reps', 'lats,biceps', 'chin-ups|chins'),
  ('Neutral-Grip Pull-Up', 'bodyweight', 'upper', 'reps', 'lats,biceps,brachialis', 'hammer grip pull-up'),
  ('Wide-Grip Pull-Up', 'bodyweight', 'upper', 'reps', 'lats,upper back', ''),
  ('Weighted Pull-Up', 'bodyweight', 'upper', 'reps', 'lats,biceps,upper back', ''),
  ('Weighted Chin-Up', 'bodyweight', 'upper', 'reps', 'lats,biceps', ''),
  ('Scapular Pull-Up', 'bodyweight', 'upper', 'reps', 'lats,lower traps', 'scap pull-up'),
  ('Muscle-Up', 'bodyweight', 'upper', 'reps', 'lats,chest,triceps', 'muscle ups|bar muscle-up'),
  ('Ring Muscle-Up', 'other', 'upper', 'reps', 'lats,chest,triceps', ''),
  ('Rope Climb', 'other', 'upper', 'reps', 'lats,biceps,forearms', ''),
  ('Inverted Row', 'bodyweight', 'upper', 'reps', 'upper back,lats,biceps', 'bodyweight row|australian pull-up'),
  ('Ring Row', 'other', 'upper', 'reps', 'upper back,biceps', 'trx row|suspension row'),
  ('Push-Up', 'bodyweight', 'upper', 'reps', 'chest,triceps,front delts', 'push-ups|press-up|press-ups'),
  ('Incline Push-Up', 'bodyweight', 'upper', 'reps', 'chest,triceps', ''),
  ('Decline Push-Up', 'bodyweight', 'upper', 'reps', 'upper chest,triceps', 'feet elevated push-up'),
  ('Knee Push-Up', 'bodyweight', 'upper', 'reps', 'chest,triceps', 'kneeling push-up'),
  ('Diamond Push-Up', 'bodyweight', 'upper', 'reps', 'triceps,chest', 'close grip push-up|triangle push-up'),
  ('Wide Push-Up', 'bodyweight', 'upper', 'reps', 'chest', ''),
  ('Archer Push-Up', 'bodyweight', 'upper', 'reps', 'chest,triceps', ''),
  ('Clap Push-Up', 'bodyweight', 'upper', 'reps', 'chest,triceps', 'plyo push-up'),
  ('Weighted Push-Up', 'bodyweight', 'upper', 'reps', 'chest,triceps', ''),
  ('Pike Push-Up', 'bodyweight', 'upper', 'reps', 'front delts,triceps', ''),
  ('Handstand Push-Up', 'bodyweight', 'upper', 'reps', 'front delts,triceps', 'HSPU'),
  ('Dip', 'bodyweight', 'upper', 'reps', 'chest,triceps,front delts', 'dips|parallel bar dip|chest dip'),
  ('Weighted Dip', 'bodyweight', 'upper', 'reps', 'chest,triceps', ''),
  ('Bench Dip', 'bodyweight', 'upper', 'reps', 'triceps', 'bench dips|chair dip'),
  ('Ring Dip', 'other', 'upper', 'reps', 'chest,triceps', ''),
  -- Bodyweight: lower
  ('Bodyweight Squat', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'air squat|air squats'),
  ('Jump Squat', 'bodyweight', 'lower', 'reps', 'quads,glutes,calves', 'squat jump|squat jumps'),
  ('Pistol Squat', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'pistol|pistols'),
  ('Cossack Squat', 'bodyweight', 'lower', 'reps', 'adductors,quads,glutes', ''),
  ('Sissy Squat', 'bodyweight', 'lower', 'reps', 'quads', ''),
  ('Lunge', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'lunges|forward lunge'),
  ('Reverse Lunge', 'bodyweight', 'lower', 'reps', 'glutes,quads', 'reverse lunges'),
  ('Walking Lunge', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'walking lunges'),
  ('Lateral Lunge', 'bodyweight', 'lower', 'reps', 'adductors,quads,glutes', 'side lunge'),
  ('Jumping Lunge', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'jump lunge|split jump'),
  ('Curtsy Lunge', 'bodyweight', 'lower', 'reps', 'glutes,adductors', ''),
  ('Step-Up', 'bodyweight', 'lower', 'reps', 'quads,glutes', 'step ups|box step-up'),
  ('Glute Bridge', 'bodyweight', 'lower', 'reps', 'glutes,hamstrings', 'hip bridge|glute bridges'),
  ('Single-Leg Glute Bridge', 'bodyweight', 'lower', 'reps', 'glutes,hamstrings', ''),
  ('Single-Leg Hip Thrust', 'bodyweight', 'lower', 'reps', 'glutes', ''),
  ('Nordic Curl', 'bodyweight', 'lower', 'reps', 'hamstrings', 'nordic hamstring curl|nordics'),
  ('Bodyweight Calf Raise', 'bodyweight', 'lower', 'reps', 'calves', ''),
  ('Single-Leg Calf Raise', 'bodyweight', 'lower', 'reps', 'calves', ''),
  ('Tibialis Raise', 'bodyweight', 'lower', 'reps', 'tibialis', 'tib raise'),
  ('Box Jump', 'bodyweight', 'lower', 'reps', 'quads,glutes,calves', 'box jumps'),
  ('Broad Jump', 'bodyweight', 'lower', 'reps', 'glutes,quads,hamstrings', 'standing long jump'),
  ('Tuck Jump', 'bodyweight', 'lower', 'reps', 'quads,calves', ''),
  ('Skater Jump', 'bodyweight', 'lower', 'reps', 'glutes,quads', 'skaters'),
  ('Clamshell', 'band', 'lower', 'reps', 'glutes,abductors', 'clamshells|clams'),
  ('Fire Hydrant', 'bodyweight', 'lower', 'reps', 'glutes,abductors', ''),
  ('Donkey Kick', 'bodyweight', 'lower', 'reps', 'glutes', 'donkey kicks'),
  ('Back Extension', 'other', 'lower', 'reps', 'lower back,glutes,hamstrings', 'hyperextension|hyperextensions|45 degree back extension'),
  ('Glute-Ham Raise', 'other', 'lower', 'reps', 'hamstrings,glutes', 'GHR'),
  -- Bodyweight: full body
  ('Burpee', 'bodyweight', 'full body', 'reps', 'chest,quads,shoulders', 'burpees'),
  ('Mountain Climber', 'bodyweight', 'full body', 'reps', 'abs,hip flexors,shoulders', 'mountain climbers'),
  ('Jumping Jack', 'bodyweight', 'full body', 'reps', 'calves,shoulders', 'jumping jacks|star jumps'),
  ('Bear Crawl', 'bodyweight', 'full body', 'time', 'shoulders,abs,quads', ''),
  ('Inchworm', 'bodyweight', 'full body', 'reps', 'hamstrings,shoulders,abs', 'inchworms'),
  -- Core (reps)
  ('Crunch', 'bodyweight', 'core', 'reps', 'abs', 'crunches'),
  ('Sit-Up', 'bodyweight', 'core', 'reps', 'abs,hip flexors', 'sit-ups'),
  ('Decline Sit-Up', 'bodyweight', 'core', 'reps', 'abs,hip flexors', 'decline crunch'),
  ('Bicycle Crunch', 'bodyweight', 'core', 'reps', 'abs,obliques', 'bicycles|bicycle crunches'),
  ('Reverse Crunch', 'bodyweight', 'core', 'reps', 'abs', ''),
  ('V-Up', 'bodyweight', 'core', 'reps', 'abs', 'v-ups'),
  ('Leg Raise', 'bodyweight', 'core', 'reps', 'abs,hip flexors', 'lying leg raise|leg raises'),
  ('Hanging Leg Raise', 'bodyweight', 'core', 'reps', 'abs,hip flexors', 'HLR|hanging leg raises'),
  ('Hanging Knee Raise', 'bodyweight', 'core', 'reps', 'abs,hip flexors', 'knee raise|knee raises'),
  ('Captain''s Chair Leg Raise', 'machine', 'core', 'reps', 'abs,hip flexors', 'captains chair|vertical knee raise'),
  ('Toes-to-Bar', 'bodyweight', 'core', 'reps', 'abs,lats', 'T2B|TTB'),
  ('Russian Twist', 'bodyweight', 'core', 'reps', 'obliques', 'russian twists'),
  ('Dead Bug', 'bodyweight', 'core', 'reps', 'abs', 'dead bugs'),
  ('Bird Dog', 'bodyweight', 'core', 'reps', 'lower back,abs,glutes', 'bird dogs'),
  ('Hollow Rock', 'bodyweight', 'core', 'reps', 'abs', 'hollow rocks'),
  ('Windshield Wiper', 'bodyweight', 'core', 'reps', 'obliques,abs', 'windshield wipers'),
  ('Dragon Flag', 'bodyweight', 'core', 'reps', 'abs', 'dragon flags'),
  ('Superman', 'bodyweight', 'core', 'reps', 'lower back,glutes', 'supermans'),
  ('Ab Wheel Rollout', 'other', 'core', 'reps', 'abs,lats', 'ab wheel|ab rollout|rollout|ab roller'),
  ('Flutter Kick', 'bodyweight', 'core', 'time', 'abs,hip flexors', 'flutter kicks'),
  ('Scissor Kick', 'bodyweight', 'core', 'time', 'abs,hip flexors', 'scissor kicks|scissors'),
  ('Plank Shoulder Tap', 'bodyweight', 'core', 'reps', 'abs,shoulders', 'shoulder taps'),
  ('Stir the Pot', 'other', 'core', 'reps', 'abs,obliques', ''),
  ('Side-Lying Hip Raise', 'bodyweight', 'core', 'reps', 'obliques', 'side plank dip|side plank hip dip'),
  -- Holds (time)
  ('Plank', 'bodyweight', 'core', 'time', 'abs,obliques', 'front plank|forearm plank|planks|elbow plank'),
  ('Side Plank', 'bodyweight', 'core', 'time', 'obliques', 'side planks'),
  ('Straight-Arm Plank', 'bodyweight', 'core', 'time', 'abs,shoulders', 'high plank|push-up plank'),
  ('RKC Plank', 'bodyweight', 'core', 'time', 'abs,glutes', 'hardstyle plank'),
  ('Reverse Plank', 'bodyweight', 'core', 'time', 'glutes,hamstrings,lower back', ''),
  ('Copenhagen Plank', 'bodyweight', 'core', 'time', 'adductors,obliques', 'copenhagen|copenhagen side plank'),
  ('Weighted Plank', 'bodyweight', 'core', 'time', 'abs', ''),
  ('Hollow Hold', 'bodyweight', 'core', 'time', 'abs', 'hollow body hold|hollow body'),
  ('Arch Hold', 'bodyweight', 'core', 'time', 'lower back,glutes', 'superman hold'),
  ('L-Sit', 'bodyweight', 'core', 'time', 'abs,hip flexors,triceps', 'l-sits|l sit hold'),
  ('V-Sit', 'bodyweight', 'core', 'time', 'abs,hip flexors', ''),
  ('Dead Hang', 'bodyweight', 'upper', 'time', 'forearms,lats', 'hang|bar hang|passive hang'),
  ('Active Hang', 'bodyweight', 'upper', 'time', 'lats,lower traps', 'scapular hang'),
  ('Flexed-Arm Hang', 'bodyweight', 'upper', 'time', 'biceps,lats,forearms', 'chin-up hold|bent arm hang'),
  ('Handstand Hold', 'bodyweight', 'upper', 'time', 'shoulders,triceps', 'handstand|wall handstand'),
  ('Front Lever', 'bodyweight', 'upper', 'time', 'lats,abs', 'front lever hold'),
  ('Back Lever', 'bodyweight', 'upper', 'time', 'lats,chest,biceps', ''),
  ('Planche', 'bodyweight', 'upper', 'time', 'front delts,chest', 'tuck planche'),
  ('Support Hold', 'bodyweight', 'upper', 'time', 'triceps,chest', 'dip support hold|ring support'),
  ('Wall Sit', 'bodyweight', 'lower', 'time', 'quads', 'wall sits|wall squat'),
  ('Glute Bridge Hold', 'bodyweight', 'lower', 'time', 'glutes,hamstrings', ''),
  ('Split Squat Hold', 'bodyweight', 'lower', 'time', 'quads,glutes', 'isometric split squat'),
  ('Plate Pinch', 'other', 'upper', 'time', 'forearms', 'plate pinches|pinch grip hold'),
  ('Towel Hang', 'other', 'upper', 'time', 'forearms,lats', ''),
  ('Horse Stance', 'bodyweight', 'lower', 'time', 'quads,adductors', ''),
  -- Kettlebell
  ('Kettlebell Swing', 'kettlebell', 'full body', 'reps', 'glutes,hamstrings,lower back', 'kb swing|russian swing|swings|kettlebell swings'),
  ('American Kettlebell Swing', 'kettlebell', 'full body', 'reps', 'glutes,hamstrings,shoulders', 'american swing'),
  ('Single-Arm Kettlebell Swing', 'kettlebell', 'full body', 'reps', 'glutes,hamstrings,obliques', 'one arm swing'),
  ('Kettlebell Goblet Squat', 'kettlebell', 'lower', 'reps', 'quads,glutes', 'kb goblet squat'),
  ('Kettlebell Front Squat', 'kettlebell', 'lower', 'reps', 'quads,glutes,abs', ''),
  ('Kettlebell Deadlift', 'kettlebell', 'lower', 'reps', 'glutes,hamstrings', 'kb deadlift'),
  ('Kettlebell Single-Leg Deadlift', 'kettlebell', 'lower', 'reps', 'hamstrings,glutes', 'kb single leg deadlift'),
  ('Kettlebell Reverse Lunge', 'kettlebell', 'lower', 'reps', 'glutes,quads', ''),
  ('Kettlebell Clean', 'kettlebell', 'full body', 'reps', 'glutes,hamstrings,forearms', 'kb clean'),
  ('Kettlebell Snatch', 'kettlebell', 'full body', 'reps', 'glutes,hamstrings,shoulders', 'kb snatch'),
  ('Kettlebell Clean and Press', 'kettlebell', 'full body', 'reps', 'glutes,front delts,triceps', ''),
  ('Kettlebell Press', 'kettlebell', 'upper', 'reps', 'front delts,triceps', 'kb press|kettlebell overhead press'),
  ('Kettlebell Push Press', 'kettlebell', 'upper', 'reps', 'front delts,triceps,quads', ''),
  ('Kettlebell Bottoms-Up Press', 'kettlebell', 'upper', 'reps', 'front delts,rotator cuff,forearms', 'bottoms up press'),
  ('Kettlebell Floor Press', 'kettlebell', 'upper', 'reps', 'chest,triceps', ''),
  ('Kettlebell Row', 'kettlebell', 'upper', 'reps', 'lats,upper back', 'kb row'),
  ('Kettlebell Gorilla Row', 'kettlebell', 'upper', 'reps', 'lats,upper back,abs', 'gorilla row'),
  ('Kettlebell High Pull', 'kettlebell', 'full body', 'reps', 'traps,glutes,side delts', ''),
  ('Kettlebell Thruster', 'kettlebell', 'full body', 'reps', 'quads,glutes,front delts', ''),
  ('Kettlebell Halo', 'kettlebell', 'upper', 'reps', 'shoulders,abs', 'halos'),
  ('Kettlebell Windmill', 'kettlebell', 'core', 'reps', 'obliques,shoulders,hamstrings', 'windmill'),
  ('Kettlebell Figure Eight', 'kettlebell', 'core', 'reps', 'abs,glutes', 'figure 8'),
  ('Kettlebell Rack Carry', 'kettlebell', 'full body', 'time', 'abs,upper back', 'front rack carry'),
  ('Turkish Get-Up', 'kettlebell', 'full body', 'reps', 'shoulders,abs,glutes', 'TGU|get-up'),
  -- Bands
  ('Band Pull-Apart', 'band', 'upper', 'reps', 'rear delts,upper back', 'pull-aparts'),
  ('Band Face Pull', 'band', 'upper', 'reps', 'rear delts,upper back', ''),
  ('Band Row', 'band', 'upper', 'reps', 'upper back,lats', ''),
  ('Band Pulldown', 'band', 'upper', 'reps', 'lats', ''),
  ('Band Chest Press', 'band', 'upper', 'reps', 'chest,triceps', ''),
  ('Band Overhead Press', 'band', 'upper', 'reps', 'front delts,triceps', ''),
  ('Band Curl', 'band', 'upper', 'reps', 'biceps', 'banded curl'),
  ('Band Pushdown', 'band', 'upper', 'reps', 'triceps', 'banded pushdown'),
  ('Band External Rotation', 'band', 'upper', 'reps', 'rotator cuff', ''),
  ('Band Dislocate', 'band', 'upper', 'reps', 'shoulders', 'shoulder dislocates|pass-through|band pass through'),
  ('Band-Assisted Pull-Up', 'band', 'upper', 'reps', 'lats,biceps', 'banded pull-up'),
  ('Band Good Morning', 'band', 'lower', 'reps', 'hamstrings,lower back', ''),
  ('Banded Lateral Walk', 'band', 'lower', 'reps', 'glutes,abductors', 'lateral band walk|band walk'),
  ('Monster Walk', 'band', 'lower', 'reps', 'glutes,abductors', 'monster walks'),
  ('Banded Glute Bridge', 'band', 'lower', 'reps', 'glutes', ''),
  ('Band Pallof Press', 'band', 'core', 'reps', 'obliques,abs', ''),
  -- Strongman and other implements
  ('Sled Push', 'other', 'full body', 'time', 'quads,glutes,calves', 'prowler push|prowler'),
  ('Sled Drag', 'other', 'full body', 'time', 'glutes,hamstrings,quads', 'sled pull|backward sled drag'),
  ('Tire Flip', 'other', 'full body', 'reps', 'glutes,hamstrings,upper back', 'tire flips'),
  ('Atlas Stone', 'other', 'full body', 'reps', 'glutes,hamstrings,upper back,biceps', 'stone load|atlas stones'),
  ('Yoke Carry', 'other', 'full body', 'time', 'quads,glutes,upper back', 'yoke walk|yoke'),
  ('Sandbag Carry', 'other', 'full body', 'time', 'upper back,biceps,abs', ''),
  ('Sandbag Clean', 'other', 'full body', 'reps', 'glutes,hamstrings,upper back', ''),
  ('Battle Ropes', 'other', 'full body', 'time', 'shoulders,arms,abs', 'battle rope|battling ropes'),
  ('Medicine Ball Slam', 'other', 'full body', 'reps', 'lats,abs,shoulders', 'ball slam|slam ball|med ball slam'),
  ('Wall Ball', 'other', 'full body', 'reps', 'quads,glutes,shoulders', 'wall balls|wall ball shot'),
  ('Rotational Medicine Ball Throw', 'other', 'core', 'reps', 'obliques,shoulders', 'rotational throw'),
  ('Wrist Roller', 'other', 'upper', 'reps', 'forearms', ''),
  ('Neck Curl', 'other', 'upper', 'reps', 'neck', 'neck flexion'),
  ('Neck Extension', 'other', 'upper', 'reps', 'neck', ''),
  ('Landmine Rotation', 'barbell', 'core', 'reps', 'obliques,shoulders', 'landmine twist|landmine 180'),
  -- Cardio
  ('Rowing Machine', 'cardio', 'cardio', 'cardio', 'cardiovascular,lats,legs', 'rower|erg|rowing|indoor rowing|row erg|indoor row|concept2'),
  ('Running', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'run|jog|jogging|outdoor run'),
  ('Treadmill', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'treadmill run|treadmill running'),
  ('Incline Walk', 'cardio', 'cardio', 'cardio', 'cardiovascular,glutes,calves', 'incline treadmill walk'),
  ('Walking', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'walk'),
  ('Hiking', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'hike'),
  ('Rucking', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs,upper back', 'ruck|ruck march'),
  ('Trail Running', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'trail run'),
  ('Sprints', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'sprint|sprinting'),
  ('Hill Sprints', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs,glutes', 'hill sprint|hill repeats'),
  ('Cycling', 'cardio', 'cardio', 'cardio', 'cardiovascular,quads', 'bike|biking|cycle|road cycling|bike ride'),
  ('Stationary Bike', 'cardio', 'cardio', 'cardio', 'cardiovascular,quads', 'exercise bike|spin bike|spinning|indoor cycling|spin class'),
  ('Recumbent Bike', 'cardio', 'cardio', 'cardio', 'cardiovascular,quads', 'recumbent bicycle'),
  ('Assault Bike', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs,arms', 'air bike|airdyne|echo bike|fan bike'),
  ('Mountain Biking', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'mtb'),
  ('Elliptical', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'cross trainer|elliptical trainer'),
  ('Stair Climber', 'cardio', 'cardio', 'cardio', 'cardiovascular,glutes,quads', 'stairmaster|stair machine|stepmill|stairs'),
  ('Jump Rope', 'cardio', 'cardio', 'cardio', 'cardiovascular,calves', 'skipping|skipping rope|jumping rope|double unders'),
  ('Swimming', 'cardio', 'cardio', 'cardio', 'cardiovascular,lats,shoulders', 'swim|laps'),
  ('SkiErg', 'cardio', 'cardio', 'cardio', 'cardiovascular,lats,triceps', 'ski machine|nordic ski erg'),
  ('Cross-Country Skiing', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs,arms', 'nordic skiing|xc skiing'),
  ('Arm Ergometer', 'cardio', 'cardio', 'cardio', 'cardiovascular,shoulders,arms', 'upper body ergometer|UBE|arm bike'),
  ('Shadow Boxing', 'cardio', 'cardio', 'cardio', 'cardiovascular,shoulders', 'shadow box'),
  ('Heavy Bag', 'cardio', 'cardio', 'cardio', 'cardiovascular,shoulders,abs', 'bag work|punching bag'),
  ('Kayaking', 'cardio', 'cardio', 'cardio', 'cardiovascular,lats,shoulders', 'kayak|paddling'),
  ('Skating', 'cardio', 'cardio', 'cardio', 'cardiovascular,glutes,legs', 'inline skating|ice skating'),
  ('Dancing', 'cardio', 'cardio', 'cardio', 'cardiovascular,legs', 'dance'),
  ('Aerobics', 'cardio', 'cardio', 'cardio', 'cardiovascular', 'aerobics class|step aerobics')
;

insert into app_public.exercises (user_id, name, equipment, region, kind, muscles)
select null, s.name, s.equipment, s.region, s.kind, string_to_array(s.muscles, ',')
  from catalog_seed s;

insert into app_public.exercise_aliases (exercise_id, alias)
select e.id, a.alias
  from catalog_seed s
  join app_public.exercises e on e.user_id is null and e.name = s.name
  cross join lateral unnest(string_to_array(s.aliases, '|')) as a(alias)
 where a.alias <> '';

drop table catalog_seed;

--------------------------------------------------------------------------------
-- Computed fields (exposed by plugins/exercises.ts as Exercise.aliases and Exercise.custom)
--------------------------------------------------------------------------------
create function app_public.exercises_aliases(e app_public.exercises) returns text[]
language sql stable as $$
  select coalesce(array_agg(a.alias order by a.alias), '{}')
    from app_public.exercise_aliases a where a.exercise_id = e.id;
$$;
comment on function app_public.exercises_aliases(app_public.exercises) is E'@behavior -*\nEveryday names that also refer to this exercise (catalog exercises only), alphabetical.';

create function app_public.exercises_custom(e app_public.exercises) returns boolean
language sql immutable as $$
  select e.user_id is not null;
$$;
comment on function app_public.exercises_custom(app_public.exercises) is E'@behavior -*\nWhether this is one of the user''s custom exercises (false for the catalog).';

grant execute on function app_public.exercises_aliases(app_public.exercises), app_public.exercises_custom(app_public.exercises) to svc_reader;

--------------------------------------------------------------------------------
-- Resolving a reference (spec 2.1 rule 4)
--------------------------------------------------------------------------------
create function app_hidden.resolve_exercise(ref text) returns uuid
language plpgsql stable security invoker as $$
declare
  v_ref text := btrim(ref);
  v_key text := app_public.exercise_key(ref);
  v_me uuid := app_public.current_user_id();
  v_id uuid;
begin
  if v_ref is null or v_ref = '' then
    return null;
  end if;
  -- 1. An id the caller can see (a catalog exercise or one of theirs; RLS hides the rest).
  if v_ref ~* '^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$' then
    select e.id into v_id from app_public.exercises e where e.id = v_ref::uuid;
    if v_id is not null then
      return v_id;
    end if;
  end if;
  if v_key = '' then
    return null;
  end if;
  -- 2. The user's custom exercise: it wins over a catalog name or alias spelled the same.
  if v_me is not null then
    select e.id into v_id from app_public.exercises e where e.user_id = v_me and e.key = v_key;
    if v_id is not null then
      return v_id;
    end if;
  end if;
  -- 3. A catalog name.
  select e.id into v_id from app_public.exercises e where e.user_id is null and e.key = v_key;
  if v_id is not null then
    return v_id;
  end if;
  -- 4. A catalog alias (alias keys are unique and never equal a catalog name).
  select a.exercise_id into v_id
    from app_public.exercise_aliases a join app_public.exercises e on e.id = a.exercise_id
   where a.key = v_key and e.user_id is null;
  return v_id;
end;
$$;
comment on function app_hidden.resolve_exercise(text) is E'The exercise a reference names, for the calling user (security invoker: RLS applies), or null. '
  'Tried in order: an id the caller can see; the caller''s custom exercise name; a catalog name; a catalog alias. '
  'Names and aliases compare by app_public.exercise_key: ignoring case, spacing, hyphens, underscores and dots.';

create function app_hidden.exercise_match_score(q_text text, q_key text, name text, key text) returns real
language sql immutable parallel safe as $$
  -- pg_trgm folds case itself. It is found on the caller's search_path (callers set it to pg_catalog, public).
  select greatest(similarity(q_key, key), (word_similarity(q_text, name) + similarity(q_text, name)) / 2);
$$;
comment on function app_hidden.exercise_match_score(text, text, text, text) is E'How much a typed text (lower case, and its exercise_key) looks like a name or alias (and its key), 0 to 1 (pg_trgm): '
  'the larger of the similarity of the keys (spacing and hyphens ignored) and the mean of word similarity and similarity of the texts. Used by closest_exercises and search_exercises.';

create function app_hidden.closest_exercises(ref text, n int default 3) returns text[]
language sql stable security invoker set search_path to pg_catalog, public as $$
  with q as (
    select lower(btrim(regexp_replace(coalesce(ref, ''), '\s+', ' ', 'g'))) as text,
           app_public.exercise_key(coalesce(ref, '')) as key,
           app_public.current_user_id() as me
  ), scored as (
    select e.key, e.name, e.user_id, max(app_hidden.exercise_match_score(q.text, q.key, c.text, c.key)) as score
      from q
      join app_public.exercises e on e.user_id is null or e.user_id = q.me
      cross join lateral (
        select e.name as text, e.key
        union all
        select a.alias, a.key from app_public.exercise_aliases a where a.exercise_id = e.id
      ) c
     where q.key <> ''
     group by e.id
  ), best as (
    -- One entry per name: the user's custom exercise stands for a catalog one spelled the same.
    select distinct on (key) name, score from scored where score >= 0.25
     order by key, (user_id is null), score desc
  )
  select coalesce((select array_agg(name order by score desc, name)
                     from (select name, score from best order by score desc, name
                           limit least(greatest(coalesce(n, 3), 0), 100)) t), '{}');
$$;
comment on function app_hidden.closest_exercises(text, int) is E'Up to n (default 3, at most 100) names of exercises the caller can use whose name or an alias looks most like ref '
  '(exercise_match_score at least 0.25), most similar first, ties by name. Includes the caller''s custom exercises; a name appears once.';

create function app_hidden.unknown_exercise_reason(ref text) returns text
language sql stable security invoker as $$
  select 'unknown exercise "' || coalesce(ref, '') || '"'
         || case when cardinality(c) > 0 then '; closest: ' || array_to_string(c, ', ') else '' end
    from (select app_hidden.closest_exercises(ref, 3) as c) t;
$$;
comment on function app_hidden.unknown_exercise_reason(text) is E'The reason given for a reference that names no exercise, shared by every caller: '
  '`unknown exercise "<ref>"; closest: A, B, C` (up to three names from closest_exercises, most similar first), '
  'or just `unknown exercise "<ref>"` when nothing is close.';

grant execute on function app_hidden.resolve_exercise(text), app_hidden.closest_exercises(text, int),
  app_hidden.unknown_exercise_reason(text), app_hidden.exercise_match_score(text, text, text, text) to svc_reader;

--------------------------------------------------------------------------------
-- Search
--------------------------------------------------------------------------------
create function app_public.search_exercises(words text, "limit" int default 20) returns setof app_public.exercises
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
declare
  v_limit int := coalesce("limit", 20);
  v_text text := lower(btrim(regexp_replace(coalesce(words, ''), '\s+', ' ', 'g')));
  v_key text := app_public.exercise_key(coalesce(words, ''));
  v_tokens text[];
  v_me uuid := app_public.current_user_id();
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
  v_tokens := array(select t from regexp_split_to_table(v_text, '[^[:alnum:]]+') t where t <> '');
  return query
  with candidates as (
    select e.id, e.name, e.user_id,
           bool_or(c.key = v_key) as exact,
           bool_or(starts_with(c.key, v_key)) as prefix,
           -- Every name and alias, once as written and once without hyphens and dots (pull-up, pullup).
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
    select c.id, c.name, c.user_id, c.score,
           case
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
   order by r.tier, case when r.tier = 3 then r.score end desc nulls last, r.name, (r.user_id is null), r.id
   limit v_limit;
end;
$$;
comment on function app_public.search_exercises(text, int) is E'@behavior -*\nExercises the caller can use (the catalog and their custom ones) matching words, best first: '
  '1. an exact name or alias (ignoring case, spacing and hyphens), 2. a name or alias starting with the words, '
  '3. names and aliases containing every word (at a word start), 4. fuzzy matches (exercise_match_score at least 0.3, most similar first). '
  'Ties by name, the caller''s custom exercise first. limit: 1 to 100, default 20. words: 1 to 200 characters, not blank. Exposed as Query.searchExercises.';
grant execute on function app_public.search_exercises(text, int) to svc_reader;

--------------------------------------------------------------------------------
-- Custom exercises: private to their user (RLS), written through these functions.
--------------------------------------------------------------------------------
create function app_public.create_custom_exercise(name text, equipment text default 'other', muscles text[] default '{}',
  region text default 'full body', kind text default 'reps') returns app_public.exercises
language plpgsql volatile security invoker as $$
declare
  v_row app_public.exercises;
begin
  perform app_hidden.require_user();
  insert into app_public.exercises as e (name, equipment, muscles, region, kind)
  values ($1, coalesce($2, 'other'), coalesce($3, '{}'), coalesce($4, 'full body'), coalesce($5, 'reps'))
  returning e.* into v_row;
  return v_row;
end;
$$;
comment on function app_public.create_custom_exercise(text, text, text[], text, text) is E'@resultFieldName exercise\nAdds a custom exercise, private to the signed-in user. '
  'name: 1 to 100 characters, unique among the user''s custom exercises ignoring case, spacing and hyphens (CONFLICT otherwise); '
  'it may equal a catalog name, and then the user''s own exercise is the one their references mean. '
  'equipment (default other), muscles (at most 10), region (default full body), kind (default reps) as on Exercise.';

create function app_public.update_custom_exercise(id uuid, name text default null, equipment text default null,
  muscles text[] default null, region text default null, kind text default null) returns app_public.exercises
language plpgsql volatile security invoker as $$
declare
  v_row app_public.exercises;
begin
  perform app_hidden.require_user();
  update app_public.exercises as e
     set name = coalesce($2, e.name), equipment = coalesce($3, e.equipment), muscles = coalesce($4, e.muscles),
         region = coalesce($5, e.region), kind = coalesce($6, e.kind)
   where e.id = $1 and e.user_id = app_public.current_user_id()
  returning e.* into v_row;
  if v_row.id is null then
    raise exception 'id: no custom exercise of yours has this id' using errcode = 'SVNFD';
  end if;
  return v_row;
end;
$$;
comment on function app_public.update_custom_exercise(uuid, text, text, text[], text, text) is E'@resultFieldName exercise\nRenames or changes one of the user''s custom exercises; '
  'fields left out (or null) stay as they are. Same rules as createCustomExercise. NOT_FOUND for a catalog exercise or someone else''s.';

create function app_public.delete_custom_exercise(id uuid) returns app_public.exercises
language plpgsql volatile security invoker as $$
declare
  v_row app_public.exercises;
  v_routines int;
  v_workouts int;
begin
  perform app_hidden.require_user();
  select e.* into v_row from app_public.exercises e where e.id = $1 and e.user_id = app_public.current_user_id();
  if v_row.id is null then
    raise exception 'id: no custom exercise of yours has this id' using errcode = 'SVNFD';
  end if;
  select count(distinct r.routine_id) into v_routines from app_public.routine_exercises r where r.exercise_id = v_row.id;
  select count(distinct w.workout_id) into v_workouts from app_public.workout_exercises w where w.exercise_id = v_row.id;
  if v_routines + v_workouts > 0 then
    raise exception 'id: "%" is used in % routine(s) and % workout(s); remove it from them first', v_row.name, v_routines, v_workouts
      using errcode = 'SVDUP';
  end if;
  delete from app_public.exercises e where e.id = v_row.id;
  return v_row;
end;
$$;
comment on function app_public.delete_custom_exercise(uuid) is E'@resultFieldName exercise\nDeletes one of the user''s custom exercises. NOT_FOUND for a catalog exercise or someone else''s; '
  'CONFLICT while a routine or workout still uses it (history is never dropped silently).';

grant execute on function app_public.create_custom_exercise(text, text, text[], text, text),
  app_public.update_custom_exercise(uuid, text, text, text[], text, text),
  app_public.delete_custom_exercise(uuid) to svc_visitor;
