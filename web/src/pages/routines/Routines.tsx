// Routines: the list, each linking to its page; a new routine from here.
import { Link } from "react-router";
import { Page } from "../../components/Page.tsx";
import { Empty, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { prefetchQuery, useQuery } from "../../graphql/hooks.ts";
import { formatDate } from "../../format.ts";
import { RoutineList, routinePath } from "./operations.ts";

/** Asked before the first render when the app opens on this page (main.tsx). */
export function prefetch() {
  return prefetchQuery(RoutineList, {});
}

export default function Routines() {
  const list = useQuery(RoutineList, {});
  return (
    <Page
      title="Routines"
      actions={
        <Link className="button primary" to="/routines/new">
          New routine
        </Link>
      }
    >
      <QueryView query={list}>
        {(data) => {
          const routines = data.viewer?.routines ?? [];
          if (routines.length === 0) {
            return (
              <Empty>
                <p>
                  No routines yet. A routine is a plan you repeat:{" "}
                  <Link to="/routines/new">create your first routine</Link>.
                </p>
              </Empty>
            );
          }
          return (
            <CardTable
              caption="Your routines"
              rows={routines}
              rowKey={(r) => r.id}
              columns={[
                {
                  label: "Name",
                  cell: (r) => (
                    <>
                      <Link to={routinePath(r)}>{r.name}</Link>
                      {r.deload ? (
                        <>
                          {" "}
                          <span className="badge">Deload</span>
                        </>
                      ) : null}
                    </>
                  ),
                },
                { label: "Exercises", cell: (r) => r.exercises.length },
                { label: "Progression", cell: (r) => r.progression },
                { label: "Unit", cell: (r) => r.unit },
                { label: "Changed", cell: (r) => formatDate(r.updatedAt) },
              ]}
            />
          );
        }}
      </QueryView>
    </Page>
  );
}
