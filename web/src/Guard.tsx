// Shows a page only to whom its route allows; sends others to sign-in (keeping where they were
// going) or home. While the session is unknown it shows loading, or the error with a retry.
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { Access } from "./routes.tsx";
import { useSession } from "./auth/session.tsx";
import { ErrorMessage, Loading } from "./components/States.tsx";
import NotFound from "./pages/NotFound.tsx";

export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { viewer, error, refresh, afterSignOut } = useSession();
  const location = useLocation();
  if (access === "public") return children;
  if (viewer === undefined) {
    if (error) return <ErrorMessage error={error} onRetry={() => void refresh().catch(() => {})} />;
    // While the session is checked, a page for signed-in people is already mounted, hidden: its
    // code and data load in parallel with the check instead of after it.
    if (access === "signed-in")
      return (
        <>
          <Loading />
          <div hidden>{children}</div>
        </>
      );
    return <Loading />;
  }
  if (access === "signed-out") {
    if (!viewer) return children;
    const next = new URLSearchParams(location.search).get("next");
    return <Navigate to={next?.startsWith("/") && !next.startsWith("//") ? next : "/"} replace />;
  }
  if (!viewer) {
    if (afterSignOut) return <Navigate to={afterSignOut} replace />;
    const next = location.pathname + location.search;
    return <Navigate to={next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  // Admin pages do not exist for anyone else (the server refuses them anyway).
  if (access === "admin" && viewer.role !== "admin") return <NotFound />;
  // The same element tree as while hidden (null, then the div), so the page is not mounted twice.
  return access === "signed-in" ? (
    <>
      {null}
      <div>{children}</div>
    </>
  ) : (
    children
  );
}
