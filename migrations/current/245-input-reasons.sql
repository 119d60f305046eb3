-- An argument refused says by which rule (hint: dateFormat, dateRange, bodyweight, oneOf, blank,
-- controlCharacters, hiddenCharacter, ...) and with what (detail: JSON {field, ...its values}), which
-- maskError gives as extensions.field, rule and the values, so an app says it in its own language;
-- the English message is unchanged. The other rules are where their functions already are
-- (2-limit-functions.sql, 4-change-password.sql, 70-users-weekly-goal.sql, 80-muscles.sql,
-- 83-measurements.sql).
create or replace function app_public.log_bodyweight(p_date date, p_weight double precision, p_unit text DEFAULT NULL::text)
 RETURNS app_public.bodyweights
 LANGUAGE plpgsql
 SET search_path TO 'pg_catalog', 'public'
AS $function$
declare
  v_user uuid := app_hidden.require_user();
  v_row app_public.bodyweights;
  v_reason text;
begin
  -- Tomorrow in UTC is already today east of UTC (up to UTC+14).
  if p_date is null or p_date < date '1900-01-01' or p_date > (now() at time zone 'UTC')::date + 1 then
    raise exception 'date: must be from 1900-01-01 and not in the future' using errcode = 'SVBAD',
      hint = 'dateRange', detail = json_build_object('field', 'date')::text;
  end if;
  v_reason := app_hidden.bodyweight_reason(p_weight::numeric);
  if v_reason is not null then
    raise exception 'weight: %', v_reason using errcode = 'SVBAD', hint = 'bodyweight',
      detail = json_build_object('field', 'weight', 'max', (app_hidden.document_limits()).bodyweight)::text;
  end if;
  perform app_hidden.check_one_of('unit', p_unit, app_hidden.weight_units());
  insert into app_public.bodyweights as b (date, weight, unit)
  values (p_date, p_weight, coalesce(p_unit, (select u.unit from app_public.users u where u.id = v_user)))
  on conflict (user_id, date) do update set weight = excluded.weight, unit = excluded.unit
  returning b.* into v_row;
  return v_row;
end;
$function$;
comment on function app_public.log_bodyweight(p_date date, p_weight double precision, p_unit text) is E'@behavior -*\nLogs the bodyweight for a date, replacing that day''s value. weight: above 0, at most 1500, at most 2 decimals (as in workout documents); date: from 1900-01-01, not in the future (not after tomorrow in UTC).';
grant execute on function app_public.log_bodyweight(p_date date, p_weight double precision, p_unit text) to svc_visitor;

create or replace function app_hidden.check_date(p_date text)
 RETURNS date
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
begin
  if p_date is null then
    return null;
  end if;
  if p_date !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' or to_char(to_date(p_date, 'YYYY-MM-DD'), 'YYYY-MM-DD') <> p_date then
    raise exception 'date: must be a real calendar date as YYYY-MM-DD' using errcode = 'SVBAD',
      hint = 'dateFormat', detail = json_build_object('field', 'date')::text;
  end if;
  return p_date::date;
exception when datetime_field_overflow or invalid_datetime_format then
  raise exception 'date: must be a real calendar date as YYYY-MM-DD' using errcode = 'SVBAD',
    hint = 'dateFormat', detail = json_build_object('field', 'date')::text;
end;
$function$;
comment on function app_hidden.check_date(p_date text) is 'A `YYYY-MM-DD` argument as a date (null stays null); INVALID_INPUT (rule dateFormat) when it is not a real calendar day.';
grant execute on function app_hidden.check_date(p_date text) to svc_reader;

create or replace function app_hidden.check_one_of(field text, value text, allowed text[])
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
declare
  v_reason text := (app_hidden.doc_one_of(to_jsonb(value), allowed)).reason;
begin
  if value is not null and v_reason is not null then
    raise exception '%: %', field, v_reason using errcode = 'SVBAD', hint = 'oneOf',
      detail = json_build_object('field', field, 'allowed', allowed)::text;
  end if;
  return value;
end;
$function$;
comment on function app_hidden.check_one_of(field text, value text, allowed text[]) is 'An argument that takes one of a list of strings (a unit, an effort scale): the value (null stays null), or INVALID_INPUT `<field>: must be one of ...` (rule oneOf, with the list), the reason documents give at the field''s path.';
grant execute on function app_hidden.check_one_of(field text, value text, allowed text[]) to svc_reader;

create or replace function app_hidden.tg_users_name_check()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  if btrim(new.name, E' \t\n\r\u00a0\u200b\u3000') = '' then
    raise exception 'name: must not be blank' using errcode = 'SVBAD', hint = 'blank',
      detail = json_build_object('field', 'name')::text;
  end if;
  return new;
end;
$function$;
comment on function app_hidden.tg_users_name_check() is 'Trigger: a user''s display name has a visible character (INVALID_INPUT naming `name`, rule blank), whichever way it is written (sign-up, updateUserById, an import): the one place a blank name is decided, so the sign-up route answers with this trigger''s refusal. _140_one_line_name, after it, refuses control characters.';

create or replace function app_hidden.tg_one_line_name()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  v_reason text := app_hidden.control_character_reason(to_jsonb(new) ->> 'name');
begin
  if v_reason is not null then
    raise exception 'name: %', v_reason using errcode = 'SVBAD', hint = 'controlCharacters',
      detail = json_build_object('field', 'name')::text;
  end if;
  return new;
end;
$function$;
comment on function app_hidden.tg_one_line_name() is 'Trigger: a name (user, routine, workout, custom exercise) must not contain control characters such as a newline or tab (INVALID_INPUT, rule controlCharacters), the rule documents apply at their path.';

create or replace function app_hidden.tg_name_without_hidden_characters()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  v_reason text := app_hidden.hidden_character_reason(new.name);
begin
  if v_reason is not null then
    -- TG_ARGV[0]: the field as the caller names it (`name` at sign-up, `client_name` at registration).
    raise exception '%: %', tg_argv[0], v_reason using errcode = 'SVBAD', hint = 'hiddenCharacter',
      detail = json_build_object('field', tg_argv[0], 'found', substring(v_reason from 'U\+[0-9A-F]+'))::text;
  end if;
  return new;
end;
$function$;
comment on function app_hidden.tg_name_without_hidden_characters() is 'Trigger (argument: the field''s name in the refusal): the row''s `name` holds no bidi control or zero-width character (hidden_character_reason), else INVALID_INPUT naming the field (rule hiddenCharacter, with the code point found).';
