// A target's explanation in the app's language: in English the server's own (it is the English),
// otherwise written from its parts (explanationParts.ts) with the explanations catalogue and the
// app's formats (`82,5 kg`, `30.11.2026`, `1 Min., 30 s`). Parts this app cannot write (a code newer
// than it) leave the server's English.
import { i18n, currentLanguage } from "./index.ts";
import { SOURCE_LANGUAGE } from "./languages.ts";
import { explanationFromParts, type ExplanationWriter } from "./explanationParts.ts";
import { formatDay, formatDuration, formatNumber } from "../format.ts";
import { formatWeight } from "../components/units.ts";

const writer: ExplanationWriter = {
  message: (code, values) =>
    i18n.exists(`parts.${code}`, { ns: "explanations" })
      ? i18n.t(`parts.${code}`, { ns: "explanations", ...values })
      : null,
  day: formatDay,
  weight: formatWeight,
  number: formatNumber,
  duration: formatDuration,
};

/** Why a target is what it is (NextTarget.explanation and explanationParts), in the app's language. */
export function targetExplanation(
  target: { explanation: string; explanationParts?: unknown } | null | undefined,
): string | null {
  if (!target) return null;
  if (currentLanguage() === SOURCE_LANGUAGE) return target.explanation;
  return explanationFromParts(target.explanationParts, writer) ?? target.explanation;
}
