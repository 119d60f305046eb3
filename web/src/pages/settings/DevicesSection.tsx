// Signed-in devices: every browser and command-line session; sign out any other one, or all.
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation("settingsSections");
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
      setMessage(t("devices.signedOutOne", { device: device.client }));
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
      setMessage(t("devices.signedOutOthers", { count }));
    } catch {
      // Shown in the dialog.
    }
  }

  return (
    <Section title={t("devices.title")} description={t("devices.description")}>
      {message ? <p role="status">{message}</p> : null}
      <ErrorMessage error={signingOut.error} />
      <QueryView query={sessions}>
        {(data) => {
          const list = data.viewer?.sessions ?? [];
          const others = list.filter((s) => !s.current);
          return (
            <>
              <CardTable
                caption={t("devices.title")}
                rows={list}
                rowKey={(s) => s.id}
                rowProps={(s) => ({ "aria-current": s.current ? "true" : undefined })}
                columns={[
                  {
                    label: t("devices.device"),
                    cell: (s) => (
                      <span>
                        {s.client}{" "}
                        {s.current ? <span className="badge badge-current">{t("devices.thisDevice")}</span> : null}
                      </span>
                    ),
                  },
                  { label: t("devices.signedIn"), cell: (s) => formatDateTime(s.createdAt) },
                  { label: t("devices.lastActive"), cell: (s) => formatDateTime(s.lastActiveAt) },
                ]}
                actions={(s) =>
                  s.current ? null : (
                    <button type="button" disabled={signingOut.running} onClick={() => endOne(s)}>
                      {t("devices.signOut")}
                      <span className="visually-hidden">
                        {" "}
                        {t("devices.which", { device: s.client, when: formatDateTime(s.createdAt) })}
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
                  {t("devices.signOutAll")}
                </button>
              </div>
            </>
          );
        }}
      </QueryView>
      <ConfirmDialog
        open={confirmAll}
        title={t("devices.signOutAllTitle")}
        confirmLabel={t("devices.signOutAllConfirm")}
        mutation={signingOutOthers}
        onCancel={() => setConfirmAll(false)}
        onConfirm={endOthers}
      >
        <p>{t("devices.signOutAllBody")}</p>
      </ConfirmDialog>
    </Section>
  );
}
