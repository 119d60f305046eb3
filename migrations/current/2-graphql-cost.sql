-- GraphQL cost per API key: besides its requests, a key spends a cost budget each minute.
-- The cost of an operation is measured in the server (plugins/operation-cost.ts) before it runs;
-- it is counted here, in app_private.rate_counters beside the request count (subject
-- 'key-cost:<key id>'), so every server process shares it. The budget itself is the server's
-- (OPERATION_LIMITS.keyCostPerMinute in plugins/operation-cost.ts).

-- use_api_key also returns the cost already spent this minute (for the RateLimit headers and to
-- refuse a key whose budget is spent before its request is even parsed).
drop function if exists app_private.use_api_key(bytea);
create function app_private.use_api_key(p_key_hash bytea,
  out api_key_id uuid, out user_id uuid, out access text, out request_count int, out cost_used int, out window_end timestamptz)
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
  select c.count into cost_used
    from app_private.rate_counters c
   where c.subject = 'key-cost:' || api_key_id and c.window_start = v_window;
  cost_used := coalesce(cost_used, 0);
  window_end := v_window + interval '1 minute';
  update app_public.api_keys k set last_used_at = now()
   where k.id = api_key_id and (k.last_used_at is null or k.last_used_at < now() - interval '1 minute');
end;
$$;
comment on function app_private.use_api_key(bytea) is
  E'Looks up a live key by its SHA-256, counts this request in the current minute, marks the key used and says how much of its per-minute GraphQL cost budget is spent.';

drop function if exists app_private.charge_api_key_cost(uuid, int, int);
drop function if exists app_private.spend_api_key_cost(uuid, int);
create function app_private.spend_api_key_cost(p_api_key_id uuid, p_cost int) returns int
language sql volatile security definer set search_path to pg_catalog, public as $$
  -- The row lock of the upsert makes concurrent spending from many processes count exactly.
  insert into app_private.rate_counters as c (subject, window_start, count)
  values ('key-cost:' || p_api_key_id, date_trunc('minute', now()), p_cost)
  on conflict (subject, window_start) do update set count = least(c.count::bigint + excluded.count, 2147483647)::int
  returning c.count;
$$;
comment on function app_private.spend_api_key_cost(uuid, int) is
  E'Adds an operation''s cost to its key''s spending in the current minute and returns the total. The server refuses an operation that does not fit before spending (it knows what was spent from use_api_key).';
