// deleteAccount: deletes the signed-in user with keys, sessions and all their data (session only),
// given the password or from a recent sign-in; never the last admin (app_public.delete_account).
// changePassword: the current password, then the new one; other sessions signed out
// (app_public.change_password).
import { extendSchema, gql } from "postgraphile/utils";
import { SafeError, context, lambda, list, type FieldArgs, type Step } from "postgraphile/grafast";
import { sideEffectWithPgClientTransaction } from "postgraphile/@dataplan/pg";
import type { AuthLimits } from "../../limits/auth-limits.ts";
import { PASSWORD_MAX_BYTES, PASSWORD_MIN } from "../../identity/auth-routes.ts";

type DeleteAccountInput = { password?: string | null; clientMutationId?: string | null } | null | undefined;
type RequestContext = { clientAddress?: string; authLimits: AuthLimits };
type Deleted = { id: string | null; status: "deleted" | "wrong-password"; clientMutationId: string | null };
type ChangePasswordInput = { currentPassword: string; newPassword: string; clientMutationId?: string | null };
type Changed = { status: "changed" | "wrong-password"; signedOutSessions: number; clientMutationId: string | null };

/**
 * A wrong password is answered by SQL as a status, so the failure it counted commits (a raised
 * error would roll it back); only then is it the caller's error (db/errors.ts REQUEST_CODES).
 */
function refuseWrongPassword(result: Deleted): Deleted {
  if (result.status === "wrong-password")
    throw new SafeError("password: wrong password; nothing was deleted", { code: "WRONG_PASSWORD" });
  return result;
}

/** The new password's length, as sign-up checks it: a refusal names the field and its rule (as SQL's SVBAD does). */
function checkNewPassword(password: string) {
  const field = "newPassword";
  if ([...password].length < PASSWORD_MIN)
    throw new SafeError(`newPassword: must be at least ${PASSWORD_MIN} characters`, {
      code: "INVALID_INPUT",
      field,
      rule: "passwordShort",
      min: PASSWORD_MIN,
    });
  if (Buffer.byteLength(password) > PASSWORD_MAX_BYTES)
    throw new SafeError(`newPassword: must be at most ${PASSWORD_MAX_BYTES} bytes of UTF-8`, {
      code: "INVALID_INPUT",
      field,
      rule: "passwordLong",
      max: PASSWORD_MAX_BYTES,
    });
}

function refuseWrongCurrentPassword(result: Changed): Changed {
  if (result.status === "wrong-password")
    throw new SafeError("currentPassword: wrong password; nothing was changed", { code: "WRONG_PASSWORD" });
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
      input ChangePasswordInput {
        "Your password now. A wrong one counts as a failed sign-in (the same lockout)."
        currentPassword: String!
        "The new password: ${String(PASSWORD_MIN)} characters to ${String(PASSWORD_MAX_BYTES)} bytes of UTF-8, not the current one."
        newPassword: String!
        "Echoed back in the payload."
        clientMutationId: String
      }
      type ChangePasswordPayload {
        "How many other sessions (signed-in devices) were signed out; this one stays signed in."
        signedOutSessions: Int!
        clientMutationId: String
      }
      extend type Mutation {
        """
        Changes your password (signed-in session only) and signs out every other session; API keys
        and connected apps are kept (revoke them in Settings if they may be someone else's).
        """
        changePassword(input: ChangePasswordInput!): ChangePasswordPayload
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
          changePassword(_: unknown, fieldArgs: FieldArgs) {
            const $input = fieldArgs.getRaw("input") as Step<ChangePasswordInput>;
            const $request = list([$input, context()]);
            const $changed = sideEffectWithPgClientTransaction(users.executor, $request, async (client, request) => {
              const input = request[0] as ChangePasswordInput;
              checkNewPassword(input.newPassword);
              const { clientAddress: address, authLimits: limits } = request[1] as unknown as RequestContext;
              const { rows } = await client.query<{ status: Changed["status"]; signed_out: number | null }>({
                text: "select status, signed_out from app_public.change_password($1, $2, $3, $4, $5)",
                values: [
                  input.currentPassword,
                  input.newPassword,
                  address ?? null,
                  limits.failuresPerAccountAndAddress,
                  limits.failuresPerAddress,
                ],
              });
              return {
                status: rows[0].status,
                signedOutSessions: rows[0].signed_out ?? 0,
                clientMutationId: input.clientMutationId ?? null,
              };
            });
            return lambda($changed, refuseWrongCurrentPassword);
          },
        },
      },
    },
  };
}, "AccountPlugin");
