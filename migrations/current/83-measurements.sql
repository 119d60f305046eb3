-- Body measurements beside bodyweight: body fat and the tape measures, one entry per user per
-- date, in the lifter's length unit (User.measurementUnit: cm or in).

create or replace function app_hidden.length_units() returns text[]
language sql immutable parallel safe as $$ select '{cm,in}'::text[] $$;
comment on function app_hidden.length_units() is 'The length units of body measurements: cm and in (1 in = 2.54 cm), in the order messages list them. The check constraints users_length_units and measurements_length_units list the same (test/db/sql-rules.test.ts compares them).';
grant execute on function app_hidden.length_units() to svc_reader;

alter table app_public.users add column if not exists length_unit text;
alter table app_public.users drop constraint if exists users_length_units;
alter table app_public.users add constraint users_length_units check (length_unit in ('cm', 'in'));
comment on constraint users_length_units on app_public.users is 'The length unit is one of app_hidden.length_units() (test/db/sql-rules.test.ts compares them).';
comment on column app_public.users.length_unit is 'Length unit for body measurements: `cm` or `in`; null to follow the weight unit (kg: cm, lb: in). User.measurementUnit is the one in use.';
grant update (length_unit) on table app_public.users to svc_visitor;

create or replace function app_public.users_measurement_unit(u app_public.users) returns text
language sql stable parallel safe as $$
  select coalesce(u.length_unit, case u.unit when 'lb' then 'in' else 'cm' end);
$$;
comment on function app_public.users_measurement_unit(app_public.users) is E'@notNull\nThe length unit body measurements are logged and shown in: lengthUnit, or from the weight unit when that is not set (kg: cm, lb: in).';
grant execute on function app_public.users_measurement_unit(app_public.users) to svc_reader;

