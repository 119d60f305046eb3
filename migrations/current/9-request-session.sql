-- A GraphQL request's session is resolved inside the request's own transaction, in the round trip
-- that sets its role and hashed credential, instead of a separate lookup before it: the server
-- learns who called (for its log) from this function's answer, and RLS decides as before through
-- app_public.current_session_id() / current_user_id(), on every statement.
drop function if exists app_hidden.touch_current_session();
create function app_hidden.touch_current_session(out user_id uuid, out session_id uuid)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  -- As app_private.session_for_token: last_active_at moves at most once a minute.
  update app_public.sessions s set last_active_at = now()
   where s.id = app_public.current_session_id()
     and s.last_active_at < now() - interval '1 minute'
  returning s.user_id, s.id into user_id, session_id;
  if session_id is null then
    select s.user_id, s.id into user_id, session_id from app_public.sessions s where s.id = app_public.current_session_id();
  end if;
end;
$$;
comment on function app_hidden.touch_current_session() is
  E'The live session of this request (svc.session_hash) and its user, marking it active (at most once a minute); nulls when it is not a live sign-in.';
grant execute on function app_hidden.touch_current_session() to svc_visitor;
