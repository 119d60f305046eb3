// The shape of every hand-written mutation here: SQL run in the request's transaction with the
// mutation's `input`, answered as a payload object holding what SQL returned and the caller's
// clientMutationId. The payload's fields then read their keys with grafast's default plans; a
// field that names a row (`apiKey`, `routine`) plans `resource.get({ id: access($payload, ...) })`.
import {
  sideEffectWithPgClientTransaction,
  type PgClient,
  type PgClientQuery,
  type PgExecutor,
} from "postgraphile/@dataplan/pg";
import type { FieldArgs, Step } from "postgraphile/grafast";

export type Payload<TResult> = TResult & { clientMutationId: string | null };

/**
 * Runs `run` with the mutation's `input` argument in the request's transaction; its result plus
 * the input's clientMutationId is the payload.
 */
export function sqlMutation<TInput extends object, TResult extends object>(
  executor: PgExecutor,
  fieldArgs: FieldArgs,
  run: (client: PgClient, input: TInput) => Promise<TResult>,
): Step<Payload<TResult>> {
  const $input = fieldArgs.getRaw("input") as Step<(TInput & { clientMutationId?: string | null }) | null | undefined>;
  return sideEffectWithPgClientTransaction(executor, $input, async (client, input) => ({
    ...(await run(client, (input ?? {}) as TInput)),
    clientMutationId: input?.clientMutationId ?? null,
  }));
}

/** A mutation that is one SQL statement (usually `select ... from app_public.some_function(...)`): its row is the payload. */
export function sqlRowMutation<TInput extends object, TRow extends object>(
  executor: PgExecutor,
  fieldArgs: FieldArgs,
  query: (input: TInput) => PgClientQuery,
): Step<Payload<TRow>> {
  return sqlMutation<TInput, TRow>(executor, fieldArgs, async (client, input) => {
    const { rows } = await client.query<TRow>(query(input));
    return rows[0];
  });
}
