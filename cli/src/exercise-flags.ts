// The flags of `svc exercise create` and `svc exercise rename`: the values the API accepts.
import { Flags } from "@oclif/core";
import { EXERCISE_EQUIPMENT, EXERCISE_KINDS, EXERCISE_REGIONS } from "@svc/sdk";

export const exerciseFlags = {
  equipment: Flags.option({ options: EXERCISE_EQUIPMENT, description: "Equipment (default other)." })(),
  region: Flags.option({
    options: EXERCISE_REGIONS,
    description: "Body region; sets the progression increment (default full body).",
  })(),
  kind: Flags.option({
    options: EXERCISE_KINDS,
    description: "reps (weight x reps), time (holds) or cardio (default reps).",
  })(),
  muscle: Flags.string({ description: "A primary muscle it works (repeat for more, at most 10).", multiple: true }),
  "secondary-muscle": Flags.string({
    description: "A secondary muscle it works, one that assists (repeat for more, at most 10; none also a --muscle).",
    multiple: true,
  }),
};
