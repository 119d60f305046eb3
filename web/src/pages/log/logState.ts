// The workout being logged as one reducer: every change the logger makes is an action here, applied
// by the pure functions of draft.ts. The same actions reach the logger's other tabs (useDraft
// posts them), so each tab applies every change, its own and the other's, and no tick is lost to
// a tab writing its older copy over it.
import { FIRST_VERSION, type LogExercise, type LogSet, type LogWorkout, type SaveState } from "./draft.ts";
import { leaveSuperset, pairSuperset } from "./superset.ts";
import { withWarmups } from "./warmups.ts";

export type WorkoutField = "name" | "notes" | "bodyweight";

export type LogAction =
  | { type: "start"; workout: LogWorkout }
  /** The workout is saved or discarded: nothing in progress. */
  | { type: "end" }
  /** Another tab's whole draft (a tab opened later takes the one already open). */
  | { type: "replace"; workout: LogWorkout | null }
  | { type: "field"; field: WorkoutField; value: string }
  | { type: "editSet"; exercise: string; set: string; patch: Partial<LogSet> }
  | { type: "tick"; exercise: string; set: string; done: boolean }
  /** The new row's key is chosen by the tab that adds it, so every tab holds the same row. */
  | { type: "addSet"; exercise: string; set: LogSet }
  | { type: "removeSet"; exercise: string; set: string }
  /** Puts a removed set back at its index (Undo). */
  | { type: "insertSet"; exercise: string; index: number; set: LogSet }
  | { type: "editExercise"; exercise: string; patch: Partial<Pick<LogExercise, "note" | "pinned">> }
  | { type: "addExercise"; exercise: LogExercise }
  | { type: "removeExercise"; exercise: string }
  | { type: "insertExercise"; index: number; exercise: LogExercise }
  | { type: "moveExercise"; exercise: string; by: -1 | 1 }
  /** Pairs the exercise with another of the workout (one `superset` letter, cards together). */
  | { type: "superset"; exercise: string; with: string }
  | { type: "leaveSuperset"; exercise: string }
  /** Warm-up rows put above the exercise's work sets (their keys chosen by the tab that adds them). */
  | { type: "addWarmups"; exercise: string; sets: LogSet[] }
  | { type: "finishing"; at: string }
  | { type: "saveState"; save: SaveState }
  /** A save answered CONFLICT: the key logged this workout already; later saves replace it by id. */
  | { type: "savedAs"; workoutId: string };

/** Actions that change only this tab's view of the save, not what the lifter logged. */
export const LOCAL_ACTIONS: ReadonlySet<LogAction["type"]> = new Set(["saveState"]);

function mapExercise(w: LogWorkout, key: string, fn: (x: LogExercise) => LogExercise): LogWorkout {
  return { ...w, exercises: w.exercises.map((x) => (x.key === key ? fn(x) : x)) };
}

function mapSet(w: LogWorkout, exercise: string, set: string, fn: (s: LogSet) => LogSet): LogWorkout {
  return mapExercise(w, exercise, (x) => ({ ...x, sets: x.sets.map((s) => (s.key === set ? fn(s) : s)) }));
}

/** A change to what is logged clears a refused save's message: the next Finish judges it again. */
function edited(w: LogWorkout): LogWorkout {
  return w.save.status === "failed" ? { ...w, save: { status: "logging" } } : w;
}

function insertAt<T>(list: T[], index: number, item: T): T[] {
  const at = Math.max(0, Math.min(index, list.length));
  return [...list.slice(0, at), item, ...list.slice(at)];
}

function applyToWorkout(w: LogWorkout, action: LogAction): LogWorkout {
  switch (action.type) {
    case "field":
      return edited({ ...w, [action.field]: action.value });
    case "editSet":
      return edited(
        mapExercise(w, action.exercise, (x) =>
          withWarmups({ ...x, sets: x.sets.map((s) => (s.key === action.set ? { ...s, ...action.patch } : s)) }, []),
        ),
      );
    case "tick":
      return mapSet(w, action.exercise, action.set, (s) => ({ ...s, done: action.done }));
    case "addSet":
      return edited(
        mapExercise(w, action.exercise, (x) =>
          x.sets.some((s) => s.key === action.set.key) ? x : { ...x, sets: [...x.sets, action.set] },
        ),
      );
    case "removeSet":
      return edited(
        mapExercise(w, action.exercise, (x) => ({ ...x, sets: x.sets.filter((s) => s.key !== action.set) })),
      );
    case "insertSet":
      return edited(
        mapExercise(w, action.exercise, (x) =>
          x.sets.some((s) => s.key === action.set.key) ? x : { ...x, sets: insertAt(x.sets, action.index, action.set) },
        ),
      );
    case "editExercise":
      return mapExercise(w, action.exercise, (x) => ({ ...x, ...action.patch }));
    case "addExercise":
    case "insertExercise": {
      if (w.exercises.some((x) => x.key === action.exercise.key)) return w;
      const index = action.type === "insertExercise" ? action.index : w.exercises.length;
      return edited({ ...w, exercises: insertAt(w.exercises, index, action.exercise) });
    }
    case "removeExercise":
      return edited({ ...w, exercises: w.exercises.filter((x) => x.key !== action.exercise) });
    case "moveExercise": {
      const from = w.exercises.findIndex((x) => x.key === action.exercise);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= w.exercises.length) return w;
      const list = [...w.exercises];
      const [moved] = list.splice(from, 1);
      list.splice(to, 0, moved);
      return { ...w, exercises: list };
    }
    case "superset":
      return pairSuperset(w, action.exercise, action.with);
    case "leaveSuperset":
      return leaveSuperset(w, action.exercise);
    case "addWarmups":
      return edited(mapExercise(w, action.exercise, (x) => withWarmups(x, action.sets)));
    case "finishing":
      return w.finishedAt ? w : { ...w, finishedAt: action.at };
    case "saveState":
      return { ...w, save: action.save };
    case "savedAs":
      // The key's first save logged the workout at its first version: what this device started from.
      return { ...w, workoutId: action.workoutId, workoutVersion: w.workoutVersion ?? FIRST_VERSION };
    default:
      return w;
  }
}

export function logReducer(state: LogWorkout | null, action: LogAction): LogWorkout | null {
  switch (action.type) {
    case "start":
      // A tab that already logs a workout keeps it: one workout in progress per user.
      return state ?? action.workout;
    case "end":
      return null;
    case "replace":
      return action.workout;
    default:
      return state ? applyToWorkout(state, action) : state;
  }
}
