/**
 * The bounds of one import request, of the parts a long file is sent in, of applying a whole
 * import, and of export pages (the server checks the same). What one user may stage in all is
 * SQL's rule: app_hidden.staged_import_limits (10,000 workouts, 50,000,000 bytes, an hour).
 */
export const IMPORT_LIMITS = {
  /** Workouts in one importWorkouts or stageImportPart request (the request body is also at most 1 MB). */
  workouts: 5000,
  /** What clients put in one part: at most this many workouts and bytes of JSON (under the 1 MB body). */
  partWorkouts: 200,
  partBytes: 900_000,
  /**
   * Database time an importWorkouts may take (its statements and the request), above the other
   * requests' STATEMENT_TIMEOUT and REQUEST_TIMEOUT: bench/import.ts imports 1,042 workouts in
   * 16 s on a loaded 2-core machine, so a staged import of the largest size (10,000) fits.
   */
  applyMs: 180_000,
  /** Workouts per export page by default, and at most. */
  exportPage: 200,
  exportPageMax: 500,
} as const;
