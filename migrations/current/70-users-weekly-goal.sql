-- A weekly goal of training days, this week's progress against it and the streaks of weeks that met it.

alter table app_public.users add column if not exists weekly_goal integer;
alter table app_public.users drop constraint if exists users_weekly_goal_check;
alter table app_public.users add constraint users_weekly_goal_check check (weekly_goal between 1 and 7);
comment on column app_public.users.weekly_goal is 'Training days a week the user aims for, 1 to 7; null: no goal.';
grant update (weekly_goal) on table app_public.users to svc_visitor;

create or replace function app_hidden.tg_users_weekly_goal_check()
 returns trigger
 language plpgsql
as $function$
begin
  if new.weekly_goal is not null and new.weekly_goal not between 1 and 7 then
    raise exception 'weeklyGoal: must be 1 to 7 days a week, or null for no goal' using errcode = 'SVBAD',
      hint = 'weeklyGoal', detail = json_build_object('field', 'weeklyGoal', 'min', 1, 'max', 7)::text;
  end if;
  return new;
end;
$function$;
comment on function app_hidden.tg_users_weekly_goal_check() is 'Trigger: a weekly goal out of 1 to 7 is refused as INVALID_INPUT naming `weeklyGoal`, before the check constraint''s unnamed refusal.';
drop trigger if exists _125_weekly_goal_check on app_public.users;
create trigger _125_weekly_goal_check before insert or update of weekly_goal on app_public.users
  for each row execute function app_hidden.tg_users_weekly_goal_check();

drop function if exists app_public.users_weekly_goal_progress(app_public.users, text);
drop type if exists app_public.weekly_goal_progress;
create type app_public.weekly_goal_progress as (
  goal integer,
  week date,
  days integer,
  met boolean,
  current_streak integer,
  best_streak integer
);
comment on type app_public.weekly_goal_progress is 'A weekly goal and how it goes: this week''s training days and the streaks of weeks that met it.';
comment on column app_public.weekly_goal_progress.goal is E'@notNull\nTraining days a week aimed for (the user''s weeklyGoal).';
comment on column app_public.weekly_goal_progress.week is E'@notNull\nMonday of this week (ISO weeks).';
comment on column app_public.weekly_goal_progress.days is E'@notNull\nDays with a workout this week so far.';
comment on column app_public.weekly_goal_progress.met is E'@notNull\nWhether this week has met the goal already.';
comment on column app_public.weekly_goal_progress.current_streak is E'@notNull\nConsecutive weeks that met the goal, up to this week: this week counts once met, and while it has not, the streak up to last week still stands.';
comment on column app_public.weekly_goal_progress.best_streak is E'@notNull\nThe longest run of consecutive weeks that met the goal, this week included once met.';

create function app_public.users_weekly_goal_progress(u app_public.users, today text default null)
 returns app_public.weekly_goal_progress
 language sql
 stable
as $function$
  -- A training day is a day with a workout. Weeks after today's are left out (planned workouts).
  with this_week as (
    select date_trunc('week', coalesce(app_hidden.check_date(today), current_date)::timestamp)::date as monday
  ), weeks as (
    select date_trunc('week', w.date::timestamp)::date as monday, count(distinct w.date)::int as days
      from app_public.workouts w, this_week t
     where w.user_id = u.id and w.date < t.monday + 7
     group by 1
  ), met as (
    select wk.monday, wk.monday - (row_number() over (order by wk.monday))::int * 7 as run
      from weeks wk
     where wk.days >= u.weekly_goal
  ), runs as (
    select run, max(monday) as last_monday, count(*)::int as weeks from met group by run
  )
  select u.weekly_goal, t.monday, coalesce(cur.days, 0), coalesce(cur.days, 0) >= u.weekly_goal,
         coalesce((select r.weeks from runs r where r.last_monday in (t.monday, t.monday - 7)
                   order by r.last_monday desc limit 1), 0),
         coalesce((select max(r.weeks) from runs r), 0)
    from this_week t
    left join weeks cur on cur.monday = t.monday
   where u.weekly_goal is not null;
$function$;
comment on function app_public.users_weekly_goal_progress(u app_public.users, today text) is E'@behavior -aggregate -havingBy -orderBy -filterBy\nYour weekly goal''s progress on the week of today (YYYY-MM-DD, default the server''s date: pass your own day): days trained this week and the current and best streak of weeks that met the goal. A training day is a day with a workout. Null while no goal is set.';
grant execute on function app_public.users_weekly_goal_progress(u app_public.users, today text) to svc_reader;
