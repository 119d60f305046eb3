// The logger's "How to" panel of an exercise card: what the exercise works and, for the catalog's
// common exercises, its set-up, movement and cues (the exercise's progress page shows the same).
import { useTranslation } from "react-i18next";
import { graphql } from "../../graphql/graphql.ts";
import { useQuery } from "../../graphql/hooks.ts";
import { QueryView } from "../../components/States.tsx";
import { HowTo } from "../../components/HowTo.tsx";

const ExerciseHowToQuery = graphql(`
  query ExerciseHowTo($name: String!) {
    resolveExercise(name: $name) {
      exercise {
        id
        name
        muscles
        secondaryMuscles
        instructions {
          setup
          movement
          cues
        }
      }
    }
  }
`);

export function ExerciseHowTo({ name }: { name: string }) {
  const { t } = useTranslation("log");
  const query = useQuery(ExerciseHowToQuery, { name });
  return (
    <div className="exercise-how-to" role="region" aria-label={t("howTo.region", { exercise: name })}>
      <QueryView query={query}>
        {(data) => {
          const x = data.resolveExercise.exercise;
          if (!x) return <p className="muted">{t("howTo.noDetails", { exercise: name })}</p>;
          return (
            <>
              <p>
                <strong>{t("howTo.works")}</strong> {x.muscles.join(", ") || "—"}
                {x.secondaryMuscles.length ? (
                  <> {t("howTo.andSecondary", { muscles: x.secondaryMuscles.join(", ") })}</>
                ) : null}
              </p>
              {x.instructions ? (
                <HowTo instructions={x.instructions} />
              ) : (
                <p className="muted">{t("howTo.noInstructions")}</p>
              )}
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
