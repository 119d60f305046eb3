// The frame around every page: skip link, header with the main navigation (from routes.tsx,
// filtered by who is signed in; on a phone a tab bar at the bottom instead), the signed-in user
// with Sign out, and the page itself.
import { Suspense, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { appRoutes, navLabel } from "./routes.tsx";
import { useSession } from "./auth/session.tsx";
import { ErrorMessage, Loading } from "./components/States.tsx";
import { Notice } from "./components/Notice.tsx";
import { APP_NAME } from "./components/Page.tsx";
import { PhoneTabs } from "./components/PhoneTabs.tsx";
import { UNAVAILABLE_RETRYING, useServiceUnavailable } from "./graphql/serviceStatus.ts";
import { ConfirmDialog } from "./components/ConfirmDialog.tsx";
import { hasWorkoutInProgress } from "./pages/log/inProgress.ts";

export function AppShell() {
  const { t } = useTranslation("app");
  const { t: navT } = useTranslation("nav");
  const { viewer, notice, setNotice, signOut } = useSession();
  const [signOutError, setSignOutError] = useState<unknown>(null);
  // Signing out forgets the workout in progress on this device: asked first when there is one.
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  const unavailable = useServiceUnavailable();
  // The logger's header holds no Sign out: a thumb reaching for the top never ends the session mid-workout.
  const logging = useLocation().pathname.startsWith("/log");
  const links = appRoutes.filter(
    (r) =>
      r.nav &&
      (r.access === "public" ||
        (viewer && (r.access === "signed-in" || (r.access === "admin" && viewer.role === "admin")))),
  );

  async function endSession() {
    setConfirmingSignOut(false);
    try {
      await signOut({ to: "/sign-in" });
      setSignOutError(null);
    } catch (e) {
      setSignOutError(e);
    }
  }

  return (
    <>
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <header className="app-header">
        <Link to="/" className="brand">
          {APP_NAME}
        </Link>
        {viewer ? (
          <nav aria-label={t("nav.main")} className="wide-nav">
            <ul>
              {links.map((r) => (
                <li key={r.path}>
                  <NavLink to={r.path} end={r.path === "/"}>
                    {navLabel(navT, r.nav!)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="account">
          {viewer && logging ? (
            <span className="muted account-name" title={viewer.email}>
              {viewer.name}
            </span>
          ) : viewer ? (
            <>
              <span className="muted account-name" title={viewer.email}>
                {viewer.name}
              </span>
              <button
                type="button"
                onClick={() => (hasWorkoutInProgress(viewer.id) ? setConfirmingSignOut(true) : void endSession())}
              >
                {t("signOut.button")}
              </button>
              <ConfirmDialog
                open={confirmingSignOut}
                title={t("signOut.confirmTitle")}
                confirmLabel={t("signOut.confirmLabel")}
                danger
                onCancel={() => setConfirmingSignOut(false)}
                onConfirm={() => void endSession()}
              >
                <p>{t("signOut.confirmBody")}</p>
              </ConfirmDialog>
            </>
          ) : viewer === null ? (
            <nav aria-label={t("nav.account")}>
              <ul>
                <li>
                  <NavLink to="/sign-in">{t("nav.signIn")}</NavLink>
                </li>
                <li>
                  <NavLink to="/sign-up">{t("nav.signUp")}</NavLink>
                </li>
              </ul>
            </nav>
          ) : null}
        </div>
      </header>
      {viewer ? <PhoneTabs links={links} /> : null}
      <main id="main" tabIndex={-1}>
        <ErrorMessage error={signOutError} />
        {notice ? <Notice onDismiss={() => setNotice(null)}>{notice}</Notice> : null}
        {unavailable ? <Notice>{UNAVAILABLE_RETRYING}</Notice> : null}
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
