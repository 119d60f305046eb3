-- The Exercises page lists the signed-in user's own custom exercises (the catalog is searched,
-- never listed whole): User.customExercises, by name. Others' rows are never read: the function
-- filters by the user row it is given, and RLS on exercises hides other users' rows anyway.
drop function if exists app_public.users_custom_exercises(app_public.users);
create function app_public.users_custom_exercises(u app_public.users) returns setof app_public.exercises
language sql stable security invoker set search_path to pg_catalog, public as $$
  select e.* from app_public.exercises e
   where e.user_id = u.id
   order by lower(e.name), e.id;
$$;
comment on function app_public.users_custom_exercises(app_public.users) is
  E'Your custom exercises (private to you; the catalog is not listed here), by name.';
grant execute on function app_public.users_custom_exercises(app_public.users) to svc_reader;
