// Each page's code by its address: the loaders routes.tsx makes its pages from, in a module of their
// own without React, so boot.ts can start fetching the first page's code beside the app's rather
// than after the app has been evaluated.
import type { PageModule } from "./lazyPage.ts";

export const pageCode = {
  "/": () => import("./pages/Home.tsx"),
  "/log": () => import("./pages/log/Logger.tsx"),
  "/log/summary/:id": () => import("./pages/log/Summary.tsx"),
  "/routines": () => import("./pages/routines/Routines.tsx"),
  "/programs": () => import("./pages/programs/Programs.tsx"),
  "/routines/new": () => import("./pages/routines/NewRoutine.tsx"),
  "/routines/:ref": () => import("./pages/routines/RoutinePage.tsx"),
  "/routines/:ref/edit": () => import("./pages/routines/RoutineEdit.tsx"),
  "/workouts": () => import("./pages/workouts/Workouts.tsx"),
  "/calendar": () => import("./pages/workouts/Calendar.tsx"),
  "/workouts/new": () => import("./pages/workouts/NewWorkout.tsx"),
  "/workouts/:id": () => import("./pages/workouts/WorkoutPage.tsx"),
  "/workouts/:id/edit": () => import("./pages/workouts/WorkoutEdit.tsx"),
  "/progress": () => import("./pages/progress/Progress.tsx"),
  "/progress/:exerciseId": () => import("./pages/progress/ExerciseProgress.tsx"),
  "/records": () => import("./pages/records/Records.tsx"),
  "/exercises": () => import("./pages/exercises/Exercises.tsx"),
  "/bodyweight": () => import("./pages/bodyweight/Bodyweight.tsx"),
  "/measurements": () => import("./pages/measurements/Measurements.tsx"),
  "/history": () => import("./pages/history/History.tsx"),
  "/settings": () => import("./pages/Settings.tsx"),
  "/admin": () => import("./pages/Admin.tsx"),
  "/shared/:token": () => import("./pages/routines/SharedRoutine.tsx"),
  "/sign-in": () => import("./pages/SignIn.tsx"),
  "/sign-up": () => import("./pages/SignUp.tsx"),
} satisfies Record<string, () => Promise<PageModule>>;

const segments = (path: string) => path.split("/").filter(Boolean);

/**
 * The loader of the page at `pathname`, as the router will match it (a static segment before a
 * parameter: `/routines/new` before `/routines/:ref`); undefined for an address no page has.
 */
export function pageCodeAt(pathname: string): (() => Promise<PageModule>) | undefined {
  const wanted = segments(pathname.toLowerCase());
  let found: (() => Promise<PageModule>) | undefined;
  let mostStatic = -1;
  for (const [path, load] of Object.entries(pageCode)) {
    const route = segments(path);
    if (route.length !== wanted.length) continue;
    if (!route.every((segment, i) => segment.startsWith(":") || segment === wanted[i])) continue;
    const statics = route.filter((segment) => !segment.startsWith(":")).length;
    if (statics > mostStatic) [found, mostStatic] = [load, statics];
  }
  return found;
}
