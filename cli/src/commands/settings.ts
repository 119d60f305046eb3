import { Flags } from "@oclif/core";
import type { Language } from "@svc/sdk";
import { BaseCommand, effortFlag, unitFlag } from "../base.ts";
import { NotSignedInError } from "../errors.ts";

export default class Settings extends BaseCommand {
  static summary = "Show or change your default unit, length unit, effort scale and language.";
  static description =
    "The unit (kg or lb) is the default for documents and bodyweights without one; the length unit (cm or in; `auto` follows the unit: kg cm, lb in) is the one of body measurements; the effort scale (RPE or RIR) is how `@` ratings in set text are read; the language (en, de, es, fr, pt-BR or ar; `auto` follows the browser) is the one the web app speaks.";
  static examples = [
    "<%= config.bin %> settings",
    "<%= config.bin %> settings --unit lb",
    "<%= config.bin %> settings --unit kg --effort rir --json",
    "<%= config.bin %> settings --language de",
  ];
  static flags = {
    unit: unitFlag("Default unit."),
    effort: effortFlag("Effort scale."),
    "length-unit": Flags.option({
      options: ["cm", "in", "auto"] as const,
      description: "Length unit of body measurements (auto: from the unit).",
    })(),
    language: Flags.option({
      options: ["en", "de", "es", "fr", "pt-BR", "ar", "auto"] as const,
      description: "Language of the web app (auto: the browser's).",
    })(),
  };
  static enableJsonFlag = true;

  async run(): Promise<{ unit: string; effort: string; lengthUnit: string; language: Language | null }> {
    const { flags } = await this.parse(Settings);
    const { client, resolved } = await this.client();
    const lengthUnit = flags["length-unit"];
    const language = flags.language;
    const changing =
      flags.unit !== undefined || flags.effort !== undefined || lengthUnit !== undefined || language !== undefined;
    const user = changing
      ? await this.spin(
          "Saving",
          client.updateSettings({
            ...(flags.unit ? { unit: flags.unit } : {}),
            ...(flags.effort ? { effort: flags.effort } : {}),
            ...(lengthUnit ? { lengthUnit: lengthUnit === "auto" ? null : lengthUnit } : {}),
            ...(language ? { language: language === "auto" ? null : language } : {}),
          }),
        )
      : await this.spin("Loading", client.viewer());
    if (!user) throw new NotSignedInError(`The saved credentials for ${resolved.url} are no longer valid.`);
    const settings = {
      unit: user.unit,
      effort: user.effort,
      lengthUnit: user.measurementUnit,
      language: (user.language ?? null) as Language | null,
    };
    const length = `${settings.lengthUnit}${user.lengthUnit ? "" : " (from the unit)"}`;
    this.log(
      `${changing ? "Saved. " : ""}Unit: ${settings.unit}. Effort scale: ${settings.effort.toUpperCase()}. Length unit: ${length}. Language: ${settings.language ?? "the browser's"}.`,
    );
    return settings;
  }
}
