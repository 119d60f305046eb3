// Commands' output without a server: each runs in-process with a client the test gives (the
// createSdkClient seam), so the table, the JSON and the exit code are checked against known data.
// The end-to-end tests (the real binary against a real server) stay the check of the requests.
import { ForbiddenError, RateLimitedError } from "@svc/sdk";
import type { ApiKey, Bodyweight, RoutineSummary } from "@svc/sdk";
import RoutineList from "../src/commands/routine/list.ts";
import BodyweightList from "../src/commands/bodyweight/list.ts";
import KeyList from "../src/commands/key/list.ts";
import RoutineNext from "../src/commands/routine/next.ts";
import { runInProcess, clientWith, SIGNED_IN } from "./in-process.ts";

const savedTimeZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "UTC"; // `when` prints local times
});
afterAll(() => {
  process.env.TZ = savedTimeZone;
});

const ROUTINES: RoutineSummary[] = [
  { id: "0b5e4c52-7d1a-4f57-9a0e-1f2d3c4b5a69", name: "Push" },
  { id: "9a1f0e2d-3c4b-4a59-8e7d-6c5b4a392817", name: "Legs and core" },
];

describe("routine list", () => {
  test("a table of names and ids, aligned; the client made from the resolved credentials", async () => {
    const run = await runInProcess(RoutineList, [], clientWith({ routines: async () => ROUTINES }));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "NAME           ID",
        "Push           0b5e4c52-7d1a-4f57-9a0e-1f2d3c4b5a69",
        "Legs and core  9a1f0e2d-3c4b-4a59-8e7d-6c5b4a392817",
        "",
      ].join("\n"),
    );
    expect(run.stderr).toBe("");
    expect(run.clients).toEqual([
      expect.objectContaining({
        url: SIGNED_IN.url,
        apiKey: SIGNED_IN.apiKey,
        rateLimitRetries: 3,
        maxRetryWaitSeconds: 10,
      }),
    ]);
  });

  test("--json prints the routines and nothing else", async () => {
    const run = await runInProcess(RoutineList, ["--json"], clientWith({ routines: async () => ROUTINES }));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(ROUTINES);
    expect(run.result).toEqual(ROUTINES);
  });

  test("none: a sentence saying how to create one; --json an empty list", async () => {
    const client = clientWith({ routines: async () => [] });
    const run = await runInProcess(RoutineList, [], client);
    expect(run.stdout).toBe(
      "No routines yet. Create one with `svc routine apply <file>` (see `svc routine schema`).\n",
    );
    expect(JSON.parse((await runInProcess(RoutineList, ["--json"], client)).stdout)).toEqual([]);
  });

  test("errors: a read-only key's refusal exits 4, a rate limit 5 with when to retry, both one sentence on stderr", async () => {
    const forbidden = await runInProcess(
      RoutineList,
      [],
      clientWith({
        routines: async () => {
          throw new ForbiddenError("FORBIDDEN", "This API key is read only; mutations need a read and write key");
        },
      }),
    );
    expect([forbidden.code, forbidden.stdout, forbidden.stderr]).toEqual([
      4,
      "",
      "Error: This API key is read only; mutations need a read and write key.\n",
    ]);
    const limited = await runInProcess(
      RoutineList,
      [],
      clientWith({
        routines: async () => {
          throw new RateLimitedError("Too many requests", 30);
        },
      }),
    );
    expect(limited.code).toBe(5);
    expect(limited.stderr).toMatch(
      /^Error: Rate limited: too many requests with this API key\. Try again in 30 seconds \(at .+\)\.\n$/,
    );
  });

  test.each([
    [
      { limit: "cost", budget: "session" },
      "this session's cost budget for the minute is spent (a large import or report spends it)",
    ],
    [{ limit: "cost", budget: "address" }, "the cost budget of your address, signed out, is spent"],
    [{ limit: "cost" }, "this API key's cost budget for the minute is spent"],
    [{ limit: "concurrency" }, "too many requests at once from this client"],
    [
      { limit: "cost", budget: "account" },
      "this account's cost budget for the minute is spent (all its sessions, keys and apps share it)",
    ],
    [{ limit: "cost", budget: "bulk" }, "this account's budget for imports and exports for the minute is spent"],
  ])("a 429 with extensions %j names the limit met, exit 5", async (extensions, what) => {
    const limited = await runInProcess(
      RoutineList,
      [],
      clientWith({
        routines: async () => {
          throw new RateLimitedError("spent", 12, { extensions });
        },
      }),
    );
    expect(limited.code).toBe(5);
    expect(limited.stderr.startsWith(`Error: Rate limited: ${what}. Try again in 12 seconds`)).toBe(true);
  });

  test("not signed in: exit 4 before any client is made", async () => {
    const run = await runInProcess(RoutineList, [], clientWith({}), {
      ...SIGNED_IN,
      apiKey: undefined,
      auth: "none",
    });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^Error: Not signed in to https:\/\/log\.example\.com\./);
    expect(run.clients).toEqual([]);
  });
});

