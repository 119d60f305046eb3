// A routine's share links: make one (its address shown this once, to copy), list them and revoke
// one at once. Anyone with a link reads the routine and nothing else of yours.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { graphql } from "../../graphql/graphql.ts";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { CardTable } from "../../components/CardTable.tsx";
import { ErrorMessage } from "../../components/States.tsx";
import { formatDateTime } from "../../format.ts";

const RoutineShareList = graphql(`
  query RoutineShareList($id: UUID!) {
    routineById(id: $id) {
      id
      routineSharesByRoutineId {
        nodes {
          id
          showName
          createdAt
        }
      }
    }
  }
`);

const MakeShareLink = graphql(`
  mutation MakeShareLink($routine: String!, $showName: Boolean) {
    shareRoutine(input: { routine: $routine, showName: $showName }) {
      link {
        shareId
        token
      }
    }
  }
`);

const RevokeShareLink = graphql(`
  mutation RevokeShareLink($id: UUID!) {
    deleteRoutineShareById(input: { id: $id }) {
      routineShare {
        id
      }
    }
  }
`);

export function RoutineShares({ routineId, name }: { routineId: string; name: string }) {
  const { t } = useTranslation("routines");
  const list = useQuery(RoutineShareList, { id: routineId });
  const [showName, setShowName] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const [make, making] = useMutation(MakeShareLink);
  const [revoke, revoking] = useMutation(RevokeShareLink);
  const shares = (list.data?.routineById?.routineSharesByRoutineId.nodes ?? [])
    .flatMap((s) => (s ? [s] : []))
    .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));

  async function create() {
    const answer = await make({ routine: routineId, showName }).catch(() => null);
    const token = answer?.shareRoutine?.link?.token;
    if (!token) return;
    setMade(`${window.location.origin}/shared/${token}`);
    await list.reload();
  }

  return (
    <section className="section" aria-labelledby="share-heading">
      <h2 id="share-heading">{t("share.heading")}</h2>
      <p className="muted">{t("share.intro", { name })}</p>
      <div className="field-check">
        <input
          id="share-show-name"
          type="checkbox"
          checked={showName}
          onChange={(e) => setShowName(e.target.checked)}
        />
        <label htmlFor="share-show-name">{t("share.showName")}</label>
      </div>
      <p>
        <button type="button" disabled={making.running} onClick={() => void create()}>
          {t("share.make")}
        </button>
      </p>
      <ErrorMessage error={making.error ?? revoking.error} />
      {made ? (
        <div className="field">
          <label htmlFor="share-made">{t("share.made")}</label>
          <input id="share-made" readOnly value={made} onFocus={(e) => e.target.select()} />
        </div>
      ) : null}
      {shares.length > 0 ? (
        <CardTable
          caption={t("share.caption", { name })}
          rows={shares}
          rowKey={(s) => s.id}
          columns={[
            { label: t("share.madeColumn"), cell: (s) => formatDateTime(String(s.createdAt)) },
            { label: t("share.nameColumn"), cell: (s) => (s.showName ? t("share.shown") : t("share.notShown")) },
          ]}
          actions={(s) => (
            <button
              type="button"
              className="danger"
              disabled={revoking.running}
              onClick={() => {
                void revoke({ id: s.id })
                  .then(() => list.reload())
                  .catch(() => {});
              }}
            >
              {t("share.revoke")}
              <span className="visually-hidden">
                {" "}
                {t("share.revokeWhich", { made: formatDateTime(String(s.createdAt)) })}
              </span>
            </button>
          )}
        />
      ) : (
        <p className="muted">{t("share.none")}</p>
      )}
    </section>
  );
}
