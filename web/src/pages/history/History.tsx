// What changed (/history): every save and delete of the last 90 days of routines, workouts,
// bodyweights and body measurements, newest first, from every device, key and connected app; Undo
// on each restores the state before it (the Undo itself listed as a change).
import { useState } from "react";
import { operations } from "@svc/sdk";
import type { ResultOf } from "../../graphql/graphql.ts";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { Page } from "../../components/Page.tsx";
import { ErrorMessage, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { formatDateTime } from "../../format.ts";

type Change = NonNullable<ResultOf<typeof operations.HISTORY>["history"]>["changes"][number];

/** How many changes a page shows. */
const PAGE = 50;

export default function History() {
  const [before, setBefore] = useState<string | null>(null);
  const history = useQuery(operations.HISTORY, { before, first: PAGE });
  const [undo, undoing] = useMutation(operations.UNDO_CHANGE);
  const [message, setMessage] = useState<string | null>(null);

  async function undoOne(change: Change) {
    setMessage(null);
    try {
      const answer = await undo({ id: change.id });
      await history.reload();
      setMessage(answer.undoChange?.change?.summary ?? "Undone.");
    } catch {
      // Shown from undoing.error.
    }
  }

  return (
    <Page title="History">
      <p className="muted">
        Every change to your routines, workouts, bodyweights and body measurements in the last 90 days, from every
        device, key and connected app. Undo puts back what was there before a change.
      </p>
      {message ? <p role="status">{message}</p> : null}
      <ErrorMessage error={undoing.error} />
      <QueryView query={history}>
        {(data) => {
          const page = data.history;
          const list = page?.changes ?? [];
          if (!list.length) return <p>Nothing changed in the last 90 days.</p>;
          return (
            <>
              <CardTable
                caption="Changes, newest first"
                rows={list}
                rowKey={(c) => c.id}
                columns={[
                  { label: "When", cell: (c) => formatDateTime(c.at) },
                  { label: "What", cell: (c) => (c.undone ? `${c.summary} (undone)` : c.summary) },
                  { label: "From", cell: (c) => c.client },
                ]}
                actions={(c) => (
                  <button type="button" disabled={undoing.running} onClick={() => void undoOne(c)}>
                    Undo<span className="visually-hidden"> {c.summary}</span>
                  </button>
                )}
              />
              <div className="actions">
                {before !== null ? (
                  <button type="button" onClick={() => setBefore(null)}>
                    Newest
                  </button>
                ) : null}
                {page?.hasNextPage ? (
                  <button type="button" onClick={() => setBefore(page.endCursor)}>
                    Older
                  </button>
                ) : null}
              </div>
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}