create table if not exists app_public.measurements (
  id uuid default gen_random_uuid() not null,
  user_id uuid default app_public.current_user_id() not null,
  date date not null,
  unit text not null,
  body_fat double precision,
  neck double precision,
  shoulders double precision,
  chest double precision,
  waist double precision,
  hips double precision,
  left_upper_arm double precision,
  right_upper_arm double precision,
  left_forearm double precision,
  right_forearm double precision,
  left_thigh double precision,
  right_thigh double precision,
  left_calf double precision,
  right_calf double precision,
  created_at timestamp with time zone default now() not null,
  constraint measurements_pkey primary key (id),
  constraint measurements_user_id_date_key unique (user_id, date),
  constraint measurements_user_id_fkey foreign key (user_id) references app_public.users(id) on delete cascade,
  constraint measurements_length_units check (unit in ('cm', 'in')),
  constraint measurements_body_fat_rule check (body_fat is null or (body_fat > 0 and body_fat <= 80 and body_fat::numeric = round(body_fat::numeric, 2))),
  constraint measurements_length_rule check (
    (neck is null or (neck > 0 and neck <= case unit when 'in' then 200 else 500 end and neck::numeric = round(neck::numeric, 2))) and
    (shoulders is null or (shoulders > 0 and shoulders <= case unit when 'in' then 200 else 500 end and shoulders::numeric = round(shoulders::numeric, 2))) and
    (chest is null or (chest > 0 and chest <= case unit when 'in' then 200 else 500 end and chest::numeric = round(chest::numeric, 2))) and
    (waist is null or (waist > 0 and waist <= case unit when 'in' then 200 else 500 end and waist::numeric = round(waist::numeric, 2))) and
    (hips is null or (hips > 0 and hips <= case unit when 'in' then 200 else 500 end and hips::numeric = round(hips::numeric, 2))) and
    (left_upper_arm is null or (left_upper_arm > 0 and left_upper_arm <= case unit when 'in' then 200 else 500 end and left_upper_arm::numeric = round(left_upper_arm::numeric, 2))) and
    (right_upper_arm is null or (right_upper_arm > 0 and right_upper_arm <= case unit when 'in' then 200 else 500 end and right_upper_arm::numeric = round(right_upper_arm::numeric, 2))) and
    (left_forearm is null or (left_forearm > 0 and left_forearm <= case unit when 'in' then 200 else 500 end and left_forearm::numeric = round(left_forearm::numeric, 2))) and
    (right_forearm is null or (right_forearm > 0 and right_forearm <= case unit when 'in' then 200 else 500 end and right_forearm::numeric = round(right_forearm::numeric, 2))) and
    (left_thigh is null or (left_thigh > 0 and left_thigh <= case unit when 'in' then 200 else 500 end and left_thigh::numeric = round(left_thigh::numeric, 2))) and
    (right_thigh is null or (right_thigh > 0 and right_thigh <= case unit when 'in' then 200 else 500 end and right_thigh::numeric = round(right_thigh::numeric, 2))) and
    (left_calf is null or (left_calf > 0 and left_calf <= case unit when 'in' then 200 else 500 end and left_calf::numeric = round(left_calf::numeric, 2))) and
    (right_calf is null or (right_calf > 0 and right_calf <= case unit when 'in' then 200 else 500 end and right_calf::numeric = round(right_calf::numeric, 2))))
);
alter table app_public.measurements enable row level security;
comment on table app_public.measurements is E'@behavior -insert -update\nA day''s body measurements: body fat and lengths around the body; one entry per user per date, written by logMeasurements.';
comment on column app_public.measurements.id is 'Unique identifier.';
comment on column app_public.measurements.user_id is E'@behavior -*\nThe owner.';
comment on column app_public.measurements.date is 'The day measured.';
comment on column app_public.measurements.unit is '`cm` or `in`: the length unit it was logged in.';
comment on column app_public.measurements.body_fat is 'Body fat, percent of bodyweight; null when not measured that day.';
comment on column app_public.measurements.neck is 'Neck, in `unit`; null when not measured that day.';
comment on column app_public.measurements.shoulders is 'Shoulders, in `unit`; null when not measured that day.';
comment on column app_public.measurements.chest is 'Chest, in `unit`; null when not measured that day.';
comment on column app_public.measurements.waist is 'Waist, in `unit`; null when not measured that day.';
comment on column app_public.measurements.hips is 'Hips, in `unit`; null when not measured that day.';
comment on column app_public.measurements.left_upper_arm is 'Left upper arm, in `unit`; null when not measured that day.';
comment on column app_public.measurements.right_upper_arm is 'Right upper arm, in `unit`; null when not measured that day.';
comment on column app_public.measurements.left_forearm is 'Left forearm, in `unit`; null when not measured that day.';
comment on column app_public.measurements.right_forearm is 'Right forearm, in `unit`; null when not measured that day.';
comment on column app_public.measurements.left_thigh is 'Left thigh, in `unit`; null when not measured that day.';
comment on column app_public.measurements.right_thigh is 'Right thigh, in `unit`; null when not measured that day.';
comment on column app_public.measurements.left_calf is 'Left calf, in `unit`; null when not measured that day.';
comment on column app_public.measurements.right_calf is 'Right calf, in `unit`; null when not measured that day.';
comment on column app_public.measurements.created_at is 'When it was logged.';
comment on constraint measurements_body_fat_rule on app_public.measurements is 'A stored body fat is above 0, at most 80 (percent) and has at most 2 decimals: the guard of the rows, the rule of app_hidden.measurement_reason.';
comment on constraint measurements_length_rule on app_public.measurements is 'A stored length is above 0, at most 500 cm or 200 in, with at most 2 decimals: the guard of the rows, the rule of app_hidden.measurement_reason.';
comment on constraint measurements_length_units on app_public.measurements is 'The unit is one of app_hidden.length_units().';
create index if not exists measurements_user_id_date on app_public.measurements (user_id, date desc);
drop policy if exists select_own on app_public.measurements;
create policy select_own on app_public.measurements for select using (user_id = (select app_public.current_user_id()));
drop policy if exists insert_own on app_public.measurements;
create policy insert_own on app_public.measurements for insert with check (user_id = (select app_public.current_user_id()));
drop policy if exists update_own on app_public.measurements;
create policy update_own on app_public.measurements for update using (user_id = (select app_public.current_user_id()));
drop policy if exists delete_own on app_public.measurements;
create policy delete_own on app_public.measurements for delete using (user_id = (select app_public.current_user_id()));
grant select on table app_public.measurements to svc_reader;
grant delete on table app_public.measurements to svc_visitor;
grant insert (date), update (date) on table app_public.measurements to svc_visitor;
grant insert (unit), update (unit) on table app_public.measurements to svc_visitor;
grant insert (body_fat), update (body_fat) on table app_public.measurements to svc_visitor;
grant insert (neck), update (neck) on table app_public.measurements to svc_visitor;
grant insert (shoulders), update (shoulders) on table app_public.measurements to svc_visitor;
grant insert (chest), update (chest) on table app_public.measurements to svc_visitor;
grant insert (waist), update (waist) on table app_public.measurements to svc_visitor;
grant insert (hips), update (hips) on table app_public.measurements to svc_visitor;
grant insert (left_upper_arm), update (left_upper_arm) on table app_public.measurements to svc_visitor;
grant insert (right_upper_arm), update (right_upper_arm) on table app_public.measurements to svc_visitor;
grant insert (left_forearm), update (left_forearm) on table app_public.measurements to svc_visitor;
grant insert (right_forearm), update (right_forearm) on table app_public.measurements to svc_visitor;
grant insert (left_thigh), update (left_thigh) on table app_public.measurements to svc_visitor;
grant insert (right_thigh), update (right_thigh) on table app_public.measurements to svc_visitor;
grant insert (left_calf), update (left_calf) on table app_public.measurements to svc_visitor;
grant insert (right_calf), update (right_calf) on table app_public.measurements to svc_visitor;

