-- The everyday names of timed holds: "plank hold", "side plank hold", "dead hang hold" and the like
-- resolve to their catalog exercise in documents and search (as aliases: the word "hold" is in
-- several catalog names, Hollow Hold, Arch Hold, Support Hold, so it cannot be a filler word).
insert into app_public.exercise_aliases (exercise_id, alias)
select e.id, v.alias
  from (values
    ('Plank', 'plank hold'), ('Plank', 'front plank hold'), ('Plank', 'forearm plank hold'), ('Plank', 'elbow plank hold'),
    ('Plank', 'plank on elbows'), ('Plank', 'abdominal plank'),
    ('Side Plank', 'side plank hold'), ('Side Plank', 'side bridge'), ('Side Plank', 'side bridge hold'),
    ('Side Plank', 'forearm side plank'),
    ('Straight-Arm Plank', 'high plank hold'), ('Straight-Arm Plank', 'straight arm plank hold'),
    ('Straight-Arm Plank', 'plank on hands'),
    ('RKC Plank', 'rkc plank hold'), ('Reverse Plank', 'reverse plank hold'),
    ('Copenhagen Plank', 'copenhagen hold'), ('Copenhagen Plank', 'copenhagen plank hold'),
    ('Copenhagen Plank', 'copenhagen adductor hold'),
    ('Dead Hang', 'dead hang hold'), ('Dead Hang', 'bar hang hold'), ('Dead Hang', 'hang hold'),
    ('Dead Hang', 'hanging hold'), ('Dead Hang', 'passive bar hang'), ('Dead Hang', 'hang from bar'),
    ('Active Hang', 'active hang hold'), ('Active Hang', 'active bar hang'),
    ('Flexed-Arm Hang', 'pull-up hold'), ('Flexed-Arm Hang', 'top pull-up hold'), ('Flexed-Arm Hang', 'chin-up top hold'),
    ('Wall Sit', 'wall sit hold'), ('Wall Sit', 'wall squat hold'), ('Wall Sit', 'wall chair'),
    ('Handstand Hold', 'wall handstand hold'), ('Handstand Hold', 'handstand against wall'),
    ('Glute Bridge Hold', 'bridge hold'), ('Glute Bridge Hold', 'hip bridge hold'), ('Glute Bridge Hold', 'isometric glute bridge'),
    ('Arch Hold', 'arch body hold'), ('Arch Hold', 'superman plank'),
    ('Back Lever', 'back lever hold'), ('Planche', 'planche hold'),
    ('V-Sit', 'v-sit hold'), ('V-Sit', 'boat hold'), ('V-Sit', 'boat pose'),
    ('Support Hold', 'dip hold'), ('Support Hold', 'top of dip hold'), ('Support Hold', 'ring support hold'),
    ('Support Hold', 'parallel bar support'),
    ('Hollow Hold', 'hollow position hold'),
    ('Split Squat Hold', 'lunge hold'), ('Split Squat Hold', 'isometric lunge'),
    ('Horse Stance', 'horse stance hold'), ('Horse Stance', 'horse stance squat'),
    ('Plate Pinch', 'plate pinch hold'), ('Towel Hang', 'towel hang hold'),
    ('L-Sit', 'l-sit on parallettes')
  ) as v(name, alias)
  join app_public.exercises e on e.user_id is null and e.name = v.name
on conflict do nothing;
