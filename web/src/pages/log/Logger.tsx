// /log: the workout logger for the gym floor, phone first. Start from a routine's next workout
// (/log?routine=<id or name>: planned sets prefilled, each target's explanation apart from the
// user's notes), from a past workout (/log?repeat=<workout id>: its sets planned again) or empty;
// tick sets as they are done (the rest timer starts, or the superset partner is next); finish to
// save. The workout in progress is one reducer (logState.ts) kept on this device and shared with
// the user's other tabs (useDraft.ts); the save carries the workout's idempotency key, so a save
// retried after a lost connection logs it once (useSaveWorkout.ts).
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Loading } from "../../components/States.tsx";
import { useSession } from "../../auth/session.tsx";
import type { LogWorkout } from "./draft.ts";
import { Logging } from "./Logging.tsx";
import { RestTimerBar, useRestTimer } from "./RestTimer.tsx";
import { StartFromRoutine, StartScreen } from "./StartScreen.tsx";
import { useDraft } from "./useDraft.ts";
import { StartFromWorkout } from "./StartFromWorkout.tsx";
import { isWorkoutId } from "../workouts/operations.ts";
import "./logger.css";

export default function Logger() {
  const { viewer } = useSession();
  if (!viewer) return <Loading />;
  return <LoggerFor userId={viewer.id} />;
}

function UnreadableDraft() {
  const { t } = useTranslation("log");
  return (
    <p className="state state-error" role="alert">
      {t("start.unreadableDraft")}
    </p>
  );
}

function LoggerFor({ userId }: { userId: string }) {
  const { workout, dispatch, storageFailed, unreadable } = useDraft(userId);
  const [params, setParams] = useSearchParams();
  const routine = params.get("routine");
  const repeat = params.get("repeat");
  const timer = useRestTimer(userId);
  const start = (w: LogWorkout) => dispatch({ type: "start", workout: w });

  let body;
  if (workout) {
    body = (
      <Logging
        userId={userId}
        workout={workout}
        dispatch={dispatch}
        timer={timer}
        storageFailed={storageFailed}
        otherRoutine={routine}
        onDismissOther={() => setParams({}, { replace: true })}
      />
    );
  } else if (routine) {
    body = (
      <StartFromRoutine
        routine={routine}
        onStart={(w) => {
          start(w);
          setParams({}, { replace: true });
        }}
      />
    );
  } else if (repeat && isWorkoutId(repeat)) {
    body = (
      <StartFromWorkout
        workoutId={repeat}
        onStart={(w) => {
          start(w);
          setParams({}, { replace: true });
        }}
      />
    );
  } else {
    body = <StartScreen onStart={start} notice={unreadable ? <UnreadableDraft /> : null} />;
  }
  return (
    <div className={timer.state ? "logger with-rest-bar" : "logger"}>
      {body}
      <RestTimerBar timer={timer} />
    </div>
  );
}
