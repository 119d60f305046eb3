--------------------------------------------------------------------------------
-- OAuth 2.1 for the MCP server (/api/mcp): registered clients, authorization codes, connected apps
-- and their tokens. Codes and tokens are stored only as SHA-256 hashes, and a client secret too.
-- The server calls the app_private functions on the owner connection (server/oauth/); GraphQL
-- reaches a request's connection through svc.oauth_hash, like svc.session_hash and svc.key_hash.
--------------------------------------------------------------------------------

create table if not exists app_private.oauth_clients (
  id text primary key check (char_length(id) between 1 and 100),
  name text not null check (char_length(name) between 1 and 200),
  redirect_uris text[] not null check (cardinality(redirect_uris) between 1 and 10),
  metadata jsonb not null,
  secret_hash bytea,
  secret_expires_at timestamptz,
  created_at timestamptz not null default now()
);
alter table app_private.oauth_clients enable row level security;
comment on table app_private.oauth_clients is E'OAuth clients registered dynamically (RFC 7591); a confidential client''s secret only as its SHA-256.';
comment on column app_private.oauth_clients.metadata is E'The registration as the client sent it (without any secret), answered back when the client is looked up.';

create table if not exists app_private.oauth_codes (
  code_hash bytea primary key,
  client_id text not null references app_private.oauth_clients on delete cascade,
  user_id uuid not null references app_public.users on delete cascade,
  redirect_uri text not null,
  code_challenge text not null,
  resource text not null,
  access app_public.api_key_access not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  connection_id uuid
);
create index if not exists oauth_codes_user on app_private.oauth_codes (user_id);
create index if not exists oauth_codes_client on app_private.oauth_codes (client_id);
alter table app_private.oauth_codes enable row level security;
comment on table app_private.oauth_codes is E'Authorization codes (SHA-256): single use, one minute; a code presented twice revokes the connection it made.';

