/** Changes of routines, workouts, bodyweights and body measurements: the feed a sync client pages through, the history, Undo. */
import { SvcError } from "../errors.ts";
import * as ops from "../operations.ts";
import type { Change, ChangesPage } from "../types.ts";
import type { RequestCore } from "./core.ts";

function page(answer: ChangesPage | null | undefined): ChangesPage {
  if (!answer) throw new SvcError("BAD_RESPONSE", "The server answered no page of changes");
  return { changes: [...answer.changes], endCursor: answer.endCursor, hasNextPage: answer.hasNextPage };
}

export function changeOperations({ request }: RequestCore) {
  return {
    /**
     * What was created, updated or deleted after `after` (omit: from the start), in commit order,
     * `first` at a time (1 to 1000, default 100). Keep `endCursor` and ask again from it: applying
     * every change's `document` (null: deleted) in order holds exactly the account's data.
     */
    async changes(options: { after?: string | null; first?: number } = {}): Promise<ChangesPage> {
      return page((await request(ops.CHANGES, { after: options.after ?? null, first: options.first ?? null })).changes);
    },

    /** The last 90 days of changes, newest first; `before`: the previous page's `endCursor`. */
    async history(options: { before?: string | null; first?: number } = {}): Promise<ChangesPage> {
      return page(
        (await request(ops.HISTORY, { before: options.before ?? null, first: options.first ?? null })).history,
      );
    },

    /** Undoes a change (its `id`): the state before it comes back, as a new change (answered). */
    async undoChange(id: string): Promise<Change> {
      const change = (await request(ops.UNDO_CHANGE, { id })).undoChange?.change;
      if (!change) throw new SvcError("BAD_RESPONSE", "The server answered no change for the Undo");
      return change;
    },
  };
}
