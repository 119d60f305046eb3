-- The muscles an exercise works: one list of muscle names (app_public.muscles), each in the group
-- weekly sets are counted by; every catalog exercise's primary and secondary muscles drawn from it.

create table if not exists app_public.muscles (
  name text primary key,
  muscle_group text not null,
  position integer not null unique,
  constraint muscles_name_check check (name ~ '^[a-z]+( [a-z]+)*$' and char_length(name) <= 40),
  constraint muscles_group_check check (muscle_group ~ '^[a-z]+( [a-z]+)*$' and char_length(muscle_group) <= 40)
);
alter table app_public.muscles enable row level security;
drop policy if exists select_all on app_public.muscles;
create policy select_all on app_public.muscles for select using (true);
grant select on table app_public.muscles to svc_reader;
comment on table app_public.muscles is E'@behavior -insert -update -delete -query:resource:list -query:resource:connection -query:resource:single -constraint:resource:single\nA muscle name the catalog''s exercises use for their primary and secondary muscles, and the group its weekly sets count towards. Listed by Query.muscleList.';
comment on column app_public.muscles.name is 'The name, as Exercise.muscles and Exercise.secondaryMuscles write it (`front delts`).';
comment on column app_public.muscles.muscle_group is 'The group its sets count towards in weeklyMuscleSets (`shoulders` for `front delts`; a group is also a muscle name).';
comment on column app_public.muscles.position is E'@behavior -*\nOrder of the list: chest to calves, front of the body before its back where they pair.';
comment on constraint muscles_name_check on app_public.muscles is 'Lower-case words, at most 40 characters: the length a custom exercise''s muscle may have.';
comment on constraint muscles_group_check on app_public.muscles is 'Lower-case words, at most 40 characters.';

insert into app_public.muscles as m (name, muscle_group, position) values
  ('chest', 'chest', 1),
  ('upper chest', 'chest', 2),
  ('lower chest', 'chest', 3),
  ('shoulders', 'shoulders', 4),
  ('front delts', 'shoulders', 5),
  ('side delts', 'shoulders', 6),
  ('rear delts', 'shoulders', 7),
  ('rotator cuff', 'shoulders', 8),
  ('biceps', 'biceps', 9),
  ('brachialis', 'biceps', 10),
  ('triceps', 'triceps', 11),
  ('forearms', 'forearms', 12),
  ('lats', 'lats', 13),
  ('upper back', 'upper back', 14),
  ('traps', 'traps', 15),
  ('lower traps', 'traps', 16),
  ('lower back', 'lower back', 17),
  ('neck', 'neck', 18),
  ('abs', 'abs', 19),
  ('obliques', 'obliques', 20),
  ('hip flexors', 'hip flexors', 21),
  ('glutes', 'glutes', 22),
  ('quads', 'quads', 23),
  ('hamstrings', 'hamstrings', 24),
  ('adductors', 'adductors', 25),
  ('abductors', 'abductors', 26),
  ('calves', 'calves', 27),
  ('tibialis', 'tibialis', 28),
  ('cardiovascular', 'cardio', 29)
on conflict (name) do update set muscle_group = excluded.muscle_group, position = excluded.position;

create or replace function app_public.muscle_list() returns setof app_public.muscles
language sql stable parallel safe as $$
  select m.* from app_public.muscles m order by m.position;
$$;
comment on function app_public.muscle_list() is E'@behavior -queryField:resource:connection +queryField:resource:list\nEvery muscle name of the catalog, in body order (chest first), with its group. Exposed as Query.muscleList.';
grant execute on function app_public.muscle_list() to svc_reader;

alter table app_public.exercises add column if not exists secondary_muscles text[] default '{}' not null;
comment on column app_public.exercises.muscles is 'Primary muscles worked: the muscles that move the load (catalog: names of Query.muscleList).';
comment on column app_public.exercises.secondary_muscles is 'Secondary muscles worked: those that assist or hold the body steady (catalog: names of Query.muscleList); none of them also primary. Empty where the primary muscles are all that work (a calf raise, a leg extension).';
grant insert (secondary_muscles), update (secondary_muscles) on table app_public.exercises to svc_visitor;

