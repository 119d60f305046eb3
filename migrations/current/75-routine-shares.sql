-- Share links of a routine: an unguessable token (kept only as its SHA-256) that shows the routine
-- read-only to anyone who has it, until its owner revokes it; a signed-in user can add a copy.

create table if not exists app_public.routine_shares (
  id uuid default gen_random_uuid() not null,
  user_id uuid default app_public.current_user_id() not null,
  routine_id uuid not null,
  show_name boolean default false not null,
  created_at timestamp with time zone default now() not null,
  constraint routine_shares_pkey primary key (id),
  constraint routine_shares_user_id_fkey foreign key (user_id) references app_public.users(id) on delete cascade,
  constraint routine_shares_routine_id_fkey foreign key (routine_id) references app_public.routines(id) on delete cascade
);
alter table app_public.routine_shares enable row level security;
comment on table app_public.routine_shares is E'@behavior -insert -update -query:resource:list -query:resource:connection -query:resource:single\nA share link of one of your routines (made with shareRoutine, its token shown once); deleting it revokes the link at once.';
comment on column app_public.routine_shares.id is 'Unique identifier of the link (not its token).';
comment on column app_public.routine_shares.user_id is E'@behavior -*\nThe owner.';
comment on column app_public.routine_shares.routine_id is 'The routine the link shows.';
comment on column app_public.routine_shares.show_name is 'Whether the shared page shows your name; false: no name at all.';
comment on column app_public.routine_shares.created_at is 'When the link was made.';
create index if not exists routine_shares_user_id_idx on app_public.routine_shares (user_id);
create index if not exists routine_shares_routine_id_idx on app_public.routine_shares (routine_id);
drop policy if exists select_own on app_public.routine_shares;
create policy select_own on app_public.routine_shares for select
  using (user_id = (select app_public.current_user_id()));
drop policy if exists delete_own on app_public.routine_shares;
create policy delete_own on app_public.routine_shares for delete
  using (user_id = (select app_public.current_user_id()));
grant select on table app_public.routine_shares to svc_reader;
grant delete on table app_public.routine_shares to svc_visitor;

create table if not exists app_private.routine_share_hashes (
  share_id uuid not null,
  token_hash bytea not null,
  constraint routine_share_hashes_pkey primary key (share_id),
  constraint routine_share_hashes_token_hash_key unique (token_hash),
  constraint routine_share_hashes_share_id_fkey foreign key (share_id) references app_public.routine_shares(id) on delete cascade
);
comment on table app_private.routine_share_hashes is 'SHA-256 of each share link''s token.';

drop function if exists app_public.share_routine(text, boolean);
drop type if exists app_public.routine_share_link;
create type app_public.routine_share_link as (share_id uuid, token text);
comment on type app_public.routine_share_link is 'A share link just made: its id and its token, shown this once.';
comment on column app_public.routine_share_link.share_id is E'@notNull\nThe link''s id (RoutineShare.id), to list and revoke it.';
comment on column app_public.routine_share_link.token is E'@notNull\nThe token (`rs_` and 32 random base62 characters): the link is /shared/<token>. Only its SHA-256 is kept.';

create function app_public.share_routine(routine text, show_name boolean default false)
 returns app_public.routine_share_link
 language plpgsql
 volatile
 security definer
 set search_path to pg_catalog, public
as $function$
declare
  v_user uuid := app_hidden.require_user();
  v_routine uuid := (app_hidden.own_routine(routine, v_user)).id;
  v_link app_public.routine_share_link;
begin
  if v_routine is null then
    raise exception 'routine: you have no routine with this id or name' using errcode = 'SVNFD';
  end if;
  -- Serialise per user so the limit holds under concurrent requests.
  perform 1 from app_public.users u where u.id = v_user for update;
  if (select count(*) from app_public.routine_shares s where s.user_id = v_user) >= 100 then
    raise exception 'You already have 100 share links, the most allowed; revoke one first' using errcode = 'SVLIM',
      hint = 'shareLinks', detail = json_build_object('max', 100)::text;
  end if;
  insert into app_public.routine_shares (user_id, routine_id, show_name)
  values (v_user, v_routine, coalesce(show_name, false))
  returning id into v_link.share_id;
  v_link.token := 'rs_' || app_private.random_base62(32);
  insert into app_private.routine_share_hashes (share_id, token_hash) values (v_link.share_id, digest(v_link.token, 'sha256'));
  return v_link;
