// Finds an exercise by the API's typo-tolerant search (`bench pres` finds Bench Press) and hands
// the chosen one to the page. The lifter's own exercises that match come first, most done first
// (exerciseIndex.ts); with no connection the exercises kept on this device are searched instead.
// Results are buttons, so a keyboard picks them with Tab and Enter.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { graphql, type ResultOf } from "../graphql/graphql.ts";
import { ListedExerciseFields } from "../graphql/fragments.ts";
import { useQuery } from "../graphql/hooks.ts";
import { NetworkError } from "../graphql/client.ts";
import { useSession } from "../auth/session.tsx";
import { offlineMatches, ownMatches, useExerciseIndex } from "./exerciseIndex.ts";
import { TextField } from "./Field.tsx";
import { ErrorMessage } from "./States.tsx";
import { rich } from "./richText.tsx";

export const SearchExercises = graphql(
  `
    query SearchExercises($words: String!, $limit: Int) {
      searchExercises(words: $words, limit: $limit) {
        ...ListedExerciseFields
      }
    }
  `,
  [ListedExerciseFields],
);

export type FoundExercise = ResultOf<typeof SearchExercises>["searchExercises"][number];

/** The words typed, settled for a moment (one search per pause, not per key). */
export function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function ExercisePicker({
  label,
  actionLabel,
  onPick,
  limit = 8,
}: {
  label?: string;
  actionLabel?: string;
  onPick: (exercise: FoundExercise) => void;
  limit?: number;
}) {
  const { t } = useTranslation("components");
  const [typed, setTyped] = useState("");
  const words = useSettled(typed.trim());
  const search = useQuery(SearchExercises, { words, limit }, { skip: words === "" });
  const index = useExerciseIndex(useSession().viewer?.id);
  const offline = search.error instanceof NetworkError && index !== null;
  const own = ownMatches(index, words);
  const found: FoundExercise[] = offline
    ? offlineMatches(index, words)
    : [...own, ...(search.data?.searchExercises ?? []).filter((x) => !own.some((o) => o.id === x.id))];
  const results = words === "" ? [] : found.slice(0, limit);

  return (
    <div className="exercise-picker">
      <TextField
        label={label ?? t("picker.find")}
        type="search"
        name="exercise-search"
        autoComplete="off"
        value={typed}
        hint={t("picker.hint")}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => {
          // Enter picks the best match instead of submitting the surrounding form.
          if (e.key === "Enter") {
            e.preventDefault();
            if (results[0] && words === typed.trim()) {
              onPick(results[0]);
              setTyped("");
            }
          }
        }}
      />
      {words !== "" && search.error && !offline ? (
        <ErrorMessage error={search.error} onRetry={() => void search.reload()} />
      ) : null}
      {words !== "" && offline ? (
        <p className="muted" role="status">
          {t("picker.offline")}
        </p>
      ) : null}
      {words !== "" && search.loading && !search.data ? (
        <p className="muted" role="status">
          {t("picker.searching")}
        </p>
      ) : null}
      {words !== "" && (search.data || offline) && results.length === 0 ? (
        <p className="muted" role="status">
          {t("picker.noMatch", { words })}
        </p>
      ) : null}
      {results.length > 0 ? (
        <p className="visually-hidden" role="status">
          {t("picker.found", { count: results.length })}
        </p>
      ) : null}
      {results.length > 0 ? (
        <ul className="picker-results" aria-label={t("picker.results", { words })}>
          {results.map((x) => (
            <li key={x.id}>
              <button
                type="button"
                onClick={() => {
                  onPick(x);
                  setTyped("");
                }}
              >
                {actionLabel ?? t("picker.add")} {x.name}
              </button>
              <span className="muted">
                {" "}
                {x.equipment} · {x.region}
                {x.custom ? ` · ${t("picker.custom")}` : ""}
                {x.aliases.length ? ` · ${t("picker.also", { names: x.aliases.slice(0, 3).join(", ") })}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Exercises close to a reference the server did not know (`Bak Squat`), each a button to use it instead. */
export function ExerciseSuggestions({
  words,
  onPick,
  limit = 3,
}: {
  words: string;
  onPick: (exercise: FoundExercise) => void;
  limit?: number;
}) {
  const { t } = useTranslation("components");
  const trimmed = words.trim();
  const search = useQuery(SearchExercises, { words: trimmed, limit }, { skip: trimmed === "" });
  const found = trimmed === "" ? [] : (search.data?.searchExercises ?? []);
  if (found.length === 0) return null;
  return (
    <p className="suggestions">
      {rich(t, "picker.didYouMean", {
        names: found.map((x, i) => (
          <span key={x.id}>
            {i > 0 ? ", " : ""}
            <button type="button" className="link" onClick={() => onPick(x)}>
              {x.name}
            </button>
          </span>
        )),
      })}
    </p>
  );
}
