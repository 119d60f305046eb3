// "A new version is ready — Reload": shown over the top of the page (not in its flow, so nothing
// moves under a thumb mid-set) until the user reloads or puts it off. A workout being logged is
// kept on the device, so the reload loses nothing.
import { useSyncExternalStore } from "react";
import { reloadIntoNewVersion, updateStore } from "./updateStore.ts";
import "./update.css";

export function UpdatePrompt() {
  const ready = useSyncExternalStore(updateStore.subscribe, updateStore.isUpdateReady);
  return (
    <div className="update-prompt" role="status">
      {ready ? (
        <>
          <p>A new version is ready.</p>
          <button type="button" className="primary" onClick={reloadIntoNewVersion}>
            Reload
          </button>
          <button type="button" className="link" onClick={updateStore.dismiss}>
            Later
          </button>
        </>
      ) : null}
    </div>
  );
}
