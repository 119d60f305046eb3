// Keeps the screen awake while a workout is being logged (Screen Wake Lock API, where the browser
// has it): taken when the logger shows a workout, taken again when the tab comes back (the browser
// releases it when the tab is hidden), released when the workout ends or the page is left.
import { useEffect } from "react";

export function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const take = async () => {
      if (document.visibilityState !== "visible" || (lock && !lock.released)) return;
      try {
        const taken = await navigator.wakeLock.request("screen");
        if (ended) void taken.release();
        else lock = taken;
      } catch {
        // Refused (battery saver, no permission): the screen sleeps as usual.
      }
    };
    void take();
    document.addEventListener("visibilitychange", take);
    return () => {
      ended = true;
      document.removeEventListener("visibilitychange", take);
      void lock?.release();
    };
  }, [active]);
}