create or replace function app_hidden.measurement_limits(out body_fat numeric, out length_cm numeric, out length_in numeric)
language sql immutable parallel safe as $$ select 80::numeric, 500::numeric, 200::numeric $$;
comment on function app_hidden.measurement_limits() is 'The largest body measurements: body fat 80 (percent), a length 500 cm or 200 in. The measurements table''s check constraints state the same (test/db/sql-rules.test.ts compares them).';
grant execute on function app_hidden.measurement_limits() to svc_reader;

create or replace function app_hidden.measurement_limit(field text, unit text) returns numeric
language sql immutable parallel safe as $$
  select case when field = 'bodyFat' then l.body_fat when unit = 'in' then l.length_in else l.length_cm end
  from app_hidden.measurement_limits() l;
$$;
comment on function app_hidden.measurement_limit(text, text) is 'The largest value of one body measurement (app_hidden.measurement_limits): bodyFat''s percentage, else a length in the unit given (cm or in).';
grant execute on function app_hidden.measurement_limit(text, text) to svc_reader;

create or replace function app_hidden.measurement_reason(field text, value numeric, unit text) returns text
language sql immutable parallel safe as $$
  select case
    when value is null then null
    when not (value > 0 and value <= app_hidden.measurement_limit(field, unit) and value = round(value, 2)) then
      case when field = 'bodyFat'
           then format('must be a percentage above 0 and at most %s with at most 2 decimals', app_hidden.measurement_limit(field, unit))
           else format('must be a length above 0 and at most %s %s with at most 2 decimals', app_hidden.measurement_limit(field, unit), unit) end
  end;
$$;
comment on function app_hidden.measurement_reason(text, numeric, text) is 'Why one body measurement is refused, or null when it is good (or absent): bodyFat above 0 and at most 80 (percent), a length above 0 and at most 500 cm or 200 in (app_hidden.measurement_limits); each with at most 2 decimals. The measurements table keeps its own check constraints as the stored rows'' guard.';
grant execute on function app_hidden.measurement_reason(text, numeric, text) to svc_reader;

create or replace function app_hidden.check_measurement(field text, value double precision, unit text) returns void
language plpgsql immutable as $$
declare
  v_reason text := app_hidden.measurement_reason(field, value::numeric, unit);
begin
  if v_reason is not null then
    raise exception '%: %', field, v_reason using errcode = 'SVBAD',
      hint = case when field = 'bodyFat' then 'bodyFat' else 'length' end,
      detail = json_build_object('field', field, 'max', app_hidden.measurement_limit(field, unit), 'unit', unit)::text;
  end if;
end;
$$;
comment on function app_hidden.check_measurement(text, double precision, text) is 'INVALID_INPUT `<field>: <reason>` when app_hidden.measurement_reason refuses the value (rule bodyFat, or length with its unit; with the max).';
grant execute on function app_hidden.check_measurement(text, double precision, text) to svc_visitor;

drop function if exists app_public.log_measurements(text, text, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision);
create function app_public.log_measurements(
  date text,
  unit text default null,
  body_fat double precision default null,
  neck double precision default null,
  shoulders double precision default null,
  chest double precision default null,
  waist double precision default null,
  hips double precision default null,
  left_upper_arm double precision default null,
  right_upper_arm double precision default null,
  left_forearm double precision default null,
  right_forearm double precision default null,
  left_thigh double precision default null,
  right_thigh double precision default null,
  left_calf double precision default null,
  right_calf double precision default null) returns app_public.measurements
language plpgsql volatile set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_user();
  v_date pg_catalog.date;
  v_unit text;
  v_row app_public.measurements;
