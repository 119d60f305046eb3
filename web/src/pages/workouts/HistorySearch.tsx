// The history's search (an exercise or a workout's name) and its routine and program filters,
// read from and written to the address (q, routine, program).
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { isWorkoutId as isUuid } from "./operations.ts";

export type HistoryFilter = { search?: string; routineId?: string; program?: string };

type FilterRoutine = { id: string; name: string; program?: string | null };

/** The filter the address holds; a value left out filters nothing. */
export function historyFilterOf(params: URLSearchParams): HistoryFilter {
  const filter: HistoryFilter = {};
  const search = params.get("q")?.trim();
  if (search) filter.search = search;
  const routine = params.get("routine");
  if (routine && isUuid(routine)) filter.routineId = routine;
  const program = params.get("program");
  if (program) filter.program = program;
  return filter;
}

/** The programs of these routines, each once (names compared ignoring case), by name. */
function programsOf(routines: readonly FilterRoutine[]): string[] {
  const byKey = new Map<string, string>();
  for (const r of routines) if (r.program) byKey.set(r.program.trim().toLowerCase(), r.program.trim());
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

export function HistorySearch({
  filter,
  routines,
  onChange,
  onSubmit,
}: {
  filter: HistoryFilter;
  routines: readonly FilterRoutine[];
  onChange: (next: HistoryFilter) => void;
  onSubmit: (e: FormEvent, next: HistoryFilter) => void;
}) {
  const { t } = useTranslation("workouts");
  const [text, setText] = useState(filter.search ?? "");
  useEffect(() => setText(filter.search ?? ""), [filter.search]);
  const programs = programsOf(routines);
  const sorted = [...routines].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <form
      className="history-search"
      role="search"
      aria-label={t("search.label")}
      onSubmit={(e) => onSubmit(e, { ...filter, search: text.trim() || undefined })}
    >
      <div className="field">
        <label htmlFor="history-q">{t("search.words")}</label>
        <span className="history-search-row">
          <input id="history-q" type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
          <button type="submit">{t("search.submit")}</button>
        </span>
      </div>
      <div className="field">
        <label htmlFor="history-routine">{t("search.routine")}</label>
        <select
          id="history-routine"
          value={filter.routineId ?? ""}
          onChange={(e) => onChange({ ...filter, routineId: e.target.value || undefined })}
        >
          <option value="">{t("search.allRoutines")}</option>
          {sorted.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      {programs.length > 0 ? (
        <div className="field">
          <label htmlFor="history-program">{t("search.program")}</label>
          <select
            id="history-program"
            value={filter.program ?? ""}
            onChange={(e) => onChange({ ...filter, program: e.target.value || undefined })}
          >
            <option value="">{t("search.allPrograms")}</option>
            {programs.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </form>
  );
}
