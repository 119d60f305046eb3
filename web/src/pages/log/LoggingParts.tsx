// The smaller parts of the workout being logged: the notices (Undo, save, this device's storage,
// a workout still in progress), the workout's own fields, and where the focus goes after a change.
import { useCallback, useEffect, useRef } from "react";
import type { LogWorkout, SaveState } from "./draft.ts";
import type { LogAction } from "./logState.ts";

export function UndoNotice({ message, onUndo }: { message: string; onUndo: () => void }) {
  return (
    <div className="undo-notice">
      <span>{message}</span>
      <button type="button" onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}

export function SaveStatus({ save, onRetry }: { save: SaveState; onRetry: () => void }) {
  if (save.status === "waiting") {
    return (
      <div className="state state-waiting" role="status">
        <p>{save.message}</p>
        <button type="button" onClick={onRetry}>
          Try again now
        </button>
      </div>
    );
  }
  if (save.status === "failed") {
    return (
      <div className="state state-error" role="alert">
        <p>Not saved: {save.message}</p>
      </div>
    );
  }
  return null;
}

/** Said at once and kept while this browser refuses to store the draft. */
export function StorageNotice({ failed }: { failed: boolean }) {
  return (
    <div role="alert" className={failed ? "state state-error" : "visually-hidden"}>
      {failed ? (
        <p>
          This workout is not saved on this device: the browser refused to store it (storage full or turned off). Keep
          this tab open; Finish still saves it to your history, and it is tried again here with every change.
        </p>
      ) : null}
    </div>
  );
}

export function OtherRoutineNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className="notice" role="status">
      <p>This workout is still in progress. Finish or discard it before starting another.</p>
      <button type="button" onClick={onDismiss}>
        OK
      </button>
    </div>
  );
}

export function WorkoutFields({ workout, dispatch }: { workout: LogWorkout; dispatch: (a: LogAction) => void }) {
  const field = (name: "name" | "notes" | "bodyweight") => (e: { target: { value: string } }) =>
    dispatch({ type: "field", field: name, value: e.target.value });
  return (
    <section className="section stack" aria-labelledby="about-workout">
      <h2 id="about-workout">This workout</h2>
      <div className="field">
        <label htmlFor="workout-notes">Workout notes</label>
        <textarea id="workout-notes" className="note" rows={3} value={workout.notes} onChange={field("notes")} />
      </div>
      <div className="row row-top">
        <div className="field">
          <label htmlFor="workout-name">Workout name</label>
          <input id="workout-name" value={workout.name} onChange={field("name")} />
        </div>
        <div className="field">
          <label htmlFor="workout-bodyweight">Bodyweight ({workout.unit})</label>
          <input
            id="workout-bodyweight"
            inputMode="decimal"
            value={workout.bodyweight}
            onChange={field("bodyweight")}
          />
        </div>
      </div>
    </section>
  );
}

/** Focuses the element marked data-focus=<key> (or the field inside it). */
export function focusMarked(key: string) {
  const marked = document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`);
  const target =
    marked && marked.tabIndex < 0 && !marked.hasAttribute("tabindex")
      ? marked.querySelector<HTMLElement>("input")
      : marked;
  target?.focus();
}

/** A function naming where the focus goes after the next render (a removed row's neighbour, a partner's set). */
export function useFocusAfterRender(): (key: string) => void {
  const next = useRef<string | null>(null);
  useEffect(() => {
    const key = next.current;
    if (key === null) return;
    next.current = null;
    focusMarked(key);
  });
  return useCallback((key: string) => void (next.current = key), []);
}

/** A workout just started (its start button is gone): the focus goes to the page's heading, not the body. */
export function useFocusHeadingOnStart() {
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, []);
}
