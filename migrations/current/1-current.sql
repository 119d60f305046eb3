-- A name's joiners that have a job are taken out in one pass, each script's letters named once.
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
  with letters(virama, arabic, emoji) as (values (
    '[\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d4d\u0dca\u1039\u17d2]',
    '[\u0620-\u064a\u066e-\u06d3\u06fa-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefc]',
    '[\u2600-\u27bf\U0001f000-\U0001faff]'))
  select 'must not contain bidi control or zero-width characters (found U+'
         || upper(lpad(to_hex(ascii(m[1])), 4, '0')) || ')'
    from letters,
         regexp_replace(t, format('(?<=%1$s)[\u200c\u200d]|(?<=%2$s)\u200c(?=%2$s)|(?<=%3$s\ufe0f?)\u200d(?=%3$s)',
           virama, arabic, emoji), '', 'g') as plain,
         regexp_match(plain, '([\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff])') m;
$function$;
