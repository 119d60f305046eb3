// What a page shows when it cannot be shown: most often its code could not be fetched because the
// server or the network is gone. The navigation stays; nothing typed elsewhere is touched.
import { useRouteError } from "react-router";
import { useTranslation } from "react-i18next";
import { Page } from "../components/Page.tsx";

export default function PageLoadError() {
  const { t } = useTranslation("shell");
  const error = useRouteError();
  const offline = error instanceof TypeError || /fetch|import/i.test(String((error as Error)?.message ?? error));
  return (
    <Page title={t("loadError.title")}>
      <div role="alert">
        <p>{offline ? t("loadError.offline") : t("loadError.failed")}</p>
      </div>
      <button type="button" onClick={() => window.location.reload()}>
        {t("loadError.retry")}
      </button>
    </Page>
  );
}
