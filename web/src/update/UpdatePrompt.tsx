// "A new version is ready — Reload": shown over the top of the page (not in its flow, so nothing
// moves under a thumb mid-set) until the user reloads or puts it off. A workout being logged is
// kept on the device, so the reload loses nothing.
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { reloadIntoNewVersion, updateStore } from "./updateStore.ts";

export function UpdatePrompt() {
  const { t } = useTranslation("shell");
  const ready = useSyncExternalStore(updateStore.subscribe, updateStore.isUpdateReady);
  return (
    <div className="update-prompt" role="status">
      {ready ? (
        <>
          <p>{t("update.ready")}</p>
          <button type="button" className="primary" onClick={reloadIntoNewVersion}>
            {t("update.reload")}
          </button>
          <button type="button" className="link" onClick={updateStore.dismiss}>
            {t("update.later")}
          </button>
        </>
      ) : null}
    </div>
  );
}
