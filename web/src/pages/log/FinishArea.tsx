// The end of the workout: Finish (empty sets, and loaded sets with no weight, named first, each to
// fill or remove, never a refused save or a weightless one) and Discard, behind a confirmation.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { progressOf, type LogWorkout } from "./draft.ts";
import { EmptySets, emptyRowsOf } from "./EmptySets.tsx";
import type { LastSets } from "./fill.ts";
import type { LogAction } from "./logState.ts";

export function FinishArea({
  workout,
  last,
  loaded,
  dispatch,
  finish,
  onDiscard,
  focusAfterRender,
}: {
  workout: LogWorkout;
  /** Last time of each card, by its key (a card of an exercise done twice has its own). */
  last: ReadonlyMap<string, LastSets>;
  /** The loaded exercises' names (lower case): a set of one with reps and no weight is named too. */
  loaded: ReadonlySet<string>;
  dispatch: (action: LogAction) => void;
  finish: (current?: LogWorkout) => Promise<void>;
  onDiscard: () => void;
  focusAfterRender: (key: string) => void;
}) {
  const { t } = useTranslation("log");
  const [discarding, setDiscarding] = useState(false);
  /** Finish was tapped with empty sets: they are listed, each to fill or remove. */
  const [reviewing, setReviewing] = useState(false);
  const { done } = progressOf(workout);
  return (
    <>
      {reviewing && emptyRowsOf(workout, loaded).length > 0 ? (
        <EmptySets
          workout={workout}
          last={last}
          loaded={loaded}
          dispatch={dispatch}
          onFinish={(w) => {
            setReviewing(false);
            void finish(w);
          }}
        />
      ) : null}
      <div className="form-actions finish">
        <button
          type="button"
          className="primary"
          disabled={workout.save.status === "saving"}
          onClick={() => {
            // An empty set is never a refused save: each is named, to fill or remove.
            if (emptyRowsOf(workout, loaded).length > 0) {
              setReviewing(true);
              focusAfterRender("empty-sets");
            } else void finish();
          }}
        >
          {workout.save.status === "saving" ? t("finish.saving") : t("finish.button")}
        </button>
        <button type="button" className="quiet" onClick={() => setDiscarding(true)}>
          {t("finish.discard")}
        </button>
      </div>
      <ConfirmDialog
        open={discarding}
        title={t("finish.discardTitle")}
        confirmLabel={t("finish.discardConfirm")}
        danger
        onCancel={() => setDiscarding(false)}
        onConfirm={() => {
          setDiscarding(false);
          onDiscard();
        }}
      >
        <p>
          {t("finish.discardRemoved", { count: done })}{" "}
          {workout.workoutId ? t("finish.discardEarlierSave") : t("finish.discardNothingSaved")}
        </p>
      </ConfirmDialog>
    </>
  );
}
