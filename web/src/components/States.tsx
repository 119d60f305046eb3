// Loading, empty and error states, the same everywhere. Errors are announced (role=alert) and
// say what to do; a network failure says nothing typed was lost.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../graphql/client.ts";
import type { QueryState } from "../graphql/hooks.ts";

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation("components");
  return (
    <p className="state state-loading" role="status">
      {label ?? t("states.loading")}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="state state-empty">{children}</div>;
}

export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation("components");
  if (!error) return null;
  return (
    <div className="state state-error" role="alert">
      <p>{errorMessage(error)}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          {t("states.tryAgain")}
        </button>
      ) : null}
    </div>
  );
}

/** Shows a query's loading state or error (with retry), else its data through `children`. */
export function QueryView<Result>({
  query,
  children,
}: {
  query: QueryState<Result>;
  children: (data: Result) => ReactNode;
}) {
  if (query.data === undefined) {
    if (query.error) return <ErrorMessage error={query.error} onRetry={() => void query.reload()} />;
    return <Loading />;
  }
  return (
    <>
      {query.error ? <ErrorMessage error={query.error} onRetry={() => void query.reload()} /> : null}
      {children(query.data)}
    </>
  );
}
