// The flags of `svc exercise create` and `svc exercise rename`: the values the API accepts.
import { Flags } from "@oclif/core";

export const EQUIPMENT = [
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
export const REGIONS = ["upper", "lower", "core", "full body", "cardio"] as const;
export const KINDS = ["reps", "time", "cardio"] as const;

export const exerciseFlags = {
  equipment: Flags.option({ options: EQUIPMENT, description: "Equipment (default other)." })(),
  region: Flags.option({
    options: REGIONS,
    description: "Body region; sets the progression increment (default full body).",
  })(),
  kind: Flags.option({ options: KINDS, description: "reps (weight x reps), time (holds) or cardio (default reps)." })(),
  muscle: Flags.string({ description: "A muscle it works (repeat for more, at most 10).", multiple: true }),
};
