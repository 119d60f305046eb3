-- The account's language: the web app's choice in Settings, kept on the account so the CLI and MCP
-- read it too; null follows the browser.

create or replace function app_hidden.languages() returns text[]
language sql immutable parallel safe as $$ select '{en,de,es,fr,pt-BR,ar}'::text[] $$;
comment on function app_hidden.languages() is 'The languages Training Log speaks, as BCP 47 tags: en (the source), de, es, fr, pt-BR and ar (right to left). The check constraint users_languages lists the same (test/db/sql-rules.test.ts compares them); adding a language starts here.';
grant execute on function app_hidden.languages() to svc_reader;

alter table app_public.users add column if not exists language text;
alter table app_public.users drop constraint if exists users_languages;
alter table app_public.users add constraint users_languages check (language in ('en', 'de', 'es', 'fr', 'pt-BR', 'ar'));
comment on constraint users_languages on app_public.users is 'The language is one of app_hidden.languages() (test/db/sql-rules.test.ts compares them).';
comment on column app_public.users.language is 'The language the apps speak to this user: `en`, `de`, `es`, `fr`, `pt-BR` or `ar` (written exactly so); null to follow the browser''s.';
grant update (language) on table app_public.users to svc_visitor;

create or replace function app_hidden.tg_users_language_check()
 returns trigger
 language plpgsql
as $function$
begin
  perform app_hidden.check_one_of('language', new.language, app_hidden.languages());
  return new;
end;
$function$;
comment on function app_hidden.tg_users_language_check() is 'Trigger: a language not in app_hidden.languages() is refused as INVALID_INPUT `language: must be one of en, de, es, fr, pt-BR, ar`, before the check constraint''s unnamed refusal.';
drop trigger if exists _125_language_check on app_public.users;
create trigger _125_language_check before insert or update of language on app_public.users
  for each row execute function app_hidden.tg_users_language_check();
