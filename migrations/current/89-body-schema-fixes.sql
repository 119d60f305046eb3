-- The standard introspection query must fit one request's cost budget (tools and GraphiQL need
-- it), and aggregates add about 14 types per table: measurements are charted from their rows, so
-- they go without them.
comment on table app_public.measurements is E'@behavior -insert -update -resource:aggregates -resource:groupedAggregates\nA day''s body measurements: body fat and lengths around the body; one entry per user per date, written by logMeasurements.';

-- An exercise's instructions are seen by whoever sees its exercise (as its aliases and other
-- apps' names are): never those of another user's custom exercise.
drop policy if exists select_all on app_public.exercise_instructions;
drop policy if exists select_visible on app_public.exercise_instructions;
create policy select_visible on app_public.exercise_instructions for select
  using (exists (select 1 from app_public.exercises e where e.id = exercise_id));
comment on policy select_visible on app_public.exercise_instructions is 'Instructions are seen by whoever sees their exercise.';
