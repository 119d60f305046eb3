// Catalog exercise names in the languages of User.language, over HTTP: the search finds them in any
// of them (accents optional), documents resolve them through the resolver's tiers to the same
// catalog exercise, Exercise.localName gives the viewer's language's name (English without one),
// and Exercise.aliases still lists the everyday English aliases only.
import { useTestServer, gql, signUp } from "../support/harness.ts";

const s = useTestServer();

const SEARCH = `query($words: String!) { searchExercises(words: $words, limit: 5) { name } }`;
const SET_LANGUAGE = `mutation($id: UUID!, $language: String) { updateUserById(input: { id: $id, userPatch: { language: $language } }) { user { language } } }`;
const RESOLVE = `query($names: [String!]!) { resolveExercises(names: $names) { name match exercise { name } } }`;

async function first(token: string, words: string) {
  const res = await gql(s.url, SEARCH, { words }, { token });
  expect([words, res.body.errors]).toEqual([words, undefined]);
  return res.body.data.searchExercises[0]?.name ?? null;
}

test.each([
  ["Kniebeuge", "Back Squat"],
  ["kniebeuge", "Back Squat"],
  ["Bankdrücken", "Bench Press"],
  ["bankdrucken", "Bench Press"],
  ["Kreuzheben", "Deadlift"],
  ["sentadilla", "Back Squat"],
  ["press de banca", "Bench Press"],
  ["peso muerto", "Deadlift"],
  ["développé couché", "Bench Press"],
  ["developpe couche", "Bench Press"],
  ["soulevé de terre", "Deadlift"],
  ["souleve de terre", "Deadlift"],
  ["agachamento", "Back Squat"],
  ["supino reto", "Bench Press"],
  ["levantamento terra", "Deadlift"],
  ["القرفصاء", "Back Squat"],
  ["سكوات", "Back Squat"],
  ["ضغط البنش", "Bench Press"],
  ["الرفعة الميتة", "Deadlift"],
  // The English names and aliases as before.
  ["squat", "Back Squat"],
  ["bench", "Bench Press"],
  ["Deadlift", "Deadlift"],
])("searching %s finds %s first", async (words, name) => {
  const u = await signUp(s.url, "Searcher");
  expect(await first(u.token, words)).toBe(name);
});

test("the resolver takes a translated name as an alias, so documents resolve them to the catalog exercise", async () => {
  const u = await signUp(s.url, "Resolver");
  const res = await gql(
    s.url,
    RESOLVE,
    { names: ["Kniebeuge", "press de banca", "Developpe couche", "agachamento", "Kreuzheben"] },
    { token: u.token },
  );
  expect(res.body.data.resolveExercises.map((r: any) => [r.name, r.match, r.exercise?.name])).toEqual([
    ["Kniebeuge", "alias", "Back Squat"],
    ["press de banca", "alias", "Bench Press"],
    ["Developpe couche", "alias", "Bench Press"],
    ["agachamento", "alias", "Back Squat"],
    ["Kreuzheben", "alias", "Deadlift"],
  ]);

  const routine = await gql(
    s.url,
    `mutation($document: JSON!) { applyRoutineDocument(input: {document: $document}) { routine { id } document } }`,
    {
      document: {
        name: "Ganzkörper",
        exercises: [
          { exercise: "Kniebeuge", sets: 3, reps: 5 },
          { exercise: "press de banca", sets: 3, reps: 5 },
        ],
      },
    },
    { token: u.token },
  );
  expect(routine.body.errors).toBeUndefined();
  expect(routine.body.data.applyRoutineDocument.document.exercises.map((e: any) => e.exercise)).toEqual([
    "Back Squat",
    "Bench Press",
  ]);

  const workout = await gql(
    s.url,
    `mutation($document: JSON!) { applyWorkoutDocument(input: {document: $document}) { document } }`,
    {
      document: {
        date: "2026-03-02",
        exercises: [
          { exercise: "Kniebeuge", sets: ["100x5"] },
          { exercise: "press de banca", sets: ["80x5"] },
        ],
      },
    },
    { token: u.token },
  );
  expect(workout.body.errors).toBeUndefined();
  expect(workout.body.data.applyWorkoutDocument.document.exercises.map((e: any) => e.exercise)).toEqual([
    "Back Squat",
    "Bench Press",
  ]);
});

