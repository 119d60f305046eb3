// The exercise catalog in SQL: seed data, the reference resolver shared with the document
// functions, closest suggestions, search ranking and limits, and the rules on custom exercises,
// run as the visitor role with a user's session so row-level security applies.
import pg from "pg";
import { freshDatabase, asRole, credentialHash } from "../support/harness.ts";
import { CATALOG_NAMES } from "../../sdk/test/conformance/cases.ts";

type Db = Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let owner: pg.Client;
let client: pg.Client; // as svc_authenticator, switching to the visitor role per transaction
let alice: { id: string; token: string };
let bob: { id: string; token: string };

async function signUp(name: string) {
  const {
    rows: [r],
  } = await owner.query(
    "select user_id as id, token from app_private.sign_up($1, $2, 'a long password', 'catalog test')",
    [name, `${name.toLowerCase()}-${Date.now()}@example.com`],
  );
  return r as { id: string; token: string };
}

/** Runs fn as a user (or signed out) in a transaction that is rolled back. */
async function as<T>(who: { token: string } | null, fn: () => Promise<T>, role = "svc_visitor"): Promise<T> {
  return asRole(client, role, who ? { "svc.session_hash": credentialHash(who.token) } : {}, fn);
}
/** Runs fn as a user and keeps what it did. */
async function asCommitted<T>(who: { token: string }, fn: () => Promise<T>): Promise<T> {
  await client.query("begin");
  try {
    await client.query("set local role svc_visitor");
    await client.query("select set_config('svc.session_hash', $1, true)", [credentialHash(who.token)]);
    const result = await fn();
    await client.query("commit");
    return result;
  } catch (e) {
    await client.query("rollback");
    throw e;
  }
}

const one = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0];
const resolveName = (ref: string | null) =>
  one("select e.name, e.user_id from app_public.exercises e where e.id = app_hidden.resolve_exercise($1)", [ref]).then(
    (r) => r?.name ?? null,
  );
const search = async (words: string | null, limit?: number | null) =>
  (
    await client.query(
      limit === undefined
        ? "select name, user_id from app_public.search_exercises($1)"
        : "select name, user_id from app_public.search_exercises($1, $2)",
      limit === undefined ? [words] : [words, limit],
    )
  ).rows as { name: string; user_id: string | null }[];

beforeAll(async () => {
  db = await freshDatabase();
  owner = new pg.Client({ connectionString: db.ownerUrl });
  await owner.connect();
  client = new pg.Client({ connectionString: db.authUrl });
  await client.connect();
  alice = await signUp("Alice");
  bob = await signUp("Bob");
});
afterAll(async () => {
  await client.end();
  await owner.end();
  await db.drop();
});

