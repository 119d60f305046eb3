// A set whose reps end in `+` (as many reps as possible) says so in words too, in the app's
// language: `85x5+ (AMRAP)`, and a logged 0 reads as no reps done (`85x0 (AMRAP, 0 reps done)`),
// by the SDK's setShown (the CLI and MCP say it in English) with the app's phrasing.
import { useTranslation } from "react-i18next";
import { setShown } from "@svc/sdk/weights";

/** The set text with its AMRAP mark in words; any other set as it is. */
export function useAmrapShown(): (text: string) => string {
  const { t } = useTranslation("components");
  const phrasing = {
    marked: (set: string) => t("amrap.marked", { set }),
    noneDone: (set: string) => t("amrap.noneDone", { set }),
  };
  return (text) => setShown(text, phrasing);
}
