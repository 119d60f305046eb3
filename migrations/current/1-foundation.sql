--! Foundation: schemas, users, sessions, identity, bodyweights and the tables every later feature fills in.
-- Roles svc_visitor (every signed-in request), svc_reader (read-only keys; svc_visitor is a member)
-- and svc_authenticator (PostGraphile's login) are created by db/bootstrap.ts before migrations run.
-- Idempotent: graphile-migrate may run this file more than once while it is the current migration.

drop schema if exists app_public cascade;
drop schema if exists app_hidden cascade;
drop schema if exists app_private cascade;

create extension if not exists pgcrypto;
create extension if not exists citext;
create extension if not exists pg_trgm;

create schema app_public;
create schema app_hidden;
create schema app_private;

comment on schema app_public is E'Tables and functions exposed through GraphQL; row-level security decides what each caller sees.';
comment on schema app_hidden is E'Helpers with the same grants as app_public, not exposed in GraphQL.';
comment on schema app_private is E'Secrets (password, session and key hashes, counters); reached only through security definer functions.';

grant usage on schema app_public, app_hidden to svc_reader, svc_visitor;
revoke all on schema app_private from public;

alter default privileges in schema app_public, app_hidden revoke execute on functions from public;
alter default privileges revoke execute on functions from public;

-- Everything that refers to "now" in one place, so tests can reason about time windows.
create function app_hidden.tg_set_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := clock_timestamp();
  return new;
end;
$$;
comment on function app_hidden.tg_set_updated_at() is E'Trigger: keeps updated_at current on every update.';

--------------------------------------------------------------------------------
-- Users
--------------------------------------------------------------------------------
create table app_public.users (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100),
  email citext not null unique check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 254),
  email_verified boolean not null default false,
  image text check (char_length(image) <= 2000),
  role text not null default 'user' check (role in ('user', 'admin')),
  banned boolean not null default false,
  ban_reason text check (char_length(ban_reason) <= 1000),
  ban_expires timestamptz,
  is_anonymous boolean not null default false,
  last_login_method text,
  unit text not null default 'kg' check (unit in ('kg', 'lb')),
  effort text not null default 'rpe' check (effort in ('rpe', 'rir')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table app_public.users enable row level security;
create trigger _100_updated_at before update on app_public.users
  for each row execute procedure app_hidden.tg_set_updated_at();
comment on table app_public.users is E'@behavior -insert -delete\nA person with an account.';
comment on column app_public.users.id is E'Unique identifier of the user.';
comment on column app_public.users.name is E'Display name.';
comment on column app_public.users.email is E'Sign-in email, unique ignoring case.';
comment on column app_public.users.email_verified is E'Whether the email address has been verified.';
comment on column app_public.users.image is E'Address of an avatar image.';
comment on column app_public.users.role is E'`user` or `admin`; the first account on an instance is `admin`.';
comment on column app_public.users.banned is E'Whether the user is banned; a banned user cannot sign in and their keys answer as signed out.';
comment on column app_public.users.ban_reason is E'Why the user was banned.';
comment on column app_public.users.ban_expires is E'When the ban is lifted; null means it lasts until an admin lifts it.';
comment on column app_public.users.is_anonymous is E'Whether the account is anonymous.';
comment on column app_public.users.last_login_method is E'How the user last signed in (`email`).';
comment on column app_public.users.unit is E'Default weight unit for documents: `kg` or `lb`.';
comment on column app_public.users.effort is E'Default effort scale for `@` ratings in sets: `rpe` or `rir`.';
comment on column app_public.users.created_at is E'When the account was created.';
comment on column app_public.users.updated_at is E'When the account was last changed.';

create table app_private.user_secrets (
  user_id uuid primary key references app_public.users on delete cascade,
  password_hash text not null
);
comment on table app_private.user_secrets is E'Password hashes (bcrypt through pgcrypto); never exposed.';

--------------------------------------------------------------------------------
-- Sessions (signed-in devices). The token itself is never stored, only its SHA-256.
--------------------------------------------------------------------------------
create table app_public.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  client text not null check (char_length(client) <= 200),
  created_at timestamptz not null default now(),
  last_active_at timestamptz not null default now()
);
create index on app_public.sessions (user_id);
alter table app_public.sessions enable row level security;
comment on table app_public.sessions is E'@behavior -insert -update -delete\nA signed-in device: a browser or a command-line client.';
comment on column app_public.sessions.id is E'Unique identifier of the session.';
comment on column app_public.sessions.user_id is E'@behavior -*\nThe signed-in user.';
comment on column app_public.sessions.client is E'What signed in: `svc CLI on <host>` or the browser named from its user agent.';
comment on column app_public.sessions.created_at is E'When the device signed in.';
comment on column app_public.sessions.last_active_at is E'When the device last made a request; idle sessions end after 30 days.';

