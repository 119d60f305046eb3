// Who is signed in, from the API's `viewer` (the session cookie decides). Pages read it with
// `useSession()`; sign-in, sign-up and sign-out refresh it.
import type { UnitName } from "../components/units.ts";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { graphql, type ResultOf } from "../graphql/graphql.ts";
import { NetworkError, request } from "../graphql/client.ts";
import * as auth from "./api.ts";
import { lastViewer, rememberViewer } from "./lastViewer.ts";
import { forgetWorkoutInProgress } from "../pages/log/inProgress.ts";
import { applyAccountLanguage, i18n } from "../i18n/index.ts";

export const ViewerQuery = graphql(`
  query Viewer {
    viewer {
      id
      name
      email
      role
      unit
      effort
      lengthUnit
      distanceUnit
      language
    }
  }
`);

export type Viewer = NonNullable<ResultOf<typeof ViewerQuery>["viewer"]>;

type Session = {
  /** undefined while the first check runs; null when signed out. */
  viewer: Viewer | null | undefined;
  /** Set when the first check failed (server unreachable); the shell shows it with a retry. */
  error: unknown;
  refresh: () => Promise<Viewer | null>;
  signIn: (input: { email: string; password: string }) => Promise<Viewer | null>;
  signUp: (input: {
    name: string;
    email: string;
    password: string;
    unit: UnitName;
    setupCode?: string;
  }) => Promise<Viewer | null>;
  /** Signs out; pages that need a sign-in then go to `to` (default: Sign in, then back here). */
  signOut: (options?: { to?: string }) => Promise<void>;
  /** Where signing out sent the person, if it said. */
  afterSignOut: string | null;
  /** A one-time message for the next page (for example "you are the admin"). */
  notice: string | null;
  setNotice: (notice: string | null) => void;
};

const SessionContext = createContext<Session | null>(null);

// Asked as soon as this module loads, before React's first render: every page waits for it.
let firstViewerRequest: Promise<ResultOf<typeof ViewerQuery>> | null = request(ViewerQuery);
/** The first answer, once it came (undefined before, or after a failure). */
let firstViewer: Viewer | null | undefined;
/** Whether firstViewer is the one kept on this device (no network at start), not the server's answer. */
let firstViewerFromDevice = false;
firstViewerRequest.then(
  (data) => {
    firstViewer = data.viewer;
    rememberViewer(data.viewer);
  },
  (error) => {
    // No network: the person last signed in here, so their pages open offline.
    firstViewer = (error instanceof NetworkError && lastViewer()) || undefined;
    firstViewerFromDevice = firstViewer !== undefined;
  },
);

/** Resolves when the first session check answered or failed, or after `ms`: main.tsx waits this long to render with it known. */
export function firstSessionCheck(ms: number): Promise<void> {
  const settled =
    firstViewerRequest?.then(
      () => {},
      () => {},
    ) ?? Promise.resolve();
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [viewer, setViewer] = useState<Viewer | null | undefined>(firstViewer);
  const [viewerFromDevice, setViewerFromDevice] = useState(firstViewerFromDevice);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [afterSignOut, setAfterSignOut] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const pending = firstViewerRequest;
      firstViewerRequest = null;
      const data = await (pending ?? request(ViewerQuery));
      setViewer(data.viewer);
      setViewerFromDevice(false);
      rememberViewer(data.viewer);
      setError(null);
      return data.viewer;
    } catch (e) {
      // No network: the person last signed in here (the server still decides every request).
      const known = e instanceof NetworkError ? lastViewer() : null;
      if (known) {
        setViewer((current) => current ?? known);
        setViewerFromDevice(true);
        setError(null);
        return known;
      }
      setError(e);
      throw e;
    }
  }, []);

  // Back online after opening with the person kept on the device: ask the server (the session may
  // have ended meanwhile).
  useEffect(() => {
    if (!viewerFromDevice) return;
    const askAgain = () => void refresh().catch(() => {});
    window.addEventListener("online", askAgain);
    return () => window.removeEventListener("online", askAgain);
  }, [viewerFromDevice, refresh]);

  useEffect(() => {
    // Already known when the first render had the answer; else wait for it (or ask again).
    if (firstViewer !== undefined && firstViewerRequest) firstViewerRequest = null;
    else refresh().catch(() => {});
  }, [refresh]);

  // The account's language once known (after sign-in too); signed out, the device's last choice stays.
  const accountLanguage = viewer ? (viewer.language ?? null) : undefined;
  useEffect(() => {
    if (accountLanguage !== undefined) void applyAccountLanguage(accountLanguage);
  }, [accountLanguage]);

  const value = useMemo<Session>(
    () => ({
      viewer,
      error,
      refresh,
      notice,
      setNotice,
      afterSignOut,
      signIn: async (input) => {
        await auth.signIn(input);
        setAfterSignOut(null);
        return refresh();
      },
      signUp: async (input) => {
        const user = await auth.signUp(input);
        setAfterSignOut(null);
        if (user.role === "admin") {
          setNotice(i18n.t("auth:firstAdmin"));
        }
        return refresh();
      },
      signOut: async (options) => {
        await auth.signOut();
        if (viewer) forgetWorkoutInProgress(viewer.id);
        rememberViewer(null);
        setAfterSignOut(options?.to ?? null);
        setViewer(null);
      },
    }),
    [viewer, error, refresh, notice, afterSignOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside <SessionProvider>");
  return session;
}