-- Every catalog exercise's primary and secondary muscles. Primary lists keep the muscles the
-- catalog named, but for two changes: the front delts of a chest press (bench, push-up, dip) assist
-- the chest, so they are secondary; the words `legs` and `arms` are named as the muscles they mean.
update app_public.exercises e
   set muscles = v.primary_muscles::text[], secondary_muscles = v.secondary_muscles::text[]
  from (values
  ('Bench Press', '{chest,triceps}', '{"front delts"}'),
  ('Incline Bench Press', '{"upper chest",triceps}', '{"front delts"}'),
  ('Decline Bench Press', '{"lower chest",triceps}', '{"front delts"}'),
  ('Close-Grip Bench Press', '{triceps,chest}', '{"front delts"}'),
  ('Wide-Grip Bench Press', '{chest}', '{"front delts",triceps}'),
  ('Reverse-Grip Bench Press', '{"upper chest",triceps}', '{"front delts"}'),
  ('Pause Bench Press', '{chest,triceps}', '{"front delts"}'),
  ('Spoto Press', '{chest,triceps}', '{"front delts"}'),
  ('Larsen Press', '{chest,triceps}', '{"front delts"}'),
  ('Pin Press', '{triceps,chest}', '{"front delts"}'),
  ('Floor Press', '{triceps,chest}', '{"front delts"}'),
  ('Overhead Press', '{"front delts","side delts",triceps}', '{traps,"upper chest",abs}'),
  ('Seated Overhead Press', '{"front delts",triceps}', '{"side delts",traps,"upper chest",abs}'),
  ('Behind-the-Neck Press', '{"front delts","side delts",triceps}', '{traps,"upper chest",abs}'),
  ('Z Press', '{"front delts",triceps,abs}', '{"side delts",traps,"upper chest"}'),
  ('Push Press', '{"front delts",triceps,quads}', '{"side delts",glutes,traps,abs}'),
  ('Landmine Press', '{"upper chest",triceps}', '{"front delts","side delts",traps,abs}'),
  ('Barbell Front Raise', '{"front delts"}', '{"side delts","upper chest"}'),
  ('Barbell Upright Row', '{"side delts",traps}', '{"front delts",biceps}'),
  ('Log Press', '{"front delts",triceps,"upper chest"}', '{"side delts",traps,abs}'),
  ('Back Squat', '{quads,glutes,adductors}', '{hamstrings,"lower back",abs}'),
  ('Low-Bar Squat', '{glutes,quads,hamstrings}', '{adductors,"lower back",abs}'),
  ('Front Squat', '{quads,glutes,"upper back"}', '{adductors,abs}'),
  ('Pause Squat', '{quads,glutes}', '{hamstrings,adductors,"lower back",abs}'),
  ('Box Squat', '{glutes,hamstrings,quads}', '{adductors,"lower back",abs}'),
  ('Zercher Squat', '{quads,glutes,"upper back"}', '{adductors,abs}'),
  ('Overhead Squat', '{quads,glutes,shoulders}', '{adductors,hamstrings,"upper back",abs}'),
  ('Safety Bar Squat', '{quads,glutes,"upper back"}', '{hamstrings,adductors,"lower back",abs}'),
  ('Barbell Hack Squat', '{quads}', '{glutes,adductors,hamstrings}'),
  ('Landmine Squat', '{quads,glutes}', '{hamstrings,adductors,"lower back",abs}'),
  ('Barbell Lunge', '{quads,glutes}', '{adductors,hamstrings,calves}'),
  ('Barbell Reverse Lunge', '{glutes,quads}', '{adductors,hamstrings,calves}'),
  ('Barbell Split Squat', '{quads,glutes}', '{hamstrings,adductors,"lower back",abs}'),
  ('Barbell Step-Up', '{quads,glutes}', '{adductors,hamstrings,calves}'),
  ('Barbell Hip Thrust', '{glutes,hamstrings}', '{adductors,quads}'),
  ('Barbell Glute Bridge', '{glutes,hamstrings}', '{adductors,quads}'),
  ('Barbell Calf Raise', '{calves}', '{}'),
  ('Deadlift', '{glutes,hamstrings,"lower back",quads,traps}', '{lats,"upper back",forearms,adductors}'),
  ('Sumo Deadlift', '{glutes,adductors,quads,hamstrings}', '{"lower back","upper back",forearms,traps}'),
  ('Romanian Deadlift', '{hamstrings,glutes,"lower back"}', '{"upper back",forearms,adductors}'),
  ('Stiff-Leg Deadlift', '{hamstrings,"lower back"}', '{"upper back",forearms,adductors}'),
  ('Deficit Deadlift', '{glutes,hamstrings,quads}', '{lats,"upper back",forearms,adductors}'),
  ('Pause Deadlift', '{glutes,hamstrings,"lower back"}', '{lats,"upper back",forearms,adductors}'),
  ('Snatch-Grip Deadlift', '{hamstrings,"upper back",glutes}', '{lats,forearms,adductors,"lower back"}'),
  ('Rack Pull', '{glutes,"lower back",traps}', '{lats,"upper back",forearms,adductors}'),
  ('Trap Bar Deadlift', '{quads,glutes,hamstrings}', '{lats,"upper back",forearms,adductors}'),
  ('Good Morning', '{hamstrings,"lower back",glutes}', '{"upper back",forearms,adductors}'),
  ('Barbell Row', '{lats,"upper back","rear delts",biceps}', '{forearms,traps,"lower back"}'),
  ('Pendlay Row', '{"upper back",lats}', '{biceps,"rear delts",forearms,traps}'),
  ('Yates Row', '{lats,biceps,"upper back"}', '{"rear delts",forearms,traps,"lower back"}'),
  ('T-Bar Row', '{"upper back",lats}', '{biceps,"rear delts",forearms,traps}'),
  ('Seal Row', '{"upper back",lats,"rear delts"}', '{biceps,forearms,traps,"lower back"}'),
  ('Meadows Row', '{lats,"upper back"}', '{biceps,"rear delts",forearms,traps}'),
  ('Barbell Shrug', '{traps}', '{forearms,"upper back"}'),
  ('Barbell Pullover', '{lats,chest}', '{triceps,abs}'),
  ('Barbell Curl', '{biceps}', '{brachialis,forearms}'),
  ('EZ-Bar Curl', '{biceps}', '{brachialis,forearms}'),
  ('Preacher Curl', '{biceps}', '{brachialis,forearms}'),
  ('Reverse Curl', '{forearms,brachialis}', '{}'),
  ('Drag Curl', '{biceps}', '{brachialis,forearms}'),
  ('Lying Triceps Extension', '{triceps}', '{}'),
  ('JM Press', '{triceps}', '{chest,"front delts"}'),
  ('Barbell Wrist Curl', '{forearms}', '{}'),
  ('Barbell Reverse Wrist Curl', '{forearms}', '{}'),
  ('Power Clean', '{glutes,hamstrings,quads,traps}', '{"lower back","upper back",calves,forearms}'),
  ('Hang Clean', '{glutes,hamstrings,traps}', '{"lower back","upper back",calves,forearms}'),
  ('Hang Power Clean', '{glutes,hamstrings,traps}', '{"lower back","upper back",calves,forearms}'),
  ('Squat Clean', '{quads,glutes,hamstrings,traps}', '{"lower back","upper back",calves,forearms}'),
  ('Clean and Jerk', '{quads,glutes,"front delts",triceps}', '{"side delts",traps,abs}'),
  ('Clean Pull', '{hamstrings,glutes,traps}', '{"lower back","upper back",calves,forearms}'),
  ('Snatch', '{quads,glutes,hamstrings,shoulders}', '{"lower back","upper back",calves,forearms}'),
  ('Power Snatch', '{glutes,hamstrings,traps,shoulders}', '{"lower back","upper back",calves,forearms}'),
  ('Hang Snatch', '{glutes,hamstrings,traps,shoulders}', '{"lower back","upper back",calves,forearms}'),
  ('Snatch Pull', '{hamstrings,glutes,traps}', '{"lower back","upper back",calves,forearms}'),
  ('Push Jerk', '{"front delts",triceps,quads}', '{"side delts",glutes,traps,abs}'),
  ('Split Jerk', '{"front delts",triceps,quads,glutes}', '{"side delts",traps,abs}'),
  ('Thruster', '{quads,glutes,"front delts",triceps}', '{abs,"side delts"}'),
  ('Barbell Rollout', '{abs}', '{obliques,"hip flexors",triceps}'),
  ('Dumbbell Bench Press', '{chest,triceps}', '{"front delts"}'),
  ('Incline Dumbbell Press', '{"upper chest",triceps}', '{"front delts"}'),
  ('Decline Dumbbell Press', '{"lower chest",triceps}', '{"front delts"}'),
  ('Dumbbell Floor Press', '{triceps,chest}', '{"front delts"}'),
  ('Dumbbell Squeeze Press', '{chest,triceps}', '{"front delts"}'),
  ('Dumbbell Fly', '{chest}', '{"front delts"}'),
  ('Incline Dumbbell Fly', '{"upper chest"}', '{"front delts"}'),
  ('Dumbbell Pullover', '{lats,chest}', '{triceps,abs}'),
  ('Dumbbell Shoulder Press', '{"front delts","side delts",triceps}', '{traps,"upper chest",abs}'),
  ('Arnold Press', '{"front delts","side delts",triceps}', '{traps,"upper chest",abs}'),
  ('Lateral Raise', '{"side delts"}', '{traps,"front delts"}'),
  ('Front Raise', '{"front delts"}', '{"side delts","upper chest"}'),
  ('Rear Delt Fly', '{"rear delts","upper back"}', '{"front delts"}'),
  ('Y-Raise', '{"side delts",traps}', '{"front delts"}'),
  ('Dumbbell External Rotation', '{"rotator cuff"}', '{"rear delts"}'),
  ('Dumbbell Upright Row', '{"side delts",traps}', '{"front delts",biceps}'),
  ('Dumbbell Shrug', '{traps}', '{forearms,"upper back"}'),
  ('Dumbbell Row', '{lats,"upper back",biceps}', '{"rear delts",forearms,traps,"lower back"}'),
  ('Dumbbell Bent-Over Row', '{lats,"upper back"}', '{biceps,"rear delts",forearms,traps}'),
  ('Chest-Supported Dumbbell Row', '{"upper back",lats,"rear delts"}', '{biceps,forearms,traps,"lower back"}'),
  ('Renegade Row', '{lats,abs,"upper back"}', '{biceps,"rear delts",forearms,traps}'),
  ('Dumbbell Curl', '{biceps}', '{brachialis,forearms}'),
  ('Hammer Curl', '{brachialis,forearms,biceps}', '{}'),
  ('Incline Dumbbell Curl', '{biceps}', '{brachialis,forearms}'),
  ('Concentration Curl', '{biceps}', '{brachialis,forearms}'),
  ('Dumbbell Preacher Curl', '{biceps}', '{brachialis,forearms}'),
  ('Zottman Curl', '{biceps,forearms}', '{brachialis}'),
  ('Spider Curl', '{biceps}', '{brachialis,forearms}'),
  ('Cross-Body Hammer Curl', '{brachialis,biceps}', '{forearms}'),
  ('Overhead Triceps Extension', '{triceps}', '{}'),
  ('Dumbbell Kickback', '{triceps}', '{}'),
  ('Dumbbell Skull Crusher', '{triceps}', '{}'),
  ('Tate Press', '{triceps}', '{}'),
  ('Dumbbell Wrist Curl', '{forearms}', '{}'),
  ('Dumbbell Reverse Wrist Curl', '{forearms}', '{}'),
  ('Goblet Squat', '{quads,glutes}', '{adductors,"upper back",abs}'),
  ('Dumbbell Squat', '{quads,glutes}', '{hamstrings,adductors,"lower back",abs}'),
  ('Bulgarian Split Squat', '{quads,glutes}', '{hamstrings,adductors,"lower back",abs}'),
  ('Dumbbell Split Squat', '{quads,glutes}', '{hamstrings,adductors,"lower back",abs}'),
  ('Dumbbell Lunge', '{quads,glutes}', '{adductors,hamstrings,calves}'),
  ('Dumbbell Walking Lunge', '{quads,glutes}', '{adductors,hamstrings,calves}'),
  ('Dumbbell Reverse Lunge', '{glutes,quads}', '{adductors,hamstrings,calves}'),
  ('Dumbbell Step-Up', '{quads,glutes}', '{adductors,hamstrings,calves}'),
  ('Dumbbell Romanian Deadlift', '{hamstrings,glutes}', '{"upper back",forearms,adductors,"lower back"}'),
  ('Single-Leg Romanian Deadlift', '{hamstrings,glutes}', '{"upper back",forearms,adductors,"lower back"}'),
  ('Dumbbell Deadlift', '{glutes,hamstrings,quads}', '{lats,"upper back",forearms,adductors}'),
  ('Dumbbell Hip Thrust', '{glutes}', '{hamstrings,adductors,quads}'),
  ('Dumbbell Calf Raise', '{calves}', '{}'),
  ('Dumbbell Thruster', '{quads,glutes,"front delts"}', '{triceps,abs,"side delts"}'),
  ('Dumbbell Snatch', '{glutes,hamstrings,shoulders}', '{"lower back","upper back",calves,forearms}'),
  ('Dumbbell Clean', '{glutes,hamstrings,traps}', '{"lower back","upper back",calves,forearms}'),
  ('Dumbbell Clean and Press', '{glutes,quads,"front delts"}', '{"lower back","upper back",calves,forearms}'),
  ('Devil Press', '{chest,glutes,shoulders}', '{triceps,abs,hamstrings,calves}'),
  ('Man Maker', '{chest,lats,quads,shoulders}', '{triceps,glutes,abs,hamstrings}'),
  ('Dumbbell Side Bend', '{obliques}', '{abs,"hip flexors"}'),
  ('Farmer''s Carry', '{forearms,traps,abs}', '{glutes,"upper back",quads}'),
  ('Suitcase Carry', '{obliques,forearms}', '{glutes,"upper back",quads}'),
  ('Overhead Carry', '{shoulders,abs}', '{glutes,"upper back",quads}'),
  ('Leg Press', '{quads,glutes}', '{adductors,hamstrings}'),
  ('Single-Leg Leg Press', '{quads,glutes}', '{adductors,hamstrings}'),
  ('Hack Squat', '{quads,glutes}', '{adductors,hamstrings}'),
  ('Pendulum Squat', '{quads,glutes}', '{adductors,hamstrings}'),
  ('Belt Squat', '{quads,glutes}', '{adductors,hamstrings}'),
  ('Smith Machine Squat', '{quads,glutes}', '{adductors,hamstrings}'),
  ('Leg Extension', '{quads}', '{}'),
  ('Lying Leg Curl', '{hamstrings}', '{calves}'),
  ('Seated Leg Curl', '{hamstrings}', '{calves}'),
  ('Standing Leg Curl', '{hamstrings}', '{calves}'),
  ('Standing Calf Raise', '{calves}', '{}'),
  ('Seated Calf Raise', '{calves}', '{}'),
  ('Leg Press Calf Raise', '{calves}', '{}'),
  ('Donkey Calf Raise', '{calves}', '{}'),
  ('Hip Abduction Machine', '{glutes,abductors}', '{}'),
  ('Hip Adduction Machine', '{adductors}', '{}'),
  ('Glute Kickback Machine', '{glutes}', '{hamstrings}'),
  ('Hip Thrust Machine', '{glutes}', '{hamstrings,adductors,quads}'),
  ('Reverse Hyperextension', '{glutes,hamstrings,"lower back"}', '{adductors,"upper back"}'),
  ('Chest Press Machine', '{chest,triceps}', '{"front delts"}'),
  ('Incline Chest Press Machine', '{"upper chest",triceps}', '{"front delts"}'),
  ('Pec Deck', '{chest}', '{"front delts"}'),
  ('Reverse Pec Deck', '{"rear delts"}', '{"front delts"}'),
  ('Shoulder Press Machine', '{"front delts",triceps}', '{"side delts",traps,"upper chest",abs}'),
  ('Lateral Raise Machine', '{"side delts"}', '{traps,"front delts"}'),
  ('Smith Machine Bench Press', '{chest,triceps}', '{"front delts"}'),
  ('Smith Machine Incline Press', '{"upper chest",triceps}', '{"front delts"}'),
  ('Smith Machine Shoulder Press', '{"front delts",triceps}', '{"side delts",traps,"upper chest",abs}'),
  ('Machine Row', '{"upper back",lats}', '{biceps,"rear delts",forearms,traps}'),
  ('Iso-Lateral Row', '{lats,"upper back"}', '{biceps,"rear delts",forearms,traps}'),
  ('Machine Pulldown', '{lats,biceps}', '{"rear delts","upper back",forearms,brachialis}'),
  ('Machine Pullover', '{lats}', '{triceps,chest,abs}'),
  ('Assisted Pull-Up Machine', '{lats,biceps}', '{"rear delts","upper back",forearms,brachialis}'),
  ('Assisted Dip Machine', '{triceps,chest}', '{"front delts"}'),
  ('Seated Dip Machine', '{triceps}', '{"front delts",chest}'),
  ('Machine Preacher Curl', '{biceps}', '{brachialis,forearms}'),
  ('Machine Triceps Extension', '{triceps}', '{}'),
  ('Machine Shrug', '{traps}', '{forearms,"upper back"}'),
  ('Ab Crunch Machine', '{abs}', '{obliques,"hip flexors"}'),
  ('Rotary Torso Machine', '{obliques}', '{abs,"hip flexors"}'),
  ('Lat Pulldown', '{lats,biceps}', '{"rear delts","upper back",forearms,brachialis}'),
  ('Close-Grip Lat Pulldown', '{lats,biceps}', '{"rear delts","upper back",forearms,brachialis}'),
  ('Single-Arm Lat Pulldown', '{lats}', '{biceps,"rear delts","upper back",forearms}'),
  ('Straight-Arm Pulldown', '{lats}', '{biceps,"rear delts","upper back",forearms}'),
  ('Seated Cable Row', '{"upper back",lats,biceps}', '{"rear delts",forearms,traps,"lower back"}'),
  ('Single-Arm Cable Row', '{lats,"upper back"}', '{biceps,"rear delts",forearms,traps}'),
  ('Face Pull', '{"rear delts","upper back"}', '{traps,"rotator cuff"}'),
  ('Cable Fly', '{chest}', '{"front delts"}'),
  ('Low-to-High Cable Fly', '{"upper chest"}', '{"front delts"}'),
  ('High-to-Low Cable Fly', '{"lower chest"}', '{"front delts"}'),
  ('Cable Chest Press', '{chest,triceps}', '{"front delts"}'),
  ('Cable Lateral Raise', '{"side delts"}', '{traps,"front delts"}'),
  ('Cable Front Raise', '{"front delts"}', '{"side delts","upper chest"}'),
  ('Cable Rear Delt Fly', '{"rear delts"}', '{"front delts"}'),
  ('Cable Y-Raise', '{"side delts",traps}', '{"front delts"}'),
  ('Cable Upright Row', '{"side delts",traps}', '{"front delts",biceps}'),
  ('Cable Shrug', '{traps}', '{forearms,"upper back"}'),
  ('Cable External Rotation', '{"rotator cuff"}', '{"rear delts"}'),
  ('Triceps Pushdown', '{triceps}', '{}'),
  ('Rope Pushdown', '{triceps}', '{}'),
  ('Overhead Cable Triceps Extension', '{triceps}', '{}'),
  ('Cable Curl', '{biceps}', '{brachialis,forearms}'),
  ('Cable Hammer Curl', '{brachialis,forearms}', '{}'),
  ('Bayesian Curl', '{biceps}', '{brachialis,forearms}'),
  ('Cable Crunch', '{abs}', '{obliques,"hip flexors"}'),
  ('Cable Woodchop', '{obliques,abs}', '{"hip flexors"}'),
  ('Pallof Press', '{obliques,abs}', '{"hip flexors"}'),
  ('Cable Pull-Through', '{glutes,hamstrings}', '{"lower back",adductors}'),
  ('Cable Glute Kickback', '{glutes}', '{hamstrings}'),
  ('Cable Hip Abduction', '{glutes,abductors}', '{}'),
  ('Pull-Up', '{lats,biceps,"upper back"}', '{"rear delts",forearms,brachialis}'),
  ('Chin-Up', '{lats,biceps}', '{"rear delts","upper back",forearms,brachialis}'),
  ('Neutral-Grip Pull-Up', '{lats,biceps,brachialis}', '{"rear delts","upper back",forearms}'),
  ('Wide-Grip Pull-Up', '{lats,"upper back"}', '{biceps,"rear delts",forearms,brachialis}'),
  ('Scapular Pull-Up', '{lats,"lower traps"}', '{biceps,"rear delts","upper back",forearms}'),
  ('Muscle-Up', '{lats,chest,triceps}', '{"front delts",biceps,abs,forearms}'),
  ('Ring Muscle-Up', '{lats,chest,triceps}', '{"front delts",biceps,abs,forearms}'),
  ('Rope Climb', '{lats,biceps,forearms}', '{"upper back",abs}'),
  ('Inverted Row', '{"upper back",lats,biceps}', '{"rear delts",forearms,abs}'),
  ('Ring Row', '{"upper back",biceps}', '{"rear delts",forearms,abs,lats}'),
  ('Push-Up', '{chest,triceps}', '{"front delts",abs}'),
  ('Incline Push-Up', '{chest,triceps}', '{"front delts",abs}'),
  ('Decline Push-Up', '{"upper chest",triceps}', '{"front delts",abs}'),
  ('Knee Push-Up', '{chest,triceps}', '{"front delts",abs}'),
  ('Diamond Push-Up', '{triceps,chest}', '{"front delts",abs}'),
  ('Wide Push-Up', '{chest}', '{"front delts",triceps,abs}'),
  ('Archer Push-Up', '{chest,triceps}', '{"front delts",abs}'),
  ('Clap Push-Up', '{chest,triceps}', '{"front delts",abs}'),
  ('Pike Push-Up', '{"front delts",triceps}', '{abs}'),
  ('Handstand Push-Up', '{"front delts",triceps}', '{abs}'),
  ('Dip', '{chest,triceps}', '{"front delts"}'),
  ('Bench Dip', '{triceps}', '{"front delts",chest}'),
  ('Ring Dip', '{chest,triceps}', '{"front delts"}'),
  ('Bodyweight Squat', '{quads,glutes}', '{hamstrings,adductors,"lower back",abs}'),
  ('Jump Squat', '{quads,glutes,calves}', '{hamstrings,adductors,"lower back",abs}'),
  ('Pistol Squat', '{quads,glutes}', '{hamstrings,adductors,"lower back",abs}'),
  ('Cossack Squat', '{adductors,quads,glutes}', '{hamstrings,"lower back",abs}'),
  ('Sissy Squat', '{quads}', '{hamstrings,adductors,"lower back",abs}'),
  ('Lunge', '{quads,glutes}', '{adductors,hamstrings,calves}'),
  ('Reverse Lunge', '{glutes,quads}', '{adductors,hamstrings,calves}'),
  ('Walking Lunge', '{quads,glutes}', '{adductors,hamstrings,calves}'),
  ('Lateral Lunge', '{adductors,quads,glutes}', '{hamstrings,calves}'),
  ('Jumping Lunge', '{quads,glutes}', '{adductors,hamstrings,calves}'),
  ('Curtsy Lunge', '{glutes,adductors}', '{hamstrings,calves}'),
  ('Step-Up', '{quads,glutes}', '{adductors,hamstrings,calves}'),
  ('Glute Bridge', '{glutes,hamstrings}', '{adductors,quads}'),
  ('Single-Leg Glute Bridge', '{glutes,hamstrings}', '{adductors,quads}'),
  ('Single-Leg Hip Thrust', '{glutes}', '{hamstrings,adductors,quads}'),
  ('Nordic Curl', '{hamstrings}', '{calves,glutes}'),
  ('Bodyweight Calf Raise', '{calves}', '{}'),
  ('Single-Leg Calf Raise', '{calves}', '{}'),
  ('Tibialis Raise', '{tibialis}', '{}'),
  ('Box Jump', '{quads,glutes,calves}', '{hamstrings}'),
  ('Broad Jump', '{glutes,quads,hamstrings}', '{calves,"lower back"}'),
  ('Tuck Jump', '{quads,calves}', '{hamstrings,glutes}'),
  ('Skater Jump', '{glutes,quads}', '{hamstrings}'),
  ('Clamshell', '{glutes,abductors}', '{}'),
  ('Fire Hydrant', '{glutes,abductors}', '{}'),
  ('Donkey Kick', '{glutes}', '{hamstrings}'),
  ('Back Extension', '{"lower back",glutes,hamstrings}', '{adductors,"upper back"}'),
  ('Glute-Ham Raise', '{hamstrings,glutes}', '{calves}'),
  ('Burpee', '{chest,quads,shoulders}', '{triceps,glutes,abs,hamstrings}'),
  ('Mountain Climber', '{abs,"hip flexors",shoulders}', '{chest,triceps,quads}'),
  ('Jumping Jack', '{calves,shoulders}', '{hamstrings,glutes,quads}'),
  ('Bear Crawl', '{shoulders,abs,quads}', '{chest,triceps}'),
  ('Inchworm', '{hamstrings,shoulders,abs}', '{chest,triceps,quads}'),
  ('Crunch', '{abs}', '{obliques,"hip flexors"}'),
  ('Sit-Up', '{abs,"hip flexors"}', '{obliques}'),
  ('Decline Sit-Up', '{abs,"hip flexors"}', '{obliques}'),
  ('Bicycle Crunch', '{abs,obliques}', '{"hip flexors"}'),
  ('Reverse Crunch', '{abs}', '{obliques,"hip flexors"}'),
  ('V-Up', '{abs}', '{obliques,"hip flexors"}'),
  ('Leg Raise', '{abs,"hip flexors"}', '{obliques}'),
  ('Hanging Leg Raise', '{abs,"hip flexors"}', '{obliques}'),
  ('Hanging Knee Raise', '{abs,"hip flexors"}', '{obliques}'),
  ('Captain''s Chair Leg Raise', '{abs,"hip flexors"}', '{obliques}'),
  ('Toes-to-Bar', '{abs,lats}', '{obliques,"hip flexors"}'),
  ('Russian Twist', '{obliques}', '{abs,"hip flexors"}'),
  ('Dead Bug', '{abs}', '{obliques,"hip flexors"}'),
  ('Bird Dog', '{"lower back",abs,glutes}', '{hamstrings,"upper back"}'),
  ('Hollow Rock', '{abs}', '{obliques,"hip flexors"}'),
  ('Windshield Wiper', '{obliques,abs}', '{"hip flexors"}'),
  ('Dragon Flag', '{abs}', '{obliques,"hip flexors"}'),
  ('Superman', '{"lower back",glutes}', '{hamstrings,"upper back"}'),
  ('Ab Wheel Rollout', '{abs,lats}', '{obliques,"hip flexors",triceps}'),
  ('Flutter Kick', '{abs,"hip flexors"}', '{obliques}'),
  ('Scissor Kick', '{abs,"hip flexors"}', '{obliques}'),
  ('Plank Shoulder Tap', '{abs,shoulders}', '{glutes,obliques}'),
  ('Stir the Pot', '{abs,obliques}', '{"front delts",glutes}'),
  ('Side-Lying Hip Raise', '{obliques}', '{abs,"hip flexors"}'),
  ('Plank', '{abs,obliques}', '{"front delts",glutes}'),
  ('Side Plank', '{obliques}', '{abs,"hip flexors"}'),
  ('Straight-Arm Plank', '{abs,shoulders}', '{glutes,obliques}'),
  ('RKC Plank', '{abs,glutes}', '{"front delts",obliques}'),
  ('Reverse Plank', '{glutes,hamstrings,"lower back"}', '{"front delts",obliques}'),
  ('Copenhagen Plank', '{adductors,obliques}', '{"front delts",glutes}'),
  ('Hollow Hold', '{abs}', '{obliques,"hip flexors"}'),
  ('Arch Hold', '{"lower back",glutes}', '{hamstrings,"upper back"}'),
  ('L-Sit', '{abs,"hip flexors",triceps}', '{forearms,"upper back"}'),
  ('V-Sit', '{abs,"hip flexors"}', '{forearms,"upper back"}'),
  ('Dead Hang', '{forearms,lats}', '{abs,"upper back"}'),
  ('Active Hang', '{lats,"lower traps"}', '{forearms,abs,"upper back"}'),
  ('Flexed-Arm Hang', '{biceps,lats,forearms}', '{abs,"upper back"}'),
  ('Handstand Hold', '{shoulders,triceps}', '{forearms,abs,"upper back"}'),
  ('Front Lever', '{lats,abs}', '{forearms,"upper back"}'),
  ('Back Lever', '{lats,chest,biceps}', '{forearms,abs,"upper back"}'),
  ('Planche', '{"front delts",chest}', '{forearms,abs,"upper back"}'),
  ('Support Hold', '{triceps,chest}', '{forearms,abs,"upper back"}'),
  ('Wall Sit', '{quads}', '{glutes,adductors}'),
  ('Glute Bridge Hold', '{glutes,hamstrings}', '{adductors,quads}'),
  ('Split Squat Hold', '{quads,glutes}', '{adductors,hamstrings,calves}'),
  ('Plate Pinch', '{forearms}', '{}'),
  ('Towel Hang', '{forearms,lats}', '{abs,"upper back"}'),
  ('Horse Stance', '{quads,adductors}', '{glutes}'),
  ('Kettlebell Swing', '{glutes,hamstrings,"lower back"}', '{"upper back",forearms,abs,quads}'),
  ('American Kettlebell Swing', '{glutes,hamstrings,shoulders}', '{"upper back",forearms,abs,"lower back"}'),
  ('Single-Arm Kettlebell Swing', '{glutes,hamstrings,obliques}', '{"upper back",forearms,abs,"lower back"}'),
  ('Kettlebell Goblet Squat', '{quads,glutes}', '{adductors,"upper back",abs}'),
  ('Kettlebell Front Squat', '{quads,glutes,abs}', '{adductors,"upper back"}'),
  ('Kettlebell Deadlift', '{glutes,hamstrings}', '{lats,"upper back",forearms,adductors}'),
  ('Kettlebell Single-Leg Deadlift', '{hamstrings,glutes}', '{"upper back",forearms,adductors,"lower back"}'),
  ('Kettlebell Reverse Lunge', '{glutes,quads}', '{adductors,hamstrings,calves}'),
  ('Kettlebell Clean', '{glutes,hamstrings,forearms}', '{"lower back","upper back",calves,"front delts"}'),
  ('Kettlebell Snatch', '{glutes,hamstrings,shoulders}', '{"lower back","upper back",calves,forearms}'),
  ('Kettlebell Clean and Press', '{glutes,"front delts",triceps}', '{"lower back","upper back",calves,forearms}'),
  ('Kettlebell Press', '{"front delts",triceps}', '{"side delts",traps,"upper chest",abs}'),
  ('Kettlebell Push Press', '{"front delts",triceps,quads}', '{"side delts",glutes,traps,abs}'),
  ('Kettlebell Bottoms-Up Press', '{"front delts","rotator cuff",forearms}', '{"side delts",triceps,traps,"upper chest"}'),
  ('Kettlebell Floor Press', '{chest,triceps}', '{"front delts"}'),
  ('Kettlebell Row', '{lats,"upper back"}', '{biceps,"rear delts",forearms,traps}'),
  ('Kettlebell Gorilla Row', '{lats,"upper back",abs}', '{biceps,"rear delts",forearms,traps}'),
  ('Kettlebell High Pull', '{traps,glutes,"side delts"}', '{"front delts",biceps}'),
  ('Kettlebell Thruster', '{quads,glutes,"front delts"}', '{triceps,abs,"side delts"}'),
  ('Kettlebell Halo', '{shoulders,abs}', '{obliques,traps,"upper back"}'),
  ('Kettlebell Windmill', '{obliques,shoulders,hamstrings}', '{traps,"upper back"}'),
  ('Kettlebell Figure Eight', '{abs,glutes}', '{obliques,traps,"upper back"}'),
  ('Kettlebell Rack Carry', '{abs,"upper back"}', '{glutes,quads}'),
  ('Turkish Get-Up', '{shoulders,abs,glutes}', '{obliques,traps,"upper back"}'),
  ('Band Pull-Apart', '{"rear delts","upper back"}', '{traps}'),
  ('Band Face Pull', '{"rear delts","upper back"}', '{traps,"rotator cuff"}'),
  ('Band Row', '{"upper back",lats}', '{biceps,"rear delts",forearms,traps}'),
  ('Band Pulldown', '{lats}', '{biceps,"rear delts","upper back",forearms}'),
  ('Band Chest Press', '{chest,triceps}', '{"front delts"}'),
  ('Band Overhead Press', '{"front delts",triceps}', '{"side delts",traps,"upper chest",abs}'),
  ('Band Curl', '{biceps}', '{brachialis,forearms}'),
  ('Band Pushdown', '{triceps}', '{}'),
  ('Band External Rotation', '{"rotator cuff"}', '{"rear delts"}'),
  ('Band Dislocate', '{shoulders}', '{"rotator cuff","upper back"}'),
  ('Band-Assisted Pull-Up', '{lats,biceps}', '{"rear delts","upper back",forearms,brachialis}'),
  ('Band Good Morning', '{hamstrings,"lower back"}', '{"upper back",forearms,adductors}'),
  ('Banded Lateral Walk', '{glutes,abductors}', '{}'),
  ('Monster Walk', '{glutes,abductors}', '{}'),
  ('Banded Glute Bridge', '{glutes}', '{hamstrings,adductors,quads}'),
  ('Band Pallof Press', '{obliques,abs}', '{"hip flexors"}'),
  ('Sled Push', '{quads,glutes,calves}', '{"lower back",forearms,abs,biceps}'),
  ('Sled Drag', '{glutes,hamstrings,quads}', '{calves,"lower back",forearms,abs}'),
  ('Tire Flip', '{glutes,hamstrings,"upper back"}', '{calves,"lower back",forearms,abs}'),
  ('Atlas Stone', '{glutes,hamstrings,"upper back",biceps}', '{calves,"lower back",forearms,abs}'),
  ('Yoke Carry', '{quads,glutes,"upper back"}', '{abs,"lower back",calves,hamstrings}'),
  ('Sandbag Carry', '{"upper back",biceps,abs}', '{glutes,quads}'),
  ('Sandbag Clean', '{glutes,hamstrings,"upper back"}', '{"lower back",calves,forearms,"front delts"}'),
  ('Battle Ropes', '{shoulders,biceps,triceps,abs}', '{forearms,glutes}'),
  ('Medicine Ball Slam', '{lats,abs,shoulders}', '{forearms,glutes,triceps}'),
  ('Wall Ball', '{quads,glutes,shoulders}', '{triceps,abs}'),
  ('Rotational Medicine Ball Throw', '{obliques,shoulders}', '{forearms,abs,glutes,triceps}'),
  ('Wrist Roller', '{forearms}', '{}'),
  ('Neck Curl', '{neck}', '{traps}'),
  ('Neck Extension', '{neck}', '{traps}'),
  ('Landmine Rotation', '{obliques,shoulders}', '{abs,glutes}'),
  ('Rowing Machine', '{cardiovascular,lats,quads,hamstrings,calves}', '{"upper back",biceps,glutes,abs}'),
  ('Running', '{cardiovascular,quads,hamstrings,calves}', '{glutes,"hip flexors",abs}'),
  ('Treadmill', '{cardiovascular,quads,hamstrings,calves}', '{glutes,"hip flexors",abs}'),
  ('Incline Walk', '{cardiovascular,glutes,calves}', '{"hip flexors",abs}'),
  ('Walking', '{cardiovascular,quads,hamstrings,calves}', '{glutes,"hip flexors",abs}'),
  ('Hiking', '{cardiovascular,quads,hamstrings,calves}', '{glutes,"hip flexors",abs}'),
  ('Rucking', '{cardiovascular,quads,hamstrings,calves,"upper back"}', '{glutes,"hip flexors",abs}'),
  ('Trail Running', '{cardiovascular,quads,hamstrings,calves}', '{glutes,"hip flexors",abs}'),
  ('Sprints', '{cardiovascular,quads,hamstrings,calves}', '{glutes,"hip flexors",abs}'),
  ('Hill Sprints', '{cardiovascular,quads,hamstrings,calves,glutes}', '{"hip flexors",abs}'),
  ('Cycling', '{cardiovascular,quads}', '{glutes,hamstrings,calves}'),
  ('Stationary Bike', '{cardiovascular,quads}', '{glutes,hamstrings,calves}'),
  ('Recumbent Bike', '{cardiovascular,quads}', '{glutes,hamstrings,calves}'),
  ('Assault Bike', '{cardiovascular,quads,hamstrings,calves,biceps,triceps}', '{glutes}'),
  ('Mountain Biking', '{cardiovascular,quads,hamstrings,calves}', '{glutes}'),
  ('Elliptical', '{cardiovascular,quads,hamstrings,calves}', '{glutes,"hip flexors",abs}'),
  ('Stair Climber', '{cardiovascular,glutes,quads}', '{"hip flexors",abs}'),
  ('Jump Rope', '{cardiovascular,calves}', '{hamstrings,glutes,quads}'),
  ('Swimming', '{cardiovascular,lats,shoulders}', '{abs,triceps,"upper back"}'),
  ('SkiErg', '{cardiovascular,lats,triceps}', '{"upper back",biceps,glutes,abs}'),
  ('Cross-Country Skiing', '{cardiovascular,quads,hamstrings,calves,biceps,triceps}', '{abs,"upper back"}'),
  ('Arm Ergometer', '{cardiovascular,shoulders,biceps,triceps}', '{abs,"upper back"}'),
  ('Shadow Boxing', '{cardiovascular,shoulders}', '{abs,triceps,"upper back"}'),
  ('Heavy Bag', '{cardiovascular,shoulders,abs}', '{triceps,"upper back"}'),
  ('Kayaking', '{cardiovascular,lats,shoulders}', '{"upper back",biceps,glutes,abs}'),
  ('Skating', '{cardiovascular,glutes,quads,hamstrings,calves}', '{"hip flexors",abs}'),
  ('Dancing', '{cardiovascular,quads,hamstrings,calves}', '{glutes,"hip flexors",abs}'),
  ('Aerobics', '{cardiovascular}', '{glutes,"hip flexors",abs}')
  ) as v(name, primary_muscles, secondary_muscles)
 where e.user_id is null and e.name = v.name
   and (e.muscles, e.secondary_muscles) is distinct from (v.primary_muscles::text[], v.secondary_muscles::text[]);

