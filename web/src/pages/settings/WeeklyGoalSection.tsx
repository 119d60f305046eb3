// Settings: the weekly goal, training days a week (1 to 7) or none; Home shows its progress and streaks.
import { useEffect, useState, type FormEvent } from "react";
import { graphql } from "../../graphql/graphql.ts";
import { useMutation, useQuery } from "../../graphql/hooks.ts";
import { Section } from "../../components/Page.tsx";
import { SelectField } from "../../components/Field.tsx";
import { ErrorMessage } from "../../components/States.tsx";

const WeeklyGoalSetting = graphql(`
  query WeeklyGoalSetting {
    viewer {
      id
      weeklyGoal
    }
  }
`);

const SaveWeeklyGoal = graphql(`
  mutation SaveWeeklyGoal($id: UUID!, $goal: Int) {
    updateUserById(input: { id: $id, userPatch: { weeklyGoal: $goal } }) {
      user {
        id
        weeklyGoal
      }
    }
  }
`);

const GOAL_OPTIONS = [
  { value: "", label: "No goal" },
  ...Array.from({ length: 7 }, (_, i) => ({ value: String(i + 1), label: `${i + 1} day${i === 0 ? "" : "s"} a week` })),
];

export function WeeklyGoalSection() {
  const query = useQuery(WeeklyGoalSetting, {});
  const viewer = query.data?.viewer;
  const [goal, setGoal] = useState("");
  const [saved, setSaved] = useState(false);
  const [save, saving] = useMutation(SaveWeeklyGoal);
  useEffect(() => {
    if (viewer) setGoal(viewer.weeklyGoal === null ? "" : String(viewer.weeklyGoal));
  }, [viewer]);
  if (!viewer) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    try {
      await save({ id: viewer!.id, goal: goal === "" ? null : Number(goal) });
      setSaved(true);
    } catch {
      // Shown from saving.error.
    }
  }

  return (
    <Section
      title="Weekly goal"
      description="Training days a week you aim for: Home shows this week's and your streaks."
    >
      <form className="stack" onSubmit={(e) => void submit(e)} id="weekly-goal">
        <SelectField
          label="Weekly goal"
          value={goal}
          options={GOAL_OPTIONS}
          onChange={(e) => {
            setGoal(e.target.value);
            setSaved(false);
          }}
        />
        {saving.error ? <ErrorMessage error={saving.error} /> : null}
        <p className="actions">
          <button type="submit" className="primary" disabled={saving.running}>
            Save weekly goal
          </button>
          {saved ? <span role="status">Saved.</span> : null}
        </p>
      </form>
    </Section>
  );
}
