// The rest timer: ticking a set starts it (afterTick.ts says how long). It sits in a bar fixed to the
// bottom of the window on every logger screen (the page keeps room for it below its last input, so
// it never covers one), can be paused and moved by 15 s, and at zero plays a short tone, vibrates
// where the device allows and, when the tab is hidden and the user allowed it, shows a
// notification. Kept in localStorage so a reload keeps counting, and the user's other tabs follow it.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export type TimerState = {
  /** Epoch ms when the rest ends while running; null when paused or stopped. */
  endsAt: number | null;
  /** Ms left while paused. */
  pausedLeft: number | null;
  /** What it is resting for (`Bench Press set 2`). */
  label: string;
};

/** Per user, like the workout in progress: another account on this browser has its own. */
const storeKey = (userId: string) => `svc.logger.timer.v1.${userId}`;

function load(userId: string): TimerState | null {
  try {
    const v = JSON.parse(localStorage.getItem(storeKey(userId)) ?? "null") as TimerState | null;
    return v && (typeof v.endsAt === "number" || typeof v.pausedLeft === "number") ? v : null;
  } catch {
    return null;
  }
}

function store(userId: string, v: TimerState | null) {
  try {
    if (v) localStorage.setItem(storeKey(userId), JSON.stringify(v));
    else localStorage.removeItem(storeKey(userId));
  } catch {
    // Not kept across a reload; it still runs.
  }
}

let audio: AudioContext | null = null;
/** Made (or resumed) inside a tap, so the browser lets it play later without one. */
export function unlockSound() {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume();
  } catch {
    audio = null;
  }
}

/** The notification of a rest that is over, in the app's language. */
type RestOverNotice = { title: string; body: string };

function notifyHidden(notice: RestOverNotice) {
  try {
    if (
      document.visibilityState === "hidden" &&
      typeof Notification !== "undefined" &&
      Notification.permission === "granted"
    )
      new Notification(notice.title, { body: notice.body, tag: "svc-rest" });
  } catch {
    // Notifications from a page are refused on some phones (only a service worker may show them).
  }
}

function alarm(notice: RestOverNotice) {
  try {
    if (audio) {
      const now = audio.currentTime;
      for (const at of [0, 0.35, 0.7]) {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.frequency.value = 880;
        gain.gain.setValueAtTime(0.25, now + at);
        gain.gain.exponentialRampToValueAtTime(0.001, now + at + 0.25);
        osc.connect(gain).connect(audio.destination);
        osc.start(now + at);
        osc.stop(now + at + 0.3);
      }
    }
  } catch {
    // No sound on this device.
  }
  navigator.vibrate?.([300, 150, 300]);
  notifyHidden(notice);
}

export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

export type RestTimer = {
  state: TimerState | null;
  /** Ms left (negative once over). */
  left: number;
  start: (seconds: number, label: string) => void;
  pause: () => void;
  resume: () => void;
  add: (seconds: number) => void;
  stop: () => void;
};

export function useRestTimer(userId: string): RestTimer {
  const { t } = useTranslation("log");
  const [state, setState] = useState<TimerState | null>(() => load(userId));
  const [now, setNow] = useState(() => Date.now());
  const rang = useRef(false);
  const update = useCallback(
    (next: TimerState | null) => {
      store(userId, next);
      setState(next);
    },
    [userId],
  );

  // Another tab of the logger started, moved or stopped the rest: this one shows the same.
  useEffect(() => {
    const follow = (e: StorageEvent) => e.key === storeKey(userId) && setState(load(userId));
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, [userId]);

  const endsAt = state?.endsAt ?? null;
  useEffect(() => {
    if (endsAt === null) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    // A hidden tab's interval is slowed down; the end is also awaited on its own.
    const end = setTimeout(() => setNow(Date.now()), Math.max(0, endsAt - Date.now()) + 20);
    return () => {
      clearInterval(id);
      clearTimeout(end);
    };
  }, [endsAt]);

  const running = endsAt !== null;
  const left = endsAt !== null ? endsAt - now : (state?.pausedLeft ?? 0);
  const label = state?.label ?? "";
  useEffect(() => {
    if (running && left <= 0 && !rang.current) {
      rang.current = true;
      alarm({ title: t("rest.over"), body: t("rest.notification", { label }) });
    }
  }, [running, left, label, t]);

  return {
    state,
    left,
    // One reading of the clock per change, so a new countdown shows exactly its length (1:00, not 1:01).
    start: (seconds, label) => {
      const t = Date.now();
      rang.current = false;
      setNow(t);
      update({ endsAt: t + seconds * 1000, pausedLeft: null, label });
    },
    pause: () =>
      state?.endsAt != null && update({ ...state, endsAt: null, pausedLeft: Math.max(0, state.endsAt - Date.now()) }),
    resume: () => {
      if (state?.pausedLeft == null) return;
      const t = Date.now();
      setNow(t);
      update({ ...state, endsAt: t + state.pausedLeft, pausedLeft: null });
    },
    add: (seconds) => {
      if (!state) return;
      if (state.endsAt != null) {
        // Moving a finished countdown back above zero makes it ring again at the new zero.
        const t = Date.now();
        const endsAt = Math.max(t, state.endsAt + seconds * 1000);
        if (endsAt > t) rang.current = false;
        setNow(t);
        update({ ...state, endsAt });
      } else update({ ...state, pausedLeft: Math.max(0, (state.pausedLeft ?? 0) + seconds * 1000) });
    },
    stop: () => update(null),
  };
}

/** The bar: role=timer with the time left, what it is for, and its buttons. */
export function RestTimerBar({ timer }: { timer: RestTimer }) {
  const { t } = useTranslation("log");
  const { state, left } = timer;
  if (!state) return null;
  const paused = state.endsAt == null;
  const over = !paused && left <= 0;
  return (
    <div className={over ? "rest-bar rest-over" : "rest-bar"} aria-label={t("rest.region")} role="region">
      <div className="rest-time">
        <span role="timer" aria-label={t("rest.timer")} aria-live="off">
          {over ? "0:00" : formatClock(left)}
        </span>
        <span className="muted rest-label">
          {over ? t("rest.over") : paused ? t("rest.paused") : t("rest.resting")} · {state.label}
        </span>
        {over ? (
          <span className="visually-hidden" role="status">
            {t("rest.overStatus")}
          </span>
        ) : null}
      </div>
      <div className="rest-buttons">
        <button type="button" onClick={() => timer.add(-15)} aria-label={t("rest.lessLabel")}>
          {t("rest.less")}
        </button>
        <button type="button" onClick={() => timer.add(15)} aria-label={t("rest.moreLabel")}>
          {t("rest.more")}
        </button>
        {paused ? (
          <button type="button" onClick={timer.resume}>
            {t("rest.resume")}
          </button>
        ) : (
          <button type="button" onClick={timer.pause} disabled={over}>
            {t("rest.pause")}
          </button>
        )}
        <button type="button" onClick={timer.stop} aria-label={t("rest.stopLabel")}>
          {t("rest.stop")}
        </button>
      </div>
    </div>
  );
}
