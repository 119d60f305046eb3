// Routines: the list, each linking to its page; a new routine from here.
import { Link } from "react-router";
import { Page } from "../../components/Page.tsx";
import { Empty, QueryView } from "../../components/States.tsx";
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
            <table className="cards">
              <caption className="visually-hidden">Your routines</caption>
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Exercises</th>
                  <th>Progression</th>
                  <th>Unit</th>
                  <th>Changed</th>
                </tr>
              </thead>
              <tbody>
                {routines.map((r) => (
                  <tr key={r.id}>
                    <td data-label="Name">
                      <Link to={routinePath(r)}>{r.name}</Link>
                      {r.deload ? (
                        <>
                          {" "}
                          <span className="badge">Deload</span>
                        </>
                      ) : null}
                    </td>
                    <td data-label="Exercises">{r.exercises.length}</td>
                    <td data-label="Progression">{r.progression}</td>
                    <td data-label="Unit">{r.unit}</td>
                    <td data-label="Changed">{formatDate(r.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }}
      </QueryView>
    </Page>
  );
}
