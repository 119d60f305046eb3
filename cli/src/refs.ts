// Things given on the command line by name, id or a unique id prefix (as the lists show them).
import type { SvcClient, AdminUser, ApiKey, RoutineSummary, ExerciseDetails } from "@svc/sdk";
import { CliError, UsageError } from "./errors.ts";
import { isUuid } from "./input.ts";

/** How many characters of an id the lists show; any unique prefix of 4 or more works. */
export const SHORT_ID = 8;
const MIN_PREFIX = 4;

/** Whether `given` can be (the start of) an id: hex digits and dashes. */
export function looksLikeIdPrefix(given: string): boolean {
  return /^[0-9a-f-]+$/i.test(given.trim()) && given.replaceAll("-", "").trim().length >= MIN_PREFIX;
}

/**
 * The one item whose name is `given` (ignoring case and surrounding spaces, or as `sameName` says),
 * else whose id is or starts with it. `what` names the kind ("routine") and `list` the command that
 * lists them.
 */
export function pick<T extends { id: string }>(
  items: readonly T[],
  given: string,
  {
    what,
    list,
    name,
    sameName = (item, wanted) => name!(item).trim().toLowerCase() === wanted.toLowerCase(),
    describe,
  }: {
    what: string;
    list: string;
    name?: (item: T) => string;
    sameName?: (item: T, wanted: string) => boolean;
    describe: (item: T) => string;
  },
): T {
  const wanted = given.trim();
  if (!wanted) throw new UsageError(`Give a ${what} ${name ? "name or " : ""}id.`);
  if (name) {
    const named = items.filter((item) => sameName(item, wanted));
    if (named.length === 1) return named[0];
    if (named.length > 1)
      throw new UsageError(
        `${named.length} ${what}s are named ${JSON.stringify(wanted)}: ${named.map(describe).join(", ")}. Give the id instead.`,
      );
  }
  const prefix = wanted.toLowerCase();
  const none = () =>
    new CliError(
      name
        ? `No ${what} named or with id ${JSON.stringify(wanted)}. See \`${list}\`.`
        : `No ${what} with an id starting ${prefix}. See \`${list}\`.`,
    );
  if (!looksLikeIdPrefix(prefix)) throw none();
  const matches = items.filter((item) => item.id.toLowerCase().startsWith(prefix));
  if (matches.length === 1) return matches[0];
  if (!matches.length) throw none();
  const shown = matches.slice(0, 5).map(describe).join(", ");
  throw new UsageError(
    `${prefix} matches ${matches.length} ${what}s: ${shown}${matches.length > 5 ? ", ..." : ""}. Give more characters.`,
  );
}

/** A routine by name (any case), id or unique id prefix. */
export async function resolveRoutine(client: SvcClient, given: string): Promise<RoutineSummary> {
  if (isUuid(given.trim())) return { id: given.trim().toLowerCase(), name: given };
  // Which routine a name means is SQL's to say (app_public.routine_name_key): the server looks it up.
  const named = given.trim() ? await client.routineDocument(given) : null;
  if (named) return { id: String(named.id), name: String(named.name) };
  return pick(await client.routines(), given, {
    what: "routine",
    list: "svc routine list",
    name: (r) => r.name,
    sameName: () => false, // no routine has this name: the server said so
    describe: (r) => `${r.name} (${r.id.slice(0, SHORT_ID)})`,
  });
}

/** An API key by name (any case), id or unique id prefix. */
export async function resolveKey(client: SvcClient, given: string): Promise<ApiKey> {
  return pick(await client.apiKeys(), given, {
    what: "key",
    list: "svc key list",
    name: (k) => k.name,
    describe: (k) => `${k.name} (${k.id.slice(0, SHORT_ID)})`,
  });
}

/** One of the user's custom exercises by name (any case), id or unique id prefix. */
export async function resolveCustomExercise(client: SvcClient, given: string): Promise<ExerciseDetails> {
  return pick(await client.customExercises(), given, {
    what: "custom exercise",
    list: "svc exercise list",
    name: (e) => e.name,
    describe: (e) => `${e.name} (${e.id.slice(0, SHORT_ID)})`,
  });
}

/** A user's id, for an admin: the id as given, or found by email (exactly, ignoring case) through `adminUsers`. */
export async function resolveUserId(client: SvcClient, given: string): Promise<string> {
  const wanted = given.trim();
  if (isUuid(wanted)) return wanted.toLowerCase();
  if (!wanted.includes("@"))
    throw new UsageError(
      `Give the user's email or id, not ${JSON.stringify(given)} (find them with \`svc admin user list ${wanted}\`).`,
    );
  const found = (await client.admin.users(wanted)).filter(
    (u: AdminUser) => u.email.toLowerCase() === wanted.toLowerCase(),
  );
  if (found.length !== 1) throw new CliError(`No user with the email ${wanted}. See \`svc admin user list\`.`);
  return found[0].id;
}

/** The full id of one of the user's workouts whose id is, or starts with, `given` (workouts have no name). */
export async function resolveWorkoutId(client: SvcClient, given: string): Promise<string> {
  const prefix = given.trim().toLowerCase();
  if (isUuid(prefix)) return prefix;
  if (!/^[0-9a-f-]+$/.test(prefix))
    throw new UsageError(`${JSON.stringify(given)} is not a workout id (ids look like 3f2a9c1e).`);
  if (!looksLikeIdPrefix(prefix)) throw new UsageError("Give at least 4 characters of the workout id.");
  const workouts = await client.workouts({ limit: 1000 });
  return pick(workouts, prefix, {
    what: "workout",
    list: "svc workout list",
    describe: (w) => `${w.id} (${w.date}${w.name ? ` ${w.name}` : ""})`,
  }).id;
}
