// The set-text rules as a model reads them (an MCP resource): the forms parseSet accepts
// (../documents/text.ts), with its limits imported so the numbers have one home.
import { MAX_WEIGHT, MAX_REPS, MAX_DURATION_SECONDS, MAX_DISTANCE, MAX_DISTANCE_METERS } from "../documents/text.ts";

export const SET_TEXT_RULES = `# Set text in workout documents

Each entry of a workout exercise's \`sets\` is a set string, or \`{"set": "<text>", "done": false}\` for a planned set not done yet.

| Form | Meaning | Examples |
|---|---|---|
| \`<weight>x<reps>\` | weight times reps, in the document's \`unit\` | \`100x5\`, \`102.5x5\` |
| \`x<reps>\` | reps only (no weight recorded) | \`x12\` |
| \`bw x <reps>\` | bodyweight, no added load | \`bw x 8\` |
| \`<n>s\`, \`<m>:<ss>\`, \`<n>m\`, \`<n>m<n>s\` | a hold or cardio duration | \`45s\`, \`1:30\`, \`2m\` |
| \`<weight>x<duration>\` | a weighted hold | \`20x45s\`, \`20x1:30\` |
| \`<d>km\` or \`<d>mi\`, optionally then a duration | a cardio distance, with its time or without | \`5km 25:00\`, \`3mi\`, \`3mi 24:00\` |
| \`<n>m <m>:<ss>\` | a distance in meters with its time (\`400m\` alone is 400 minutes) | \`2000m 7:30\`, \`400m 1:05\` |

- AMRAP: \`+\` right after the reps marks a set of as many reps as possible, at least that many (\`270x5+\`, \`bw x 8+\`, \`100x5+@8\`); a plan writes it on its AMRAP sets. Logged as written it counts as those reps; write what you did (\`270x8\`) when you did more.
- Effort: \`@<n>\` after the set, on the workout's \`effort\` scale: RPE 1 to 10 (\`rpe\`) or reps in reserve 0 to 10 (\`rir\`), in half steps: \`100x5@8\`, \`x12@7.5\`.
- Prefixes: \`w:\` warm-up (\`w:60x5\`), \`d:\` drop set (\`d:80x8\`), \`rp:\` rest-pause burst (\`rp:x4\`).
- Limits: weight at most ${MAX_WEIGHT} with at most 2 decimals; reps at most ${MAX_REPS}; durations at most ${MAX_DURATION_SECONDS} s; distances above 0 and at most ${MAX_DISTANCE} km or mi (3 decimals) or ${MAX_DISTANCE_METERS} m. A distance keeps its unit whatever the document's \`unit\`.
- Case and spaces do not matter (\`100 X 5 @ 8\`), a decimal comma is read as a point (\`102,5x5\`); the saved document shows each set in its canonical form.
- \`5x100\` means 5 (weight) times 100 reps: write weight first.

Exercise references (\`exercise\`) are catalog names or aliases (use search_exercises) or your custom exercises' names. A workout needs \`date\` (YYYY-MM-DD) and \`exercises\`; add \`id\` only to replace an existing workout.
`;
