-- Names shown to other people as someone's (a user's display name, a connected app's name on the
-- consent page and in Settings) must not hold characters that reorder or hide text: with them
-- `Claude\u202Eedoc.exe` reads as another name, and `Ad\u200Bmin` looks exactly like `Admin`.

create or replace function app_hidden.hidden_character_reason(t text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  -- Bidi controls (U+061C, U+200E/200F, U+202A-202E, U+2066-2069) and zero-width characters
  -- (U+200B-200D, U+2060, U+FEFF); the first one found is named. The joiners U+200C and U+200D
  -- are spelling where Unicode gives them a job (RFC 5892's CONTEXTJ, UTS #51), so these are taken
  -- out before the search: either after a virama (Indic conjuncts), U+200C between two letters of
  -- the Arabic script (Persian, Urdu), U+200D between two emoji (family, profession sequences).
  select 'must not contain bidi control or zero-width characters (found U+'
         || upper(lpad(to_hex(ascii(m[1])), 4, '0')) || ')'
    from regexp_match(
      regexp_replace(
        regexp_replace(
          regexp_replace(t,
            '([\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d4d\u0dca\u1039\u17d2])[\u200c\u200d]', '\1', 'g'),
          '([\u0620-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc])\u200c(?=[\u0620-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc])', '\1', 'g'),
        '([\u2600-\u27bf\U0001f000-\U0001faff]\ufe0f?)\u200d(?=[\u2600-\u27bf\U0001f000-\U0001faff])', '\1', 'g'),
      '([\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff])') m;
$function$;
comment on function app_hidden.hidden_character_reason(t text) is 'Why a name shown to others as someone''s (a user''s name, a connected app''s name) is refused: it holds a bidi control (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) or a zero-width character (U+200B-U+200D, U+2060, U+FEFF), named by its code point; null when it holds none. The joiners keep their jobs: U+200C or U+200D after a virama, U+200C between two Arabic-script letters, U+200D between two emoji.';
grant execute on function app_hidden.hidden_character_reason(t text) to svc_reader;

create or replace function app_hidden.tg_name_without_hidden_characters()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  v_reason text := app_hidden.hidden_character_reason(new.name);
begin
  if v_reason is not null then
    -- TG_ARGV[0]: the field as the caller names it (`name` at sign-up, `client_name` at registration).
    raise exception '%: %', tg_argv[0], v_reason using errcode = 'SVBAD';
  end if;
  return new;
end;
$function$;
comment on function app_hidden.tg_name_without_hidden_characters() is 'Trigger (argument: the field''s name in the refusal): the row''s `name` holds no bidi control or zero-width character (hidden_character_reason), else INVALID_INPUT naming the field.';

drop trigger if exists _130_name_without_hidden_characters on app_public.users;
create trigger _130_name_without_hidden_characters
  before insert or update of name on app_public.users
  for each row execute function app_hidden.tg_name_without_hidden_characters('name');

drop trigger if exists _130_name_without_hidden_characters on app_private.oauth_clients;
create trigger _130_name_without_hidden_characters
  before insert or update of name on app_private.oauth_clients
  for each row execute function app_hidden.tg_name_without_hidden_characters('client_name');
