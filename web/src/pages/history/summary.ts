// A change's one line (Change.summary) in the app's language. The server writes it in English in
// fixed forms by its kind (app_hidden.change_summary: `Logged Push on 2026-03-02`, `Edited routine
// Push`, `Deleted bodyweight 80 kg on 2026-03-02`, `Changed body measurements on 2026-03-02`,
// `Undid "<summary>"`): the kind comes from Change.kind, the verb, name, weight and day from those
// forms. English, and a line in no known form, show the server's words.
import { i18n, currentLanguage } from "../../i18n/index.ts";
import { SOURCE_LANGUAGE } from "../../i18n/languages.ts";
import { formatDay, formatNumber } from "../../format.ts";

const VERBS: Record<string, "created" | "updated" | "deleted"> = {
  Logged: "created",
  Created: "created",
  Edited: "updated",
  Changed: "updated",
  Deleted: "deleted",
};
const DAY = "(\\d{4}-\\d{2}-\\d{2})";
const FORMS: Record<string, RegExp> = {
  workout: new RegExp(`^(Logged|Edited|Deleted) (.*) on ${DAY}$`, "s"),
  routine: /^(Created|Edited|Deleted) routine (.*)$/s,
  bodyweight: new RegExp(`^(Logged|Changed|Deleted) bodyweight (\\S+) (\\S+) on ${DAY}$`, "s"),
  measurement: new RegExp(`^(Logged|Changed|Deleted) body measurements on ${DAY}$`, "s"),
};

function translated(kind: string, text: string): string {
  const undid = /^Undid "(.*)"$/s.exec(text);
  if (undid) return i18n.t("history:summary.undid", { summary: translated(kind, undid[1]) });
  const m = FORMS[kind]?.exec(text);
  if (!m) return text;
  const op = VERBS[m[1]];
  const t = (values: Record<string, unknown>) => i18n.t(`history:summary.${kind}.${op}`, values);
  switch (kind) {
    case "workout":
      return t({ named: m[2] === "a workout" ? "no" : "yes", name: m[2], date: formatDay(m[3]) });
    case "routine":
      return t({ name: m[2] });
    case "bodyweight": {
      const weight = Number(m[2]);
      return t({ weight: `${Number.isFinite(weight) ? formatNumber(weight) : m[2]} ${m[3]}`, date: formatDay(m[4]) });
    }
    default:
      return t({ date: formatDay(m[2]) });
  }
}

/** The change's line as the app's language says it. */
export function changeSummary(change: { kind: string; summary: string }): string {
  if (currentLanguage() === SOURCE_LANGUAGE) return change.summary;
  return translated(change.kind, change.summary);
}