describe("seed data", () => {
  test("at least 300 catalog exercises, every equipment, region and kind represented", async () => {
    const {
      rows: [c],
    } = await owner.query("select count(*)::int as n from app_public.exercises where user_id is null");
    expect(c.n).toBeGreaterThanOrEqual(300);
    const groups = async (col: string) =>
      (
        await owner.query(
          `select array_agg(distinct ${col} order by ${col}) as v from app_public.exercises where user_id is null`,
        )
      ).rows[0].v;
    expect(await groups("region")).toEqual(["cardio", "core", "full body", "lower", "upper"]);
    expect(await groups("kind")).toEqual(["cardio", "reps", "time"]);
    expect(await groups("equipment")).toEqual([
      "band",
      "barbell",
      "bodyweight",
      "cable",
      "cardio",
      "dumbbell",
      "kettlebell",
      "machine",
      "other",
    ]);
  });

  test("every catalog exercise names its primary muscles; cardio is region cardio and kind cardio", async () => {
    const {
      rows: [c],
    } = await owner.query(
      "select count(*) filter (where cardinality(muscles) = 0)::int as no_muscles, count(*) filter (where (region = 'cardio') <> (kind = 'cardio'))::int as mixed from app_public.exercises where user_id is null",
    );
    expect(c).toEqual({ no_muscles: 0, mixed: 0 });
  });

  test("the names the document conformance cases rely on exist exactly", async () => {
    const names = CATALOG_NAMES;
    const { rows } = await owner.query(
      "select name from app_public.exercises where user_id is null and name = any($1) order by name",
      [names],
    );
    expect(rows.map((r) => r.name)).toEqual([...names].sort());
  });

  test.each([
    ["Plank", "time", "core"],
    ["Side Plank", "time", "core"],
    ["Dead Hang", "time", "upper"],
    ["L-Sit", "time", "core"],
    ["Wall Sit", "time", "lower"],
    ["Hollow Hold", "time", "core"],
    ["Rowing Machine", "cardio", "cardio"],
    ["Running", "cardio", "cardio"],
    ["Cycling", "cardio", "cardio"],
    ["Stationary Bike", "cardio", "cardio"],
    ["Jump Rope", "cardio", "cardio"],
    ["Elliptical", "cardio", "cardio"],
    ["Stair Climber", "cardio", "cardio"],
    ["Bench Press", "reps", "upper"],
    ["Back Squat", "reps", "lower"],
  ])("%s is kind %s, region %s", async (name, kind, region) => {
    const { rows } = await owner.query(
      "select kind, region from app_public.exercises where user_id is null and name = $1",
      [name],
    );
    expect(rows).toEqual([{ kind, region }]);
  });

  test("an alias names one exercise and never equals a catalog name", async () => {
    const {
      rows: [c],
    } = await owner.query(`
      select count(*)::int as aliases, count(distinct key)::int as keys,
             (select count(*)::int from app_public.exercise_aliases a join app_public.exercises e on e.key = a.key and e.user_id is null) as clashes
        from app_public.exercise_aliases`);
    expect(c.aliases).toBeGreaterThan(300);
    expect(c.keys).toBe(c.aliases);
    expect(c.clashes).toBe(0);
  });

  test("the database refuses an alias that is taken or is a catalog name, and a catalog name that is an alias", async () => {
    const bench = (
      await owner.query("select id from app_public.exercises where user_id is null and name = 'Bench Press'")
    ).rows[0].id;
    const squat = (
      await owner.query("select id from app_public.exercises where user_id is null and name = 'Back Squat'")
    ).rows[0].id;
    await owner.query("begin");
    try {
      await expect(
        owner.query("insert into app_public.exercise_aliases (exercise_id, alias) values ($1, 'B-E-N-C-H')", [squat]),
      ).rejects.toMatchObject({ code: "23505" });
    } finally {
      await owner.query("rollback");
    }
    await owner.query("begin");
    try {
      await expect(
        owner.query("insert into app_public.exercise_aliases (exercise_id, alias) values ($1, 'deadlift')", [bench]),
      ).rejects.toMatchObject({ code: "SVDUP" });
    } finally {
      await owner.query("rollback");
    }
    await owner.query("begin");
    try {
      await expect(
        owner.query("insert into app_public.exercises (user_id, name) values (null, 'O.H.P.')"),
      ).rejects.toMatchObject({ code: "SVDUP" });
    } finally {
      await owner.query("rollback");
    }
    // An alias belongs to a catalog exercise, never to a custom one.
    await owner.query("begin");
    try {
      const {
        rows: [custom],
      } = await owner.query("insert into app_public.exercises (user_id, name) values ($1, 'My Lift') returning id", [
        alice.id,
      ]);
      await expect(
        owner.query("insert into app_public.exercise_aliases (exercise_id, alias) values ($1, 'mylift alias')", [
          custom.id,
        ]),
      ).rejects.toMatchObject({ code: "SVBAD" });
    } finally {
      await owner.query("rollback");
    }
  });
});