create table app_private.session_tokens (
  session_id uuid primary key references app_public.sessions on delete cascade,
  token_hash bytea not null unique
);
comment on table app_private.session_tokens is E'SHA-256 of each session token.';

--------------------------------------------------------------------------------
-- API keys. Only the SHA-256 of a key and its first characters are stored.
--------------------------------------------------------------------------------
create table app_public.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  start text not null,
  access text not null check (access in ('read_only', 'read_write')),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  expires_at timestamptz,
  expired boolean not null default false
);
create index on app_public.api_keys (user_id);
alter table app_public.api_keys enable row level security;
comment on table app_public.api_keys is E'@behavior -insert -update -delete\nA personal API key for scripts and other clients.';
comment on column app_public.api_keys.id is E'Unique identifier of the key.';
comment on column app_public.api_keys.user_id is E'@behavior -*\nThe owner.';
comment on column app_public.api_keys.name is E'A name chosen by the owner.';
comment on column app_public.api_keys.start is E'The first characters of the key, to recognise it.';
comment on column app_public.api_keys.access is E'`read_only` (queries only) or `read_write`.';
comment on column app_public.api_keys.created_at is E'When the key was created.';
comment on column app_public.api_keys.last_used_at is E'When the key was last used (updated at most once a minute).';
comment on column app_public.api_keys.expires_at is E'When the key expires; null for never.';
comment on column app_public.api_keys.expired is E'Set once the expiry has passed; an expired key stays listed until revoked.';

create table app_private.api_key_hashes (
  api_key_id uuid primary key references app_public.api_keys on delete cascade,
  key_hash bytea not null unique
);
comment on table app_private.api_key_hashes is E'SHA-256 of each API key.';

create table app_private.rate_counters (
  subject text not null,
  window_start timestamptz not null,
  count int not null default 0,
  primary key (subject, window_start)
);
comment on table app_private.rate_counters is E'Requests per subject (an API key, an admin session) per window, shared by every server process.';

create table app_private.failed_sign_ins (
  email citext not null,
  attempted_at timestamptz not null default now()
);
create index on app_private.failed_sign_ins (email, attempted_at);
comment on table app_private.failed_sign_ins is E'Failed sign-in attempts, for the 10-per-15-minutes lockout.';

--------------------------------------------------------------------------------
-- Identity: pgSettings carry the SHA-256 (hex) of the session token or key, never a user id.
--------------------------------------------------------------------------------
create function app_public.current_session_id() returns uuid
language sql stable security definer set search_path to pg_catalog, public as $$
  select s.id
    from app_private.session_tokens t
    join app_public.sessions s on s.id = t.session_id
   where t.token_hash = decode(nullif(current_setting('svc.session_hash', true), ''), 'hex')
     and s.last_active_at > now() - interval '30 days';
$$;
comment on function app_public.current_session_id() is E'@behavior -*\nThe session making this request, if it is a live sign-in.';

create function app_public.current_api_key_id() returns uuid
language sql stable security definer set search_path to pg_catalog, public as $$
  select k.id
    from app_private.api_key_hashes h
    join app_public.api_keys k on k.id = h.api_key_id
    join app_public.users u on u.id = k.user_id
   where h.key_hash = decode(nullif(current_setting('svc.key_hash', true), ''), 'hex')
     and not k.expired
     and (k.expires_at is null or k.expires_at > now())
     and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
$$;
comment on function app_public.current_api_key_id() is E'@behavior -*\nThe live API key making this request, if any.';

create function app_public.current_user_id() returns uuid
language sql stable security definer set search_path to pg_catalog, public as $$
  select coalesce(
    (select s.user_id from app_public.sessions s where s.id = app_public.current_session_id()),
    (select k.user_id from app_public.api_keys k where k.id = app_public.current_api_key_id())
  );
$$;
comment on function app_public.current_user_id() is E'@behavior -*\nThe user making this request (through a session or a key), or null.';

create function app_hidden.require_session() returns uuid
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := (select s.user_id from app_public.sessions s where s.id = app_public.current_session_id());
begin
  if v_user is null then
    raise exception 'Sign in to do this; API keys cannot' using errcode = 'SVFBD';
  end if;
  return v_user;
end;
$$;
comment on function app_hidden.require_session() is E'The signed-in user of a session (not a key), or FORBIDDEN.';

create function app_hidden.require_user() returns uuid
language plpgsql stable security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_public.current_user_id();
begin
  if v_user is null then
    raise exception 'Sign in to do this' using errcode = 'SVFBD';
  end if;
  return v_user;
end;
$$;
comment on function app_hidden.require_user() is E'The user making this request, or FORBIDDEN.';

grant execute on function app_public.current_session_id(), app_public.current_api_key_id(),
  app_public.current_user_id(), app_hidden.require_session(), app_hidden.require_user() to svc_reader;