-- Custom exercises: secondary muscles as tidy as the primary ones, and never also primary.
create or replace function app_hidden.tidy_muscles(field text, muscles text[]) returns text[]
language plpgsql immutable as $$
declare
  v_tidy text[] := coalesce((select array_agg(m order by i) from (
      select btrim(regexp_replace(m, '\s+', ' ', 'g')) as m, i
        from unnest(coalesce(muscles, '{}')) with ordinality as u(m, i)) t where m <> ''), '{}');
begin
  if cardinality(v_tidy) > 10 then
    raise exception '%: at most 10 entries', field using errcode = 'SVBAD', hint = 'muscleCount',
      detail = json_build_object('field', field, 'max', 10)::text;
  end if;
  if exists (select 1 from unnest(v_tidy) m where char_length(m) > 40) then
    raise exception '%: each entry at most 40 characters', field using errcode = 'SVBAD', hint = 'muscleLength',
      detail = json_build_object('field', field, 'max', 40)::text;
  end if;
  return v_tidy;
end;
$$;
comment on function app_hidden.tidy_muscles(text, text[]) is 'A custom exercise''s list of muscles with spaces collapsed and blank entries left out; SVBAD naming field (rule muscleCount or muscleLength, with the max) when it has more than 10 entries or one longer than 40 characters.';
grant execute on function app_hidden.tidy_muscles(text, text[]) to svc_visitor;

