// Signed-in devices: every browser and command-line session; sign out any other one, or all.
import { useState } from "react";
import { graphql, type ResultOf } from "../../graphql/graphql.ts";
import { operations } from "@svc/sdk";
import { SessionFields } from "@svc/sdk/fragments";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { Section } from "../../components/Page.tsx";
import { ErrorMessage, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { formatDateTime } from "../../format.ts";

const Sessions = graphql(
  `
    query Sessions {
      viewer {
        id
        sessions {
          ...SessionFields
        }
      }
    }
  `,
  [SessionFields],
);

const SignOutSession = graphql(`
  mutation SignOutSession($id: UUID!) {
    signOutSession(input: { id: $id }) {
      id
    }
  }
`);

type Device = NonNullable<ResultOf<typeof Sessions>["viewer"]>["sessions"][number];

export function DevicesSection() {
  const sessions = useQuery(Sessions, {});
  const [signOut, signingOut] = useMutation(SignOutSession);
  const [signOutOthers, signingOutOthers] = useMutation(operations.SIGN_OUT_OTHER_SESSIONS);
  const [confirmAll, setConfirmAll] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function endOne(device: Device) {
    setMessage(null);
    try {
      await signOut({ id: device.id });
      await sessions.reload();
      setMessage(`Signed out ${device.client}.`);
    } catch {
      // Shown from signingOut.error.
    }
  }

  async function endOthers() {
    try {
      const result = await signOutOthers({});
      const count = result.signOutOtherSessions?.count ?? 0;
      setConfirmAll(false);
      await sessions.reload();
      setMessage(`Signed out ${count} other device${count === 1 ? "" : "s"}.`);
    } catch {
      // Shown in the dialog.
    }
  }

  return (
    <Section title="Signed-in devices" description="Every browser and command-line client signed in to your account.">
      {message ? <p role="status">{message}</p> : null}
      <ErrorMessage error={signingOut.error} />
      <QueryView query={sessions}>
        {(data) => {
          const list = data.viewer?.sessions ?? [];
          const others = list.filter((s) => !s.current);
          return (
            <>
              <CardTable
                caption="Signed-in devices"
                rows={list}
                rowKey={(s) => s.id}
                rowProps={(s) => ({ "aria-current": s.current ? "true" : undefined })}
                columns={[
                  {
                    label: "Device",
                    cell: (s) => (
                      <span>
                        {s.client} {s.current ? <span className="badge badge-current">This device</span> : null}
                      </span>
                    ),
                  },
                  { label: "Signed in", cell: (s) => formatDateTime(s.createdAt) },
                  { label: "Last active", cell: (s) => formatDateTime(s.lastActiveAt) },
                ]}
                actions={(s) =>
                  s.current ? null : (
                    <button type="button" disabled={signingOut.running} onClick={() => endOne(s)}>
                      Sign out
                      <span className="visually-hidden">
                        {" "}
                        {s.client}, signed in {formatDateTime(s.createdAt)}
                      </span>
                    </button>
                  )
                }
              />
              <div className="actions">
                <button
                  type="button"
                  disabled={others.length === 0}
                  onClick={() => {
                    signingOutOthers.reset();
                    setConfirmAll(true);
                  }}
                >
                  Sign out all other devices
                </button>
              </div>
            </>
          );
        }}
      </QueryView>
      <ConfirmDialog
        open={confirmAll}
        title="Sign out all other devices?"
        confirmLabel="Sign them out"
        mutation={signingOutOthers}
        onCancel={() => setConfirmAll(false)}
        onConfirm={endOthers}
      >
        <p>
          Every other browser and command-line client signed in to your account will have to sign in again. This device
          stays signed in.
        </p>
      </ConfirmDialog>
    </Section>
  );
}
