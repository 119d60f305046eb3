// How to do an exercise: its set-up, the movement and a few cues (Exercise.instructions), on the
// exercise's progress page and in the logger's exercise menu.
export type ExerciseInstructions = { setup: string; movement: string; cues: readonly (string | null)[] };

/** The set-up, the movement and the cues, as a short how-to; also in the logger's exercise menu. */
export function HowTo({ instructions }: { instructions: ExerciseInstructions }) {
  return (
    <div className="how-to">
      <p>
        <strong>Set-up:</strong> {instructions.setup}
      </p>
      <p>
        <strong>Movement:</strong> {instructions.movement}
      </p>
      <ul aria-label="Cues">
        {instructions.cues.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
