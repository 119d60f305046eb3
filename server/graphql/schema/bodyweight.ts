// logBodyweight(input: BodyweightInput!): the day's bodyweight, replacing an earlier value that day.
import { extendSchema, gql } from "postgraphile/utils";
import { SafeError, access, type FieldArgs } from "postgraphile/grafast";
import { sqlMutation } from "./sql-mutation.ts";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` string that names a real calendar day. */
export function isCalendarDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** INVALID_INPUT naming the field and its rule, as SQL's SVBAD does (db/errors.ts). */
function invalid(message: string, input: { field: string; rule: string }): never {
  throw new SafeError(message, { code: "INVALID_INPUT", ...input });
}

// PostGraphile names the table's own input type `BodyweightInput`; the contract wants that name
// for logBodyweight's argument, so the (unused) table input type is renamed.
export const BodyweightInputNamePlugin: GraphileConfig.Plugin = {
  name: "BodyweightInputNamePlugin",
  version: "1.0.0",
  inflection: {
    replace: {
      inputType(previous, _options, typeName) {
        const name = previous!(typeName);
        return name === "BodyweightInput" ? "BodyweightRowInput" : name;
      },
    },
  },
};

export const BodyweightPlugin = extendSchema((build) => {
  const { bodyweights } = build.input.pgRegistry.pgResources;
  return {
    typeDefs: gql`
      "A weight unit: kilograms or pounds (1 lb = 0.45359237 kg)."
      enum Unit {
        KG
        LB
      }
      "A bodyweight to log."
      input BodyweightInput {
        "The day, as YYYY-MM-DD: from 1900-01-01, not in the future."
        date: String!
        "The weight: above 0, at most 1500, with at most 2 decimals (the rule of workout documents)."
        weight: Float!
        "The unit; default the user's unit."
        unit: Unit
      }
      extend type Mutation {
        "Logs the bodyweight for a date; logging the same date again replaces that day's value."
        logBodyweight(input: BodyweightInput!): Bodyweight
      }
    `,
    enums: {
      Unit: { values: { KG: { value: "kg" }, LB: { value: "lb" } } },
    },
    objects: {
      Mutation: {
        plans: {
          logBodyweight(_: unknown, fieldArgs: FieldArgs) {
            type Input = { date: string; weight: number; unit?: string | null };
            const $logged = sqlMutation<Input, { id: string }>(
              bodyweights.executor,
              fieldArgs,
              async (client, input) => {
                // The date is cast to SQL date below, so it is checked first; the rest is judged in SQL
                // (app_public.log_bodyweight), by the rule workout documents follow.
                if (!isCalendarDate(input.date))
                  invalid("date: must be a real calendar date as YYYY-MM-DD", { field: "date", rule: "dateFormat" });
                const { rows } = await client.query<{ id: string }>({
                  text: "select (app_public.log_bodyweight($1::date, $2::float8, $3::text)).id as id",
                  values: [input.date, input.weight, input.unit ?? null],
                });
                return rows[0];
              },
            );
            return bodyweights.get({ id: access($logged, "id") });
          },
        },
      },
    },
  };
});