const LOCAL = `query($words: String!, $language: String) { searchExercises(words: $words, limit: 1) { name localName other: localName(language: $language) aliases } }`;

test("localName: the viewer's language, English without one or without a translation; a language argument wins", async () => {
  const u = await signUp(s.url, "Lokal");
  const none = await gql(s.url, LOCAL, { words: "Back Squat", language: "fr" }, { token: u.token });
  expect(none.body.data.searchExercises[0]).toMatchObject({
    name: "Back Squat",
    localName: "Back Squat",
    other: "Squat arrière",
  });
  await gql(s.url, SET_LANGUAGE, { id: u.user.id, language: "de" }, { token: u.token });
  for (const [words, de] of [
    ["Back Squat", "Kniebeuge"],
    ["Bench Press", "Bankdrücken"],
    ["Deadlift", "Kreuzheben"],
  ]) {
    const res = await gql(s.url, LOCAL, { words, language: "pt-BR" }, { token: u.token });
    expect(res.body.data.searchExercises[0]).toMatchObject({ name: words, localName: de });
  }
  const pt = await gql(s.url, LOCAL, { words: "Bench Press", language: "pt-BR" }, { token: u.token });
  expect(pt.body.data.searchExercises[0].other).toBe("Supino reto");
  const ar = await gql(s.url, LOCAL, { words: "Deadlift", language: "ar" }, { token: u.token });
  expect(ar.body.data.searchExercises[0].other).toBe("الرفعة الميتة");
  const en = await gql(s.url, LOCAL, { words: "Deadlift", language: "en" }, { token: u.token });
  expect(en.body.data.searchExercises[0].other).toBe("Deadlift");
  const bad = await gql(s.url, LOCAL, { words: "Deadlift", language: "pt" }, { token: u.token });
  expect(bad.body.errors?.[0]?.extensions?.code).toBe("INVALID_INPUT");
  expect(bad.body.errors[0].message).toBe("language: must be one of en, de, es, fr, pt-BR, ar");
  // Exercise.aliases: the English everyday names only.
  const bench = await gql(s.url, LOCAL, { words: "Bench Press", language: null }, { token: u.token });
  expect(bench.body.data.searchExercises[0].aliases).toContain("bench");
  expect(bench.body.data.searchExercises[0].aliases).not.toContain("Bankdrücken");
});

test("localName of a custom exercise is its name", async () => {
  const u = await signUp(s.url, "Eigen");
  await gql(s.url, SET_LANGUAGE, { id: u.user.id, language: "de" }, { token: u.token });
  const made = await gql(
    s.url,
    `mutation { createCustomExercise(input: { name: "Meine Übung" }) { exercise { name localName } } }`,
    {},
    { token: u.token },
  );
  expect(made.body.data.createCustomExercise.exercise).toEqual({ name: "Meine Übung", localName: "Meine Übung" });
});

// A few have none in a language because lifters there say the English name (Leg Press, Hack Squat,
// Burpee): it is a catalog name, not an alias, and localName falls back to it.
test("nearly every catalog exercise has a local name in German, Spanish, French, Brazilian Portuguese and Arabic", async () => {
  const { rows } = await s.ownerPool.query(`
    select l.language, count(a.id)::int as named, (select count(*)::int from app_public.exercises where user_id is null) as catalog
      from unnest(array['de', 'es', 'fr', 'pt-BR', 'ar']) as l(language)
      left join app_public.exercise_aliases a on a.language = l.language and a.local_name
     group by l.language order by l.language`);
  for (const r of rows) expect([r.language, r.named >= r.catalog - 40]).toEqual([r.language, true]);
});
