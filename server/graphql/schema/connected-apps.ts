// Connected apps (assistants signed in through OAuth for the MCP server): viewer { connectedApps }
// and disconnectApp. Session only, like devices and keys: with an API key or an app's own token the
// SQL functions raise FORBIDDEN.
import { extendSchema, gql } from "postgraphile/utils";
import type { PgSelectSingleStep } from "postgraphile/@dataplan/pg";
import type { FieldArgs } from "postgraphile/grafast";
import { sqlRowMutation } from "./sql-mutation.ts";

export const ConnectedAppsPlugin = extendSchema((build) => {
  const { connected_apps, users_connected_apps } = build.input.pgRegistry.pgResources;
  if (!connected_apps || !users_connected_apps)
    throw new Error("ConnectedAppsPlugin: connected_apps or users_connected_apps not introspected");
  return {
    typeDefs: gql`
      "The connected app to disconnect."
      input DisconnectAppInput {
        "The connection's id (from viewer { connectedApps { id } })."
        id: UUID!
        "Echoed back in the payload."
        clientMutationId: String
      }
      "The disconnected app."
      type DisconnectAppPayload {
        "The id of the connection, now ended."
        id: UUID!
        clientMutationId: String
      }
      extend type User {
        "Apps (AI assistants through MCP) allowed to use the account, newest first. Needs a signed-in session: FORBIDDEN with an API key or an app's token."
        connectedApps: [ConnectedApp!]!
      }
      extend type Mutation {
        "Disconnects one of your apps (signed-in session only): its tokens stop working at once. Unknown or another user's: NOT_FOUND."
        disconnectApp(input: DisconnectAppInput!): DisconnectAppPayload
      }
    `,
    objects: {
      User: {
        plans: {
          connectedApps($user: PgSelectSingleStep) {
            return users_connected_apps.execute([{ step: $user.record() }]);
          },
        },
      },
      Mutation: {
        plans: {
          disconnectApp(_: unknown, fieldArgs: FieldArgs) {
            return sqlRowMutation<{ id: string }, { id: string }>(connected_apps.executor, fieldArgs, (input) => ({
              text: "select app_public.disconnect_app($1::uuid) as id",
              values: [input.id],
            }));
          },
        },
      },
    },
  };
}, "ConnectedAppsPlugin");
