-- The cost gate's claim names the account its payer resolved to (a session left to SQL by its hash
-- included), so a process counts a session it has not seen before as its account from its first
-- request (server/limits/pool-shares.ts), with no statement of its own.
drop function if exists app_private.claim_costs(bytea, text, uuid, text, boolean, double precision, double precision,
  double precision, double precision, double precision, double precision[]);
create function app_private.claim_costs(p_session_hash bytea, p_credential text, p_user_id uuid, p_address text, p_bulk boolean,
  p_share double precision, p_account double precision, p_address_budget double precision, p_bulk_budget double precision,
  p_window_seconds double precision, p_estimates double precision[],
  out admitted boolean[], out lefts double precision[], out payer text, out budget double precision, out tokens double precision,
  out held double precision, out account uuid)
 returns record
 language plpgsql
 security definer
 set search_path to 'pg_catalog', 'public'
as $function$
#variable_conflict use_column
declare
  v_payers text[] := app_private.cost_payers(p_session_hash, p_credential, p_user_id, p_address, p_bulk);
  v_taken double precision := 0;
  v_estimate double precision;
begin
  account := (select substr(n, strpos(n, ':') + 1)::uuid from unnest(v_payers) n
               where n like 'account:%' or n like 'bulk:%' limit 1);
  insert into app_private.cost_buckets as c (payer, tokens, held, updated_at)
  select n, app_private.cost_budget_of(n, p_share, p_account, p_address_budget, p_bulk_budget), 0, now()
    from unnest(v_payers) n order by n
  on conflict (payer) do nothing;
  -- Every bucket locked (in order) before any is judged, as app_private.claim_cost.
  perform 1 from app_private.cost_buckets c where c.payer = any(v_payers) order by c.payer for update;
  select r.payer, r.budget, r.tokens, r.held into payer, budget, tokens, held
    from (select c.payer, x.budget, app_private.cost_refilled(c.tokens, c.updated_at, x.budget, p_window_seconds) as tokens, c.held
            from app_private.cost_buckets c
           cross join lateral (select app_private.cost_budget_of(c.payer, p_share, p_account, p_address_budget, p_bulk_budget) as budget) x
           where c.payer = any(v_payers)) r
   order by r.tokens, r.payer limit 1;
  admitted := array[]::boolean[];
  lefts := array[]::double precision[];
  -- Each estimate judged against what is left after the ones before it, as one claim after another.
  foreach v_estimate in array p_estimates loop
    if tokens - v_taken >= v_estimate then
      v_taken := v_taken + v_estimate;
      admitted := admitted || true;
    else
      admitted := admitted || false;
    end if;
    lefts := lefts || (tokens - v_taken);
  end loop;
  if v_taken = 0 then
    return;
  end if;
  update app_private.cost_buckets c
     set tokens = app_private.cost_refilled(c.tokens, c.updated_at,
           app_private.cost_budget_of(c.payer, p_share, p_account, p_address_budget, p_bulk_budget), p_window_seconds) - v_taken,
         held = c.held + v_taken, updated_at = now()
   where c.payer = any(v_payers);
  tokens := tokens - v_taken;
  held := held + v_taken;
end;
$function$;
comment on function app_private.claim_costs(p_session_hash bytea, p_credential text, p_user_id uuid, p_address text, p_bulk boolean, p_share double precision, p_account double precision, p_address_budget double precision, p_bulk_budget double precision, p_window_seconds double precision, p_estimates double precision[], OUT admitted boolean[], OUT lefts double precision[], OUT payer text, OUT budget double precision, OUT tokens double precision, OUT held double precision, OUT account uuid) is 'The gate before several requests of one payer run, in one statement: each of p_estimates in order is admitted when it fits in what every bucket it pays from (app_private.cost_payers; each refilled first) has left after the estimates admitted before it, as app_private.claim_cost one after another. What was admitted is taken from each bucket and held until the requests are charged (app_private.charge_cost). Returns, per estimate, whether it was admitted and what was left once it was judged (lefts); the bucket with the least left after the claims; and the account the payer is (null signed out, a made-up session token included).';
