// How to do an exercise: its set-up, the movement and a few cues (Exercise.instructions), on the
// exercise's progress page and in the logger's exercise menu.
import { useTranslation } from "react-i18next";

export type ExerciseInstructions = { setup: string; movement: string; cues: readonly (string | null)[] };

/** The set-up, the movement and the cues, as a short how-to; also in the logger's exercise menu. */
export function HowTo({ instructions }: { instructions: ExerciseInstructions }) {
  const { t } = useTranslation("components");
  return (
    <div className="how-to">
      <p>
        <strong>{t("howTo.setup")}</strong> {instructions.setup}
      </p>
      <p>
        <strong>{t("howTo.movement")}</strong> {instructions.movement}
      </p>
      <ul aria-label={t("howTo.cues")}>
        {instructions.cues.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