describe("bodyweight list", () => {
  const LOGGED: Bodyweight[] = [
    { id: "b1", date: "2026-03-03", weight: 80, unit: "kg" },
    { id: "b2", date: "2026-03-02", weight: 176.5, unit: "lb" },
  ];
  const viewerIn = (unit: "kg" | "lb") => async () =>
    ({ id: "u1", name: "Ada", email: "ada@example.com", role: "user", unit, effort: "rpe" }) as never;

  test("in the viewer's unit (lb: 80 kg is 176.37 lb), weights aligned right", async () => {
    const run = await runInProcess(
      BodyweightList,
      [],
      clientWith({ bodyweights: async () => LOGGED, viewer: viewerIn("lb") }),
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(["DATE           WEIGHT", "2026-03-03  176.37 lb", "2026-03-02   176.5 lb", ""].join("\n"));
  });

  test("--unit kg converts every entry (176.5 lb is 80.06 kg) without asking for the viewer", async () => {
    const run = await runInProcess(BodyweightList, ["--unit", "kg"], clientWith({ bodyweights: async () => LOGGED }));
    expect(run.stdout).toBe(["DATE          WEIGHT", "2026-03-03     80 kg", "2026-03-02  80.06 kg", ""].join("\n"));
  });

  test("--json keeps each entry as logged; with --unit lb, each in lb", async () => {
    const client = clientWith({ bodyweights: async () => LOGGED });
    expect(JSON.parse((await runInProcess(BodyweightList, ["--json"], client)).stdout)).toEqual(LOGGED);
    expect(JSON.parse((await runInProcess(BodyweightList, ["--json", "--unit", "lb"], client)).stdout)).toEqual([
      { id: "b1", date: "2026-03-03", weight: 176.37, unit: "lb" },
      { id: "b2", date: "2026-03-02", weight: 176.5, unit: "lb" },
    ]);
  });
});

describe("key list", () => {
  const KEYS: ApiKey[] = [
    {
      id: "k1",
      name: "backup",
      start: "svc_AbCd",
      access: "READ_ONLY",
      createdAt: "2026-03-01T08:00:00Z",
      lastUsedAt: null,
      expiresAt: "2026-05-30T08:00:00Z",
      expired: false,
    },
    {
      id: "k2",
      name: "old",
      start: "svc_XyZ0",
      access: "READ_WRITE",
      createdAt: "2025-01-01T10:30:00Z",
      lastUsedAt: "2025-02-01T12:00:00Z",
      expiresAt: "2025-03-02T10:30:00Z",
      expired: true,
    },
    {
      id: "k3",
      name: "ci",
      start: "svc_1234",
      access: "READ_WRITE",
      createdAt: "2026-03-02T09:15:00Z",
      lastUsedAt: null,
      expiresAt: null,
      expired: false,
    },
  ];

  test("access in words, the key's start only, never used, expired and never expiring", async () => {
    const run = await runInProcess(KeyList, [], clientWith({ apiKeys: async () => KEYS }));
    expect(run.stdout).toBe(
      [
        "ID  NAME    KEY          ACCESS          CREATED           LAST USED         EXPIRES",
        "k1  backup  svc_AbCd...  read only       2026-03-01 08:00  never             2026-05-30 08:00",
        "k2  old     svc_XyZ0...  read and write  2025-01-01 10:30  2025-02-01 12:00  expired 2025-03-02 10:30",
        "k3  ci      svc_1234...  read and write  2026-03-02 09:15  never             never",
        "",
      ].join("\n"),
    );
    expect(
      JSON.parse((await runInProcess(KeyList, ["--json"], clientWith({ apiKeys: async () => KEYS }))).stdout),
    ).toEqual(KEYS);
  });
});

describe("routine next", () => {
  const PLAN = {
    name: "531 Squat",
    date: "2026-03-02",
    start: "2026-03-02T12:00:00Z",
    unit: "lb",
    effort: "rpe",
    routine: ROUTINES[0].id,
    exercises: [
      {
        exercise: "Back Squat",
        sets: ["w:135x5", "215x5", "245x5", "280x5+"].map((set) => ({ set, done: false })),
      },
      { exercise: "Plank", sets: [{ set: "45s", done: false }], note: "Brace" },
    ],
  };
  // Only what the command reads of each answer (`as never`: the rest of the SDK's types is not needed).
  const client = clientWith({
    routineDocument: async () => ({ id: ROUTINES[0].id, name: "531 Squat" }) as never,
    nextWorkout: async () => PLAN as never,
    nextTargets: async () =>
      [
        { explanation: "No history yet: week 1 of 4 at a training max of 330 lb." },
        { explanation: "Held 45 s: +5 s." },
      ] as never,
  });

  test("each exercise's sets as a table (kind, weight, reps with the + of an AMRAP set, time), then why and the note", async () => {
    const run = await runInProcess(RoutineNext, ["531 Squat", "--date", "2026-03-02"], client);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "531 Squat on 2026-03-02  next workout, planned",
        "",
        "Back Squat",
        "  SET  KIND     WEIGHT  REPS",
        "    1  warm-up  135 lb     5",
        "    2  work     215 lb     5",
        "    3  work     245 lb     5",
        "    4  work     280 lb    5+",
        "  No history yet: week 1 of 4 at a training max of 330 lb.",
        "",
        "Plank",
        "  SET  KIND  TIME",
        "    1  work   45s",
        "  Held 45 s: +5 s.",
        "  Note: Brace",
        "",
      ].join("\n"),
    );
  });

  test("--json prints the planned document as the API returned it, without asking for the explanations", async () => {
    const withoutTargets = clientWith({
      routineDocument: async () => ({ id: ROUTINES[0].id, name: "531 Squat" }) as never,
      nextWorkout: async () => PLAN as never,
    });
    const run = await runInProcess(RoutineNext, ["531 Squat", "--json"], withoutTargets);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(PLAN);
  });
});
