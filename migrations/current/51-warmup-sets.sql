-- The warm-ups "Add warm-ups" puts above an exercise's work sets in the logger, from the same rules
-- as a routine's plan: Wendler's 40/50/60 % of the training max for a 5/3/1 lift, else the
-- routine's ramp (app_hidden.planned_sets: 40 to 80 % of the work weight, fewer reps each).
create or replace function app_public.warmup_sets(work_set text, unit text default 'kg', step numeric default null,
  training_max numeric default null, warmups int default 3) returns text[]
language plpgsql stable parallel safe set search_path to pg_catalog, public as $$
declare
  v_set record;
  v_step numeric := coalesce(step, app_hidden.loadable_step(unit));
begin
  perform app_hidden.check_one_of('unit', coalesce(unit, ''), app_hidden.weight_units());
  if warmups is null or warmups < 1 or warmups > 5 then
    raise exception 'warmups: must be between 1 and 5' using errcode = 'SVBAD';
  end if;
  if v_step <= 0 or v_step > 100 then
    raise exception 'step: must be more than 0 and at most 100' using errcode = 'SVBAD';
  end if;
  if training_max is not null and (training_max <= 0 or training_max > 10000) then
    raise exception 'trainingMax: must be more than 0 and at most 10000' using errcode = 'SVBAD';
  end if;
  select * into v_set from app_hidden.doc_parse_set(coalesce(work_set, ''), 'rpe');
  if v_set.reason is not null then
    raise exception 'workSet: %', v_set.reason using errcode = 'SVBAD';
  end if;
  if training_max is not null then
    return app_hidden.cycle_warmups(training_max, v_set.weight, least(warmups, 3), v_step);
  end if;
  return app_hidden.planned_sets('work', v_set.weight, coalesce(v_set.bodyweight, false), v_set.reps, v_set.seconds,
                                 0, warmups, 0, 0, v_step);
end;
$$;
comment on function app_public.warmup_sets(text, text, numeric, numeric, int) is
  'Warm-up sets (`w:` texts, lightest first) toward a work set (`100x5`, in `unit`), at weights loadable on `step` (default 2.5 kg / 5 lb): with a trainingMax, 5/3/1''s 40 %x5, 50 %x5, 60 %x3 of it (at most 3, only those below the work set); else a ramp of `warmups` sets (1 to 5, default 3) from 40 to 80 % of the work weight, as a routine plans them. Empty for unloaded or timed work.';
grant execute on function app_public.warmup_sets(text, text, numeric, numeric, int) to svc_reader;