create or replace function app_hidden.tg_exercises_check() returns trigger
language plpgsql as $$
declare
  v_existing text;
  v_both text;
begin
  if new.user_id is null then
    -- Catalog rows (written by migrations): the name must not be another exercise's alias.
    -- Generated columns are not computed yet in a BEFORE trigger: compute the key here.
    if app_public.exercise_key(new.name) = '' then
      raise exception 'name: must contain a letter or digit' using errcode = 'SVBAD', hint = 'letterOrDigit',
      detail = json_build_object('field', 'name')::text;
    end if;
    if exists (select 1 from app_public.exercise_aliases a where a.key = app_public.exercise_key(new.name)) then
      raise exception 'name "%" is already an alias of a catalog exercise', new.name using errcode = 'SVDUP';
    end if;
    return new;
  end if;
  -- Custom exercises: clear messages that name the field, before the table's own checks.
  new.name := btrim(regexp_replace(coalesce(new.name, ''), '\s+', ' ', 'g'));
  if char_length(new.name) not between 1 and 100 then
    raise exception 'name: must be 1 to 100 characters' using errcode = 'SVBAD', hint = 'characters',
      detail = json_build_object('field', 'name', 'min', 1, 'max', 100)::text;
  end if;
  if app_public.exercise_key(new.name) = '' then
    raise exception 'name: must contain a letter or digit' using errcode = 'SVBAD', hint = 'letterOrDigit',
      detail = json_build_object('field', 'name')::text;
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
  new.muscles := app_hidden.tidy_muscles('muscles', new.muscles);
  new.secondary_muscles := app_hidden.tidy_muscles('secondaryMuscles', new.secondary_muscles);
  select s into v_both from unnest(new.secondary_muscles) s
   where lower(s) in (select lower(p) from unnest(new.muscles) p) limit 1;
  if v_both is not null then
    raise exception 'secondaryMuscles: "%" is already a primary muscle (in muscles)', v_both using errcode = 'SVBAD',
      hint = 'secondaryIsPrimary', detail = json_build_object('field', 'secondaryMuscles', 'muscle', v_both)::text;
  end if;
  select e.name into v_existing from app_public.exercises e
   where e.user_id = new.user_id and e.key = app_public.exercise_key(new.name) and e.id <> new.id;
  if v_existing is not null then
    raise exception 'name: you already have a custom exercise named "%"', v_existing using errcode = 'SVDUP';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_exercises_check() is 'Trigger: catalog names never equal an alias; custom exercises get a tidy name (spaces collapsed), valid equipment, region, kind, muscles and secondary muscles (app_hidden.tidy_muscles: at most 10, 40 characters each; no secondary muscle also primary), and a name unique among the user''s custom exercises ignoring case, spacing and hyphens (CONFLICT). Whether a custom name already means a catalog exercise is decided by tg_custom_exercise_name_free.';

