// Every page of the app, in one list: its address, who may see it, and its navigation entry.
// To add a page: create web/src/pages/<Name>.tsx with a default export that renders <Page title>,
// then add its loader to pages.ts and one line here (nav: its link in the main navigation, in this order, a key of
// locales/<lng>/nav.json `links`; tab: its place in the phone's bottom bar, for the few pages used
// most, a key of `tabs`). The names are translated when the navigation renders (navLabel, tabLabel).
import { lazyPage, type LazyPage } from "./lazyPage.ts";
import { pageCode } from "./pages.ts";
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
  { path: "/", page: lazyPage(pageCode["/"]), access: "signed-in", nav: "home", tab: "home" },
  {
    path: "/log",
    page: lazyPage(pageCode["/log"]),
    access: "signed-in",
    nav: "log",
    tab: "log",
  },
  { path: "/log/summary/:id", page: lazyPage(pageCode["/log/summary/:id"]), access: "signed-in" },
  {
    path: "/routines",
    page: lazyPage(pageCode["/routines"]),
    access: "signed-in",
    nav: "routines",
    tab: "routines",
  },
  {
    path: "/programs",
    page: lazyPage(pageCode["/programs"]),
    access: "signed-in",
    nav: "programs",
  },
  { path: "/routines/new", page: lazyPage(pageCode["/routines/new"]), access: "signed-in" },
  { path: "/routines/:ref", page: lazyPage(pageCode["/routines/:ref"]), access: "signed-in" },
  {
    path: "/routines/:ref/edit",
    page: lazyPage(pageCode["/routines/:ref/edit"]),
    access: "signed-in",
  },
  {
    path: "/workouts",
    page: lazyPage(pageCode["/workouts"]),
    access: "signed-in",
    nav: "workouts",
  },
  {
    path: "/calendar",
    page: lazyPage(pageCode["/calendar"]),
    access: "signed-in",
    nav: "calendar",
  },
  { path: "/workouts/new", page: lazyPage(pageCode["/workouts/new"]), access: "signed-in" },
  { path: "/workouts/:id", page: lazyPage(pageCode["/workouts/:id"]), access: "signed-in" },
  { path: "/workouts/:id/edit", page: lazyPage(pageCode["/workouts/:id/edit"]), access: "signed-in" },
  {
    path: "/progress",
    page: lazyPage(pageCode["/progress"]),
    access: "signed-in",
    nav: "progress",
    tab: "progress",
  },
  {
    path: "/progress/:exerciseId",
    page: lazyPage(pageCode["/progress/:exerciseId"]),
    access: "signed-in",
  },
  {
    path: "/records",
    page: lazyPage(pageCode["/records"]),
    access: "signed-in",
    nav: "records",
  },
  {
    path: "/exercises",
    page: lazyPage(pageCode["/exercises"]),
    access: "signed-in",
    nav: "exercises",
  },
  {
    path: "/bodyweight",
    page: lazyPage(pageCode["/bodyweight"]),
    access: "signed-in",
    nav: "bodyweight",
  },
  {
    path: "/measurements",
    page: lazyPage(pageCode["/measurements"]),
    access: "signed-in",
    nav: "measurements",
  },
  {
    path: "/history",
    page: lazyPage(pageCode["/history"]),
    access: "signed-in",
    nav: "history",
  },
  { path: "/settings", page: lazyPage(pageCode["/settings"]), access: "signed-in", nav: "settings" },
  { path: "/admin", page: lazyPage(pageCode["/admin"]), access: "admin", nav: "admin" },
  { path: "/shared/:token", page: lazyPage(pageCode["/shared/:token"]), access: "public" },
  { path: "/sign-in", page: lazyPage(pageCode["/sign-in"]), access: "signed-out" },
  { path: "/sign-up", page: lazyPage(pageCode["/sign-up"]), access: "signed-out" },
];