-- Users: each user sees and edits only their own record.
grant select on app_public.users to svc_reader;
grant update (name, image, unit, effort) on app_public.users to svc_visitor;
create policy select_own on app_public.users for select using (id = app_public.current_user_id());
create policy update_own on app_public.users for update using (id = app_public.current_user_id());

-- Sessions and keys are managed with a sign-in only: a key sees none of them.
grant select on app_public.sessions, app_public.api_keys to svc_reader;
create policy select_own on app_public.sessions for select
  using (user_id = app_public.current_user_id() and app_public.current_session_id() is not null);
create policy select_own on app_public.api_keys for select
  using (user_id = app_public.current_user_id() and app_public.current_session_id() is not null);

create function app_public.sessions_current(s app_public.sessions) returns boolean
language sql stable as $$
  select s.id = app_public.current_session_id();
$$;
comment on function app_public.sessions_current(app_public.sessions) is E'Whether this is the session making the request.';
grant execute on function app_public.sessions_current(app_public.sessions) to svc_reader;

--------------------------------------------------------------------------------
-- Bodyweights: one value per user per date, kept in the unit it was logged in.
--------------------------------------------------------------------------------
create table app_public.bodyweights (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  date date not null,
  weight double precision not null check (weight >= 0 and weight < 100000),
  unit text not null check (unit in ('kg', 'lb')),
  created_at timestamptz not null default now(),
  unique (user_id, date)
);
alter table app_public.bodyweights enable row level security;
comment on table app_public.bodyweights is E'@behavior -insert -update\nA bodyweight measurement; one per user per date.';
comment on column app_public.bodyweights.id is E'Unique identifier.';
comment on column app_public.bodyweights.user_id is E'@behavior -*\nThe owner.';
comment on column app_public.bodyweights.date is E'The day measured.';
comment on column app_public.bodyweights.weight is E'The weight, in `unit`.';
comment on column app_public.bodyweights.unit is E'`kg` or `lb`: the unit it was logged in.';
comment on column app_public.bodyweights.created_at is E'When it was logged.';
grant select on app_public.bodyweights to svc_reader;
grant insert (date, weight, unit), update (weight, unit), delete on app_public.bodyweights to svc_visitor;
create policy select_own on app_public.bodyweights for select using (user_id = app_public.current_user_id());
create policy insert_own on app_public.bodyweights for insert with check (user_id = app_public.current_user_id());
create policy update_own on app_public.bodyweights for update using (user_id = app_public.current_user_id());
create policy delete_own on app_public.bodyweights for delete using (user_id = app_public.current_user_id());

create function app_public.log_bodyweight(p_date date, p_weight double precision, p_unit text default null)
returns app_public.bodyweights
language plpgsql volatile security invoker set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.bodyweights;
begin
  if p_weight is null or p_weight < 0 then
    raise exception 'weight: must be a number >= 0' using errcode = 'SVBAD';
  end if;
  if p_weight >= 100000 then
    raise exception 'weight: must be below 100000' using errcode = 'SVBAD';
  end if;
  if p_unit is not null and p_unit not in ('kg', 'lb') then
    raise exception 'unit: must be one of kg, lb' using errcode = 'SVBAD';
  end if;
  insert into app_public.bodyweights as b (date, weight, unit)
  values (p_date, round(p_weight::numeric, 2)::float8, coalesce(p_unit, (select u.unit from app_public.users u where u.id = v_user)))
  on conflict (user_id, date) do update set weight = excluded.weight, unit = excluded.unit
  returning b.* into v_row;
  return v_row;
end;
$$;
comment on function app_public.log_bodyweight(date, double precision, text) is E'@behavior -*\nLogs the bodyweight for a date, replacing that day''s value.';
grant execute on function app_public.log_bodyweight(date, double precision, text) to svc_visitor;

--------------------------------------------------------------------------------
-- Exercises: the shared catalog (user_id null) and each user's custom exercises.
--------------------------------------------------------------------------------
create function app_public.exercise_key(name text) returns text
language sql immutable parallel safe as $$
  select lower(regexp_replace(name, '[\s\-‐‑–—_.]+', '', 'g'));
$$;
comment on function app_public.exercise_key(text) is E'@behavior -*\nHow references are compared: ignoring case, spacing, hyphens, underscores and dots.';
grant execute on function app_public.exercise_key(text) to svc_reader;

