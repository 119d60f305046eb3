import { Args, Flags } from "@oclif/core";
import type { OwnedPlate, PlateLoad, PlateResult, PlateUnit } from "@svc/sdk";
import { BaseCommand, unitFlag } from "../base.ts";
import { UsageError } from "../errors.ts";

const NUMBER = /^\s*\d+(\.\d+)?\s*$/;

/** `25 + 25 + 10`, or `12×25 + 10` once a plate repeats more than three times. */
function sideText(perSide: number[]): string {
  const groups: [number, number][] = [];
  for (const p of perSide) {
    const last = groups[groups.length - 1];
    if (last && last[0] === p) last[1] += 1;
    else groups.push([p, 1]);
  }
  return groups.map(([p, n]) => (n > 3 ? `${n}×${p}` : Array(n).fill(String(p)).join(" + "))).join(" + ");
}

function loadText(load: PlateLoad, unit: PlateUnit): string {
  return `${load.weight} ${unit} (${load.perSide.length ? `each side: ${sideText(load.perSide)}` : "the bar alone"})`;
}

export default class Plates extends BaseCommand {
  static summary = "Which plates go on each side of the bar for a weight, or the nearest weights you can load.";
  static description =
    "Works without a server. Defaults: a 20 kg bar with 25/20/15/10/5/2.5/1.25 kg plates, or a 45 lb bar with 45/35/25/10/5/2.5 lb plates, " +
    "as many pairs as needed; the unit is yours when signed in (else kg). Plates are listed heaviest first, the way a bar is loaded. " +
    "When the weight cannot be made exactly, prints the nearest loadable weights below and above. With --json, prints " +
    "`{ unit, weight, bar, exact, perSide, below, above }` (below and above are `{ weight, perSide }` or null).";
  static examples = [
    "<%= config.bin %> plates 100",
    "<%= config.bin %> plates 225 --unit lb",
    { description: "A 15 kg bar", command: "<%= config.bin %> plates 62.5 --bar 15" },
    {
      description: "Only the plates you own (a limited number of pairs as <weight>x<pairs>)",
      command: "<%= config.bin %> plates 140 --plates 25,20x1,10,5,2.5,1.25",
    },
    { description: "As JSON", command: "<%= config.bin %> plates 101 --json" },
  ];
  static args = { weight: Args.string({ description: "The total weight on the bar, bar included.", required: true }) };
  static flags = {
    unit: unitFlag("Unit of every weight (default your unit when signed in, else kg)."),
    bar: Flags.string({ description: "The bar's weight (default 20 kg or 45 lb)." }),
    plates: Flags.string({
      description:
        "The plates you own, comma-separated, e.g. 25,20,10,5,2.5 (default the standard set); 20x1 for one pair only.",
    }),
  };
  static enableJsonFlag = true;

  async run(): Promise<PlateResult> {
    const { args, flags } = await this.parse(Plates);
    if (!NUMBER.test(args.weight))
      throw new UsageError(`The weight must be a number like 102.5, not ${JSON.stringify(args.weight)}.`);
    if (flags.bar !== undefined && !NUMBER.test(flags.bar))
      throw new UsageError(`--bar must be a number like 20, not ${JSON.stringify(flags.bar)}.`);
    const owned = flags.plates === undefined ? undefined : parsePlates(flags.plates);
    const unit: PlateUnit = this.unit(flags.unit) ?? (await this.usersUnit());
    const { plates, DEFAULT_PLATES } = await import("@svc/sdk");
    let result;
    try {
      result = plates(Number(args.weight), {
        unit,
        bar: flags.bar === undefined ? undefined : Number(flags.bar),
        plates: owned,
      });
    } catch (error) {
      if (error instanceof RangeError)
        throw new UsageError(`${error.message[0].toUpperCase()}${error.message.slice(1)}.`);
      throw error;
    }
    const platesText = (owned ?? DEFAULT_PLATES[unit])
      .map((p) => (typeof p === "number" ? p : `${p.weight}x${p.pairs}`))
      .join("/");
    if (result.exact) {
      this.log(
        result.perSide!.length
          ? `${result.weight} ${unit} on a ${result.bar} ${unit} bar, each side: ${sideText(result.perSide!)}`
          : `${result.weight} ${unit}: the ${result.bar} ${unit} bar alone, no plates.`,
      );
      return result;
    }
    const lines = [
      `${result.weight} ${unit} cannot be made exactly with a ${result.bar} ${unit} bar and ${platesText} ${unit} plates.`,
    ];
    lines.push(
      result.below
        ? `Nearest below: ${loadText(result.below, unit)}`
        : `Nearest below: none (the bar alone is ${result.bar} ${unit})`,
    );
    lines.push(
      result.above
        ? `Nearest above: ${loadText(result.above, unit)}`
        : `Nearest above: none (that takes more plates than you have)`,
    );
    this.log(lines.join("\n"));
    return result;
  }

  /** The signed-in user's unit; kg when not signed in or when the server does not answer quickly. */
  private async usersUnit(): Promise<PlateUnit> {
    const resolved = this.resolved();
    if (!resolved.url || (!resolved.apiKey && !resolved.token)) return "kg";
    const { client } = await this.client({ timeoutMs: 3000 });
    try {
      return (await client.viewer())?.unit === "lb" ? "lb" : "kg";
    } catch (error) {
      this.note(
        `Could not read your unit from ${resolved.url} (${(error as Error).message}); using kg. Give --unit to choose.`,
      );
      return "kg";
    }
  }
}

/** `25,20x1,10` into the SDK's owned plates. */
function parsePlates(text: string): OwnedPlate[] {
  const out: OwnedPlate[] = [];
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d+(?:\.\d+)?)(?:x(\d+))?$/i.exec(part);
    if (!m)
      throw new UsageError(`--plates takes weights like 25,20,10 (or 20x1 for one pair), not ${JSON.stringify(part)}.`);
    out.push(m[2] === undefined ? Number(m[1]) : { weight: Number(m[1]), pairs: Number(m[2]) });
  }
  return out;
}
