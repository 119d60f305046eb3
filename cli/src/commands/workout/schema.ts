import { BaseCommand } from "../../base.ts";

export default class WorkoutSchema extends BaseCommand {
  static summary = "Print the JSON Schema (draft 2020-12) of workout documents.";
  static description = "Works offline. Point your editor at it for completion and checks while you write a workout.";
  static examples = ["<%= config.bin %> workout schema", "<%= config.bin %> workout schema > workout.schema.json"];

  async run(): Promise<void> {
    await this.parse(WorkoutSchema);
    const { workoutSchema } = await import("@svc/sdk/documents");
    this.outJson(workoutSchema);
  }
}
