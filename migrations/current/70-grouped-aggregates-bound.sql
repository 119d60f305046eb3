-- A grouped aggregate answers at most a bounded number of groups: the GraphQL plan of
-- groupedAggregates selects this function over `count(*) over ()` (the number of groups of its
-- query), so a grouping that makes more groups than the bound fails before any row leaves
-- PostgreSQL, with a message naming the bound (plugins/list-bounds.ts).
create or replace function app_hidden.groups_within_bound(groups bigint, bound integer)
 RETURNS bigint
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
begin
  if groups > bound then
    raise exception 'groupedAggregates: this grouping makes % groups, more than the % one answer may hold; group by fewer columns or narrow the list with condition', groups, bound
      using errcode = 'SVCPX';
  end if;
  return groups;
end;
$function$;
comment on function app_hidden.groups_within_bound(groups bigint, bound integer) is 'The number of groups of a grouped aggregate when it is within the bound; otherwise raises SVCPX (QUERY_TOO_COMPLEX) naming both.';
grant execute on function app_hidden.groups_within_bound(groups bigint, bound integer) to svc_reader;
