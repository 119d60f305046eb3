// Routines: the list, each linking to its page (a program's days in its day order, then the other
// routines by folder); a new routine from here.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Page } from "../../components/Page.tsx";
import { Empty, Loading, QueryView } from "../../components/States.tsx";
import { CardTable } from "../../components/CardTable.tsx";
import { prefetchQuery, useQuery } from "../../graphql/hooks.ts";
import { formatDate } from "../../format.ts";
import { ProgramDays, RoutineList, RoutineNextTargets, routinePath } from "./operations.ts";
import { folderGroups, placeOf, programGroups } from "./programOrder.ts";
import { FolderOrder } from "./FolderOrder.tsx";
import { ruleName } from "./programRules.ts";
import { rich } from "../../components/richText.tsx";

/** Asked before the first render when the app opens on this page (main.tsx). */
export function prefetch() {
  return prefetchQuery(RoutineList, {});
}

/** The next day's mark in the list: "· next, week 2". */
function NextPlace({ id }: { id: string }) {
  const { t } = useTranslation("routines");
  const targets = useQuery(RoutineNextTargets, { id });
  const place = placeOf(targets.data?.routineById?.nextTargets, t);
  return (
    <>
      {" · "}
      <strong>{place ? t("list.nextAt", { place }) : t("list.next")}</strong>
    </>
  );
}

export default function Routines() {
  const { t } = useTranslation("routines");
  const list = useQuery(RoutineList, {});
  const library = useQuery(ProgramDays, {});
  return (
    <Page
      title={t("list.title")}
      actions={
        <Link className="button primary" to="/routines/new">
          {t("list.new")}
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
                  {rich(t, "list.empty", {
                    link: <Link to="/routines/new">{t("list.emptyLink")}</Link>,
                  })}
                </p>
              </Empty>
            );
          }
          // A program's day order comes from the library: wait for it (or its failure, then by name),
          // so the list does not reorder under the lifter's thumb when it arrives.
          if (library.data === undefined && !library.error) return <Loading />;
          const groups = programGroups(routines, library.data?.programLibrary ?? []);
          // A program's days in its day order, then the other routines by folder.
          const order = data.viewer?.routineFolderOrder ?? null;
          const loose = groups.find((g) => !g.program)?.days ?? [];
          const folders = folderGroups(loose, order).flatMap((f) => (f.folder ? [f.folder] : []));
          const rows = groups.flatMap((g) =>
            g.program ? g.days : folderGroups(g.days, order).flatMap((f) => f.routines),
          );
          const foldered = rows.some((r) => r.folder);
          const programOf = new Map(
            groups.flatMap((g) => g.days.map((r, i) => [r.id, { group: g, day: i + 1 }] as const)),
          );
          return (
            <>
              <CardTable
                caption={t("list.caption")}
                rows={rows}
                rowKey={(r) => r.id}
                columns={[
                  {
                    label: t("list.name"),
                    cell: (r) => (
                      <>
                        <Link to={routinePath(r)}>{r.name}</Link>
                        {r.deload ? (
                          <>
                            {" "}
                            <span className="badge">{t("list.deload")}</span>
                          </>
                        ) : null}
                      </>
                    ),
                  },
                  { label: t("list.exercises"), cell: (r) => r.exercises.length },
                  {
                    label: t("list.progression"),
                    cell: (r) => {
                      const at = programOf.get(r.id);
                      if (!at?.group.program) return ruleName(r.progression, t);
                      return (
                        <>
                          {t("list.dayOf", { program: at.group.program, day: at.day, days: at.group.days.length })}
                          {at.group.next === r ? <NextPlace id={r.id} /> : null}
                        </>
                      );
                    },
                  },
                  foldered && { label: t("list.folder"), cell: (r) => (r.program ? "—" : (r.folder ?? "—")) },
                  { label: t("list.unit"), cell: (r) => r.unit },
                  { label: t("list.changed"), cell: (r) => formatDate(r.updatedAt) },
                ]}
              />
              {folders.length > 1 && data.viewer ? (
                <FolderOrder viewerId={data.viewer.id} folders={folders} onSaved={list.reload} />
              ) : null}
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}
