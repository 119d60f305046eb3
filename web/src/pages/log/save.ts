// One attempt to save the workout being logged, as an outcome the page shows: saved (also when the
// server says this key and document were saved before: a retry after a lost answer), a conflict
// (the key logged this workout already and the document changed since: replace it by id), a
// problem at a set, the connection gone (kept, tried again), or another refusal.
import type { ValidationResult } from "@svc/sdk/documents";
import { ApiError, NetworkError, errorMessage } from "../../graphql/client.ts";
import { mergeDocuments, versionConflict } from "../../components/versionMerge.ts";
import { toDocument, type LogWorkout } from "./draft.ts";

export type SaveOutcome =
  | { kind: "saved"; workoutId: string; replayed: boolean }
  | { kind: "conflict"; workoutId: string }
  /** Problems keyed `<exercise row>:<set row>`. */
  | { kind: "invalid"; message: string; path: string; problems: Map<string, string> }
  | { kind: "offline"; message: string }
  | { kind: "refused"; message: string };

/** How the outcome names a set and an exercise, and a refusal, in the logger's language (English otherwise). */
export type SaveText = {
  /** `Bench Press set 2`. */
  setName: (exercise: string, n: number) => string;
  /** An exercise with no name at its place: `exercise 3`. */
  exercise: (n: number) => string;
  refused: string;
  /** A document problem's reason in the logger's language (i18n/serverMessages.ts). */
  problem?: (reason: string) => string;
};

const ENGLISH: SaveText = {
  setName: (exercise, n) => `${exercise} set ${n}`,
  exercise: (n) => `exercise ${n}`,
  refused: "The server did not save the workout. Try again.",
};

type SaveAnswer = { applyWorkoutDocument?: { workout?: { id: string } | null; replayed: boolean } | null };

/** Where a document path points, in words, and the set row it names (when it names one). */
function locateProblem(
  workout: LogWorkout,
  path: string,
  origins: ReturnType<typeof toDocument>["origins"],
  text: SaveText,
): { where: string; row: string | null } {
  const m = /^exercises\[(\d+)\](?:\.sets\[(\d+)\])?/.exec(path);
  if (!m) return { where: path, row: null };
  const i = Number(m[1]);
  const name = workout.exercises[i]?.exercise ?? text.exercise(i + 1);
  if (m[2] === undefined) return { where: name, row: null };
  const origin = origins[i]?.[Number(m[2])];
  return origin
    ? { where: text.setName(name, origin.set + 1), row: `${origin.exercise}:${origin.set}` }
    : { where: name, row: null };
}

/**
 * Sends the document; when the workout was saved elsewhere since the version this device started
 * from, sends it again merged with that save, every set of both kept (the logger has no one to ask).
 */
async function sendMerging(
  document: unknown,
  key: string,
  send: (document: unknown, idempotencyKey: string) => Promise<SaveAnswer>,
): Promise<SaveAnswer> {
  try {
    return await send(document, key);
  } catch (error) {
    const conflict = versionConflict(error, document);
    if (!conflict) throw error;
    return send(mergeDocuments("workout", conflict.mine, conflict.current, {}), key);
  }
}

export async function saveWorkout(
  workout: LogWorkout,
  io: {
    validate: (document: unknown) => ValidationResult<unknown>;
    send: (document: unknown, idempotencyKey: string) => Promise<SaveAnswer>;
    onSaving: () => void;
    text?: SaveText;
  },
): Promise<SaveOutcome> {
  const text = io.text ?? ENGLISH;
  const { document, origins } = toDocument(workout);
  const checked = io.validate(document);
  const invalid = (path: string, documentReason: string): SaveOutcome => {
    // The field as the logger labels it: "RPE must be ...", not the document's key "rpe".
    const reason = (text.problem?.(documentReason) ?? documentReason).replace(/^(rpe|rir)\b/, (key) =>
      key.toUpperCase(),
    );
    const { where, row } = locateProblem(workout, path, origins, text);
    return { kind: "invalid", path, message: `${where}: ${reason}`, problems: new Map(row ? [[row, reason]] : []) };
  };
  if (!checked.valid) return invalid(checked.path, checked.reason);
  io.onSaving();
  try {
    // The document as checked, with the start and minutes fixed now: a retry sends what was judged.
    const answer = await sendMerging(checked.document, workout.idempotencyKey, io.send);
    const saved = answer.applyWorkoutDocument;
    if (!saved?.workout) return { kind: "refused", message: text.refused };
    return { kind: "saved", workoutId: saved.workout.id, replayed: saved.replayed };
  } catch (error) {
    if (error instanceof NetworkError) return { kind: "offline", message: errorMessage(error) };
    if (error instanceof ApiError) {
      if (error.code === "CONFLICT" && typeof error.extensions.workoutId === "string")
        return { kind: "conflict", workoutId: error.extensions.workoutId };
      if (error.code === "INVALID_DOCUMENT" && typeof error.extensions.path === "string")
        return invalid(error.extensions.path, String(error.extensions.reason ?? error.message));
    }
    return { kind: "refused", message: errorMessage(error) };
  }
}
