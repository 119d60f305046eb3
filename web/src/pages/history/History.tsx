// What changed (/history): every save and delete of the last 90 days of routines, workouts,
// bodyweights and body measurements, newest first, from every device, key and connected app; Undo
// on each restores the state before it (the Undo itself listed as a change).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { operations } from "@svc/sdk";
import type { ResultOf } from "../../graphql/graphql.ts";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { Page } from "../../components/Page.tsx";
import { ErrorMessage, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { formatDateTime } from "../../format.ts";
import { changeSummary } from "./summary.ts";

type Change = NonNullable<ResultOf<typeof operations.HISTORY>["history"]>["changes"][number];

/** How many changes a page shows. */
const PAGE = 50;

export default function History() {
  const { t } = useTranslation("history");
  const [before, setBefore] = useState<string | null>(null);
  const history = useQuery(operations.HISTORY, { before, first: PAGE });
  const [undo, undoing] = useMutation(operations.UNDO_CHANGE);
  const [message, setMessage] = useState<string | null>(null);

  async function undoOne(change: Change) {
    setMessage(null);
    try {
      const answer = await undo({ id: change.id });
      await history.reload();
      const done = answer.undoChange?.change;
      setMessage(done ? changeSummary(done) : t("undone"));
    } catch {
      // Shown from undoing.error.
    }
  }

  return (
    <Page title={t("title")}>
      <p className="muted">{t("intro", { days: 90 })}</p>
      {message ? <p role="status">{message}</p> : null}
      <ErrorMessage error={undoing.error} />
      <QueryView query={history}>
        {(data) => {
          const page = data.history;
          const list = page?.changes ?? [];
          if (!list.length) return <p>{t("none", { days: 90 })}</p>;
          return (
            <>
              <CardTable
                caption={t("table.caption")}
                rows={list}
                rowKey={(c) => c.id}
                columns={[
                  { label: t("table.when"), cell: (c) => formatDateTime(c.at) },
                  {
                    label: t("table.what"),
                    cell: (c) =>
                      c.undone ? t("table.undoneSummary", { summary: changeSummary(c) }) : changeSummary(c),
                  },
                  { label: t("table.from"), cell: (c) => c.client },
                ]}
                actions={(c) => (
                  <button type="button" disabled={undoing.running} onClick={() => void undoOne(c)}>
                    {t("undo")}
                    <span className="visually-hidden"> {changeSummary(c)}</span>
                  </button>
                )}
              />
              <div className="actions">
                {before !== null ? (
                  <button type="button" onClick={() => setBefore(null)}>
                    {t("newest")}
                  </button>
                ) : null}
                {page?.hasNextPage ? (
                  <button type="button" onClick={() => setBefore(page.endCursor)}>
                    {t("older")}
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
