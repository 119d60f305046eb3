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
