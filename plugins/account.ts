// deleteAccount: deletes the signed-in user with keys, sessions and all their data (session only).
import { extendSchema, gql } from "postgraphile/utils";
import type { FieldArgs } from "postgraphile/grafast";
import { sqlRowMutation } from "./sql-mutation.ts";

export const AccountPlugin = extendSchema((build) => {
  const { users } = build.input.pgRegistry.pgResources;
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
        id: UUID!
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
          deleteAccount(_: unknown, fieldArgs: FieldArgs) {
            return sqlRowMutation(users.executor, fieldArgs, () => ({
              text: "select app_public.delete_account() as id",
            }));
          },
        },
      },
    },
  };
}, "AccountPlugin");
