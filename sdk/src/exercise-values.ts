// The values a custom exercise's equipment, region and kind may take: the database's check
// constraints on app_public.exercises (test/api/exercises.test.ts compares them), for the choices a
// client offers (the CLI's flags, the web app's selects).
export const EXERCISE_EQUIPMENT = [
  "barbell",
  "dumbbell",
  "machine",
  "cable",
  "bodyweight",
  "kettlebell",
  "band",
  "cardio",
  "other",
] as const;
/** The body region; it sets the progression increment. */
export const EXERCISE_REGIONS = ["upper", "lower", "core", "full body", "cardio"] as const;
/** How its sets are logged: reps (weight x reps), time (holds) or cardio. */
export const EXERCISE_KINDS = ["reps", "time", "cardio"] as const;
