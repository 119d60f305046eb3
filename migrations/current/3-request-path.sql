-- An API key's request is counted and its operation's cost spent in one statement, once the
-- operation's cost is known: a keyed request costs the identity pool one write transaction, not two.
drop function if exists app_private.use_api_key(bytea);
drop function if exists app_private.spend_api_key_cost(uuid, integer);

comment on function app_private.count_request(text, timestamptz, integer) is
  'Adds p_amount (one request by default) to a subject''s count in the window starting at p_window and returns the window''s count so far: requests (`key:<id>`, `admin:<session>`) and a key''s GraphQL cost spent (`key-cost:<id>`, app_private.use_api_key).';

-- Who a hashed credential belongs to, each rule once, as plain SQL that PostgreSQL inlines into
-- the SECURITY DEFINER functions that call it (no call of its own per row or per policy).
create or replace function app_private.session_of_hash(p_hash bytea)
  returns table (session_id uuid, user_id uuid)
  language sql
  stable
as $$
  select s.id, s.user_id
    from app_private.session_tokens t
    join app_public.sessions s on s.id = t.session_id
   where t.token_hash = p_hash
     and app_hidden.session_live(s.last_active_at);
$$;
comment on function app_private.session_of_hash(bytea) is
  'The live session (idle under 30 days) whose token has this SHA-256, and its user; nothing otherwise.';

create or replace function app_private.api_key_of_hash(p_hash bytea)
  returns table (api_key_id uuid, user_id uuid, access text, last_used_at timestamptz)
  language sql
  stable
as $$
  select k.id, k.user_id, k.access, k.last_used_at
    from app_private.api_key_hashes h
    join app_public.api_keys k on k.id = h.api_key_id
    join app_public.users u on u.id = k.user_id
   where h.key_hash = p_hash
     and app_hidden.api_key_live(k.expired, k.expires_at)
     and not app_hidden.ban_in_force(u.banned, u.ban_expires);
$$;
comment on function app_private.api_key_of_hash(bytea) is
  'The live API key (not revoked, not expired, its owner not banned) whose value has this SHA-256, its user and access; nothing otherwise.';

create or replace function app_public.current_session_id()
  returns uuid
  language sql
  stable
  security definer
  set search_path to pg_catalog, public
as $$
  select o.session_id from app_private.session_of_hash(decode(nullif(current_setting('svc.session_hash', true), ''), 'hex')) o;
$$;

create or replace function app_public.current_api_key_id()
  returns uuid
  language sql
  stable
  security definer
  set search_path to pg_catalog, public
as $$
  select o.api_key_id from app_private.api_key_of_hash(decode(nullif(current_setting('svc.key_hash', true), ''), 'hex')) o;
$$;

create or replace function app_private.use_api_key(
  p_key_hash bytea,
  p_cost integer,
  p_request_limit integer,
  p_cost_budget integer,
  p_write boolean,
  out api_key_id uuid,
  out user_id uuid,
  out access text,
  out request_count integer,
  out cost_before integer,
  out cost_used integer,
  out cost_fits boolean,
  out window_end timestamptz
) returns record
  language plpgsql
  security definer
  set search_path to pg_catalog, public
as $$
declare
  v_window timestamptz := date_trunc('minute', now());
  v_last_used timestamptz;
begin
  select o.api_key_id, o.user_id, o.access, o.last_used_at into api_key_id, user_id, access, v_last_used
    from app_private.api_key_of_hash(p_key_hash) o;
  if api_key_id is null then
    return;
  end if;
  request_count := app_private.count_request('key:' || api_key_id, v_window);
  select c.count into cost_before
    from app_private.rate_counters c
   where c.subject = 'key-cost:' || api_key_id and c.window_start = v_window;
  cost_before := coalesce(cost_before, 0);
  -- Spent only by an operation that will run: within both limits, and not a write with a read-only key.
  cost_fits := request_count <= p_request_limit
    and cost_before < p_cost_budget
    and cost_before + p_cost <= p_cost_budget
    and not (p_write and access = 'read_only');
  cost_used := cost_before;
  if cost_fits and p_cost > 0 then
    cost_used := app_private.count_request('key-cost:' || api_key_id, v_window, p_cost);
  end if;
  window_end := v_window + interval '1 minute';
  if app_hidden.touch_due(v_last_used) then
    update app_public.api_keys k set last_used_at = now() where k.id = api_key_id;
  end if;
end;
$$;
comment on function app_private.use_api_key(bytea, integer, integer, integer, boolean) is
  'One request with a key, by the key''s SHA-256: looks up the live key, counts the request in the current minute, and spends p_cost from the key''s per-minute GraphQL cost budget when the operation may run (cost_fits: the request within p_request_limit, the budget not spent, p_cost within what is left, and not a write (p_write) with a read-only key). Marks the key used (at most once a minute). Answers nothing for an unknown, revoked, expired or banned key (not counted). cost_before: spent before this request; cost_used: after it. The server calls it with p_cost 0 for a request refused before its operation was measured.';

-- A request carries one credential setting (server/identity.ts pgSettingsFor): only its lookup runs.
create or replace function app_public.current_user_id()
  returns uuid
  language sql
  stable
  security definer
  set search_path to pg_catalog, public
as $$
  select case
    when current_setting('svc.session_hash', true) <> '' then
      (select o.user_id from app_private.session_of_hash(decode(current_setting('svc.session_hash', true), 'hex')) o)
    when current_setting('svc.key_hash', true) <> '' then
      (select o.user_id from app_private.api_key_of_hash(decode(current_setting('svc.key_hash', true), 'hex')) o)
    when current_setting('svc.oauth_hash', true) <> '' then
      (select c.user_id from app_public.connected_apps c where c.id = app_public.current_oauth_connection_id())
  end;
$$;
