// Where the workout in progress is kept (one per user, in this browser), in a module of its own so
// pages outside the logger can tell one is in progress without loading the logger's code. A workout
// that ended (saved or discarded) is remembered by its idempotency key: a tab that still holds it
// (asleep in the background, or restored from the back/forward cache) can never write it back.
const PREFIX = "svc.logger.v1.";
const ENDED_PREFIX = "svc.logger.ended.";
/** How many ended workouts are remembered: far more than tabs a lifter keeps open. */
const ENDED_KEPT = 50;

export function draftKey(userId: string): string {
  return `${PREFIX}${userId}`;
}

/** What the logger keeps beside the draft (last time, records: kept.ts); it goes with the draft. */
export function contextKey(userId: string): string {
  return `svc.logger.context.${userId}`;
}

export function endedKey(userId: string): string {
  return `${ENDED_PREFIX}${userId}`;
}

function endedKeys(userId: string): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(endedKey(userId)) ?? "[]");
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

/** Whether the workout with this idempotency key was saved or discarded in this browser. */
export function hasEnded(userId: string, idempotencyKey: string): boolean {
  return endedKeys(userId).includes(idempotencyKey);
}

/** Remembers that this workout ended, and removes its draft. */
export function markEnded(userId: string, idempotencyKey: string): void {
  try {
    const keys = [...endedKeys(userId).filter((k) => k !== idempotencyKey), idempotencyKey].slice(-ENDED_KEPT);
    localStorage.setItem(endedKey(userId), JSON.stringify(keys));
    localStorage.removeItem(draftKey(userId));
    localStorage.removeItem(contextKey(userId));
  } catch {
    // Storage refused: the tab's own state still ends; nothing more can be kept.
  }
}

/** The idempotency key of the stored draft, when it parses as one. */
function storedKey(text: string): string | null {
  try {
    const key: unknown = (JSON.parse(text) as { idempotencyKey?: unknown } | null)?.idempotencyKey;
    return typeof key === "string" ? key : null;
  } catch {
    return null;
  }
}

/** Whether this user has a workout in progress in this browser (one that has not ended). */
export function hasWorkoutInProgress(userId: string): boolean {
  try {
    const text = localStorage.getItem(draftKey(userId));
    if (text === null) return false;
    const key = storedKey(text);
    return key === null || !hasEnded(userId, key);
  } catch {
    return false;
  }
}

/**
 * At sign-out: the workout in progress and what the logger kept beside it are forgotten, and it is
 * remembered as ended, so a tab still holding it cannot write it back for the next person here.
 */
export function forgetWorkoutInProgress(userId: string): void {
  try {
    const text = localStorage.getItem(draftKey(userId));
    const key = text === null ? null : storedKey(text);
    if (key) return markEnded(userId, key);
    localStorage.removeItem(draftKey(userId));
    localStorage.removeItem(contextKey(userId));
  } catch {
    // Storage refused: nothing was kept either.
  }
}
