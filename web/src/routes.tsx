// Every page of the app, in one list: its address, who may see it, and its navigation entry.
// To add a page: create web/src/pages/<Name>.tsx with a default export that renders <Page title>,
// then add one line here (nav: the link text in the main navigation, in this order; tab: its
// place in the phone's bottom bar, for the few pages used most).
import { lazyPage, type LazyPage } from "./lazyPage.ts";

/** public: anyone; signed-out: sign-in pages (a signed-in user goes home); signed-in; admin. */
export type Access = "public" | "signed-out" | "signed-in" | "admin";

export type AppRoute = {
  path: string;
  page: LazyPage;
  access: Access;
  nav?: string;
  /** Its tab in the phone's bottom bar (the other nav entries are under "More"). */
  tab?: string;
};

export const appRoutes: AppRoute[] = [
  { path: "/", page: lazyPage(() => import("./pages/Home.tsx")), access: "signed-in", nav: "Home", tab: "Home" },
  {
    path: "/log",
    page: lazyPage(() => import("./pages/log/Logger.tsx")),
    access: "signed-in",
    nav: "Start workout",
    tab: "Log",
  },
  { path: "/log/summary/:id", page: lazyPage(() => import("./pages/log/Summary.tsx")), access: "signed-in" },
  {
    path: "/routines",
    page: lazyPage(() => import("./pages/routines/Routines.tsx")),
    access: "signed-in",
    nav: "Routines",
    tab: "Routines",
  },
  {
    path: "/programs",
    page: lazyPage(() => import("./pages/programs/Programs.tsx")),
    access: "signed-in",
    nav: "Programs",
  },
  { path: "/routines/new", page: lazyPage(() => import("./pages/routines/NewRoutine.tsx")), access: "signed-in" },
  { path: "/routines/:ref", page: lazyPage(() => import("./pages/routines/RoutinePage.tsx")), access: "signed-in" },
  {
    path: "/routines/:ref/edit",
    page: lazyPage(() => import("./pages/routines/RoutineEdit.tsx")),
    access: "signed-in",
  },
  {
    path: "/workouts",
    page: lazyPage(() => import("./pages/workouts/Workouts.tsx")),
    access: "signed-in",
    nav: "Workouts",
  },
  {
    path: "/calendar",
    page: lazyPage(() => import("./pages/workouts/Calendar.tsx")),
    access: "signed-in",
    nav: "Calendar",
  },
  { path: "/workouts/new", page: lazyPage(() => import("./pages/workouts/NewWorkout.tsx")), access: "signed-in" },
  { path: "/workouts/:id", page: lazyPage(() => import("./pages/workouts/WorkoutPage.tsx")), access: "signed-in" },
  { path: "/workouts/:id/edit", page: lazyPage(() => import("./pages/workouts/WorkoutEdit.tsx")), access: "signed-in" },
  {
    path: "/progress",
    page: lazyPage(() => import("./pages/progress/Progress.tsx")),
    access: "signed-in",
    nav: "Progress",
    tab: "Progress",
  },
  {
    path: "/progress/:exerciseId",
    page: lazyPage(() => import("./pages/progress/ExerciseProgress.tsx")),
    access: "signed-in",
  },
  {
    path: "/records",
    page: lazyPage(() => import("./pages/records/Records.tsx")),
    access: "signed-in",
    nav: "Records",
  },
  {
    path: "/exercises",
    page: lazyPage(() => import("./pages/exercises/Exercises.tsx")),
    access: "signed-in",
    nav: "Exercises",
  },
  {
    path: "/bodyweight",
    page: lazyPage(() => import("./pages/bodyweight/Bodyweight.tsx")),
    access: "signed-in",
    nav: "Bodyweight",
  },
  {
    path: "/measurements",
    page: lazyPage(() => import("./pages/measurements/Measurements.tsx")),
    access: "signed-in",
    nav: "Measurements",
  },
  {
    path: "/history",
    page: lazyPage(() => import("./pages/history/History.tsx")),
    access: "signed-in",
    nav: "History",
  },
  { path: "/settings", page: lazyPage(() => import("./pages/Settings.tsx")), access: "signed-in", nav: "Settings" },
  { path: "/admin", page: lazyPage(() => import("./pages/Admin.tsx")), access: "admin", nav: "Admin" },
  { path: "/shared/:token", page: lazyPage(() => import("./pages/routines/SharedRoutine.tsx")), access: "public" },
  { path: "/sign-in", page: lazyPage(() => import("./pages/SignIn.tsx")), access: "signed-out" },
  { path: "/sign-up", page: lazyPage(() => import("./pages/SignUp.tsx")), access: "signed-out" },
];
