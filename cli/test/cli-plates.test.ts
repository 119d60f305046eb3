// The real `svc plates` binary: plates per side without a server, the nearest loadable weights when
// a weight cannot be made, lb, a custom bar and plates, --json, usage errors (exit 2), and the
// default unit taken from a signed-in user's settings.
import { cliServer, closedUrl, hasStackTrace, makeHome } from "./support.ts";

const cli = cliServer();
const offline = makeHome();
afterAll(() => offline.remove());

test("exact: plates per side, heaviest first, with no server at all", async () => {
  const r = await offline.run(["plates", "100"]);
  expect(r).toEqual({ code: 0, stdout: "100 kg on a 20 kg bar, each side: 25 + 15\n", stderr: "" });
  expect((await offline.run(["plates", "20"])).stdout).toBe("20 kg: the 20 kg bar alone, no plates.\n");
  expect((await offline.run(["plates", "225", "--unit", "lb"])).stdout).toBe(
    "225 lb on a 45 lb bar, each side: 45 + 45\n",
  );
});

test("not loadable: the nearest weights below and above", async () => {
  const r = await offline.run(["plates", "101"]);
  expect(r.code).toBe(0);
  expect(r.stdout).toBe(
    [
      "101 kg cannot be made exactly with a 20 kg bar and 25/20/15/10/5/2.5/1.25 kg plates.",
      "Nearest below: 100 kg (each side: 25 + 15)",
      "Nearest above: 102.5 kg (each side: 25 + 15 + 1.25)",
      "",
    ].join("\n"),
  );
  const below = await offline.run(["plates", "15"]);
  expect(below.stdout).toContain("Nearest below: none (the bar alone is 20 kg)");
  expect(below.stdout).toContain("Nearest above: 20 kg (the bar alone)");
  const lb = await offline.run(["plates", "228", "--unit", "lb"]);
  expect(lb.stdout).toContain("Nearest below: 225 lb (each side: 45 + 45)");
  expect(lb.stdout).toContain("Nearest above: 230 lb (each side: 45 + 45 + 2.5)");
});

test("a custom bar and owned plates (one pair of 20), and more than they make", async () => {
  expect((await offline.run(["plates", "62.5", "--bar", "15"])).stdout).toBe(
    "62.5 kg on a 15 kg bar, each side: 20 + 2.5 + 1.25\n",
  );
  expect((await offline.run(["plates", "100", "--plates", "20x1,10"])).stdout).toBe(
    "100 kg on a 20 kg bar, each side: 20 + 10 + 10\n",
  );
  const over = await offline.run(["plates", "100", "--plates", "20x1"]);
  expect(over.stdout).toContain("Nearest below: 60 kg (each side: 20)");
  expect(over.stdout).toContain("Nearest above: none (that takes more plates than you have)");
});

test("--json: the SDK's result", async () => {
  const r = await offline.run(["plates", "101", "--json"]);
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual({
    unit: "kg",
    weight: 101,
    bar: 20,
    exact: false,
    perSide: null,
    below: { weight: 100, perSide: [25, 15] },
    above: { weight: 102.5, perSide: [25, 15, 1.25] },
  });
  expect(JSON.parse((await offline.run(["plates", "10000", "--json"])).stdout)).toMatchObject({ exact: true });
});

test("bad input: exit 2 with one clear sentence, no stack trace", async () => {
  for (const [args, message] of [
    [["plates", "heavy"], 'The weight must be a number like 102.5, not "heavy".'],
    [["plates", "-5"], "The weight must be a number like 102.5"],
    [["plates", "10000.01"], "Weight must be at most 10000."],
    [["plates", "100.005"], "Weight must have at most 2 decimals."],
    [["plates", "100", "--bar", "x"], '--bar must be a number like 20, not "x".'],
    [
      ["plates", "100", "--plates", "25,big"],
      '--plates takes weights like 25,20,10 (or 20x1 for one pair), not "big".',
    ],
    [["plates", "100", "--unit", "st"], "Expected --unit=st to be one of: kg, lb"],
  ] as const) {
    const r = await offline.run([...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(message);
    expect(hasStackTrace(r.stderr)).toBe(false);
  }
});

test("signed in: the default unit is the user's (lb), --unit still wins; the server gone: kg with a note", async () => {
  const h = await cli.signUpHome("Plates", cli.email("plates"), "correct horse battery");
  expect((await h.run(["settings", "--unit", "lb"])).code).toBe(0);
  expect((await h.run(["plates", "225"])).stdout).toBe("225 lb on a 45 lb bar, each side: 45 + 45\n");
  expect((await h.run(["plates", "100", "--unit", "kg"])).stdout).toBe("100 kg on a 20 kg bar, each side: 25 + 15\n");
  const gone = await h.run(["plates", "100"], {
    env: { SVC_URL: await closedUrl(), SVC_API_KEY: `svc_${"a".repeat(40)}` },
  });
  expect(gone.code).toBe(0);
  expect(gone.stdout).toBe("100 kg on a 20 kg bar, each side: 25 + 15\n");
  expect(gone.stderr).toMatch(/Could not read your unit .*; using kg/);
});
