-- Speed of the request path: every GraphQL request with a session runs touch_current_session in
-- its set-up, so it reads the session once (through current_session_id, which holds the rule of a
-- live session) and writes only when last_active_at is over a minute old, instead of trying the
-- update first and then reading the session again (current_session_id twice on almost every
-- request; measured 120 -> 81 µs a call). Touched at most once a minute, as before.

create or replace function app_hidden.touch_current_session(out user_id uuid, out session_id uuid)
returns record
language plpgsql
security definer
set search_path to pg_catalog, public
as $$
declare
  v_stale boolean;
begin
  select s.user_id, s.id, app_hidden.touch_due(s.last_active_at)
    into user_id, session_id, v_stale
    from app_public.sessions s
   where s.id = app_public.current_session_id();
  if v_stale then
    update app_public.sessions s set last_active_at = now()
     where s.id = session_id and app_hidden.touch_due(s.last_active_at);
  end if;
end;
$$;
comment on function app_hidden.touch_current_session() is
  'The live session of this request (svc.session_hash) and its user, marking it active (at most once a minute); nulls when it is not a live sign-in.';
grant execute on function app_hidden.touch_current_session() to svc_visitor;

-- A mutation's set-up resolves its session with this instead: a credential that is no live sign-in
-- (signed out, expired, idle, banned: current_session_id's rule) aborts the request's transaction
-- there, before the mutation's first statement runs, with the operation guard's FORBIDDEN. It
-- replaces a lookup the guard waited for before every mutation.
create or replace function app_hidden.touch_current_session_to_write(out user_id uuid, out session_id uuid)
returns record
language plpgsql
as $$
begin
  select t.user_id, t.session_id into user_id, session_id from app_hidden.touch_current_session() t;
  if session_id is null then
    raise exception 'Sign in (or use a valid API key) to make changes' using errcode = 'SVFBD';
  end if;
end;
$$;
comment on function app_hidden.touch_current_session_to_write() is
  'touch_current_session for a mutation: SVFBD (FORBIDDEN) when the request''s credential is not a live sign-in.';
grant execute on function app_hidden.touch_current_session_to_write() to svc_visitor;

-- A key's cost is spent on the owner pool while the operation runs (server/identity.ts), off the
-- request's path; spending it in the request's set-up measured slower.
drop function if exists app_hidden.spend_current_key_cost(int);

-- applyWorkoutDocument answers its payload's `workout` from the row the save returns, in the same
-- statement and transaction (PostGraphile selects the columns it needs from this function's
-- result), instead of reading the workout again in a transaction of its own after the commit.
-- The row is read by a statement after the save's (a statement calling the save would not see the
-- rows it wrote), as the caller: RLS applies as to any read.
create or replace function app_hidden.apply_workout_document_row(doc jsonb, idempotency_key uuid,
  out workout app_public.workouts, out created boolean, out replayed boolean)
returns record
language plpgsql
volatile
as $$
declare
  v_id uuid;
begin
  select a.workout_id, a.created, a.replayed into v_id, created, replayed
    from app_public.apply_workout_document(doc, idempotency_key) a;
  select w.* into workout from app_public.workouts w where w.id = v_id;
end;
$$;
comment on function app_hidden.apply_workout_document_row(jsonb, uuid) is
  'app_public.apply_workout_document, answered with the saved workout''s row (as the caller sees it) besides created and replayed.';
grant execute on function app_hidden.apply_workout_document_row(jsonb, uuid) to svc_visitor;
