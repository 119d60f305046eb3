// The workout in progress as the logger holds it: the reducer's state, kept in localStorage a
// moment after the last change (and at once when the page is hidden or left), and shared with the
// user's other logger tabs through a BroadcastChannel: each change goes to them as its action, and
// a tab opened later asks for the draft of a tab already open (whose latest write may be pending).
// A workout that ends (saved or discarded) is marked ended in storage at once (inProgress.ts), so
// no tab that still holds it, awake, asleep or restored from the back/forward cache, brings it back.
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { readDraft, storeDraft, type LogWorkout } from "./draft.ts";
import { draftKey, endedKey, hasEnded, markEnded } from "./inProgress.ts";
import { LOCAL_ACTIONS, logReducer, type LogAction } from "./logState.ts";

/** How long typing may go on before the draft is written (it is written at once when the page is hidden). */
export const DRAFT_WRITE_DELAY_MS = 400;

type TabMessage = { kind: "action"; action: LogAction } | { kind: "hello" } | { kind: "draft"; workout: LogWorkout };

export type Draft = {
  workout: LogWorkout | null;
  dispatch: (action: LogAction) => void;
  /** The last write to this browser's storage failed (full or turned off): the workout lives in this tab only. */
  storageFailed: boolean;
  /** A draft this version of the app cannot read is kept in storage, untouched until a new workout starts. */
  unreadable: boolean;
};

export function useDraft(userId: string): Draft {
  const [stored] = useState(() => readDraft(userId));
  const [workout, apply] = useReducer(logReducer, stored.workout);
  const [storageFailed, setStorageFailed] = useState(false);
  const latest = useRef(workout);
  // What storage holds as far as this tab knows: a change from it is written.
  const written = useRef(stored.workout);
  const pending = useRef(false);
  const channel = useRef<BroadcastChannel | null>(null);

  const flush = useCallback(() => {
    if (!pending.current) return;
    pending.current = false;
    written.current = latest.current;
    setStorageFailed(!storeDraft(userId, latest.current));
  }, [userId]);

  useEffect(() => {
    latest.current = workout;
    // Storage holds this already (the draft as loaded, an unreadable one included, or the last write).
    if (workout === written.current) return;
    pending.current = true;
    const id = setTimeout(flush, DRAFT_WRITE_DELAY_MS);
    return () => clearTimeout(id);
  }, [workout, flush]);

  useEffect(() => {
    // Back from the background or the back/forward cache, or told by storage: a workout that ended
    // in another tab meanwhile ends here too, and what storage holds now is shown.
    const recheck = () => {
      const held = latest.current;
      if (held && hasEnded(userId, held.idempotencyKey)) apply({ type: "replace", workout: readDraft(userId).workout });
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === draftKey(userId) || event.key === endedKey(userId)) recheck();
    };
    const visible = () => document.visibilityState === "visible" && recheck();
    window.addEventListener("storage", onStorage);
    window.addEventListener("pageshow", recheck);
    document.addEventListener("visibilitychange", visible);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("pageshow", recheck);
      document.removeEventListener("visibilitychange", visible);
    };
  }, [userId]);

  useEffect(() => {
    const hidden = () => document.visibilityState === "hidden" && flush();
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", hidden);
      // Leaving the logger (a saved workout's summary, another page): what is pending is written now.
      flush();
    };
  }, [flush]);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const tabs = new BroadcastChannel(`svc.logger.${userId}`);
    channel.current = tabs;
    tabs.onmessage = (event: MessageEvent<TabMessage>) => {
      const message = event.data;
      const ended = (w: LogWorkout) => hasEnded(userId, w.idempotencyKey);
      if (message.kind === "action") {
        if (message.action.type !== "start" || !ended(message.action.workout)) apply(message.action);
      } else if (message.kind === "hello" && latest.current && !ended(latest.current))
        tabs.postMessage({ kind: "draft", workout: latest.current });
      else if (message.kind === "draft" && !ended(message.workout))
        apply({ type: "replace", workout: message.workout });
    };
    tabs.postMessage({ kind: "hello" } satisfies TabMessage);
    return () => {
      channel.current = null;
      tabs.close();
    };
  }, [userId]);

  const dispatch = useCallback(
    (action: LogAction) => {
      if (action.type === "end" && latest.current) {
        // Before any tab hears of it: from now on nothing writes this workout back.
        markEnded(userId, latest.current.idempotencyKey);
        written.current = null;
      }
      apply(action);
      if (!LOCAL_ACTIONS.has(action.type))
        channel.current?.postMessage({ kind: "action", action } satisfies TabMessage);
    },
    [userId],
  );

  return { workout, dispatch, storageFailed, unreadable: stored.unreadable };
}
