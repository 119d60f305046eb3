// The real `svc` binary against the real server: body measurements (log, list in one unit,
// delete, the limits at their edges as usage errors) and `svc exercise show` with its muscles.
import { accountKit, stdoutJson } from "./support.ts";

const { signedUp } = accountKit();

describe("measurement", () => {
  test("log in the user's length unit or another; the same day replaces; list converts to one unit; --json as logged", async () => {
    const { h } = await signedUp("Taper");
    const first = await h.run(["measurement", "log", "--waist", "82.5", "--body-fat", "18", "--date", "2026-03-01"]);
    expect(first).toMatchObject({ code: 0, stdout: "Logged body fat 18 %, waist 82.5 cm for 2026-03-01.\n" });
    const inches = await h.run([
      "measurement",
      "log",
      "--waist",
      "32",
      "--unit",
      "in",
      "--date",
      "2026-03-02",
      "--json",
    ]);
    expect(stdoutJson(inches)).toMatchObject({ date: "2026-03-02", unit: "in", waist: 32, bodyFat: null });
    const replaced = await h.run(["measurement", "log", "--left-upper-arm", "36", "--date", "2026-03-01"]);
    expect(replaced.stdout).toBe("Logged left upper arm 36 cm for 2026-03-01.\n");

    const list = await h.run(["measurement", "list"]);
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^DATE\s+WAIST\s+LEFT UPPER ARM$/);
    // 32 in = 81.28 cm, one decimal as a converted fact.
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^2026-03-02\s+81\.3 cm\s+-$/),
      expect.stringMatching(/^2026-03-01\s+-\s+36 cm$/),
    ]);
    const json = stdoutJson(await h.run(["measurement", "list", "--json"]));
    expect(json.map((m: any) => [m.date, m.unit, m.waist])).toEqual([
      ["2026-03-02", "in", 32],
      ["2026-03-01", "cm", null],
    ]);
    const asInches = stdoutJson(await h.run(["measurement", "list", "--unit", "in", "--json"]));
    expect(asInches[1]).toMatchObject({ unit: "in", leftUpperArm: 14.2 });
  });

  test("a length the server refuses is exit 2 naming it; 500 cm accepted; no measurement or a word is a usage error", async () => {
    const { h } = await signedUp("Edges");
    expect((await h.run(["measurement", "log", "--waist", "500", "--date", "2026-01-01"])).code).toBe(0);
    const tooBig = await h.run(["measurement", "log", "--waist", "500.01", "--date", "2026-01-02"]);
    expect(tooBig.code).toBe(2);
    expect(tooBig.stderr).toContain("waist: must be a length above 0 and at most 500 cm");
    for (const args of [
      ["measurement", "log"],
      ["measurement", "log", "--waist", "wide"],
      ["measurement", "log", "--waist", "80", "--unit", "mm"],
      ["measurement", "log", "--waist", "80", "--date", "2026-02-30"],
    ]) {
      const r = await h.run(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
    }
    expect(stdoutJson(await h.run(["measurement", "list", "--json"]))).toHaveLength(1);
  });

  test("delete by day; an unknown day is an error", async () => {
    const { h } = await signedUp("Deleter");
    await h.run(["measurement", "log", "--hips", "98", "--date", "2026-03-01"]);
    const gone = await h.run(["measurement", "delete", "2026-03-01", "--yes"]);
    expect(gone).toMatchObject({ code: 0, stdout: "Deleted the measurements of 2026-03-01.\n" });
    expect(stdoutJson(await h.run(["measurement", "list", "--json"]))).toEqual([]);
    const none = await h.run(["measurement", "delete", "2026-03-01", "--yes"]);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain("No measurements logged for 2026-03-01");
  });
});

describe("exercise show", () => {
  test("primary and secondary muscles of what the words mean; ambiguous words list the choices", async () => {
    const { h } = await signedUp("Shower");
    const bench = await h.run(["exercise", "show", "bench"]);
    expect(bench.code).toBe(0);
    expect(bench.stdout).toContain("Bench Press\n");
    expect(bench.stdout).toMatch(/Primary muscles: +chest, triceps\n/);
    expect(bench.stdout).toMatch(/Secondary muscles: +front delts\n/);
    const json = stdoutJson(await h.run(["exercise", "show", "rdl", "--json"]));
    expect(json).toMatchObject({ name: "Romanian Deadlift", muscles: ["hamstrings", "glutes", "lower back"] });
    expect(json.secondaryMuscles).toEqual(expect.arrayContaining(["upper back", "forearms"]));
    const ambiguous = await h.run(["exercise", "show", "press"]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain("could be several exercises");
    const created = await h.run([
      "exercise",
      "create",
      "Zercher Lunge",
      "--muscle",
      "quads",
      "--secondary-muscle",
      "abs",
      "--json",
    ]);
    expect(stdoutJson(created)).toMatchObject({ muscles: ["quads"], secondaryMuscles: ["abs"] });
    const custom = await h.run(["exercise", "show", "zercher lunge"]);
    expect(custom.stdout).toContain("Zercher Lunge (custom)");
    expect(custom.stdout).toMatch(/Secondary muscles: +abs\n/);
  });
});