describe("resolve_exercise", () => {
  test.each([
    ["bench", "Bench Press"],
    ["squat", "Back Squat"],
    ["OHP", "Overhead Press"],
    ["RDL", "Romanian Deadlift"],
    ["pullup", "Pull-Up"],
    ["pull-up", "Pull-Up"],
    ["skullcrusher", "Lying Triceps Extension"],
    ["erg", "Rowing Machine"],
    // Case, spacing, hyphens, underscores and dots are ignored, for names and aliases alike.
    ["BENCH PRESS", "Bench Press"],
    ["  bench-press ", "Bench Press"],
    ["bench_press", "Bench Press"],
    ["Bench.Press", "Bench Press"],
    ["Pull Up", "Pull-Up"],
    ["PULL_UP", "Pull-Up"],
    ["r d l", "Romanian Deadlift"],
    ["o.h.p.", "Overhead Press"],
    ["romanian-deadlift", "Romanian Deadlift"],
    ["Rowing Machine", "Rowing Machine"],
    ["rowingmachine", "Rowing Machine"],
    ["Dumbbell Curl", "Dumbbell Curl"],
    ["barbell row", "Barbell Row"],
  ])("%j resolves to %s", async (ref, name) => {
    expect(await as(alice, () => resolveName(ref))).toBe(name);
    expect(await as(null, () => resolveName(ref))).toBe(name);
  });

  test.each([["nope"], ["Underwater Basket Weaving"], [""], ["   "], ["---"], [null]])(
    "%j resolves to nothing",
    async (ref) => {
      expect(await as(alice, () => one("select app_hidden.resolve_exercise($1) as id", [ref]))).toEqual({ id: null });
    },
  );

  test("by id: a catalog id in any case; another user's custom id or an unknown id is nothing", async () => {
    const {
      rows: [deadlift],
    } = await owner.query("select id from app_public.exercises where user_id is null and name = 'Deadlift'");
    const {
      rows: [secret],
    } = await owner.query(
      "insert into app_public.exercises (user_id, name) values ($1, 'Alice Secret Lift') returning id",
      [alice.id],
    );
    expect(await as(bob, () => resolveName(deadlift.id))).toBe("Deadlift");
    expect(await as(bob, () => resolveName(` ${deadlift.id.toUpperCase()} `))).toBe("Deadlift");
    expect(await as(alice, () => resolveName(secret.id))).toBe("Alice Secret Lift");
    expect(await as(bob, () => one("select app_hidden.resolve_exercise($1) as id", [secret.id]))).toEqual({ id: null });
    expect(await as(null, () => one("select app_hidden.resolve_exercise($1) as id", [secret.id]))).toEqual({
      id: null,
    });
    expect(
      await as(alice, () =>
        one("select app_hidden.resolve_exercise($1) as id", ["00000000-0000-4000-8000-000000000000"]),
      ),
    ).toEqual({ id: null });
    // The name still resolves for its owner only.
    expect(await as(alice, () => resolveName("alice secret-lift"))).toBe("Alice Secret Lift");
    expect(await as(bob, () => resolveName("alice secret-lift"))).toBeNull();
  });

  test("a custom exercise never takes a catalog name or alias, so each name means one exercise", async () => {
    await as(alice, async () => {
      await expect(one("select app_public.create_custom_exercise('bench press', 'dumbbell')")).rejects.toMatchObject({
        code: "SVDUP",
        message: 'name: "bench press" already means the catalog exercise "Bench Press"; use it, or choose another name',
      });
    });
    await as(alice, async () => {
      await expect(one("select app_public.create_custom_exercise('BENCH')")).rejects.toMatchObject({ code: "SVDUP" });
    });
    await as(alice, async () => {
      const mine = await one("select (app_public.create_custom_exercise('Bench Press Plus')).id");
      expect(await one("select app_hidden.resolve_exercise('bench press plus') as id")).toEqual({ id: mine.id });
      const catalog = await one("select id from app_public.exercises where user_id is null and name = 'Bench Press'");
      expect(await one("select app_hidden.resolve_exercise('Bench Press') as id")).toEqual({ id: catalog.id });
      expect(await one("select app_hidden.resolve_exercise('bench') as id")).toEqual({ id: catalog.id });
    });
  });
});

describe("closest suggestions and the unknown exercise reason", () => {
  test("closest to benchpres starts with Bench Press; n bounds the count", async () => {
    await as(alice, async () => {
      const { c } = await one("select app_hidden.closest_exercises('benchpres', 3) as c");
      expect(c).toHaveLength(3);
      expect(c[0]).toBe("Bench Press");
      expect((await one("select app_hidden.closest_exercises('benchpres', 1) as c")).c).toEqual(["Bench Press"]);
      expect((await one("select app_hidden.closest_exercises('benchpres', 0) as c")).c).toEqual([]);
      expect((await one("select app_hidden.closest_exercises('benchpres') as c")).c).toHaveLength(3);
    });
  });

  test.each([
    ["romainan deadlif", "Romanian Deadlift"],
    ["dumbel row", "Dumbbell Row"],
    ["pulup", "Pull-Up"],
    ["rowing machin", "Rowing Machine"],
    ["bicep curls", "Dumbbell Curl"],
  ])("closest to %j starts with %s", async (ref, name) => {
    expect((await as(alice, () => one("select app_hidden.closest_exercises($1, 3) as c", [ref]))).c[0]).toBe(name);
  });

  test("suggestions include the user's custom exercises, for that user only", async () => {
    await asCommitted(alice, () =>
      one("select app_public.create_custom_exercise('Zottman Pinwheel Curl', 'dumbbell')"),
    );
    expect((await as(alice, () => one("select app_hidden.closest_exercises('zotman pinwheel', 3) as c"))).c[0]).toBe(
      "Zottman Pinwheel Curl",
    );
    expect(
      (await as(bob, () => one("select app_hidden.closest_exercises('zotman pinwheel', 3) as c"))).c,
    ).not.toContain("Zottman Pinwheel Curl");
  });

  test("the reason names the reference and up to three closest names", async () => {
    const { r } = await as(alice, () => one("select app_hidden.unknown_exercise_reason('benchpres') as r"));
    expect(r).toMatch(/^unknown exercise "benchpres"; closest: Bench Press, [^,]+, [^,]+$/);
    const { c } = await as(alice, () => one("select app_hidden.closest_exercises('benchpres', 3) as c"));
    expect(r).toBe(`unknown exercise "benchpres"; closest: ${c.join(", ")}`);
  });

  test("nothing close: the reason is just the reference", async () => {
    const a100 = "a".repeat(100);
    expect(await as(alice, () => one("select app_hidden.unknown_exercise_reason($1) as r", [a100]))).toEqual({
      r: `unknown exercise "${a100}"`,
    });
    expect(
      await as(alice, () => one("select app_hidden.unknown_exercise_reason('Underwater Basket Weaving') as r")),
    ).toEqual({ r: 'unknown exercise "Underwater Basket Weaving"' });
    expect(await as(alice, () => one("select app_hidden.unknown_exercise_reason('') as r"))).toEqual({
      r: 'unknown exercise ""',
    });
  });
});

