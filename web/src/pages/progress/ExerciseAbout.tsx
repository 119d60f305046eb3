// What an exercise works and how to do it, on its progress page: the primary and secondary
// muscles, and for the catalog's common exercises the set-up, the movement and a few cues.
import { useTranslation } from "react-i18next";
import { Section } from "../../components/Page.tsx";
import { HowTo, type ExerciseInstructions } from "../../components/HowTo.tsx";
import { muscleName } from "./muscleNames.ts";

export function ExerciseAbout({
  exercise,
}: {
  exercise: {
    name: string;
    muscles: readonly (string | null)[];
    secondaryMuscles: readonly (string | null)[];
    instructions: ExerciseInstructions | null;
  };
}) {
  const { t } = useTranslation("progress");
  const names = (muscles: readonly (string | null)[]) =>
    muscles.flatMap((m) => (m === null ? [] : [muscleName(t, m)])).join(t("listSeparator")) || "—";
  return (
    <Section title={t("about.title")}>
      <dl className="exercise-muscles">
        <dt>{t("about.primary")}</dt>
        <dd>{names(exercise.muscles)}</dd>
        <dt>{t("about.secondary")}</dt>
        <dd>{names(exercise.secondaryMuscles)}</dd>
      </dl>
      {exercise.instructions ? (
        <HowTo instructions={exercise.instructions} />
      ) : (
        <p className="muted">{t("about.none", { name: exercise.name })}</p>
      )}
    </Section>
  );
}
