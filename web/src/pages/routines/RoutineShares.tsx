// A routine's share links: make one (its address shown this once, to copy), list them and revoke
// one at once. Anyone with a link reads the routine and nothing else of yours.
import { useState } from "react";
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
      <h2 id="share-heading">Share</h2>
      <p className="muted">
        Anyone with a link reads {name} (its exercises, sets, reps and weights) and nothing else of yours; someone
        signed in here can add a copy to their routines. Revoke a link and it opens nothing.
      </p>
      <div className="field-check">
        <input
          id="share-show-name"
          type="checkbox"
          checked={showName}
          onChange={(e) => setShowName(e.target.checked)}
        />
        <label htmlFor="share-show-name">Show my name on the shared page</label>
      </div>
      <p>
        <button type="button" disabled={making.running} onClick={() => void create()}>
          Make a share link
        </button>
      </p>
      <ErrorMessage error={making.error ?? revoking.error} />
      {made ? (
        <div className="field">
          <label htmlFor="share-made">Share link (shown this once: copy it now)</label>
          <input id="share-made" readOnly value={made} onFocus={(e) => e.target.select()} />
        </div>
      ) : null}
      {shares.length > 0 ? (
        <CardTable
          caption={`Share links of ${name}`}
          rows={shares}
          rowKey={(s) => s.id}
          columns={[
            { label: "Made", cell: (s) => formatDateTime(String(s.createdAt)) },
            { label: "Your name", cell: (s) => (s.showName ? "Shown" : "Not shown") },
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
              Revoke<span className="visually-hidden"> the link made {formatDateTime(String(s.createdAt))}</span>
            </button>
          )}
        />
      ) : (
        <p className="muted">No share links of this routine.</p>
      )}
    </section>
  );
}
