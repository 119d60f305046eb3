// Where a program start's weight comes from (programStartPreview's basis), in the app's language:
// in English the server's own sentence; otherwise written from its basisCode and the fields beside
// it (the set, its day, the weeks, the estimate and the rounding step), days and weights as the
// language writes them. A code this app does not know keeps the server's sentence.
import type { ResultOf } from "../../graphql/graphql.ts";
import { i18n, currentLanguage } from "../../i18n/index.ts";
import { SOURCE_LANGUAGE } from "../../i18n/languages.ts";
import { formatDay } from "../../format.ts";
import { formatWeight } from "../../components/units.ts";
import type { ProgramStartPreview } from "./operations.ts";

type Row = NonNullable<NonNullable<ResultOf<typeof ProgramStartPreview>["programStartPreview"]>[number]>;

export function basisText(row: Row): string {
  const key = `basis.${row.basisCode}`;
  if (currentLanguage() === SOURCE_LANGUAGE || !i18n.exists(key, { ns: "programs" })) return row.basis;
  return i18n.t(key, {
    ns: "programs",
    set: row.bestSet ?? "",
    date: formatDay(row.bestDate ? String(row.bestDate) : null),
    from: formatDay(row.historyFrom ? String(row.historyFrom) : null),
    to: formatDay(row.historyTo ? String(row.historyTo) : null),
    sets: row.historySets ?? 0,
    estimate: formatWeight(row.bestEstimate, row.unit),
    step: formatWeight(row.roundingStep, row.unit),
  });
}
