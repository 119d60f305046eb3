import { BaseCommand } from "../../base.ts";

export default class RoutineSchema extends BaseCommand {
  static summary = "Print the JSON Schema (draft 2020-12) of routine documents.";
  static description = "Works offline. Point your editor at it for completion and checks while you write a routine.";
  static examples = ["<%= config.bin %> routine schema", "<%= config.bin %> routine schema > routine.schema.json"];

  async run(): Promise<void> {
    await this.parse(RoutineSchema);
    const { routineSchema } = await import("@svc/sdk/documents");
    this.outJson(routineSchema);
  }
}
