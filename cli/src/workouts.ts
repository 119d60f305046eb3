// Workout ids may be given by a unique prefix (as `svc workout list` shows them).
import type { SvcClient } from "@svc/sdk";
import { UsageError } from "./errors.ts";
import { isUuid } from "./input.ts";
import { pick, looksLikeIdPrefix, SHORT_ID } from "./refs.ts";

export { SHORT_ID };

/** The full id of the workout whose id is, or starts with, `given`. */
export async function resolveWorkoutId(client: SvcClient, given: string): Promise<string> {
  const prefix = given.trim().toLowerCase();
  if (isUuid(prefix)) return prefix;
  if (!/^[0-9a-f-]+$/.test(prefix)) throw new UsageError(`${JSON.stringify(given)} is not a workout id (ids look like 3f2a9c1e).`);
  if (!looksLikeIdPrefix(prefix)) throw new UsageError("Give at least 4 characters of the workout id.");
  const workouts = await client.workouts({ limit: 1000 });
  return pick(workouts, prefix, { what: "workout", list: "svc workout list", describe: (w) => `${w.id} (${w.date}${w.name ? ` ${w.name}` : ""})` }).id;
}