-- secondary_muscles is a new argument: a second function, the old signature dropped first.
drop function if exists app_public.create_custom_exercise(text, text, text[], text, text);
create or replace function app_public.create_custom_exercise(name text, equipment text default 'other', muscles text[] default '{}',
  region text default 'full body', kind text default 'reps', secondary_muscles text[] default '{}') returns app_public.exercises
language plpgsql volatile security invoker as $$
declare
  v_row app_public.exercises;
begin
  perform app_hidden.require_user();
  insert into app_public.exercises as e (name, equipment, muscles, region, kind, secondary_muscles)
  values ($1, coalesce($2, 'other'), coalesce($3, '{}'), coalesce($4, 'full body'), coalesce($5, 'reps'), coalesce($6, '{}'))
  returning e.* into v_row;
  return v_row;
end;
$$;
comment on function app_public.create_custom_exercise(text, text, text[], text, text, text[]) is E'@resultFieldName exercise\nAdds a custom exercise, private to the signed-in user. name: 1 to 100 characters, unique among the user''s custom exercises ignoring case, spacing and hyphens, and not a name that already means a catalog exercise (CONFLICT otherwise, naming it). equipment (default other), muscles and secondaryMuscles (at most 10 each, 40 characters each, no muscle in both; the catalog''s names are Query.muscleList), region (default full body), kind (default reps) as on Exercise.';
grant execute on function app_public.create_custom_exercise(text, text, text[], text, text, text[]) to svc_visitor;

