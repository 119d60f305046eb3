// Settings: the weekly goal, training days a week (1 to 7) or none; Home shows its progress and streaks.
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
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

export function WeeklyGoalSection() {
  const { t } = useTranslation("settingsSections");
  const goalOptions = [
    { value: "", label: t("weeklyGoal.none") },
    ...Array.from({ length: 7 }, (_, i) => ({ value: String(i + 1), label: t("weeklyGoal.days", { count: i + 1 }) })),
  ];
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
    <Section title={t("weeklyGoal.title")} description={t("weeklyGoal.description")}>
      <form className="stack" onSubmit={(e) => void submit(e)} id="weekly-goal">
        <SelectField
          label={t("weeklyGoal.label")}
          value={goal}
          options={goalOptions}
          onChange={(e) => {
            setGoal(e.target.value);
            setSaved(false);
          }}
        />
        {saving.error ? <ErrorMessage error={saving.error} /> : null}
        <p className="actions">
          <button type="submit" className="primary" disabled={saving.running}>
            {t("weeklyGoal.save")}
          </button>
          {saved ? <span role="status">{t("saved")}</span> : null}
        </p>
      </form>
    </Section>
  );
}
