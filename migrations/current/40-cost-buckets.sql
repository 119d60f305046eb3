-- What GraphQL and MCP callers spend, as the database spent it, in one token bucket per payer shared
-- by every server process (server/client-cost-budget.ts). Before a request runs, its static estimate
-- is taken from what is left if it fits (app_private.claim_cost, one statement); after it, the
-- difference between what it really cost and the estimate (app_private.charge_cost, one statement).
-- The budgets themselves are the server's configuration.
create table if not exists app_private.cost_buckets (
  payer text primary key,
  tokens double precision not null,
  updated_at timestamptz not null default now()
);
alter table app_private.cost_buckets add column if not exists held double precision not null default 0;
alter table app_private.cost_buckets enable row level security;
create index if not exists cost_buckets_updated_at on app_private.cost_buckets (updated_at);
comment on table app_private.cost_buckets is
  E'The GraphQL cost each payer has left, as a token bucket shared by every server process: it refills at its budget a window (continuously) up to the budget, and a request''s real cost is taken from it after the request. No row: a full bucket.';
comment on column app_private.cost_buckets.payer is
  E'Who pays: `key:<api key id>`, `app:<connected app id>`, `session:<session id>` (a live session) or `address:<client address>` (everything signed out; IPv6 by its /64).';
comment on column app_private.cost_buckets.tokens is
  E'Cost units left at updated_at, before refilling since; below 0 when requests cost more than was left (at most one budget below 0).';
comment on column app_private.cost_buckets.held is
  E'Estimates taken by requests still running (claimed at the gate, given back when the request is charged what it spent): at most this much may come back to tokens besides the refill.';
comment on column app_private.cost_buckets.updated_at is
  E'When tokens was last written; the bucket has refilled since at its budget per window.';
comment on index app_private.cost_buckets_updated_at is
  E'Serves app_private.prune_counters, which deletes buckets idle long enough to be full again.';

create or replace function app_private.cost_payer(p_session_hash bytea, p_key_id uuid, p_app_id uuid, p_address text)
  returns text
  language sql
  stable
as $$
  select case when p_key_id is not null then 'key:' || p_key_id
              when p_app_id is not null then 'app:' || p_app_id
              when s.session_id is not null then 'session:' || s.session_id
              else 'address:' || coalesce(abbrev(app_private.address_key(p_address::inet)), 'unknown') end
    from (select (select o.session_id from app_private.session_of_hash(p_session_hash) o) as session_id) s;
$$;
comment on function app_private.cost_payer(bytea, uuid, uuid, text) is
  E'Who pays for a request: its live API key, else its connected app, else its session when p_session_hash is a live sign-in''s token hash, else its client address as sign-in limits count it (app_private.address_key: IPv6 by /64; a made-up session token pays as signed out).';

create or replace function app_private.cost_budget_of(p_payer text, p_signed_in_budget double precision, p_signed_out_budget double precision)
  returns double precision
  language sql
  immutable
as $$
  select case when p_payer like 'address:%' then p_signed_out_budget else p_signed_in_budget end;
$$;
comment on function app_private.cost_budget_of(text, double precision, double precision) is
  E'A payer''s budget: the signed-out one for an address, the signed-in one for a session, key or app.';

create or replace function app_private.cost_refilled(p_tokens double precision, p_since timestamptz, p_budget double precision, p_window_seconds double precision)
  returns double precision
  language sql
  stable
as $$
  select least(p_budget, p_tokens + p_budget * extract(epoch from now() - p_since)::double precision / p_window_seconds);
$$;
comment on function app_private.cost_refilled(double precision, timestamptz, double precision, double precision) is
  E'A bucket''s tokens now: what it held at p_since plus p_budget per p_window_seconds since, at most p_budget.';

drop function if exists app_private.cost_left(bytea, uuid, uuid, text, double precision, double precision, double precision);
create or replace function app_private.cost_left(
  p_session_hash bytea,
  p_key_id uuid,
  p_app_id uuid,
  p_address text,
  p_signed_in_budget double precision,
  p_signed_out_budget double precision,
  p_window_seconds double precision,
  out payer text,
  out budget double precision,
  out tokens double precision,
  out held double precision
) returns record
  language sql
  stable
  security definer
  set search_path to pg_catalog, public
as $$
  select p.payer, p.budget,
         coalesce(app_private.cost_refilled(c.tokens, c.updated_at, p.budget, p_window_seconds), p.budget),
         coalesce(c.held, 0)
    from (select x.payer, app_private.cost_budget_of(x.payer, p_signed_in_budget, p_signed_out_budget) as budget
            from app_private.cost_payer(p_session_hash, p_key_id, p_app_id, p_address) as x(payer)) p
    left join app_private.cost_buckets c on c.payer = p.payer;
$$;
comment on function app_private.cost_left(bytea, uuid, uuid, text, double precision, double precision, double precision) is
  E'What a request''s payer (app_private.cost_payer) has left now, what running requests hold, and its budget (p_signed_in_budget or p_signed_out_budget per p_window_seconds); reads only.';

