-- Every credential of one account (its sessions, API keys and connected apps) draws from one
-- account bucket, each within a share of its own; imports and exports from a bucket of their own.
drop function if exists app_private.claim_cost(bytea, uuid, uuid, text, double precision, double precision, double precision, double precision);
drop function if exists app_private.charge_cost(bytea, uuid, uuid, text, double precision, double precision, double precision, double precision, double precision);
drop function if exists app_private.cost_left(bytea, uuid, uuid, text, double precision, double precision, double precision);
drop function if exists app_private.cost_payer(bytea, uuid, uuid, text);
drop function if exists app_private.cost_budget_of(text, double precision, double precision);

comment on column app_private.cost_buckets.payer is 'Who pays: `account:<user id>` (everything interactive of one account), within it a credential''s share `key:<api key id>`, `app:<connected app id>` or `session:<session id>`; `bulk:<user id>` (the account''s imports and exports); `address:<client address>` (everything signed out; IPv6 by its /64).';

create or replace function app_private.cost_payers(p_session_hash bytea, p_credential text, p_user_id uuid, p_address text, p_bulk boolean)
 returns text[]
 language sql
 stable
as $function$
  -- Sorted, so that every statement locks one account's buckets in the same order.
  select case
           when u.user_id is null then array['address:' || coalesce(abbrev(app_private.address_key(p_address::inet)), 'unknown')]
           when p_bulk then array['bulk:' || u.user_id]
           else array(select n from unnest(array['account:' || u.user_id,
                        coalesce(p_credential, 'session:' || u.session_id)]) n where n is not null order by n)
         end
    from (select coalesce(p_user_id, o.user_id) as user_id, o.session_id
            from (select 1) one
            left join lateral (select * from app_private.session_of_hash(p_session_hash) where p_user_id is null) o on true) u;
$function$;
comment on function app_private.cost_payers(p_session_hash bytea, p_credential text, p_user_id uuid, p_address text, p_bulk boolean) is 'The buckets a request pays from, sorted: signed in (p_user_id, else the live session of p_session_hash), its account''s bucket and its credential''s share (p_credential, else the session''s), or with p_bulk (an import or export) the account''s bulk bucket alone; signed out (a made-up session token included), its client address as sign-in limits count it (IPv6 by /64).';

create or replace function app_private.cost_budget_of(p_payer text, p_share double precision, p_account double precision, p_address double precision, p_bulk double precision)
 returns double precision
 language sql
 immutable
as $function$
  select case split_part(p_payer, ':', 1)
           when 'address' then p_address when 'account' then p_account when 'bulk' then p_bulk
           else p_share end;
$function$;
comment on function app_private.cost_budget_of(p_payer text, p_share double precision, p_account double precision, p_address double precision, p_bulk double precision) is 'A bucket''s budget a window: an address''s, an account''s, an account''s bulk work''s, or a credential''s share (a session, key or app).';

create or replace function app_private.claim_cost(p_session_hash bytea, p_credential text, p_user_id uuid, p_address text, p_bulk boolean,
  p_share double precision, p_account double precision, p_address_budget double precision, p_bulk_budget double precision,
  p_window_seconds double precision, p_estimate double precision,
  out admitted boolean, out payer text, out budget double precision, out tokens double precision, out held double precision)
 returns record
 language plpgsql
 security definer
 set search_path to 'pg_catalog', 'public'
as $function$
#variable_conflict use_column
declare
  v_payers text[] := app_private.cost_payers(p_session_hash, p_credential, p_user_id, p_address, p_bulk);
begin
  insert into app_private.cost_buckets as c (payer, tokens, held, updated_at)
  select n, app_private.cost_budget_of(n, p_share, p_account, p_address_budget, p_bulk_budget), 0, now()
    from unnest(v_payers) n order by n
  on conflict (payer) do nothing;
  -- Every bucket locked (in order) before any is judged: concurrent claims of one account cannot
  -- together take more than it has left.
  perform 1 from app_private.cost_buckets c where c.payer = any(v_payers) order by c.payer for update;
  select r.payer, r.budget, r.tokens, r.held into payer, budget, tokens, held
    from (select c.payer, x.budget, app_private.cost_refilled(c.tokens, c.updated_at, x.budget, p_window_seconds) as tokens, c.held
            from app_private.cost_buckets c
           cross join lateral (select app_private.cost_budget_of(c.payer, p_share, p_account, p_address_budget, p_bulk_budget) as budget) x
           where c.payer = any(v_payers)) r
   order by r.tokens, r.payer limit 1;
  admitted := tokens >= p_estimate;
  if not admitted then
    return;
  end if;
  update app_private.cost_buckets c
     set tokens = app_private.cost_refilled(c.tokens, c.updated_at,
           app_private.cost_budget_of(c.payer, p_share, p_account, p_address_budget, p_bulk_budget), p_window_seconds) - p_estimate,
         held = c.held + p_estimate, updated_at = now()
   where c.payer = any(v_payers);
  tokens := tokens - p_estimate;
  held := held + p_estimate;
