// Workout ids may be given by a unique prefix (as `svc workout list` shows them).
import type { SvcClient } from "@svc/sdk";
import { CliError, UsageError } from "./errors.ts";
import { isUuid } from "./input.ts";

export const SHORT_ID = 8;

/** The full id of the workout whose id is, or starts with, `given`. */
export async function resolveWorkoutId(client: SvcClient, given: string): Promise<string> {
  const prefix = given.trim().toLowerCase();
  if (isUuid(prefix)) return prefix;
  if (!/^[0-9a-f-]+$/.test(prefix)) throw new UsageError(`${JSON.stringify(given)} is not a workout id (ids look like 3f2a9c1e).`);
  if (prefix.replaceAll("-", "").length < 4) throw new UsageError("Give at least 4 characters of the workout id.");
  const workouts = await client.workouts({ limit: 1000 });
  const matches = workouts.filter((w) => w.id.startsWith(prefix));
  if (matches.length === 1) return matches[0].id;
  if (!matches.length) throw new CliError(`No workout with an id starting ${prefix}. See \`svc workout list\`.`);
  const list = matches.slice(0, 5).map((w) => `${w.id} (${w.date}${w.name ? ` ${w.name}` : ""})`).join(", ");
  throw new UsageError(`${prefix} matches ${matches.length} workouts: ${list}${matches.length > 5 ? ", ..." : ""}. Give more characters.`);
}
