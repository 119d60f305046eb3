-- A limit reached says which (hint: apiKeys, shareLinks, webhooks, stagedWorkouts, stagedBytes) and
-- its numbers (detail: JSON {max, wouldMake}), which maskError gives as extensions.limit, max and
-- wouldMake, so an app says it in its own language; the English message is unchanged. The other
-- limits are where their functions already are (2-limit-functions.sql, 75-routine-shares.sql,
-- 97-webhooks.sql).
create or replace function app_public.stage_import_part(staged_import_id uuid, part integer, workouts jsonb, extras jsonb DEFAULT NULL::jsonb)
 RETURNS TABLE(import_id uuid, parts integer, workout_count integer, bytes bigint, expires_at timestamp with time zone)
 LANGUAGE plpgsql
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  v_limits record;
  v_import_id uuid := staged_import_id;
  v_part_bytes integer;
  v_staged record;
begin
  if jsonb_typeof(workouts) is distinct from 'array' then
    raise exception 'workouts: must be a list of workout documents' using errcode = 'SVBAD';
  end if;
  if part is null or part < 0 then
    raise exception 'part: must be 0 or more (the place of the part in the file)' using errcode = 'SVBAD';
  end if;
  if extras is not null and part <> 0 then
    raise exception 'extras: only with the first part (part 0)' using errcode = 'SVBAD';
  end if;
  select * into v_limits from app_hidden.staged_import_limits();
  v_part_bytes := octet_length(workouts::text) + coalesce(octet_length(extras::text), 0);
  -- The limit is checked against what this user already staged: one part at a time per user.
  perform pg_advisory_xact_lock(hashtextextended('app_public.stage_import_part:' || v_user::text, 0));
  if v_import_id is null then
    -- A new import discards the user's earlier ones (an interrupted import, sent again).
    delete from app_public.staged_imports s where s.user_id = v_user;
    insert into app_public.staged_imports default values returning id into v_import_id;
  else
    delete from app_public.staged_imports s where s.user_id = v_user and s.expires_at <= now();
    if not exists (select 1 from app_public.staged_imports s where s.id = v_import_id) then
      raise exception 'importId: no staged import of yours with this id (one expires an hour after its last part, or when you start another)'
        using errcode = 'SVNFD';
    end if;
    -- A part sent again replaces the one of that place.
    delete from app_public.staged_import_parts p where p.staged_import_id = v_import_id and p.part = stage_import_part.part;
  end if;
  select coalesce(sum(p.workout_count), 0) as workouts, coalesce(sum(p.bytes), 0) as bytes into v_staged
    from app_public.staged_import_parts p where p.user_id = v_user;
  if v_staged.workouts + jsonb_array_length(workouts) > v_limits.workouts then
    raise exception 'workouts: at most % staged per user (this part would make %); split the file by date', v_limits.workouts, v_staged.workouts + jsonb_array_length(workouts)
      using errcode = 'SVLIM', hint = 'stagedWorkouts',
            detail = json_build_object('max', v_limits.workouts, 'wouldMake', v_staged.workouts + jsonb_array_length(workouts))::text;
  end if;
  if v_staged.bytes + v_part_bytes > v_limits.bytes then
    raise exception 'workouts: at most % bytes staged per user (this part would make %); split the file by date', v_limits.bytes, v_staged.bytes + v_part_bytes
      using errcode = 'SVLIM', hint = 'stagedBytes', detail = json_build_object('max', v_limits.bytes, 'wouldMake', v_staged.bytes + v_part_bytes)::text;
  end if;
  insert into app_public.staged_import_parts (staged_import_id, part, workouts, extras, workout_count, bytes)
    values (v_import_id, part, workouts, extras, jsonb_array_length(workouts), v_part_bytes);
  update app_public.staged_imports s set expires_at = now() + v_limits.expiry where s.id = v_import_id;
  return query
    select s.id, count(p.part)::integer, coalesce(sum(p.workout_count), 0)::integer, coalesce(sum(p.bytes), 0)::bigint, s.expires_at
      from app_public.staged_imports s join app_public.staged_import_parts p on p.staged_import_id = s.id
     where s.id = v_import_id
     group by s.id;
end;
$function$;
comment on function app_public.stage_import_part(staged_import_id uuid, part integer, workouts jsonb, extras jsonb) is E'@behavior -*\nStages one part of an import for the signed-in user: with staged_import_id null a new import (discarding the user''s earlier staged one), else a part of that import (one of the same place is replaced). Limits (app_hidden.staged_import_limits): SVLIM past the workouts or bytes a user may stage. Returns the import so far.';
grant execute on function app_public.stage_import_part(staged_import_id uuid, part integer, workouts jsonb, extras jsonb) to svc_visitor;