begin
  v_date := app_hidden.check_date(log_measurements.date);
  -- Tomorrow in UTC is already today east of UTC (up to UTC+14).
  if v_date is null or v_date < '1900-01-01'::pg_catalog.date or v_date > (now() at time zone 'UTC')::date + 1 then
    raise exception 'date: must be from 1900-01-01 and not in the future' using errcode = 'SVBAD',
      hint = 'dateRange', detail = json_build_object('field', 'date')::text;
  end if;
  perform app_hidden.check_one_of('unit', log_measurements.unit, app_hidden.length_units());
  v_unit := coalesce(log_measurements.unit, (select app_public.users_measurement_unit(u) from app_public.users u where u.id = v_user));
  perform app_hidden.check_measurement('bodyFat', log_measurements.body_fat, v_unit);
  perform app_hidden.check_measurement('neck', log_measurements.neck, v_unit);
  perform app_hidden.check_measurement('shoulders', log_measurements.shoulders, v_unit);
  perform app_hidden.check_measurement('chest', log_measurements.chest, v_unit);
  perform app_hidden.check_measurement('waist', log_measurements.waist, v_unit);
  perform app_hidden.check_measurement('hips', log_measurements.hips, v_unit);
  perform app_hidden.check_measurement('leftUpperArm', log_measurements.left_upper_arm, v_unit);
  perform app_hidden.check_measurement('rightUpperArm', log_measurements.right_upper_arm, v_unit);
  perform app_hidden.check_measurement('leftForearm', log_measurements.left_forearm, v_unit);
  perform app_hidden.check_measurement('rightForearm', log_measurements.right_forearm, v_unit);
  perform app_hidden.check_measurement('leftThigh', log_measurements.left_thigh, v_unit);
  perform app_hidden.check_measurement('rightThigh', log_measurements.right_thigh, v_unit);
  perform app_hidden.check_measurement('leftCalf', log_measurements.left_calf, v_unit);
  perform app_hidden.check_measurement('rightCalf', log_measurements.right_calf, v_unit);
  if num_nonnulls(log_measurements.body_fat, log_measurements.neck, log_measurements.shoulders, log_measurements.chest, log_measurements.waist, log_measurements.hips, log_measurements.left_upper_arm, log_measurements.right_upper_arm, log_measurements.left_forearm, log_measurements.right_forearm, log_measurements.left_thigh, log_measurements.right_thigh, log_measurements.left_calf, log_measurements.right_calf) = 0 then
    raise exception 'measurements: give at least one of bodyFat, neck, shoulders, chest, waist, hips, leftUpperArm, rightUpperArm, leftForearm, rightForearm, leftThigh, rightThigh, leftCalf, rightCalf' using errcode = 'SVBAD',
      hint = 'measurementsEmpty', detail = json_build_object('field', 'measurements')::text;
  end if;
  insert into app_public.measurements as m (date, unit, body_fat, neck, shoulders, chest, waist, hips, left_upper_arm, right_upper_arm, left_forearm, right_forearm, left_thigh, right_thigh, left_calf, right_calf)
  values (v_date, v_unit, log_measurements.body_fat, log_measurements.neck, log_measurements.shoulders, log_measurements.chest, log_measurements.waist, log_measurements.hips, log_measurements.left_upper_arm, log_measurements.right_upper_arm, log_measurements.left_forearm, log_measurements.right_forearm, log_measurements.left_thigh, log_measurements.right_thigh, log_measurements.left_calf, log_measurements.right_calf)
  on conflict on constraint measurements_user_id_date_key do update set unit = excluded.unit, body_fat = excluded.body_fat, neck = excluded.neck, shoulders = excluded.shoulders, chest = excluded.chest, waist = excluded.waist, hips = excluded.hips, left_upper_arm = excluded.left_upper_arm, right_upper_arm = excluded.right_upper_arm, left_forearm = excluded.left_forearm, right_forearm = excluded.right_forearm, left_thigh = excluded.left_thigh, right_thigh = excluded.right_thigh, left_calf = excluded.left_calf, right_calf = excluded.right_calf
  returning m.* into v_row;
  return v_row;
end;
$$;
comment on function app_public.log_measurements(text, text, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision) is E'@resultFieldName measurement\nLogs the body measurements of a date, replacing that day''s entry (measurements left out are then not measured that day). date: YYYY-MM-DD from 1900-01-01, not in the future (not after tomorrow in UTC); unit: cm or in, default User.measurementUnit; bodyFat: percent, above 0 and at most 80; each length above 0 and at most 500 cm (200 in); all with at most 2 decimals; at least one given. INVALID_INPUT naming the field otherwise.';
grant execute on function app_public.log_measurements(text, text, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision, double precision) to svc_visitor;
