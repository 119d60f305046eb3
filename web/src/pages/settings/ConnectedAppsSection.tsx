// Connected apps: AI assistants the user allowed through the MCP server's OAuth sign-in; each can
// be disconnected, which stops its tokens at once.
import { useState } from "react";
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
  const apps = useQuery(ConnectedApps, {});
  const [disconnect, disconnecting] = useMutation(operations.DISCONNECT_APP);
  const [message, setMessage] = useState<string | null>(null);

  async function end(app: App) {
    setMessage(null);
    try {
      await disconnect({ id: app.id });
      await apps.reload();
      setMessage(`Disconnected ${app.clientName}.`);
    } catch {
      // Shown from disconnecting.error.
    }
  }

  return (
    <Section
      title="Connected apps"
      description={`AI assistants you connected to your account (through ${window.location.origin}/api/mcp). Disconnecting one stops its access at once.`}
    >
      {message ? <p role="status">{message}</p> : null}
      <ErrorMessage error={disconnecting.error} />
      <QueryView query={apps}>
        {(data) => {
          const list = data.viewer?.connectedApps ?? [];
          if (!list.length) return <p>No connected apps.</p>;
          return (
            <CardTable
              caption="Connected apps"
              rows={list}
              rowKey={(app) => app.id}
              columns={[
                { label: "App", cell: (app) => app.clientName },
                { label: "Returns to", cell: (app) => app.redirectHost },
                { label: "Access", cell: (app) => (app.access === "READ_WRITE" ? "Read and write" : "Read only") },
                { label: "Connected", cell: (app) => formatDateTime(app.createdAt) },
                { label: "Last used", cell: (app) => (app.lastUsedAt ? formatDateTime(app.lastUsedAt) : "Never") },
              ]}
              actions={(app) => (
                <button type="button" disabled={disconnecting.running} onClick={() => end(app)}>
                  Disconnect
                  <span className="visually-hidden">
                    {" "}
                    {app.clientName}, connected {formatDateTime(app.createdAt)}
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
