// Connected apps: AI assistants the user allowed through the MCP server's OAuth sign-in; each can
// be disconnected, which stops its tokens at once.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { graphql, type ResultOf } from "../../graphql/graphql.ts";
import { operations } from "@svc/sdk";
import { ConnectedAppFields } from "@svc/sdk/fragments";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { Section } from "../../components/Page.tsx";
import { ErrorMessage, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { formatDateTime } from "../../format.ts";

const ConnectedApps = graphql(
  `
    query ConnectedApps {
      viewer {
        id
        connectedApps {
          ...ConnectedAppFields
        }
      }
    }
  `,
  [ConnectedAppFields],
);

type App = NonNullable<ResultOf<typeof ConnectedApps>["viewer"]>["connectedApps"][number];

export function ConnectedAppsSection() {
  const { t } = useTranslation("settingsSections");
  const apps = useQuery(ConnectedApps, {});
  const [disconnect, disconnecting] = useMutation(operations.DISCONNECT_APP);
  const [message, setMessage] = useState<string | null>(null);

  async function end(app: App) {
    setMessage(null);
    try {
      await disconnect({ id: app.id });
      await apps.reload();
      setMessage(t("connectedApps.disconnected", { app: app.clientName }));
    } catch {
      // Shown from disconnecting.error.
    }
  }

  return (
    <Section
      title={t("connectedApps.title")}
      description={t("connectedApps.description", { endpoint: `${window.location.origin}/api/mcp` })}
    >
      {message ? <p role="status">{message}</p> : null}
      <ErrorMessage error={disconnecting.error} />
      <QueryView query={apps}>
        {(data) => {
          const list = data.viewer?.connectedApps ?? [];
          if (!list.length) return <p>{t("connectedApps.none")}</p>;
          return (
            <CardTable
              caption={t("connectedApps.title")}
              rows={list}
              rowKey={(app) => app.id}
              columns={[
                { label: t("connectedApps.app"), cell: (app) => app.clientName },
                { label: t("connectedApps.returnsTo"), cell: (app) => app.redirectHost },
                {
                  label: t("connectedApps.access"),
                  cell: (app) =>
                    t(app.access === "READ_WRITE" ? "apiKeys.access.READ_WRITE" : "apiKeys.access.READ_ONLY"),
                },
                { label: t("connectedApps.connected"), cell: (app) => formatDateTime(app.createdAt) },
                {
                  label: t("connectedApps.lastUsed"),
                  cell: (app) => (app.lastUsedAt ? formatDateTime(app.lastUsedAt) : t("never")),
                },
              ]}
              actions={(app) => (
                <button type="button" disabled={disconnecting.running} onClick={() => end(app)}>
                  {t("connectedApps.disconnect")}
                  <span className="visually-hidden">
                    {" "}
                    {t("connectedApps.which", { app: app.clientName, when: formatDateTime(app.createdAt) })}
                  </span>
                </button>
              )}
            />
          );
        }}
      </QueryView>
    </Section>
  );
}
