// What an exercise works and how to do it, on its progress page: the primary and secondary
// muscles, and for the catalog's common exercises the set-up, the movement and a few cues.
import { Section } from "../../components/Page.tsx";
import { HowTo, type ExerciseInstructions } from "../../components/HowTo.tsx";

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
  return (
    <Section title="How to do it">
      <dl className="exercise-muscles">
        <dt>Primary muscles</dt>
        <dd>{exercise.muscles.join(", ") || "—"}</dd>
        <dt>Secondary muscles</dt>
        <dd>{exercise.secondaryMuscles.join(", ") || "—"}</dd>
      </dl>
      {exercise.instructions ? (
        <HowTo instructions={exercise.instructions} />
      ) : (
        <p className="muted">No instructions for {exercise.name} yet.</p>
      )}
    </Section>
  );
}