end;
$function$;
comment on function app_public.share_routine(routine text, show_name boolean) is E'@resultFieldName link\nMakes a share link of one of your routines (by id or name): its token is answered this once (only its SHA-256 is kept). Anyone with the link reads the routine (sharedRoutine), nothing else of yours; your name only with showName. At most 100 links per user (LIMIT_REACHED). NOT_FOUND for a routine you do not have.';
grant execute on function app_public.share_routine(routine text, show_name boolean) to svc_visitor;

drop function if exists app_hidden.routine_share_of(text);
create function app_hidden.routine_share_of(p_token text)
 returns app_public.routine_shares
 language sql
 stable
 security definer
 set search_path to pg_catalog, public
as $function$
  select s.* from app_private.routine_share_hashes h
    join app_public.routine_shares s on s.id = h.share_id
   where h.token_hash = digest(p_token, 'sha256') and char_length(p_token) <= 100;
$function$;
comment on function app_hidden.routine_share_of(p_token text) is 'The live share link a token opens (by its SHA-256), or null: unknown, revoked (deleted) or longer than any token.';

drop function if exists app_public.shared_routine(text);
create function app_public.shared_routine(token text)
 returns json
 language sql
 stable
 security definer
 set search_path to pg_catalog, public
as $function$
  -- The routine's document without its id and folder (the owner's), exercises by name, in the
  -- routine's unit; the owner's name only when the link says so.
  select json_strip_nulls(json_build_object(
           'routine', (app_hidden.routine_json(s.routine_id, null)::jsonb - '{id,folder}'::text[])
                        || jsonb_build_object('exercises', coalesce((
                             select jsonb_agg(x.e || jsonb_build_object('exercise', ex.name) order by x.ord)
                               from jsonb_array_elements(app_hidden.routine_json(s.routine_id, null)::jsonb -> 'exercises')
                                    with ordinality as x(e, ord)
                               join app_public.routine_exercises re on re.routine_id = s.routine_id and re.position = x.ord - 1
                               join app_public.exercises ex on ex.id = re.exercise_id), '[]'::jsonb)),
           'sharedBy', case when s.show_name then (select u.name from app_public.users u where u.id = s.user_id) end,
           'sharedAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD')))
    from app_hidden.routine_share_of(token) s
   where s.id is not null;
$function$;
comment on function app_public.shared_routine(token text) is 'The routine a share link shows, for anyone with its token (signed in or not): `routine` (its document without id or folder, exercises by name, weights in its unit), `sharedBy` (the owner''s name, only when the link shows it) and `sharedAt` (the day the link was made). Null for a token that is unknown or revoked: nothing else of the owner is reachable through it.';
grant execute on function app_public.shared_routine(token text) to svc_reader;

drop function if exists app_public.add_shared_routine(text, text);
create function app_public.add_shared_routine(token text, name text default null)
 returns app_public.routines
 language plpgsql
 volatile
as $function$
declare
  v_shared jsonb;
  v_id uuid;
  v_routine app_public.routines;
begin
  perform app_hidden.require_user();
  v_shared := app_public.shared_routine(token)::jsonb;
  if v_shared is null then
    raise exception 'token: no routine is shared with this link' using errcode = 'SVNFD';
  end if;
  select a.routine_id into v_id
    from app_public.apply_routine_document((v_shared -> 'routine')
           || case when add_shared_routine.name is null then '{}'::jsonb else jsonb_build_object('name', add_shared_routine.name) end) a;
  -- Read in a statement of its own: the one that saves does not see the row it made.
  select r.* into v_routine from app_public.routines r where r.id = v_id;
  return v_routine;
end;
$function$;
comment on function app_public.add_shared_routine(token text, name text) is E'@resultFieldName routine\nAdds the routine a share link shows to your routines, as a new routine of yours (under name when given, else its own; a name you already use: INVALID_DOCUMENT at `name`). NOT_FOUND for a token unknown or revoked.';
grant execute on function app_public.add_shared_routine(token text, name text) to svc_visitor;