drop function if exists app_public.update_custom_exercise(uuid, text, text, text[], text, text);
create or replace function app_public.update_custom_exercise(id uuid, name text default null, equipment text default null,
  muscles text[] default null, region text default null, kind text default null, secondary_muscles text[] default null)
  returns app_public.exercises
language plpgsql volatile security invoker as $$
declare
  v_row app_public.exercises;
begin
  perform app_hidden.require_user();
  update app_public.exercises as e
     set name = coalesce($2, e.name), equipment = coalesce($3, e.equipment), muscles = coalesce($4, e.muscles),
         region = coalesce($5, e.region), kind = coalesce($6, e.kind),
         secondary_muscles = coalesce($7, e.secondary_muscles)
   where e.id = $1 and e.user_id = app_public.current_user_id()
  returning e.* into v_row;
  if v_row.id is null then
    raise exception 'id: no custom exercise of yours has this id' using errcode = 'SVNFD';
  end if;
  return v_row;
end;
$$;
comment on function app_public.update_custom_exercise(uuid, text, text, text[], text, text, text[]) is E'@resultFieldName exercise\nRenames or changes one of the user''s custom exercises; fields left out (or null) stay as they are. Same rules as createCustomExercise. NOT_FOUND for a catalog exercise or someone else''s.';
grant execute on function app_public.update_custom_exercise(uuid, text, text, text[], text, text, text[]) to svc_visitor;