create or replace function app_private.claim_cost(
  p_session_hash bytea,
  p_key_id uuid,
  p_app_id uuid,
  p_address text,
  p_signed_in_budget double precision,
  p_signed_out_budget double precision,
  p_window_seconds double precision,
  p_estimate double precision,
  out payer text,
  out budget double precision,
  out tokens double precision,
  out held double precision
) returns setof record
  language sql
  volatile
  security definer
  set search_path to pg_catalog, public
as $$
  -- One statement under the bucket's row lock: concurrent requests of one payer cannot together
  -- take more than is left. Nothing is returned (and nothing taken) when the estimate does not fit.
  insert into app_private.cost_buckets as c (payer, tokens, held, updated_at)
  select x.payer, b.budget - p_estimate, p_estimate, now()
    from app_private.cost_payer(p_session_hash, p_key_id, p_app_id, p_address) as x(payer)
   cross join lateral (select app_private.cost_budget_of(x.payer, p_signed_in_budget, p_signed_out_budget) as budget) b
   where b.budget >= p_estimate
  on conflict (payer) do update
     set tokens = app_private.cost_refilled(c.tokens, c.updated_at,
           app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget), p_window_seconds) - p_estimate,
         held = c.held + p_estimate,
         updated_at = now()
   where app_private.cost_refilled(c.tokens, c.updated_at,
           app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget), p_window_seconds) >= p_estimate
  returning c.payer, app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget), c.tokens, c.held;
$$;
comment on function app_private.claim_cost(bytea, uuid, uuid, text, double precision, double precision, double precision, double precision) is
  E'The gate before a request runs: takes p_estimate (its static estimate) from its payer''s bucket (app_private.cost_payer), refilled first, when it fits, and holds it until the request is charged (app_private.charge_cost); returns the bucket then. Returns nothing and takes nothing when the estimate is more than is left.';

drop function if exists app_private.charge_cost(bytea, uuid, uuid, text, double precision, double precision, double precision, double precision);
create or replace function app_private.charge_cost(
  p_session_hash bytea,
  p_key_id uuid,
  p_app_id uuid,
  p_address text,
  p_signed_in_budget double precision,
  p_signed_out_budget double precision,
  p_window_seconds double precision,
  p_claimed double precision,
  p_spent double precision,
  out payer text,
  out budget double precision,
  out tokens double precision,
  out held double precision
) returns record
  language sql
  volatile
  security definer
  set search_path to pg_catalog, public
as $$
  -- One statement under the bucket's row lock: concurrent charges of one payer all count.
  insert into app_private.cost_buckets as c (payer, tokens, held, updated_at)
  select x.payer, greatest(-b.budget, least(b.budget, b.budget - (p_spent - p_claimed))), 0, now()
    from app_private.cost_payer(p_session_hash, p_key_id, p_app_id, p_address) as x(payer)
   cross join lateral (select app_private.cost_budget_of(x.payer, p_signed_in_budget, p_signed_out_budget) as budget) b
  on conflict (payer) do update
     set tokens = greatest(
           -app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget),
           least(app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget),
             app_private.cost_refilled(c.tokens, c.updated_at,
               app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget), p_window_seconds)
             - (p_spent - p_claimed))),
         held = greatest(0, c.held - p_claimed),
         updated_at = now()
  returning c.payer, app_private.cost_budget_of(c.payer, p_signed_in_budget, p_signed_out_budget), c.tokens, c.held;
$$;
comment on function app_private.charge_cost(bytea, uuid, uuid, text, double precision, double precision, double precision, double precision, double precision) is
  E'After a request: its payer (app_private.cost_payer) is charged p_spent, what it really cost, less p_claimed, what its gate took (app_private.claim_cost; given back from held), in one statement, the bucket refilled first; never refuses. The bucket stays between one budget below 0 and one budget. Returns what is left.';

-- Idle buckets are full again after at most two windows (one budget of debt, then a refill).
create or replace function app_private.prune_counters() returns int
language plpgsql volatile security definer set search_path to pg_catalog, public as $$
declare
  v_counters int;
  v_failures int;
  v_attempts int;
  v_buckets int;
begin
  delete from app_private.rate_counters c where c.window_start < now() - interval '10 minutes';
  get diagnostics v_counters = row_count;
  delete from app_private.failed_sign_ins f where f.attempted_at < now() - interval '15 minutes';
  get diagnostics v_failures = row_count;
  delete from app_private.address_attempts a where a.attempted_at < now() - interval '1 day';
  get diagnostics v_attempts = row_count;
  delete from app_private.cost_buckets b where b.updated_at < now() - interval '1 hour';
  get diagnostics v_buckets = row_count;
  return v_counters + v_failures + v_attempts + v_buckets;
end;
$$;
comment on function app_private.prune_counters() is
  E'Deletes rate-limit counters older than 10 minutes, failed sign-ins older than 15 minutes, per-address attempts older than a day and cost buckets idle for an hour (full again by then: no row is a full bucket); returns how many rows went.';