end;
$function$;
comment on function app_private.claim_cost(p_session_hash bytea, p_credential text, p_user_id uuid, p_address text, p_bulk boolean, p_share double precision, p_account double precision, p_address_budget double precision, p_bulk_budget double precision, p_window_seconds double precision, p_estimate double precision, OUT admitted boolean, OUT payer text, OUT budget double precision, OUT tokens double precision, OUT held double precision) is 'The gate before a request runs: when p_estimate (its static estimate) fits in every bucket it pays from (app_private.cost_payers; each refilled first), takes it from each and holds it until the request is charged (app_private.charge_cost). Returns whether it was admitted and the bucket with the least left (after the claim when admitted); takes nothing when it does not fit.';

create or replace function app_private.charge_cost(p_session_hash bytea, p_credential text, p_user_id uuid, p_address text, p_bulk boolean,
  p_share double precision, p_account double precision, p_address_budget double precision, p_bulk_budget double precision,
  p_window_seconds double precision, p_claimed double precision, p_spent double precision,
  out payer text, out budget double precision, out tokens double precision, out held double precision)
 returns record
 language sql
 security definer
 set search_path to 'pg_catalog', 'public'
as $function$
  -- One statement, each bucket under its row lock (taken in order): concurrent charges all count.
  with charged as (
    insert into app_private.cost_buckets as c (payer, tokens, held, updated_at)
    select n, greatest(-b.budget, least(b.budget, b.budget - (p_spent - p_claimed))), 0, now()
      from unnest(app_private.cost_payers(p_session_hash, p_credential, p_user_id, p_address, p_bulk)) n
     cross join lateral (select app_private.cost_budget_of(n, p_share, p_account, p_address_budget, p_bulk_budget) as budget) b
     order by n
    on conflict (payer) do update
       set tokens = greatest(
             -app_private.cost_budget_of(c.payer, p_share, p_account, p_address_budget, p_bulk_budget),
             least(app_private.cost_budget_of(c.payer, p_share, p_account, p_address_budget, p_bulk_budget),
               app_private.cost_refilled(c.tokens, c.updated_at,
                 app_private.cost_budget_of(c.payer, p_share, p_account, p_address_budget, p_bulk_budget), p_window_seconds)
               - (p_spent - p_claimed))),
           held = greatest(0, c.held - p_claimed),
           updated_at = now()
    returning c.payer, app_private.cost_budget_of(c.payer, p_share, p_account, p_address_budget, p_bulk_budget) as budget, c.tokens, c.held)
  select * from charged order by tokens, payer limit 1;
$function$;
comment on function app_private.charge_cost(p_session_hash bytea, p_credential text, p_user_id uuid, p_address text, p_bulk boolean, p_share double precision, p_account double precision, p_address_budget double precision, p_bulk_budget double precision, p_window_seconds double precision, p_claimed double precision, p_spent double precision, OUT payer text, OUT budget double precision, OUT tokens double precision, OUT held double precision) is 'After a request: every bucket it pays from (app_private.cost_payers) is charged p_spent, what it really cost, less p_claimed, what its gate took (app_private.claim_cost; given back from held), in one statement, each refilled first; never refuses. A bucket stays between one budget below 0 and one budget. Returns the bucket with the least left.';

-- An account's connected apps are bounded like its sessions: the 21st connection ends the least recently used.
create or replace function app_hidden.tg_connected_apps_within_bound()
 returns trigger
 language plpgsql
 security definer
 set search_path to 'pg_catalog', 'public'
as $function$
begin
  delete from app_public.connected_apps a
   where a.id in (select o.id from app_public.connected_apps o
                   where o.user_id = new.user_id and o.id <> new.id
                   order by coalesce(o.last_used_at, o.created_at) desc, o.created_at desc
                  offset (app_hidden.connected_app_limit() - 1));
  return null;
end;
$function$;
comment on function app_hidden.tg_connected_apps_within_bound() is 'After a connected app is made: the user''s connections past app_hidden.connected_app_limit() (the new one counted), least recently used first, are disconnected.';

create or replace function app_hidden.connected_app_limit()
 returns integer
 language sql
 immutable
as $function$
  select 20;
$function$;
comment on function app_hidden.connected_app_limit() is 'Connected apps (OAuth connections) one account may hold at once: 20, like its sessions.';
grant execute on function app_hidden.connected_app_limit() to svc_reader;

drop trigger if exists _200_connected_apps_within_bound on app_public.connected_apps;
create trigger _200_connected_apps_within_bound after insert on app_public.connected_apps
  for each row execute function app_hidden.tg_connected_apps_within_bound();
comment on trigger _200_connected_apps_within_bound on app_public.connected_apps is 'Keeps an account''s connected apps within app_hidden.connected_app_limit().';