describe("search_exercises", () => {
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);

  test.each([
    ["benchpres", "Bench Press"],
    ["romanian dead", "Romanian Deadlift"],
    ["ohp", "Overhead Press"],
    ["pullup", "Pull-Up"],
    ["bench", "Bench Press"],
    ["squat", "Back Squat"],
    ["RDL", "Romanian Deadlift"],
    ["bnech press", "Bench Press"],
    ["dumbell curl", "Dumbbell Curl"],
  ])("%j finds %s first", async (words, name) => {
    expect(names(await as(alice, () => search(words, 5)))[0]).toBe(name);
  });

  test("exact alias before prefix: `squat` is Back Squat, then names starting with squat", async () => {
    const found = names(await as(alice, () => search("squat", 20)));
    expect(found[0]).toBe("Back Squat");
    expect(found.indexOf("Squat Clean")).toBeGreaterThan(0);
    // Squat Clean (a prefix match) comes before Front Squat (contains the word).
    expect(found.indexOf("Squat Clean")).toBeLessThan(found.indexOf("Front Squat"));
  });

  test("prefix before all words, ties by name: `dead`", async () => {
    const found = names(await as(alice, () => search("dead", 20)));
    expect(found.slice(0, 3)).toEqual(["Dead Bug", "Dead Hang", "Deadlift"]);
    expect(found.indexOf("Romanian Deadlift")).toBeGreaterThan(2);
    const tier2 = found.slice(3);
    expect(tier2).toEqual([...tier2].sort());
  });

  test("all words in any order before fuzzy matches", async () => {
    // The exercise the words mean (Hammer Curl: the same words) first, then the rest by name.
    const found = names(await as(alice, () => search("curl hammer", 10)));
    expect(found.slice(0, 3)).toEqual(["Hammer Curl", "Cable Hammer Curl", "Cross-Body Hammer Curl"]);
  });

  test("words may come from the name and the aliases together", async () => {
    // "flat" is only in an alias of Bench Press, "barbell" only in its aliases too, "press" in the name.
    expect(names(await as(alice, () => search("flat press", 5)))[0]).toBe("Bench Press");
  });

  test("a user's custom exercises are found for them only", async () => {
    await asCommitted(alice, () => one("select app_public.create_custom_exercise('Overhead Plate Press', 'other')"));
    const mine = await as(alice, () => search("overhead plate press", 3));
    expect(mine[0]).toEqual({ name: "Overhead Plate Press", user_id: alice.id });
    const theirs = await as(bob, () => search("overhead plate press", 3));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((r) => r.user_id !== null)).toEqual([]);
    expect((await as(null, () => search("overhead plate press", 3))).filter((r) => r.user_id !== null)).toEqual([]);
  });

  test("limit: 1 and 100 are accepted, default 20; 0 and 101 are refused naming limit", async () => {
    expect(await as(alice, () => search("b", 1))).toHaveLength(1);
    expect(await as(alice, () => search("b", 100))).toHaveLength(100);
    expect(await as(alice, () => search("b"))).toHaveLength(20);
    expect(await as(alice, () => search("b", null))).toHaveLength(20);
    await expect(as(alice, () => search("b", 0))).rejects.toMatchObject({
      code: "SVBAD",
      message: "limit: must be between 1 and 100",
    });
    await expect(as(alice, () => search("b", 101))).rejects.toMatchObject({
      code: "SVBAD",
      message: "limit: must be between 1 and 100",
    });
  });

  test("words: blank refused; 200 characters accepted, 201 refused", async () => {
    for (const words of ["", "   ", null]) {
      await expect(as(alice, () => search(words, 5))).rejects.toMatchObject({
        code: "SVBAD",
        message: "words: must not be empty",
      });
    }
    expect(await as(alice, () => search("x".repeat(200), 5))).toEqual([]);
    await expect(as(alice, () => search("x".repeat(201), 5))).rejects.toMatchObject({
      code: "SVBAD",
      message: "words: must be at most 200 characters",
    });
  });

  test("nothing alike: an empty list", async () => {
    expect(await as(alice, () => search("Underwater Basket Weaving", 10))).toEqual([]);
  });
});

