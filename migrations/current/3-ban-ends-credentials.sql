-- A ban ends a user's keys, connected apps and pending authorization codes for good, and the code
-- exchange checks the ban itself.

create or replace function app_private.ban_user(p_session uuid, p_user text, p_reason text, p_expires_in double precision)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_admin uuid := app_private.admin_user(p_session);
  v_user uuid;
begin
  if p_expires_in is not null and (p_expires_in <= 0 or p_expires_in > 315360000 or p_expires_in = 'NaN') then
    raise exception 'banExpiresIn must be a positive number of seconds, at most 315360000 (10 years)' using errcode = 'SVBAD';
  end if;
  v_user := app_private.admin_target(v_admin, p_user, 'ban');
  update app_public.users u
     set banned = true,
         ban_reason = p_reason,
         ban_expires = case when p_expires_in is null then null else now() + make_interval(secs => p_expires_in) end
   where u.id = v_user;
  -- Every device is signed out, and every key, connected app (its tokens go with it) and pending
  -- authorization code ends, for good: an unban lets the person sign in again, never revives a
  -- credential that someone may have taken over.
  delete from app_public.sessions s where s.user_id = v_user;
  delete from app_public.api_keys k where k.user_id = v_user;
  delete from app_public.connected_apps a where a.user_id = v_user;
  delete from app_private.oauth_codes c where c.user_id = v_user;
  return app_private.user_record(v_user);
end;
$function$;
comment on function app_private.ban_user(p_session uuid, p_user text, p_reason text, p_expires_in double precision) is 'Bans a user for the admin signed in with p_session, in one transaction: records banned, ban_reason and ban_expires (now + p_expires_in seconds, or null for no end) and ends all the user''s sessions, API keys, connected apps (with their tokens) and pending authorization codes, which an unban does not bring back. Returns the user record.';
-- (execute: owner only)

create or replace function app_private.oauth_exchange_code(p_code_hash bytea, p_client text, p_redirect_uri text, p_resource text, p_access_hash bytea, p_refresh_hash bytea, p_access_ttl integer, p_refresh_ttl integer, OUT status text, OUT access app_public.api_key_access)
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_code app_private.oauth_codes;
  v_client app_private.oauth_clients;
  v_connection uuid;
begin
  select * into v_code from app_private.oauth_codes c where c.code_hash = p_code_hash and c.client_id = p_client for update;
  status := app_private.oauth_one_time_status(v_code.code_hash is not null, v_code.used_at, v_code.expires_at, v_code.connection_id);
  if status is not null then
    return;
  end if;
  if p_redirect_uri is distinct from v_code.redirect_uri then
    status := 'redirect_mismatch'; return;
  end if;
  if p_resource is not null and p_resource is distinct from v_code.resource then
    status := 'resource_mismatch'; return;
  end if;
  -- A user banned since the code was issued gets no connection (the ban deletes pending codes too).
  if exists (select 1 from app_public.users u where u.id = v_code.user_id and app_hidden.ban_in_force(u.banned, u.ban_expires)) then
    status := 'invalid'; return;
  end if;
  select * into v_client from app_private.oauth_clients c where c.id = p_client;
  insert into app_public.connected_apps (user_id, client_id, client_name, redirect_host, access, resource)
  values (v_code.user_id, p_client, v_client.name, coalesce(substring(v_code.redirect_uri from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#]+)'), v_code.redirect_uri),
          v_code.access, v_code.resource)
  returning id into v_connection;
  update app_private.oauth_codes c set used_at = now(), connection_id = v_connection where c.code_hash = p_code_hash;
  perform app_private.oauth_store_tokens(v_connection, p_access_hash, p_refresh_hash, p_access_ttl, p_refresh_ttl);
  status := 'ok';
  access := v_code.access;
end;
$function$;
comment on function app_private.oauth_exchange_code(p_code_hash bytea, p_client text, p_redirect_uri text, p_resource text, p_access_hash bytea, p_refresh_hash bytea, p_access_ttl integer, p_refresh_ttl integer, OUT status text, OUT access app_public.api_key_access) is 'Exchanges an authorization code for a new connected app with an access and a refresh token. status: ok, invalid (also when the user is banned), reused (the connection it made is revoked), expired, redirect_mismatch or resource_mismatch.';
-- (execute: owner only)
