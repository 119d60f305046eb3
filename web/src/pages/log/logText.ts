// The logger's words that its plain modules put together (a set's name, a rest's label, a card's
// `3 sets`), in the app's language: they take these functions, with English when none is given.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { RestLabels } from "./afterTick.ts";
import type { SetCount } from "./occurrences.ts";

export type LogText = RestLabels & { setCount: SetCount };

export function useLogText(): LogText {
  const { t } = useTranslation("log");
  return useMemo(
    () => ({
      setName: (exercise: string, n: number) => t("set.name", { exercise, n }),
      setCount: (count: number) => t("set.count", { count }),
      round: (round: number, exercises: string[]) => t("rest.round", { round, exercises: exercises.join(" + ") }),
    }),
    [t],
  );
}