-- Exports carry a custom exercise's secondary muscles.
create or replace function app_public.export_account()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  select jsonb_build_object(
    'settings', (select jsonb_build_object('unit', u.unit, 'effort', u.effort) from app_public.users u where u.id = app_hidden.require_user()),
    'customExercises', coalesce((select jsonb_agg(jsonb_build_object('name', e.name, 'equipment', e.equipment, 'muscles', to_jsonb(e.muscles),
                                   'secondaryMuscles', to_jsonb(e.secondary_muscles), 'region', e.region, 'kind', e.kind) order by lower(e.name), e.id)
                                 from app_public.exercises e where e.user_id = app_public.current_user_id()), '[]'),
    'routines', coalesce((select jsonb_agg(app_public.routine_document(r.id::text)::jsonb order by lower(r.name), r.id)
                          from app_public.routines r where r.user_id = app_public.current_user_id()), '[]'),
    'bodyweights', coalesce((select jsonb_agg(jsonb_build_object('date', to_char(b.date, 'YYYY-MM-DD'), 'weight', b.weight, 'unit', b.unit) order by b.date)
                             from app_public.bodyweights b where b.user_id = app_public.current_user_id()), '[]'),
    'workouts', (select count(*) from app_public.workouts w where w.user_id = app_public.current_user_id()));
$function$;
comment on function app_public.export_account() is E'@behavior -*\nEverything of the signed-in user but workouts, for an export: settings, custom exercises, routines as documents, bodyweights, and the number of workouts (read with export_workouts, a page at a time).';
grant execute on function app_public.export_account() to svc_reader;
