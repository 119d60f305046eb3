// deleteAccount: deletes the signed-in user with keys, sessions and all their data (session only).
import { extendSchema, gql } from "postgraphile/utils";
import { sideEffectWithPgClientTransaction } from "postgraphile/@dataplan/pg";
import { access, object } from "postgraphile/grafast";

export const AccountPlugin = extendSchema((build) => {
  const { users } = build.input.pgRegistry.pgResources as any;
  return {
    typeDefs: gql`
      "Nothing to give: the account deleted is the signed-in one."
      input DeleteAccountInput {
        "Echoed back in the payload."
        clientMutationId: String
      }
      "The deleted account."
      type DeleteAccountPayload {
        "The id of the user, now deleted."
        id: String!
        clientMutationId: String
      }
      extend type Mutation {
        "Deletes your account, keys, sessions and all your data, for good (signed-in session only)."
        deleteAccount(input: DeleteAccountInput): DeleteAccountPayload
      }
    `,
    objects: {
      Mutation: {
        plans: {
          deleteAccount(_: unknown, fieldArgs: any) {
            const $input = fieldArgs.getRaw("input");
            const $result = sideEffectWithPgClientTransaction(users.executor, $input, async (client: any, input: any) => {
              const { rows } = await client.query({ text: "select app_public.delete_account() as id" });
              return { id: rows[0].id, clientMutationId: input?.clientMutationId ?? null };
            });
            return object({ id: access($result, "id"), clientMutationId: access($result, "clientMutationId") });
          },
        },
      },
    },
  };
}, "AccountPlugin");
