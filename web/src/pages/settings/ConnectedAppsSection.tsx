// Connected apps: AI assistants the user allowed through the MCP server's OAuth sign-in; each can
// be disconnected, which stops its tokens at once.
import { useState } from "react";
import { graphql, type ResultOf } from "../../graphql/graphql.ts";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { Section } from "../../components/Page.tsx";
import { ErrorMessage, QueryView } from "../../components/States.tsx";
import { formatDateTime } from "../../format.ts";

const ConnectedApps = graphql(`
  query ConnectedApps {
    viewer {
      id
      connectedApps {
        id
        clientName
        redirectHost
        access
        createdAt
        lastUsedAt
      }
    }
  }
`);

const DisconnectApp = graphql(`
  mutation DisconnectApp($id: UUID!) {
    disconnectApp(input: { id: $id }) {
      id
    }
  }
`);

type App = NonNullable<ResultOf<typeof ConnectedApps>["viewer"]>["connectedApps"][number];

export function ConnectedAppsSection() {
  const apps = useQuery(ConnectedApps, {});
  const [disconnect, disconnecting] = useMutation(DisconnectApp);
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
            <table className="cards">
              <caption className="visually-hidden">Connected apps</caption>
              <thead>
                <tr>
                  <th>App</th>
                  <th>Returns to</th>
                  <th>Access</th>
                  <th>Connected</th>
                  <th>Last used</th>
                  <th>
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((app) => (
                  <tr key={app.id}>
                    <td data-label="App">{app.clientName}</td>
                    <td data-label="Returns to">{app.redirectHost}</td>
                    <td data-label="Access">{app.access === "READ_WRITE" ? "Read and write" : "Read only"}</td>
                    <td data-label="Connected">{formatDateTime(app.createdAt)}</td>
                    <td data-label="Last used">{app.lastUsedAt ? formatDateTime(app.lastUsedAt) : "Never"}</td>
                    <td data-label="">
                      <button type="button" disabled={disconnecting.running} onClick={() => end(app)}>
                        Disconnect
                        <span className="visually-hidden">
                          {" "}
                          {app.clientName}, connected {formatDateTime(app.createdAt)}
                        </span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }}
      </QueryView>
    </Section>
  );
}