create table app_public.exercises (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references app_public.users on delete cascade,
  name text not null check (char_length(name) between 1 and 100),
  key text generated always as (app_public.exercise_key(name)) stored,
  equipment text not null default 'other'
    check (equipment in ('barbell', 'dumbbell', 'machine', 'cable', 'bodyweight', 'kettlebell', 'band', 'cardio', 'other')),
  muscles text[] not null default '{}',
  region text not null default 'full body' check (region in ('upper', 'lower', 'core', 'full body', 'cardio')),
  kind text not null default 'reps' check (kind in ('reps', 'time', 'cardio')),
  created_at timestamptz not null default now()
);
create unique index exercises_catalog_key on app_public.exercises (key) where user_id is null;
create unique index exercises_custom_key on app_public.exercises (user_id, key) where user_id is not null;
create index exercises_name_trgm on app_public.exercises using gin (name gin_trgm_ops);
alter table app_public.exercises enable row level security;
comment on table app_public.exercises is E'An exercise: from the shared catalog, or a custom one private to its user.';
comment on column app_public.exercises.id is E'Unique identifier.';
comment on column app_public.exercises.user_id is E'@behavior -*\nThe owner of a custom exercise; null for the catalog.';
comment on column app_public.exercises.name is E'The exercise''s name.';
comment on column app_public.exercises.key is E'@behavior -*\nThe name as references compare it.';
comment on column app_public.exercises.equipment is E'barbell, dumbbell, machine, cable, bodyweight, kettlebell, band, cardio or other.';
comment on column app_public.exercises.muscles is E'Primary muscles worked.';
comment on column app_public.exercises.region is E'upper, lower, core, full body or cardio; sets the progression increment.';
comment on column app_public.exercises.kind is E'reps, time (holds) or cardio.';
comment on column app_public.exercises.created_at is E'When it was added.';
grant select on app_public.exercises to svc_reader;
grant insert (name, equipment, muscles, region, kind), update (name, equipment, muscles, region, kind), delete
  on app_public.exercises to svc_visitor;
create policy select_catalog_or_own on app_public.exercises for select
  using (user_id is null or user_id = app_public.current_user_id());
create policy insert_own on app_public.exercises for insert with check (user_id = app_public.current_user_id());
create policy update_own on app_public.exercises for update using (user_id = app_public.current_user_id());
create policy delete_own on app_public.exercises for delete using (user_id = app_public.current_user_id());
alter table app_public.exercises alter column user_id set default app_public.current_user_id();

create table app_public.exercise_aliases (
  id uuid primary key default gen_random_uuid(),
  exercise_id uuid not null references app_public.exercises on delete cascade,
  alias text not null check (char_length(alias) between 1 and 100),
  key text generated always as (app_public.exercise_key(alias)) stored,
  unique (exercise_id, key)
);
create index on app_public.exercise_aliases (key);
alter table app_public.exercise_aliases enable row level security;
comment on table app_public.exercise_aliases is E'@behavior -insert -update -delete\nAn everyday name for a catalog exercise (`bench`, `OHP`, `RDL`).';
comment on column app_public.exercise_aliases.id is E'Unique identifier.';
comment on column app_public.exercise_aliases.exercise_id is E'The exercise this name refers to.';
comment on column app_public.exercise_aliases.alias is E'The everyday name.';
comment on column app_public.exercise_aliases.key is E'@behavior -*\nThe alias as references compare it.';
grant select on app_public.exercise_aliases to svc_reader;
create policy select_visible on app_public.exercise_aliases for select
  using (exists (select 1 from app_public.exercises e where e.id = exercise_id));

