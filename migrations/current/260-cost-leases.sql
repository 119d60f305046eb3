-- A process leases a slice of a payer's buckets and spends it in memory (server/limits/
-- cost-lease.ts): settling what its requests spent, giving back the rest and taking the next slice
-- are one statement, so a request of a payer whose lease has room runs no budget statement at all.
create or replace function app_private.lease_costs(p_session_hash bytea, p_credential text, p_user_id uuid, p_address text, p_bulk boolean,
  p_share double precision, p_account double precision, p_address_budget double precision, p_bulk_budget double precision,
  p_window_seconds double precision, p_returned double precision, p_spent double precision, p_estimates double precision[],
  p_slice double precision,
  out admitted boolean[], out lefts double precision[], out payer text, out budget double precision, out tokens double precision,
  out held double precision, out account uuid, out leased double precision)
 returns record
 language plpgsql
 security definer
 set search_path to 'pg_catalog', 'public'
as $function$
declare
  v_slice record;
begin
  leased := 0;
  if p_returned <> 0 or p_spent <> 0 then
    perform app_private.charge_cost(p_session_hash, p_credential, p_user_id, p_address, p_bulk,
      p_share, p_account, p_address_budget, p_bulk_budget, p_window_seconds, p_returned, p_spent);
  end if;
  select c.admitted, c.lefts, c.payer, c.budget, c.tokens, c.held, c.account
    into admitted, lefts, payer, budget, tokens, held, account
    from app_private.claim_costs(p_session_hash, p_credential, p_user_id, p_address, p_bulk,
      p_share, p_account, p_address_budget, p_bulk_budget, p_window_seconds, p_estimates) c;
  -- The next slice only when every request waiting fits: a payer near its limit claims as it goes,
  -- and a refused request is never told of tokens the slice then takes.
  if p_slice > 0 and true = all(admitted) then
    select c.admitted[1] as ok, c.payer, c.budget, c.tokens, c.held into v_slice
      from app_private.claim_costs(p_session_hash, p_credential, p_user_id, p_address, p_bulk,
        p_share, p_account, p_address_budget, p_bulk_budget, p_window_seconds, array[p_slice]) c;
    if v_slice.ok then
      leased := p_slice;
      payer := v_slice.payer;
      budget := v_slice.budget;
      tokens := v_slice.tokens;
      held := v_slice.held;
    end if;
  end if;
end;
$function$;
comment on function app_private.lease_costs(p_session_hash bytea, p_credential text, p_user_id uuid, p_address text, p_bulk boolean, p_share double precision, p_account double precision, p_address_budget double precision, p_bulk_budget double precision, p_window_seconds double precision, p_returned double precision, p_spent double precision, p_estimates double precision[], p_slice double precision, OUT admitted boolean[], OUT lefts double precision[], OUT payer text, OUT budget double precision, OUT tokens double precision, OUT held double precision, OUT account uuid, OUT leased double precision) is 'One process''s lease of a payer''s buckets, settled and renewed in one statement: first what its requests spent (p_spent) is charged and what it held of its last lease is given back (p_returned), as app_private.charge_cost; then p_estimates are claimed in order, as app_private.claim_costs; then, when every one of them was admitted, p_slice (the leases next slice; 0: none) if it fits, returned as leased (else 0). Returns what claim_costs returns, with the level after the slice.';
