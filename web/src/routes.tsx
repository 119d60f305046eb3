// Every page of the app, in one list: its address, who may see it, and its navigation entry.
// To add a page: create web/src/pages/<Name>.tsx with a default export that renders <Page title>,
// then add one line here (nav: its link in the main navigation, in this order, a key of
// locales/<lng>/nav.json `links`; tab: its place in the phone's bottom bar, for the few pages used
// most, a key of `tabs`). The names are translated when the navigation renders (navLabel, tabLabel).
import { lazyPage, type LazyPage } from "./lazyPage.ts";
import type navCatalogue from "./locales/en/nav.json";

/** public: anyone; signed-out: sign-in pages (a signed-in user goes home); signed-in; admin. */
export type Access = "public" | "signed-out" | "signed-in" | "admin";

type Translate = (key: string) => string;

/** A page's entry in the navigation: its key in nav.json `links`. */
export type NavKey = keyof (typeof navCatalogue)["links"];
/** The pages with a tab of their own: their key in nav.json `tabs`. */
export type TabKey = keyof (typeof navCatalogue)["tabs"] & NavKey;

export type AppRoute = {
  path: string;
  page: LazyPage;
  access: Access;
  nav?: NavKey;
  /** Its tab in the phone's bottom bar (the other nav entries are under "More"). */
  tab?: TabKey;
};

/** A route's link text in the main navigation, in the app's language (`t` of the nav namespace). */
export const navLabel = (t: Translate, key: NavKey): string => t(`links.${key}`);
/** A route's tab text in the phone's bottom bar. */
export const tabLabel = (t: Translate, key: TabKey): string => t(`tabs.${key}`);

export const appRoutes: AppRoute[] = [
  { path: "/", page: lazyPage(() => import("./pages/Home.tsx")), access: "signed-in", nav: "home", tab: "home" },
  {
    path: "/log",
    page: lazyPage(() => import("./pages/log/Logger.tsx")),
    access: "signed-in",
    nav: "log",
    tab: "log",
  },
  { path: "/log/summary/:id", page: lazyPage(() => import("./pages/log/Summary.tsx")), access: "signed-in" },
  {
    path: "/routines",
    page: lazyPage(() => import("./pages/routines/Routines.tsx")),
    access: "signed-in",
    nav: "routines",
    tab: "routines",
  },
  {
    path: "/programs",
    page: lazyPage(() => import("./pages/programs/Programs.tsx")),
    access: "signed-in",
    nav: "programs",
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
    nav: "workouts",
  },
  {
    path: "/calendar",
    page: lazyPage(() => import("./pages/workouts/Calendar.tsx")),
    access: "signed-in",
    nav: "calendar",
  },
  { path: "/workouts/new", page: lazyPage(() => import("./pages/workouts/NewWorkout.tsx")), access: "signed-in" },
  { path: "/workouts/:id", page: lazyPage(() => import("./pages/workouts/WorkoutPage.tsx")), access: "signed-in" },
  { path: "/workouts/:id/edit", page: lazyPage(() => import("./pages/workouts/WorkoutEdit.tsx")), access: "signed-in" },
  {
    path: "/progress",
    page: lazyPage(() => import("./pages/progress/Progress.tsx")),
    access: "signed-in",
    nav: "progress",
    tab: "progress",
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
    nav: "records",
  },
  {
    path: "/exercises",
    page: lazyPage(() => import("./pages/exercises/Exercises.tsx")),
    access: "signed-in",
    nav: "exercises",
  },
  {
    path: "/bodyweight",
    page: lazyPage(() => import("./pages/bodyweight/Bodyweight.tsx")),
    access: "signed-in",
    nav: "bodyweight",
  },
  {
    path: "/measurements",
    page: lazyPage(() => import("./pages/measurements/Measurements.tsx")),
    access: "signed-in",
    nav: "measurements",
  },
  {
    path: "/history",
    page: lazyPage(() => import("./pages/history/History.tsx")),
    access: "signed-in",
    nav: "history",
  },
  { path: "/settings", page: lazyPage(() => import("./pages/Settings.tsx")), access: "signed-in", nav: "settings" },
  { path: "/admin", page: lazyPage(() => import("./pages/Admin.tsx")), access: "admin", nav: "admin" },
  { path: "/shared/:token", page: lazyPage(() => import("./pages/routines/SharedRoutine.tsx")), access: "public" },
  { path: "/sign-in", page: lazyPage(() => import("./pages/SignIn.tsx")), access: "signed-out" },
  { path: "/sign-up", page: lazyPage(() => import("./pages/SignUp.tsx")), access: "signed-out" },
];
