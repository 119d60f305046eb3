-- A registration nobody connected with is forgotten after a day, not 30: registering costs an
-- assistant one request when it meets 401 invalid_client, and a day bounds what unauthenticated
-- registrations can keep stored.

create or replace function app_private.forget_expired_oauth()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_codes int;
  v_tokens int;
  v_clients int;
begin
  delete from app_private.oauth_codes c where c.expires_at < now() - interval '1 day';
  get diagnostics v_codes = row_count;
  delete from app_private.oauth_tokens t where t.expires_at < now() - interval '1 day';
  get diagnostics v_tokens = row_count;
  delete from app_private.oauth_clients c
   where c.created_at < now() - interval '1 day'
     and not exists (select 1 from app_public.connected_apps a where a.client_id = c.id)
     and not exists (select 1 from app_private.oauth_codes o where o.client_id = c.id and o.expires_at > now());
  get diagnostics v_clients = row_count;
  return v_codes + v_tokens + v_clients;
end;
$function$;
comment on function app_private.forget_expired_oauth() is 'Deletes OAuth codes and tokens expired over a day ago, and client registrations unused for a day (no connected app, no live code); returns how many rows went (a worker task, every minute).';
revoke all on function app_private.forget_expired_oauth() from public;
