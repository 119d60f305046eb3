import { Flags } from "@oclif/core";
import { BaseCommand, effortFlag, unitFlag } from "../base.ts";
import { NotSignedInError } from "../errors.ts";

export default class Settings extends BaseCommand {
  static summary = "Show or change your default unit, length unit and effort scale.";
  static description =
    "The unit (kg or lb) is the default for documents and bodyweights without one; the length unit (cm or in; `auto` follows the unit: kg cm, lb in) is the one of body measurements; the effort scale (RPE or RIR) is how `@` ratings in set text are read.";
  static examples = [
    "<%= config.bin %> settings",
    "<%= config.bin %> settings --unit lb",
    "<%= config.bin %> settings --unit kg --effort rir --json",
  ];
  static flags = {
    unit: unitFlag("Default unit."),
    effort: effortFlag("Effort scale."),
    "length-unit": Flags.option({
      options: ["cm", "in", "auto"] as const,
      description: "Length unit of body measurements (auto: from the unit).",
    })(),
  };
  static enableJsonFlag = true;

  async run(): Promise<{ unit: string; effort: string; lengthUnit: string }> {
    const { flags } = await this.parse(Settings);
    const { client, resolved } = await this.client();
    const lengthUnit = flags["length-unit"];
    const changing = flags.unit !== undefined || flags.effort !== undefined || lengthUnit !== undefined;
    const user = changing
      ? await this.spin(
          "Saving",
          client.updateSettings({
            ...(flags.unit ? { unit: flags.unit } : {}),
            ...(flags.effort ? { effort: flags.effort } : {}),
            ...(lengthUnit ? { lengthUnit: lengthUnit === "auto" ? null : lengthUnit } : {}),
          }),
        )
      : await this.spin("Loading", client.viewer());
    if (!user) throw new NotSignedInError(`The saved credentials for ${resolved.url} are no longer valid.`);
    const settings = { unit: user.unit, effort: user.effort, lengthUnit: user.measurementUnit };
    const length = `${settings.lengthUnit}${user.lengthUnit ? "" : " (from the unit)"}`;
    this.log(
      `${changing ? "Saved. " : ""}Unit: ${settings.unit}. Effort scale: ${settings.effort.toUpperCase()}. Length unit: ${length}.`,
    );
    return settings;
  }
}
