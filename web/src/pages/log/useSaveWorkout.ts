// Finishing the workout: one save at a time, its outcome shown in the draft's save state, and a save
// that did not reach the server tried again when the browser is back online, every 15 s, and from
// "Try again now". The idempotency key makes every retry log the workout once.
import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { operations } from "@svc/sdk";
import { validateWorkoutDocument } from "@svc/sdk/documents";
import { request } from "../../graphql/client.ts";
import { problemText } from "../../i18n/serverMessages.ts";
import { typedNumber, type LogWorkout } from "./draft.ts";
import type { LogAction } from "./logState.ts";
import { SaveLoggedWorkout } from "./operations.ts";
import { saveWorkout } from "./save.ts";

/** How often a save waiting for the connection is tried again. */
export const SAVE_RETRY_MS = 15_000;

/** The bodyweight typed in the logger is also the day's bodyweight (Progress charts it). */
async function logBodyweight(w: LogWorkout) {
  const bodyweight = typedNumber(w.bodyweight);
  if (bodyweight === null || bodyweight <= 0) return;
  await request(operations.LOG_BODYWEIGHT, {
    input: { date: w.date, weight: bodyweight, unit: w.unit === "lb" ? "LB" : "KG" },
  }).catch(() => {});
}

export function useSaveWorkout(
  workout: LogWorkout,
  dispatch: (action: LogAction) => void,
  onSaved: () => void,
): { finish: (current?: LogWorkout) => Promise<void>; problems: Map<string, string>; clearProblems: () => void } {
  const { t } = useTranslation("log");
  const navigate = useNavigate();
  const saving = useRef(false);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());

  /** Saves the workout (`current`: as it is after changes dispatched in the same moment). */
  const finish = useCallback(
    async (current: LogWorkout = workout) => {
      if (saving.current) return;
      saving.current = true;
      try {
        const finishing = current.finishedAt ? current : { ...current, finishedAt: new Date().toISOString() };
        dispatch({ type: "finishing", at: finishing.finishedAt! });
        const outcome = await saveWorkout(finishing, {
          validate: (doc) => validateWorkoutDocument(doc, { unit: current.unit, effort: current.effort }),
          send: (document, key) => request(SaveLoggedWorkout, { document, key }),
          onSaving: () => dispatch({ type: "saveState", save: { status: "saving" } }),
          text: {
            setName: (exercise, n) => t("set.name", { exercise, n }),
            exercise: (n) => t("save.exerciseN", { n }),
            refused: t("save.refused"),
            problem: problemText,
          },
        });
        switch (outcome.kind) {
          case "saved":
            await logBodyweight(finishing);
            dispatch({ type: "end" });
            onSaved();
            navigate(`/log/summary/${outcome.workoutId}`);
            return;
          case "conflict":
            dispatch({ type: "savedAs", workoutId: outcome.workoutId });
            dispatch({
              type: "saveState",
              save: { status: "waiting", message: t("save.merging") },
            });
            return;
          case "invalid":
            setProblems(outcome.problems);
            dispatch({ type: "saveState", save: { status: "failed", message: outcome.message, path: outcome.path } });
            return;
          case "offline":
            dispatch({ type: "saveState", save: { status: "waiting", message: t("save.offline") } });
            return;
          default:
            dispatch({ type: "saveState", save: { status: "failed", message: outcome.message } });
        }
      } finally {
        saving.current = false;
      }
    },
    [workout, dispatch, onSaved, navigate, t],
  );

  const retryNow = useEffectEvent(() => void finish(workout));
  const waiting = workout.save.status === "waiting";
  useEffect(() => {
    if (!waiting) return;
    const retry = () => retryNow();
    window.addEventListener("online", retry);
    const id = setInterval(retry, SAVE_RETRY_MS);
    const soon = setTimeout(retry, 300);
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(id);
      clearTimeout(soon);
    };
  }, [waiting]);

  return { finish, problems, clearProblems: useCallback(() => setProblems(new Map()), []) };
}
