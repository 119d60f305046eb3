// What a page shows when it cannot be shown: most often its code could not be fetched because the
// server or the network is gone. The navigation stays; nothing typed elsewhere is touched.
import { useRouteError } from "react-router";
import { Page } from "../components/Page.tsx";

export default function PageLoadError() {
  const error = useRouteError();
  const offline = error instanceof TypeError || /fetch|import/i.test(String((error as Error)?.message ?? error));
  return (
    <Page title="Could not show this page">
      <div role="alert">
        <p>
          {offline
            ? "Could not reach the server to load this page. Check your connection and try again."
            : "Something went wrong while showing this page. Try again; if it keeps happening, reload the app."}
        </p>
      </div>
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </Page>
  );
}
