// deleteAccount: deletes the signed-in user with keys, sessions and all their data (session only),
// given the password or from a recent sign-in; never the last admin (app_public.delete_account).
import { extendSchema, gql } from "postgraphile/utils";
import { SafeError, context, lambda, list, type FieldArgs, type Step } from "postgraphile/grafast";
import { sideEffectWithPgClientTransaction } from "postgraphile/@dataplan/pg";
import type { AuthLimits } from "../../limits/auth-limits.ts";

type DeleteAccountInput = { password?: string | null; clientMutationId?: string | null } | null | undefined;
type RequestContext = { clientAddress?: string; authLimits: AuthLimits };
type Deleted = { id: string | null; status: "deleted" | "wrong-password"; clientMutationId: string | null };

/**
 * A wrong password is answered by SQL as a status, so the failure it counted commits (a raised
 * error would roll it back); only then is it the caller's error (db/errors.ts REQUEST_CODES).
 */
function refuseWrongPassword(result: Deleted): Deleted {
  if (result.status === "wrong-password")
    throw new SafeError("password: wrong password; nothing was deleted", { code: "WRONG_PASSWORD" });
  return result;
}

export const AccountPlugin = extendSchema((build) => {
  const { users } = build.input.pgRegistry.pgResources;
  return {
    typeDefs: gql`
      "The account deleted is the signed-in one; its password says it is you."
      input DeleteAccountInput {
        """
        Your password. Needed unless this session signed in within the last 5 minutes. A wrong one
        counts as a failed sign-in (the same lockout).
        """
        password: String
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
        """
        Deletes your account, keys, sessions and all your data, for good (signed-in session only).
        Asks for the password unless this session signed in within the last 5 minutes; refused
        for the only admin (promote another admin first).
        """
        deleteAccount(input: DeleteAccountInput): DeleteAccountPayload
      }
    `,
    objects: {
      Mutation: {
        plans: {
          deleteAccount(_: unknown, fieldArgs: FieldArgs) {
            const $input = fieldArgs.getRaw("input") as Step<DeleteAccountInput>;
            const $request = list([$input, context()]);
            const $deleted = sideEffectWithPgClientTransaction(users.executor, $request, async (client, request) => {
              const input = request[0] as DeleteAccountInput;
              // Set in server/graphql/preset.ts from the request: its client address and the app's sign-in limits.
              const { clientAddress: address, authLimits: limits } = request[1] as unknown as RequestContext;
              const { rows } = await client.query<{ id: string | null; status: Deleted["status"] }>({
                text: "select id, status from app_public.delete_account($1, $2, $3, $4)",
                values: [
                  input?.password ?? null,
                  address ?? null,
                  limits.failuresPerAccountAndAddress,
                  limits.failuresPerAddress,
                ],
              });
              return { ...rows[0], clientMutationId: input?.clientMutationId ?? null };
            });
            return lambda($deleted, refuseWrongPassword);
          },
        },
      },
    },
  };
}, "AccountPlugin");
