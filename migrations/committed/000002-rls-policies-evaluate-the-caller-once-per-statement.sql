--! Previous: sha1:37903b86858d62fc387e63d92af2b69511755a48
--! Hash: sha1:a1b5d23f9c0bd3f2fd4070ec902a7de1844f21eb
--! Message: RLS policies evaluate the caller once per statement

--! split: 1-current.sql
--! Row-level security: evaluate the caller's identity once per statement, not once per row.
-- Policies compared each row to app_public.current_user_id() (and current_session_id()), stable
-- functions that PostgreSQL may call again for every row; wrapped in a scalar subquery they become
-- an InitPlan evaluated once. Same rules, same policies; only their expressions change.
do $$
declare
  p record;
  v_using text;
  v_check text;
begin
  for p in
    select schemaname, tablename, policyname, qual, with_check
      from pg_policies
     where schemaname = 'app_public'
       and (coalesce(qual, '') || coalesce(with_check, '')) ~ 'app_public\.current_(user|session)_id\(\)'
       and (coalesce(qual, '') || coalesce(with_check, '')) !~ 'SELECT app_public\.current_(user|session)_id\(\)'
  loop
    v_using := regexp_replace(p.qual, 'app_public\.current_(user|session)_id\(\)', '(select app_public.current_\1_id())', 'g');
    v_check := regexp_replace(p.with_check, 'app_public\.current_(user|session)_id\(\)', '(select app_public.current_\1_id())', 'g');
    execute format('alter policy %I on %I.%I', p.policyname, p.schemaname, p.tablename)
      || case when v_using is not null then format(' using (%s)', v_using) else '' end
      || case when v_check is not null then format(' with check (%s)', v_check) else '' end;
  end loop;
end;
$$;