--------------------------------------------------------------------------------
-- Routines (plans) and their exercises. Weights keep the routine's unit.
--------------------------------------------------------------------------------
create table app_public.routines (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  icon text,
  progression text not null default 'linear' check (progression in ('linear', 'greyskull', 'double', 'time', 'none')),
  unit text not null check (unit in ('kg', 'lb')),
  deload boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index routines_name_per_user on app_public.routines (user_id, lower(name));
alter table app_public.routines enable row level security;
create trigger _100_updated_at before update on app_public.routines
  for each row execute procedure app_hidden.tg_set_updated_at();
comment on table app_public.routines is E'@behavior -insert -update\nA routine: a planned training template. Written with applyRoutineDocument.';
comment on column app_public.routines.id is E'Unique identifier.';
comment on column app_public.routines.user_id is E'@behavior -*\nThe owner.';
comment on column app_public.routines.name is E'Name, unique per user ignoring case.';
comment on column app_public.routines.icon is E'Icon identifier (dumbbell, barbell, bench, pullup, squat, trophy, ...).';
comment on column app_public.routines.progression is E'How targets grow: linear, greyskull, double, time or none.';
comment on column app_public.routines.unit is E'Unit of every weight in the routine.';
comment on column app_public.routines.deload is E'A planned deload: opens on its written targets and never feeds progression.';
comment on column app_public.routines.created_at is E'When it was created.';
comment on column app_public.routines.updated_at is E'When it was last replaced.';

create table app_public.routine_exercises (
  id uuid primary key default gen_random_uuid(),
  routine_id uuid not null references app_public.routines on delete cascade,
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  position int not null,
  exercise_id uuid not null references app_public.exercises on delete restrict,
  sets int not null check (sets between 1 and 20),
  reps_low int check (reps_low between 0 and 500),
  reps_high int check (reps_high between 0 and 500),
  seconds int check (seconds >= 0),
  weight double precision check (weight >= 0),
  rest_seconds int check (rest_seconds between 0 and 900),
  superset text,
  progression text check (progression in ('linear', 'greyskull', 'double', 'time', 'none')),
  warmups int not null default 0 check (warmups between 0 and 5),
  drops int not null default 0 check (drops between 0 and 5),
  bursts int not null default 0 check (bursts between 0 and 5),
  check (reps_low <= reps_high),
  unique (routine_id, position)
);
create index on app_public.routine_exercises (user_id);
create index on app_public.routine_exercises (exercise_id);
alter table app_public.routine_exercises enable row level security;
comment on table app_public.routine_exercises is E'@behavior -insert -update -delete\nOne exercise of a routine, with its targets.';
comment on column app_public.routine_exercises.id is E'Unique identifier.';
comment on column app_public.routine_exercises.routine_id is E'The routine.';
comment on column app_public.routine_exercises.user_id is E'@behavior -*\nThe owner (the routine''s).';
comment on column app_public.routine_exercises.position is E'Order within the routine, from 0.';
comment on column app_public.routine_exercises.exercise_id is E'The exercise.';
comment on column app_public.routine_exercises.sets is E'Work sets, 1 to 20.';
comment on column app_public.routine_exercises.reps_low is E'Target reps (low end of a range).';
comment on column app_public.routine_exercises.reps_high is E'Target reps (high end of a range; equal to reps_low for a single number).';
comment on column app_public.routine_exercises.seconds is E'Hold or cardio duration used instead of reps.';
comment on column app_public.routine_exercises.weight is E'Starting weight, in the routine''s unit.';
comment on column app_public.routine_exercises.rest_seconds is E'Rest after each set, at most 900 seconds.';
comment on column app_public.routine_exercises.superset is E'Exercises sharing a letter alternate as a superset.';
comment on column app_public.routine_exercises.progression is E'Overrides the routine''s progression rule.';
comment on column app_public.routine_exercises.warmups is E'Warm-up sets ramped toward the work weight, 0 to 5.';
comment on column app_public.routine_exercises.drops is E'Drop sets after the last work set, 0 to 5.';
comment on column app_public.routine_exercises.bursts is E'Rest-pause bursts after the last work set, 0 to 5.';

--------------------------------------------------------------------------------
-- Workouts, their exercises and sets. Weights keep the workout's unit.
--------------------------------------------------------------------------------
create table app_public.workouts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  routine_id uuid references app_public.routines on delete set null,
  name text check (char_length(name) between 1 and 80),
  date date not null,
  start timestamptz not null,
  minutes int check (minutes between 0 and 1440),
  bodyweight double precision check (bodyweight >= 0),
  unit text not null check (unit in ('kg', 'lb')),
  effort text not null check (effort in ('rpe', 'rir')),
  notes text check (char_length(notes) <= 2000),
  skip_progression boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workouts_user_date on app_public.workouts (user_id, date desc, start desc);
create index on app_public.workouts (routine_id);
alter table app_public.workouts enable row level security;
create trigger _100_updated_at before update on app_public.workouts
  for each row execute procedure app_hidden.tg_set_updated_at();
comment on table app_public.workouts is E'@behavior -insert -update\nA workout: a session done or planned. Written with applyWorkoutDocument.';
comment on column app_public.workouts.id is E'Unique identifier.';
comment on column app_public.workouts.user_id is E'@behavior -*\nThe owner.';
comment on column app_public.workouts.routine_id is E'The routine followed, if any.';
comment on column app_public.workouts.name is E'Name, 1 to 80 characters.';
comment on column app_public.workouts.date is E'The day of the workout.';
comment on column app_public.workouts.start is E'When it started (default noon UTC on the date).';
comment on column app_public.workouts.minutes is E'Duration in minutes, 0 to 1440.';
comment on column app_public.workouts.bodyweight is E'Bodyweight that day, in `unit`.';
comment on column app_public.workouts.unit is E'Unit of every weight in the workout.';
comment on column app_public.workouts.effort is E'Scale of `@` effort ratings: rpe or rir.';
comment on column app_public.workouts.notes is E'Free text, at most 2000 characters.';
comment on column app_public.workouts.skip_progression is E'Leaves the whole session out of progression.';
comment on column app_public.workouts.created_at is E'When it was logged.';
comment on column app_public.workouts.updated_at is E'When it was last replaced.';

create table app_public.workout_exercises (
  id uuid primary key default gen_random_uuid(),
  workout_id uuid not null references app_public.workouts on delete cascade,
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  position int not null,
  exercise_id uuid not null references app_public.exercises on delete restrict,
  superset text,
  note text check (char_length(note) <= 500),
  pinned boolean not null default false,
  skip_progression boolean not null default false,
  unique (workout_id, position)
);
create index on app_public.workout_exercises (user_id, exercise_id);
create index on app_public.workout_exercises (exercise_id);
alter table app_public.workout_exercises enable row level security;
comment on table app_public.workout_exercises is E'@behavior -insert -update -delete\nOne exercise done (or planned) in a workout.';
comment on column app_public.workout_exercises.id is E'Unique identifier.';
comment on column app_public.workout_exercises.workout_id is E'The workout.';
comment on column app_public.workout_exercises.user_id is E'@behavior -*\nThe owner (the workout''s).';
comment on column app_public.workout_exercises.position is E'Order within the workout, from 0.';
comment on column app_public.workout_exercises.exercise_id is E'The exercise.';
comment on column app_public.workout_exercises.superset is E'Superset letter.';
comment on column app_public.workout_exercises.note is E'Note for this exercise today, at most 500 characters.';
comment on column app_public.workout_exercises.pinned is E'Show the note again next time.';
comment on column app_public.workout_exercises.skip_progression is E'Leaves this exercise out of progression.';

create table app_public.workout_sets (
  id uuid primary key default gen_random_uuid(),
  workout_exercise_id uuid not null references app_public.workout_exercises on delete cascade,
  workout_id uuid not null references app_public.workouts on delete cascade,
  user_id uuid not null default app_public.current_user_id() references app_public.users on delete cascade,
  position int not null,
  kind text not null default 'work' check (kind in ('work', 'warmup', 'drop', 'burst')),
  weight double precision check (weight >= 0),
  bodyweight boolean not null default false,
  reps int check (reps between 0 and 500),
  seconds int check (seconds >= 0),
  effort double precision check (effort between 0 and 10),
  done boolean not null default true,
  unique (workout_exercise_id, position)
);
create index on app_public.workout_sets (user_id);
create index on app_public.workout_sets (workout_id);
alter table app_public.workout_sets enable row level security;
comment on table app_public.workout_sets is E'@behavior -insert -update -delete\nOne set of a workout exercise.';
comment on column app_public.workout_sets.id is E'Unique identifier.';
comment on column app_public.workout_sets.workout_exercise_id is E'The workout exercise.';
comment on column app_public.workout_sets.workout_id is E'The workout.';
comment on column app_public.workout_sets.user_id is E'@behavior -*\nThe owner (the workout''s).';
comment on column app_public.workout_sets.position is E'Order within the exercise, from 0.';
comment on column app_public.workout_sets.kind is E'work, warmup, drop or burst (rest-pause).';
comment on column app_public.workout_sets.weight is E'Load in the workout''s unit; null when none.';
comment on column app_public.workout_sets.bodyweight is E'A bodyweight set (`bw x 8`).';
comment on column app_public.workout_sets.reps is E'Repetitions done (or planned).';
comment on column app_public.workout_sets.seconds is E'Hold or cardio duration.';
comment on column app_public.workout_sets.effort is E'`@` effort rating on the workout''s scale.';
comment on column app_public.workout_sets.done is E'False for a planned set not done.';

-- Same owner-only rules on every document table: read through svc_reader, write through svc_visitor.
do $$
declare
  t text;
begin
  foreach t in array array['routines', 'routine_exercises', 'workouts', 'workout_exercises', 'workout_sets'] loop
    execute format('grant select on app_public.%I to svc_reader', t);
    execute format('grant delete on app_public.%I to svc_visitor', t);
    execute format('create policy select_own on app_public.%I for select using (user_id = app_public.current_user_id())', t);
    execute format('create policy insert_own on app_public.%I for insert with check (user_id = app_public.current_user_id())', t);
    execute format('create policy update_own on app_public.%I for update using (user_id = app_public.current_user_id())', t);
    execute format('create policy delete_own on app_public.%I for delete using (user_id = app_public.current_user_id())', t);
  end loop;
end;
$$;
-- Documents are written through the apply functions; direct inserts and updates are column-limited.
grant insert (routine_id, position, exercise_id, sets, reps_low, reps_high, seconds, weight, rest_seconds, superset, progression, warmups, drops, bursts),
  update (position, exercise_id, sets, reps_low, reps_high, seconds, weight, rest_seconds, superset, progression, warmups, drops, bursts)
  on app_public.routine_exercises to svc_visitor;
grant insert (name, icon, progression, unit, deload), update (name, icon, progression, unit, deload) on app_public.routines to svc_visitor;
grant insert (routine_id, name, date, start, minutes, bodyweight, unit, effort, notes, skip_progression),
  update (routine_id, name, date, start, minutes, bodyweight, unit, effort, notes, skip_progression) on app_public.workouts to svc_visitor;
grant insert (workout_id, position, exercise_id, superset, note, pinned, skip_progression),
  update (position, exercise_id, superset, note, pinned, skip_progression) on app_public.workout_exercises to svc_visitor;
grant insert (workout_exercise_id, workout_id, position, kind, weight, bodyweight, reps, seconds, effort, done),
  update (position, kind, weight, bodyweight, reps, seconds, effort, done) on app_public.workout_sets to svc_visitor;

-- Child rows must belong to the parent's owner (RLS checks user_id; this checks the parent).
-- One static query per table (cached plans): dynamic SQL here cost ~60 us per row, most of the
-- time of writing a workout's sets. The trigger arguments name the parent, for readers.
create function app_hidden.tg_check_parent_owner() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  case tg_table_name
    when 'routine_exercises' then
      perform from app_public.routines p where p.id = new.routine_id and p.user_id = new.user_id;
    when 'workout_exercises' then
      perform from app_public.workouts p where p.id = new.workout_id and p.user_id = new.user_id;
    when 'workout_sets' then
      -- A set also belongs to the same workout as its exercise.
      perform from app_public.workout_exercises p
       where p.id = new.workout_exercise_id and p.user_id = new.user_id and p.workout_id = new.workout_id;
  end case;
  if not found then
    raise exception 'Not found' using errcode = 'SVNFD';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_check_parent_owner() is E'Trigger: a child row must belong to the owner of its parent (and a set to its exercise''s workout).';
create trigger _200_parent_owner before insert or update on app_public.routine_exercises
  for each row execute procedure app_hidden.tg_check_parent_owner('routines', 'routine_id');
create trigger _200_parent_owner before insert or update on app_public.workout_exercises
  for each row execute procedure app_hidden.tg_check_parent_owner('workouts', 'workout_id');
create trigger _200_parent_owner before insert or update on app_public.workout_sets
  for each row execute procedure app_hidden.tg_check_parent_owner('workout_exercises', 'workout_exercise_id');

-- A routine or workout may use catalog exercises and its owner's custom ones, never another
-- user's: the foreign key alone would accept any id.
create function app_hidden.tg_check_exercise_visible() returns trigger
language plpgsql security definer set search_path to pg_catalog, public as $$
begin
  if not exists (select 1 from app_public.exercises e
                  where e.id = new.exercise_id and (e.user_id is null or e.user_id = new.user_id)) then
    raise exception 'Exercise not found' using errcode = 'SVNFD';
  end if;
  return new;
end;
$$;
comment on function app_hidden.tg_check_exercise_visible() is E'Trigger: the exercise must be from the catalog or the row owner''s own.';
create trigger _210_exercise_visible before insert or update on app_public.routine_exercises
  for each row execute procedure app_hidden.tg_check_exercise_visible();
create trigger _210_exercise_visible before insert or update on app_public.workout_exercises
  for each row execute procedure app_hidden.tg_check_exercise_visible();

--------------------------------------------------------------------------------
-- Accounts (called by the Express auth routes on the owner connection).
--------------------------------------------------------------------------------
create function app_private.new_session(p_user uuid, p_client text) returns text
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_token text := encode(gen_random_bytes(32), 'hex');
  v_session uuid;
begin
  insert into app_public.sessions (user_id, client) values (p_user, left(coalesce(nullif(p_client, ''), 'unknown client'), 200))
    returning id into v_session;
  insert into app_private.session_tokens (session_id, token_hash) values (v_session, digest(v_token, 'sha256'));
  update app_public.users set last_login_method = 'email' where id = p_user;
  return v_token;
end;
$$;
comment on function app_private.new_session(uuid, text) is E'Starts a session and returns its token (only its hash is stored).';

create function app_private.sign_up(p_name text, p_email text, p_password text, p_client text, out user_id uuid, out token text)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  if exists (select 1 from app_public.users where email = p_email::citext) then
    raise exception 'An account with this email already exists' using errcode = 'SVDUP';
  end if;
  -- The first account on an instance administers it.
  lock table app_public.users in share row exclusive mode;
  insert into app_public.users (name, email, role)
  values (p_name, p_email, case when exists (select 1 from app_public.users) then 'user' else 'admin' end)
  returning id into user_id;
  insert into app_private.user_secrets (user_id, password_hash) values (user_id, crypt(p_password, gen_salt('bf', 8)));
  token := app_private.new_session(user_id, p_client);
end;
$$;
comment on function app_private.sign_up(text, text, text, text) is E'Creates an account and signs it in.';

create function app_private.sign_in(p_email text, p_password text, p_client text,
  out status text, out user_id uuid, out token text, out retry_after int)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user app_public.users;
  v_failures int;
  v_oldest timestamptz;
begin
  select count(*), min(attempted_at) into v_failures, v_oldest
    from app_private.failed_sign_ins where email = p_email::citext and attempted_at > now() - interval '15 minutes';
  if v_failures >= 10 then
    status := 'locked';
    retry_after := greatest(1, ceil(extract(epoch from (v_oldest + interval '15 minutes' - now())))::int);
    return;
  end if;
  select u.* into v_user from app_public.users u
    join app_private.user_secrets s on s.user_id = u.id
   where u.email = p_email::citext and s.password_hash = crypt(p_password, s.password_hash);
  if v_user.id is null then
    insert into app_private.failed_sign_ins (email) values (p_email);
    status := 'wrong';
    return;
  end if;
  if v_user.banned and (v_user.ban_expires is null or v_user.ban_expires > now()) then
    status := 'banned';
    return;
  end if;
  delete from app_private.failed_sign_ins where email = p_email::citext;
  status := 'ok';
  user_id := v_user.id;
  token := app_private.new_session(v_user.id, p_client);
end;
$$;
comment on function app_private.sign_in(text, text, text) is E'Checks a password and starts a session; counts failures for the lockout.';

create function app_private.session_for_token(p_token_hash bytea, out session_id uuid, out user_id uuid)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  -- Touch last_active_at at most once a minute: a read-mostly hot path should not write every time.
  update app_public.sessions s set last_active_at = now()
    from app_private.session_tokens t
   where t.session_id = s.id and t.token_hash = p_token_hash
     and s.last_active_at > now() - interval '30 days'
     and s.last_active_at < now() - interval '1 minute'
  returning s.id, s.user_id into session_id, user_id;
  if session_id is null then
    select s.id, s.user_id into session_id, user_id
      from app_private.session_tokens t join app_public.sessions s on s.id = t.session_id
     where t.token_hash = p_token_hash and s.last_active_at > now() - interval '30 days';
  end if;
end;
$$;
comment on function app_private.session_for_token(bytea) is E'The live session for a token hash, marking it active.';

create function app_private.end_session(p_token_hash bytea) returns boolean
language sql volatile security definer set search_path to pg_catalog, public as $$
  with gone as (
    delete from app_public.sessions s using app_private.session_tokens t
     where t.session_id = s.id and t.token_hash = p_token_hash returning 1
  ) select exists (select 1 from gone);
$$;
comment on function app_private.end_session(bytea) is E'Signs a session out.';

create function app_private.user_record(p_user uuid) returns jsonb
language sql stable security definer set search_path to pg_catalog, public as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'id', u.id, 'name', u.name, 'email', u.email, 'emailVerified', u.email_verified, 'image', u.image,
    'createdAt', to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(u.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'role', u.role, 'banned', u.banned, 'banReason', u.ban_reason,
    'banExpires', to_char(u.ban_expires at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'isAnonymous', u.is_anonymous, 'lastLoginMethod', u.last_login_method))
  from app_public.users u where u.id = p_user;
$$;
comment on function app_private.user_record(uuid) is E'The user record of spec 2.5 (camelCase, ISO date-times), as every auth response returns it.';

create function app_public.grant_admin(p_email text) returns void
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  update app_public.users set role = 'admin' where email = p_email::citext;
  if not found then
    raise exception 'No user with email %', p_email using errcode = 'SVNFD';
  end if;
end;
$$;
comment on function app_public.grant_admin(text) is E'@behavior -*\nFor operators in psql: makes the user with this email an admin.';
revoke execute on function app_public.grant_admin(text) from public;

--------------------------------------------------------------------------------
-- API key use on the request path: one statement finds the key, checks it and counts the request.
--------------------------------------------------------------------------------
create function app_private.use_api_key(p_key_hash bytea,
  out api_key_id uuid, out user_id uuid, out access text, out request_count int, out window_end timestamptz)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_window timestamptz := date_trunc('minute', now());
begin
  select k.id, k.user_id, k.access into api_key_id, user_id, access
    from app_private.api_key_hashes h
    join app_public.api_keys k on k.id = h.api_key_id
    join app_public.users u on u.id = k.user_id
   where h.key_hash = p_key_hash
     and not k.expired
     and (k.expires_at is null or k.expires_at > now())
     and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
  if api_key_id is null then
    return;
  end if;
  -- The upsert takes a row lock, so concurrent requests from many processes count exactly.
  insert into app_private.rate_counters as c (subject, window_start, count)
  values ('key:' || api_key_id, v_window, 1)
  on conflict (subject, window_start) do update set count = c.count + 1
  returning c.count into request_count;
  window_end := v_window + interval '1 minute';
  update app_public.api_keys k set last_used_at = now()
   where k.id = api_key_id and (k.last_used_at is null or k.last_used_at < now() - interval '1 minute');
end;
$$;
comment on function app_private.use_api_key(bytea) is E'Looks up a live key by its SHA-256, counts this request in the current minute and marks the key used.';
