import { Args, Flags } from "@oclif/core";
import type { ProgramLift, ProgramStartLift, RoutineSummary } from "@svc/sdk";
import { BaseCommand, unitFlag } from "../../base.ts";
import { confirm, yesFlag } from "../../confirm.ts";
import { UsageError } from "../../errors.ts";
import { table } from "../../output.ts";
import { canPrompt } from "../../prompt.ts";

/** `--set "Back Squat=200"`: a lift and its weight; anything else is a usage error naming it. */
export function parseLiftWeight(text: string): ProgramLift {
  const at = text.lastIndexOf("=");
  const lift = text.slice(0, Math.max(at, 0)).trim();
  const weight = text.slice(at + 1).trim();
  if (at < 0 || !lift || !/^\d+(\.\d+)?$/.test(weight)) {
    throw new UsageError(`--set ${JSON.stringify(text)}: write it as "Lift=weight", e.g. "Back Squat=200".`);
  }
  return { lift, weight: Number(weight) };
}

const ROLE: Record<string, string> = {
  trainingMax: "training max",
  weight: "first work weight",
  assistance: "assistance",
};

/** The weights a start takes, each with where it came from (the preview). */
export function previewTable(lifts: readonly ProgramStartLift[]): string {
  return table(lifts, [
    { header: "LIFT", get: (l) => l.lift },
    { header: "AS", get: (l) => ROLE[l.role ?? ""] ?? l.role },
    { header: "WEIGHT", get: (l) => (l.weight === null ? "to choose" : `${l.weight} ${l.unit}`), align: "right" },
    { header: "FROM", get: (l) => l.basis },
  ]);
}

export default class ProgramStart extends BaseCommand {
  static summary = "Start a built-in program: its days become your routines.";
  static description =
    "Creates the program's days as routines of one program (all or nothing) and prints them. --set gives a lift's training max in a 5/3/1 program and its first work weight in the others, in --unit (default yours); --from-history starts every lift not set at 90 % of its best estimated 1RM of its most recent 12 weeks (whenever they were), rounded down to its rounding step, and an assistance lift (5/3/1's Dumbbell Row) at its heaviest set of its latest day; an assistance lift left without a weight is planned with its weight to choose. The weights and the sets they came from are printed first; on a terminal svc asks before creating anything (--yes skips the question), and --preview only prints them. A main lift left without a weight is refused by name and nothing is saved. Starting a program you already run makes a second copy (`GZCLP (2)`). See `svc program list` for the slugs and each program's lifts.";
  static examples = [
    '<%= config.bin %> program start starting-strength --set "Back Squat=100" --set "Overhead Press=40" --set "Deadlift=120" --set "Bench Press=60" --set "Power Clean=50"',
    {
      description: "Training maxes from your history, one of them given",
      command: '<%= config.bin %> program start 531-bbb --from-history --set "Overhead Press=50"',
    },
    {
      description: "See the training maxes your history gives, and the sets they come from, without starting",
      command: "<%= config.bin %> program start 531-bbb --from-history --preview",
    },
    {
      description: "In pounds, as JSON",
      command: "<%= config.bin %> program start gzclp --unit lb --from-history --json",
    },
  ];
  static args = {
    slug: Args.string({ description: "The program's slug (see `svc program list`).", required: true }),
  };
  static flags = {
    unit: unitFlag("The unit of the weights given and of the routines; default yours."),
    set: Flags.string({
      multiple: true,
      description:
        "Lift=weight: a lift's training max (5/3/1) or first work weight (the others), or an assistance lift's weight. Repeatable.",
    }),
    "from-history": Flags.boolean({
      description:
        "Start every lift not set from your history: 90 % of its best estimated 1RM of its most recent 12 weeks, rounded down.",
    }),
    preview: Flags.boolean({
      description: "Print the weights each lift would take and where they came from; create nothing.",
    }),
    yes: yesFlag,
  };
  static enableJsonFlag = true;

  async run(): Promise<RoutineSummary[] | ProgramStartLift[]> {
    const { args, flags } = await this.parse(ProgramStart);
    const lifts = (flags.set ?? []).map(parseLiftWeight);
    const { client } = await this.client();
    const options = { unit: this.unit(flags.unit), lifts, fromHistory: flags["from-history"] };
    if (flags.preview || (flags["from-history"] && !this.jsonEnabled())) {
      const preview = await this.spin("Working out the weights", client.programStartPreview(args.slug, options));
      this.log(previewTable(preview));
      if (flags.preview) return preview;
      // A main lift without a weight: the start below refuses it by name, so nothing to ask.
      const ready = preview.every((l) => !l.required || l.weight !== null);
      if (ready && canPrompt()) await confirm(flags.yes, "Start the program with these weights?");
      this.log("");
    }
    const routines = await this.spin("Starting the program", client.startProgram(args.slug, options));
    this.log(`Started ${routines.length} routines; plan the first with \`svc routine next "${routines[0]?.name}"\`.`);
    this.log(
      table(routines, [
        { header: "NAME", get: (r) => r.name },
        { header: "ID", get: (r) => r.id },
      ]),
    );
    return routines;
  }
}