create table if not exists app_public.connected_apps (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_public.users on delete cascade,
  client_id text not null references app_private.oauth_clients on delete cascade,
  client_name text not null check (char_length(client_name) between 1 and 200),
  redirect_host text not null check (char_length(redirect_host) <= 300),
  access app_public.api_key_access not null,
  resource text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index if not exists connected_apps_user on app_public.connected_apps (user_id);
create index if not exists connected_apps_client on app_public.connected_apps (client_id);
alter table app_public.connected_apps enable row level security;
comment on table app_public.connected_apps is E'@behavior -insert -update -delete -query:resource:list -query:resource:connection -query:resource:single\nAn app (an AI assistant through MCP) the user allowed to use their account through OAuth.';
comment on column app_public.connected_apps.id is E'Unique identifier of the connection.';
comment on column app_public.connected_apps.user_id is E'@behavior -*\nThe user who allowed it.';
comment on column app_public.connected_apps.client_id is E'@behavior -*\nThe registered OAuth client.';
comment on column app_public.connected_apps.client_name is E'The name the app registered with (its own claim).';
comment on column app_public.connected_apps.redirect_host is E'The host the sign-in returned to: where the app runs.';
comment on column app_public.connected_apps.access is E'READ_ONLY (reads only; every save is refused) or READ_WRITE.';
comment on constraint connected_apps_user_id_fkey on app_public.connected_apps is E'@behavior -*\nThe user who allowed the app.';
comment on column app_public.connected_apps.resource is E'@behavior -*\nThe server address its tokens are for.';
comment on column app_public.connected_apps.created_at is E'When the user allowed it.';
comment on column app_public.connected_apps.last_used_at is E'When it last made a request (updated at most once a minute).';

create table if not exists app_private.oauth_tokens (
  token_hash bytea primary key,
  connection_id uuid not null references app_public.connected_apps on delete cascade,
  kind text not null check (kind in ('access', 'refresh')),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index if not exists oauth_tokens_connection on app_private.oauth_tokens (connection_id);
alter table app_private.oauth_tokens enable row level security;
comment on table app_private.oauth_tokens is E'Access and refresh tokens of connected apps (SHA-256). A refresh token is used once (rotation); presented again, its connection is revoked.';

-- Connected apps: read by their owner's session only (like devices); ended by disconnect_app.
grant select on app_public.connected_apps to svc_reader;
drop policy if exists select_own on app_public.connected_apps;
create policy select_own on app_public.connected_apps for select
  using (user_id = (select app_public.current_user_id()) and (select app_public.current_session_id()) is not null);

--------------------------------------------------------------------------------
-- Identity: the connection of this request's access token (svc.oauth_hash) and its user
--------------------------------------------------------------------------------
create or replace function app_public.current_oauth_connection_id() returns uuid
language sql stable security definer set search_path to pg_catalog, public as $$
  select c.id
    from app_private.oauth_tokens t
    join app_public.connected_apps c on c.id = t.connection_id
    join app_public.users u on u.id = c.user_id
   where t.token_hash = decode(nullif(current_setting('svc.oauth_hash', true), ''), 'hex')
     and t.kind = 'access'
     and t.expires_at > now()
     and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
$$;
comment on function app_public.current_oauth_connection_id() is E'@behavior -*\nThe connected app making this request with a live access token (its user not banned), if any.';
grant execute on function app_public.current_oauth_connection_id() to svc_reader;

create or replace function app_public.current_user_id() returns uuid
language sql stable security definer set search_path to pg_catalog, public as $$
  select coalesce(
    (select s.user_id from app_public.sessions s where s.id = app_public.current_session_id()),
    (select k.user_id from app_public.api_keys k where k.id = app_public.current_api_key_id()),
    (select c.user_id from app_public.connected_apps c where c.id = app_public.current_oauth_connection_id())
  );
$$;
comment on function app_public.current_user_id() is E'@behavior -*\nThe user making this request (through a session, a key or a connected app''s token), or null.';

--------------------------------------------------------------------------------
-- Clients (RFC 7591)
--------------------------------------------------------------------------------
drop function if exists app_private.oauth_register_client(text, text, text[], jsonb, bytea, timestamptz);
create function app_private.oauth_register_client(p_id text, p_name text, p_redirect_uris text[], p_metadata jsonb,
  p_secret_hash bytea, p_secret_expires_at timestamptz) returns void
language sql volatile security definer set search_path to pg_catalog, public as $$
  insert into app_private.oauth_clients (id, name, redirect_uris, metadata, secret_hash, secret_expires_at)
  values (p_id, p_name, p_redirect_uris, p_metadata, p_secret_hash, p_secret_expires_at);
$$;
comment on function app_private.oauth_register_client(text, text, text[], jsonb, bytea, timestamptz) is
  E'Registers an OAuth client (its secret, if any, as a SHA-256).';

drop function if exists app_private.oauth_client(text);
create function app_private.oauth_client(p_id text,
  out id text, out name text, out redirect_uris text[], out metadata jsonb, out secret_hash bytea, out secret_expires_at timestamptz)
language sql stable security definer set search_path to pg_catalog, public as $$
  select c.id, c.name, c.redirect_uris, c.metadata, c.secret_hash, c.secret_expires_at from app_private.oauth_clients c where c.id = p_id;
$$;
comment on function app_private.oauth_client(text) is E'A registered OAuth client, or no row.';

--------------------------------------------------------------------------------
-- Codes and tokens
--------------------------------------------------------------------------------
drop function if exists app_private.oauth_issue_code(bytea, uuid, text, text, text, text, app_public.api_key_access, int);
create function app_private.oauth_issue_code(p_code_hash bytea, p_session uuid, p_client text, p_redirect_uri text,
  p_challenge text, p_resource text, p_access app_public.api_key_access, p_ttl_seconds int) returns void
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid;
begin
  select s.user_id into v_user from app_public.sessions s join app_public.users u on u.id = s.user_id
   where s.id = p_session and s.last_active_at > now() - interval '30 days'
     and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
  if v_user is null then
    raise exception 'Sign in to allow an app' using errcode = 'SVFBD';
  end if;
  insert into app_private.oauth_codes (code_hash, client_id, user_id, redirect_uri, code_challenge, resource, access, expires_at)
  values (p_code_hash, p_client, v_user, p_redirect_uri, p_challenge, p_resource, p_access, now() + make_interval(secs => p_ttl_seconds));
end;
$$;
comment on function app_private.oauth_issue_code(bytea, uuid, text, text, text, text, app_public.api_key_access, int) is
  E'Records the authorization code a signed-in user (session p_session) granted a client on the consent page.';

drop function if exists app_private.oauth_code_challenge(bytea, text);
create function app_private.oauth_code_challenge(p_code_hash bytea, p_client text) returns text
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_code app_private.oauth_codes;
begin
  select * into v_code from app_private.oauth_codes c where c.code_hash = p_code_hash and c.client_id = p_client;
  if v_code.used_at is not null then
    -- A code presented twice was stolen or replayed: what it made is revoked (RFC 9700 4.2.1).
    delete from app_public.connected_apps a where a.id = v_code.connection_id;
    return null;
  end if;
  return case when v_code.expires_at > now() then v_code.code_challenge end;
end;
$$;
comment on function app_private.oauth_code_challenge(bytea, text) is
  E'The PKCE challenge of a live, unused code of this client, or null; a code already used revokes the connection it made.';

drop function if exists app_private.oauth_exchange_code(bytea, text, text, text, bytea, bytea, int, int);
create function app_private.oauth_exchange_code(p_code_hash bytea, p_client text, p_redirect_uri text, p_resource text,
  p_access_hash bytea, p_refresh_hash bytea, p_access_ttl int, p_refresh_ttl int,
  out status text, out access app_public.api_key_access)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_code app_private.oauth_codes;
  v_client app_private.oauth_clients;
  v_connection uuid;
begin
  select * into v_code from app_private.oauth_codes c where c.code_hash = p_code_hash and c.client_id = p_client for update;
  if v_code.code_hash is null then
    status := 'invalid'; return;
  end if;
  if v_code.used_at is not null then
    -- A code presented twice was stolen or replayed: what it made is revoked (RFC 9700 4.2.1).
    delete from app_public.connected_apps a where a.id = v_code.connection_id;
    status := 'reused'; return;
  end if;
  if v_code.expires_at <= now() then
    status := 'expired'; return;
  end if;
  if p_redirect_uri is distinct from v_code.redirect_uri then
    status := 'redirect_mismatch'; return;
  end if;
  if p_resource is not null and p_resource is distinct from v_code.resource then
    status := 'resource_mismatch'; return;
  end if;
  select * into v_client from app_private.oauth_clients c where c.id = p_client;
  insert into app_public.connected_apps (user_id, client_id, client_name, redirect_host, access, resource)
  values (v_code.user_id, p_client, v_client.name, coalesce(substring(v_code.redirect_uri from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#]+)'), v_code.redirect_uri),
          v_code.access, v_code.resource)
  returning id into v_connection;
  update app_private.oauth_codes c set used_at = now(), connection_id = v_connection where c.code_hash = p_code_hash;
  insert into app_private.oauth_tokens (token_hash, connection_id, kind, expires_at) values
    (p_access_hash, v_connection, 'access', now() + make_interval(secs => p_access_ttl)),
    (p_refresh_hash, v_connection, 'refresh', now() + make_interval(secs => p_refresh_ttl));
  status := 'ok';
  access := v_code.access;
end;
$$;
comment on function app_private.oauth_exchange_code(bytea, text, text, text, bytea, bytea, int, int) is
  E'Exchanges an authorization code for a new connected app with an access and a refresh token. status: ok, invalid, reused (the connection it made is revoked), expired, redirect_mismatch or resource_mismatch.';

drop function if exists app_private.oauth_refresh(bytea, text, text, bytea, bytea, int, int);
create function app_private.oauth_refresh(p_refresh_hash bytea, p_client text, p_resource text,
  p_access_hash bytea, p_refresh_hash_new bytea, p_access_ttl int, p_refresh_ttl int,
  out status text, out access app_public.api_key_access)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_token app_private.oauth_tokens;
  v_app app_public.connected_apps;
begin
  select t.* into v_token from app_private.oauth_tokens t
    join app_public.connected_apps a on a.id = t.connection_id
   where t.token_hash = p_refresh_hash and t.kind = 'refresh' and a.client_id = p_client
   for update of t;
  if v_token.token_hash is null then
    status := 'invalid'; return;
  end if;
  if v_token.used_at is not null then
    -- A rotated refresh token presented again: someone else holds a copy, so the connection ends.
    delete from app_public.connected_apps a where a.id = v_token.connection_id;
    status := 'reused'; return;
  end if;
  if v_token.expires_at <= now() then
    status := 'expired'; return;
  end if;
  select a.* into v_app from app_public.connected_apps a join app_public.users u on u.id = a.user_id
   where a.id = v_token.connection_id and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
  if v_app.id is null then
    status := 'invalid'; return;
  end if;
  if p_resource is not null and p_resource is distinct from v_app.resource then
    status := 'resource_mismatch'; return;
  end if;
  update app_private.oauth_tokens t set used_at = now() where t.token_hash = p_refresh_hash;
  -- Access tokens of the connection that were already replaced stay valid until they expire (minutes).
  delete from app_private.oauth_tokens t where t.connection_id = v_app.id and t.expires_at <= now();
  insert into app_private.oauth_tokens (token_hash, connection_id, kind, expires_at) values
    (p_access_hash, v_app.id, 'access', now() + make_interval(secs => p_access_ttl)),
    (p_refresh_hash_new, v_app.id, 'refresh', now() + make_interval(secs => p_refresh_ttl));
  status := 'ok';
  access := v_app.access;
end;
$$;
comment on function app_private.oauth_refresh(bytea, text, text, bytea, bytea, int, int) is
  E'Rotates a refresh token: the old one is spent, a new access and refresh token are stored. status: ok, invalid, reused (the connection is revoked), expired or resource_mismatch.';

drop function if exists app_private.oauth_use_token(bytea);
create function app_private.oauth_use_token(p_access_hash bytea,
  out connection_id uuid, out user_id uuid, out access app_public.api_key_access, out resource text, out expires_at timestamptz)
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
begin
  select a.id, a.user_id, a.access, a.resource, t.expires_at into connection_id, user_id, access, resource, expires_at
    from app_private.oauth_tokens t
    join app_public.connected_apps a on a.id = t.connection_id
    join app_public.users u on u.id = a.user_id
   where t.token_hash = p_access_hash and t.kind = 'access' and t.expires_at > now()
     and not (u.banned and (u.ban_expires is null or u.ban_expires > now()));
  if connection_id is not null then
    update app_public.connected_apps a set last_used_at = now()
     where a.id = connection_id and (a.last_used_at is null or a.last_used_at < now() - interval '1 minute');
  end if;
end;
$$;
comment on function app_private.oauth_use_token(bytea) is
  E'The live connection of an access token (its user not banned), marking it used at most once a minute; nulls otherwise.';

drop function if exists app_private.oauth_revoke(bytea, text);
create function app_private.oauth_revoke(p_token_hash bytea, p_client text) returns void
language sql volatile security definer set search_path to pg_catalog, public as $$
  delete from app_public.connected_apps a
   using app_private.oauth_tokens t
   where t.token_hash = p_token_hash and a.id = t.connection_id and a.client_id = p_client;
$$;
comment on function app_private.oauth_revoke(bytea, text) is E'Token revocation (RFC 7009): the connection of the token ends, with all its tokens.';

drop function if exists app_private.oauth_forget_expired();
drop function if exists app_private.forget_expired_oauth();
create function app_private.forget_expired_oauth() returns int
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_codes int;
  v_tokens int;
  v_clients int;
begin
  delete from app_private.oauth_codes c where c.expires_at < now() - interval '1 day';
  get diagnostics v_codes = row_count;
  delete from app_private.oauth_tokens t where t.expires_at < now() - interval '1 day';
  get diagnostics v_tokens = row_count;
  -- Registrations nobody connected with for 30 days (assistants register again on 401 invalid_client).
  delete from app_private.oauth_clients c
   where c.created_at < now() - interval '30 days'
     and not exists (select 1 from app_public.connected_apps a where a.client_id = c.id)
     and not exists (select 1 from app_private.oauth_codes o where o.client_id = c.id and o.expires_at > now());
  get diagnostics v_clients = row_count;
  return v_codes + v_tokens + v_clients;
end;
$$;
comment on function app_private.forget_expired_oauth() is
  E'Deletes OAuth codes and tokens expired over a day ago, and client registrations unused for 30 days; returns how many rows went (a worker task, every minute).';

--------------------------------------------------------------------------------
-- Connected apps in GraphQL: viewer.connectedApps and disconnectApp (session only)
--------------------------------------------------------------------------------
drop function if exists app_public.users_connected_apps(app_public.users);
create function app_public.users_connected_apps(u app_public.users) returns setof app_public.connected_apps
language plpgsql stable security invoker set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
begin
  return query
    select a.* from app_public.connected_apps a
     where a.user_id = u.id and u.id = v_user
     order by a.created_at desc, a.id desc;
end;
$$;
comment on function app_public.users_connected_apps(app_public.users) is
  E'@behavior -*\nThe apps the user connected through OAuth, newest first. Needs a signed-in session: FORBIDDEN with an API key or an app''s token.';
grant execute on function app_public.users_connected_apps(app_public.users) to svc_reader;

drop function if exists app_public.disconnect_app(text);
drop function if exists app_public.disconnect_app(uuid);
create function app_public.disconnect_app(p_id uuid) returns uuid
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_user uuid := app_hidden.require_session();
  v_id uuid;
begin
  delete from app_public.connected_apps a where a.id = p_id and a.user_id = v_user returning a.id into v_id;
  if v_id is null then
    raise exception 'No connected app with this id' using errcode = 'SVNFD';
  end if;
  return v_id;
end;
$$;
comment on function app_public.disconnect_app(uuid) is
  E'@behavior -*\nDisconnects one of the signed-in user''s apps: its tokens stop working at once. Another user''s or an unknown id: NOT_FOUND.';
grant execute on function app_public.disconnect_app(uuid) to svc_visitor;
