// The smaller parts of the workout being logged: the notices (Undo, save, this device's storage,
// a workout still in progress), the workout's own fields, and where the focus goes after a change.
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { INTERRUPTED_SAVE, type LogWorkout, type SaveState } from "./draft.ts";
import type { LogAction } from "./logState.ts";

export function UndoNotice({ message, onUndo }: { message: string; onUndo: () => void }) {
  const { t } = useTranslation("log");
  return (
    <div className="undo-notice">
      <span>{message}</span>
      <button type="button" onClick={onUndo}>
        {t("removal.undo")}
      </button>
    </div>
  );
}

export function SaveStatus({ save, onRetry }: { save: SaveState; onRetry: () => void }) {
  const { t } = useTranslation("log");
  if (save.status === "waiting") {
    return (
      <div className="state state-waiting" role="status">
        {/* A save a reload cut off is named by the stored draft in English: said here in the app's language. */}
        <p>{save.message === INTERRUPTED_SAVE ? t("save.interrupted") : save.message}</p>
        <button type="button" onClick={onRetry}>
          {t("save.retry")}
        </button>
      </div>
    );
  }
  if (save.status === "failed") {
    return (
      <div className="state state-error" role="alert">
        <p>{t("save.failed", { message: save.message })}</p>
      </div>
    );
  }
  return null;
}

/** Said at once and kept while this browser refuses to store the draft. */
export function StorageNotice({ failed }: { failed: boolean }) {
  const { t } = useTranslation("log");
  return (
    <div role="alert" className={failed ? "state state-error" : "visually-hidden"}>
      {failed ? <p>{t("save.storageFailed")}</p> : null}
    </div>
  );
}

export function OtherRoutineNotice({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation("log");
  return (
    <div className="notice" role="status">
      <p>{t("page.otherInProgress")}</p>
      <button type="button" onClick={onDismiss}>
        {t("page.ok")}
      </button>
    </div>
  );
}

export function WorkoutFields({ workout, dispatch }: { workout: LogWorkout; dispatch: (a: LogAction) => void }) {
  const { t } = useTranslation("log");
  const field = (name: "name" | "notes" | "bodyweight") => (e: { target: { value: string } }) =>
    dispatch({ type: "field", field: name, value: e.target.value });
  return (
    <section className="section stack" aria-labelledby="about-workout">
      <h2 id="about-workout">{t("fields.heading")}</h2>
      <div className="field">
        <label htmlFor="workout-notes">{t("fields.notes")}</label>
        <textarea id="workout-notes" className="note" rows={3} value={workout.notes} onChange={field("notes")} />
      </div>
      <div className="row row-top">
        <div className="field">
          <label htmlFor="workout-name">{t("fields.name")}</label>
          <input id="workout-name" value={workout.name} onChange={field("name")} />
        </div>
        <div className="field">
          <label htmlFor="workout-bodyweight">{t("fields.bodyweight", { unit: workout.unit })}</label>
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
