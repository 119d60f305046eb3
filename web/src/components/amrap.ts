// A set whose reps end in `+` (as many reps as possible) says so in words too, in the app's
// language: `85x5+ (AMRAP)`, and a logged 0 reads as no reps done (`85x0 (AMRAP, 0 reps done)`),
// as the SDK's setShown says it in English for the CLI and MCP.
import { useTranslation } from "react-i18next";
import { parseSet } from "@svc/sdk/documents";

/** The set text with its AMRAP mark in words; any other set as it is. */
export function useAmrapShown(): (text: string) => string {
  const { t } = useTranslation("components");
  return (text) => {
    const parsed = parseSet(text);
    if (!parsed.ok || !parsed.value.amrap) return text;
    if (parsed.value.reps === 0) return t("amrap.noneDone", { set: text.replace("+", "") });
    return t("amrap.marked", { set: text });
  };
}
