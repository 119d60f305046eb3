// Every page of the app, in one list: its address, who may see it, and its navigation entry.
// To add a page: create web/src/pages/<Name>.tsx with a default export that renders <Page title>,
// then add one line here (nav: the link text in the main navigation, in this order).
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** public: anyone; signed-out: sign-in pages (a signed-in user goes home); signed-in; admin. */
export type Access = "public" | "signed-out" | "signed-in" | "admin";

export type AppRoute = {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  access: Access;
  nav?: string;
};

export const appRoutes: AppRoute[] = [
  { path: "/", page: lazy(() => import("./pages/Home.tsx")), access: "signed-in", nav: "Home" },
  { path: "/settings", page: lazy(() => import("./pages/Settings.tsx")), access: "signed-in", nav: "Settings" },
  { path: "/admin", page: lazy(() => import("./pages/Admin.tsx")), access: "admin", nav: "Admin" },
  { path: "/sign-in", page: lazy(() => import("./pages/SignIn.tsx")), access: "signed-out" },
  { path: "/sign-up", page: lazy(() => import("./pages/SignUp.tsx")), access: "signed-out" },
];