describe("custom exercises in SQL", () => {
  test("created private, with defaults and a tidy name", async () => {
    await as(alice, async () => {
      const row = await one("select * from app_public.create_custom_exercise('  Sled   Row  ')");
      expect(row).toMatchObject({
        name: "Sled Row",
        user_id: alice.id,
        equipment: "other",
        muscles: [],
        region: "full body",
        kind: "reps",
      });
    });
  });

  test("name: 100 characters accepted, 101 refused; blank refused", async () => {
    await as(alice, async () => {
      expect((await one("select (app_public.create_custom_exercise($1)).name", ["n".repeat(100)])).name).toHaveLength(
        100,
      );
    });
    await expect(
      as(alice, () => one("select app_public.create_custom_exercise($1)", ["n".repeat(101)])),
    ).rejects.toMatchObject({ code: "SVBAD", message: "name: must be 1 to 100 characters" });
    await expect(as(alice, () => one("select app_public.create_custom_exercise('  ')"))).rejects.toMatchObject({
      code: "SVBAD",
      message: "name: must be 1 to 100 characters",
    });
    await expect(as(alice, () => one("select app_public.create_custom_exercise(null)"))).rejects.toMatchObject({
      code: "SVBAD",
    });
    await expect(as(alice, () => one("select app_public.create_custom_exercise('- . _')"))).rejects.toMatchObject({
      code: "SVBAD",
      message: "name: must contain a letter or digit",
    });
  });

  test("muscles: 10 accepted, 11 refused; 40 characters accepted, 41 refused", async () => {
    const ten = Array.from({ length: 10 }, (_, i) => `m${i}`);
    await as(alice, async () => {
      expect(
        (await one("select (app_public.create_custom_exercise('Ten', muscles => $1)).muscles", [ten])).muscles,
      ).toEqual(ten);
      expect(
        (await one("select (app_public.create_custom_exercise('Forty', muscles => $1)).muscles", [["m".repeat(40)]]))
          .muscles,
      ).toEqual(["m".repeat(40)]);
    });
    await expect(
      as(alice, () => one("select app_public.create_custom_exercise('Eleven', muscles => $1)", [[...ten, "x"]])),
    ).rejects.toMatchObject({ code: "SVBAD", message: "muscles: at most 10 entries" });
    await expect(
      as(alice, () => one("select app_public.create_custom_exercise('FortyOne', muscles => $1)", [["m".repeat(41)]])),
    ).rejects.toMatchObject({ code: "SVBAD", message: "muscles: each entry at most 40 characters" });
  });

  test.each([
    ["equipment", "select app_public.create_custom_exercise('X', equipment => 'spaceship')"],
    ["region", "select app_public.create_custom_exercise('X', region => 'everywhere')"],
    ["kind", "select app_public.create_custom_exercise('X', kind => 'vibes')"],
  ])("an unknown %s is refused naming the field", async (field, text) => {
    await expect(as(alice, () => one(text))).rejects.toMatchObject({
      code: "SVBAD",
      message: expect.stringMatching(new RegExp(`^${field}: must be one of `)),
    });
  });

  test("a second custom exercise with the same name (ignoring case and spacing) is a conflict, also on rename", async () => {
    await as(alice, async () => {
      await one("select app_public.create_custom_exercise('Landmine Meadows Row')");
      await expect(one("select app_public.create_custom_exercise('landmine-meadows  ROW')")).rejects.toMatchObject({
        code: "SVDUP",
      });
    });
    await as(alice, async () => {
      await one("select app_public.create_custom_exercise('Row A')");
      const b = await one("select (app_public.create_custom_exercise('Row B')).id");
      await expect(one("select app_public.update_custom_exercise($1, name => 'row-a')", [b.id])).rejects.toMatchObject({
        code: "SVDUP",
        message: 'name: you already have a custom exercise named "Row A"',
      });
    });
    // Another user may use the same name.
    await as(bob, async () => {
      expect((await one("select (app_public.create_custom_exercise('Landmine Meadows Row')).name")).name).toBe(
        "Landmine Meadows Row",
      );
    });
  });

  test("rename and change; renaming to its own name in another case is fine", async () => {
    await as(alice, async () => {
      const { id } = await one("select (app_public.create_custom_exercise('Sandbag Lap')).id");
      const renamed = await one(
        "select * from app_public.update_custom_exercise($1, name => 'sandbag LAP', kind => 'time')",
        [id],
      );
      expect(renamed).toMatchObject({ id, name: "sandbag LAP", kind: "time", equipment: "other" });
    });
  });

  test("another user's, a catalog or an unknown exercise cannot be changed or deleted: NOT_FOUND", async () => {
    const { id } = await asCommitted(alice, () =>
      one("select (app_public.create_custom_exercise('Alice Only Press')).id"),
    );
    const catalog = (
      await owner.query("select id from app_public.exercises where user_id is null and name = 'Deadlift'")
    ).rows[0].id;
    for (const target of [id, catalog, "00000000-0000-4000-8000-000000000000"]) {
      await expect(
        as(bob, () => one("select app_public.update_custom_exercise($1, name => 'Mine Now')", [target])),
      ).rejects.toMatchObject({ code: "SVNFD" });
      await expect(as(bob, () => one("select app_public.delete_custom_exercise($1)", [target]))).rejects.toMatchObject({
        code: "SVNFD",
      });
    }
    await expect(as(alice, () => one("select app_public.delete_custom_exercise($1)", [catalog]))).rejects.toMatchObject(
      { code: "SVNFD" },
    );
    // Direct table writes are held by row-level security too.
    expect(
      await as(
        bob,
        async () => (await client.query("update app_public.exercises set name = 'x' where id = $1", [id])).rowCount,
      ),
    ).toBe(0);
    expect(
      await as(bob, async () => (await client.query("delete from app_public.exercises where id = $1", [id])).rowCount),
    ).toBe(0);
    expect(
      await as(
        alice,
        async () =>
          (await client.query("update app_public.exercises set name = 'x' where id = $1", [catalog])).rowCount,
      ),
    ).toBe(0);
    const { rows } = await owner.query("select name from app_public.exercises where id = any($1) order by name", [
      [id, catalog],
    ]);
    expect(rows.map((r) => r.name)).toEqual(["Alice Only Press", "Deadlift"]);
  });

  test("deleting a custom exercise a routine uses is a conflict; unused ones go", async () => {
    const { id } = await asCommitted(alice, () => one("select (app_public.create_custom_exercise('Used Lift')).id"));
    const {
      rows: [r],
    } = await owner.query(
      "insert into app_public.routines (user_id, name, unit) values ($1, 'Uses it', 'kg') returning id",
      [alice.id],
    );
    await owner.query(
      "insert into app_public.routine_exercises (routine_id, user_id, position, exercise_id, sets) values ($1, $2, 0, $3, 3)",
      [r.id, alice.id, id],
    );
    await expect(as(alice, () => one("select app_public.delete_custom_exercise($1)", [id]))).rejects.toMatchObject({
      code: "SVDUP",
      message: 'id: "Used Lift" is used in 1 routine(s) and 0 workout(s); remove it from them first',
    });
    await as(alice, async () => {
      const { id: unused } = await one("select (app_public.create_custom_exercise('Unused Lift')).id");
      expect((await one("select (app_public.delete_custom_exercise($1)).name", [unused])).name).toBe("Unused Lift");
      expect(await one("select count(*)::int as n from app_public.exercises where id = $1", [unused])).toEqual({
        n: 0,
      });
    });
  });

  test("signed out or read only: no custom exercises can be written", async () => {
    await expect(as(null, () => one("select app_public.create_custom_exercise('Nobody')"))).rejects.toMatchObject({
      code: "SVFBD",
    });
    await expect(
      as(alice, () => one("select app_public.create_custom_exercise('Read Only')"), "svc_reader"),
    ).rejects.toMatchObject({ code: "42501" });
  });
});
