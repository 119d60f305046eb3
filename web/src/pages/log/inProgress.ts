// Where the workout in progress is kept (one per user, in this browser), in a module of its own so
// pages outside the logger can tell one is in progress without loading the logger's code.
const PREFIX = "svc.logger.v1.";

export function draftKey(userId: string): string {
  return `${PREFIX}${userId}`;
}

/** Whether this user has a workout in progress in this browser. */
export function hasWorkoutInProgress(userId: string): boolean {
  try {
    return localStorage.getItem(draftKey(userId)) !== null;
  } catch {
    return false;
  }
}
