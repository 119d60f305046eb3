-- The roles every Training Log database on a PostgreSQL cluster uses (roles are cluster-wide).
-- The server runs this itself when its DATABASE_URL user may create roles; otherwise run it once
-- as a superuser:
--   psql "postgres://postgres@db-host/postgres" -f db/roles.sql
-- then let the login that serves GraphQL (AUTH_DATABASE_URL's user, else DATABASE_URL's) switch
-- to the request roles, and give svc_authenticator a password if it is that login:
--   grant svc_visitor, svc_reader to "<that user>";   -- not needed for svc_authenticator
--   alter role svc_authenticator with password '<a long random password>';
-- A server that cannot switch says so at start, with the grant to run.
do $$
begin
  -- What a read-only API key or a signed-out visitor may do.
  if not exists (select 1 from pg_roles where rolname = 'svc_reader') then
    create role svc_reader nologin;
  end if;
  -- What a session or a read-write key may do (reads included).
  if not exists (select 1 from pg_roles where rolname = 'svc_visitor') then
    create role svc_visitor nologin;
  end if;
  -- The login GraphQL uses; it can do nothing itself (noinherit) but switch to the two above.
  -- Created without a password: set one (above) before using it in AUTH_DATABASE_URL.
  if not exists (select 1 from pg_roles where rolname = 'svc_authenticator') then
    create role svc_authenticator login noinherit;
  end if;
end
$$;
grant svc_reader to svc_visitor;
grant svc_visitor, svc_reader to svc_authenticator;
