// Reading export files (@svc/sdk/import) without a server: dates in several languages and time
// zones, float noise, the workout limits, rows counted by reason, headers in other languages
// matched by position, and broken files named by line and column.
import {
  parseImport,
  detectFormat,
  cleanNumber,
  wallTimeCell,
  startInZone,
  ImportParseError,
  skipCountText,
  exportStrongCsv,
  CsvChanges,
  STRONG_CSV_HEADER,
} from "@svc/sdk/import";

const STRONG_HEADER =
  "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE";
const strongRow = (cells: Partial<Record<string, string | number>>) =>
  [
    cells.date ?? "2026-04-06 17:18:00",
    cells.name ?? "A",
    cells.duration ?? "30m",
    cells.exercise ?? "Bench Press",
    cells.order ?? 1,
    cells.weight ?? 100,
    cells.reps ?? 5,
    cells.distance ?? 0,
    cells.seconds ?? 0,
    cells.notes ?? "",
    cells.workoutNotes ?? "",
    cells.rpe ?? "",
  ].join(",");
const strong = (...rows: string[]) => [STRONG_HEADER, ...rows].join("\n");
const utc = { timeZone: "UTC" };

test("float noise is rounded to the documents' 2 decimals", () => {
  expect(cleanNumber(149.99999999999997)).toBe(150);
  expect(cleanNumber(82.49999999999999)).toBe(82.5);
  expect(cleanNumber(0.1 + 0.2)).toBe(0.3);
  expect(cleanNumber(102.505)).toBe(102.51);
  const parsed = parseImport(
    strong(strongRow({ weight: "149.99999999999997" }), strongRow({ order: 2, weight: "2.2046226218487757" })),
    utc,
  );
  expect(parsed.workouts[0].exercises[0].sets).toEqual(["150x5", "2.2x5"]);
});

test("a weighted bodyweight lift ('Pull Up (Weighted)') keeps its load as added to the body; plain lifts keep theirs", () => {
  const parsed = parseImport(
    strong(
      strongRow({ exercise: "Pull Up (Weighted)", weight: 20, reps: 5 }),
      strongRow({ exercise: "Pull Up (Weighted)", order: 2, weight: 0, reps: 8 }),
      strongRow({ exercise: "Pull Up", order: 1, weight: 0, reps: 10 }),
      strongRow({ exercise: "Bench Press (Barbell)", order: 1, weight: 100, reps: 5 }),
    ),
    utc,
  );
  const sets = Object.fromEntries(parsed.workouts[0].exercises.map((x) => [x.exercise, x.sets]));
  expect(sets["Pull Up (Weighted)"]).toEqual(["bw+20x5", "bw x 8"]);
  expect(sets["Pull Up"]).toEqual(["bw x 10"]);
  expect(sets["Bench Press (Barbell)"]).toEqual(["100x5"]);
});

test.each([
  ["6 Apr 2026, 17:18", "2026-04-06", "17:18:00"],
  ["Apr 6, 2026, 5:18 PM", "2026-04-06", "17:18:00"],
  ["6 апр. 2026 г., 17:18", "2026-04-06", "17:18:00"],
  ["3. März 2026, 07:00", "2026-03-03", "07:00:00"],
  ["12 déc. 2025, 18:30", "2025-12-12", "18:30:00"],
  ["6 giu 2026, 06:05", "2026-06-06", "06:05:00"],
  ["2026-04-06 17:18:00", "2026-04-06", "17:18:00"],
  ["2026-04-06T17:18:00", "2026-04-06", "17:18:00"],
  ["2026-04-06", "2026-04-06", "12:00:00"],
  ["06/04/2026 17:18", "2026-04-06", "17:18:00"],
])("the date %j reads as %s %s", (text, date, time) => {
  expect(wallTimeCell(text, 2, "start_time")).toEqual({ date, time });
});

test.each([
  ["6 sty 2025, 17:18", "2025-01-06"],
  ["6 февр. 2025, 17:18", "2025-02-06"],
  ["6 сент. 2025 г., 17:18", "2025-09-06"],
  ["6 нояб. 2025, 17:18", "2025-11-06"],
  ["6 kwietnia 2026, 17:18", "2026-04-06"],
  ["6 paź 2025, 17:18", "2025-10-06"],
  ["6. února 2026, 17:18", "2026-02-06"],
  ["6 Şub 2026, 17:18", "2026-02-06"],
  ["6 лист. 2025 р., 17:18", "2025-11-06"],
  ["6. tammikuuta 2026, 17:18", "2026-01-06"],
  ["6 okt. 2026, 17:18", "2026-10-06"],
  ["6 de abr. de 2026, 17:18", "2026-04-06"],
  ["6 de enero de 2026, 17:18", "2026-01-06"],
  ["6 de abril de 2026 às 17:18", "2026-04-06"],
  ["6 de abril de 2026 a las 17:18", "2026-04-06"],
])(
  "Hevy's date in Polish, Russian, Czech, Turkish, Ukrainian, Finnish, Swedish, Portuguese, Spanish: %j",
  (text, date) => {
    expect(wallTimeCell(text, 2, "start_time")).toEqual({ date, time: "17:18:00" });
  },
);

test("every short and long month form Intl writes in the apps' languages is read", () => {
  const locales = ["en", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "cs", "tr", "uk", "sv", "da", "nb", "fi"];
  let checked = 0;
  for (const locale of locales)
    for (let month = 0; month < 12; month++)
      for (const style of ["short", "long"] as const) {
        for (const context of [{}, { day: "numeric" as const }]) {
          const name = new Intl.DateTimeFormat(locale, { ...context, month: style, timeZone: "UTC" })
            .formatToParts(new Date(Date.UTC(2025, month, 15)))
            .find((p) => p.type === "month")!.value;
          if (/^\d+$/.test(name)) continue;
          expect([locale, wallTimeCell(`15 ${name} 2025, 06:05`, 2, "start_time").date]).toEqual([
            locale,
            `2025-${String(month + 1).padStart(2, "0")}-15`,
          ]);
          checked++;
        }
      }
  expect(checked).toBeGreaterThan(700);
});

test("every day-month-year date Intl writes with a month name, short and long, with its time, is read", () => {
  const locales = ["en", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "tr", "uk", "sv", "da", "nb", "fi"];
  const read: string[] = [];
  for (const locale of locales)
    for (const month of ["short", "long"] as const) {
      const text = new Intl.DateTimeFormat(locale, {
        day: "numeric",
        month,
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: "UTC",
      }).format(new Date(Date.UTC(2026, 3, 9, 17, 18)));
      expect([text, wallTimeCell(text, 2, "start_time")]).toEqual([text, { date: "2026-04-09", time: "17:18:00" }]);
      read.push(text);
    }
  expect(read).toEqual(expect.arrayContaining(["9 de abr. de 2026, 17:18", "9 de abril de 2026 a las 17:18"]));
});

test.each(["31 Feb 2026, 10:00", "6 Foo 2026, 17:18", "2026-13-01", "6 Apr 2026, 25:00", "yesterday"])(
  "%j is refused with its line and column",
  (text) => {
    expect(() => wallTimeCell(text, 7, "start_time")).toThrow(
      new ImportParseError(7, "start_time", `${JSON.stringify(text)} is not a date`),
    );
  },
);

test("wall-clock times become instants in the zone asked, daylight saving time included", () => {
  expect(startInZone({ date: "2026-01-10", time: "18:00:00" }, "Europe/Berlin")).toBe("2026-01-10T18:00:00+01:00");
  expect(startInZone({ date: "2026-07-10", time: "18:00:00" }, "Europe/Berlin")).toBe("2026-07-10T18:00:00+02:00");
  expect(startInZone({ date: "2026-07-10", time: "18:00:00" }, "America/New_York")).toBe("2026-07-10T18:00:00-04:00");
  expect(startInZone({ date: "2026-07-10", time: "18:00:00" }, "Asia/Kolkata")).toBe("2026-07-10T18:00:00+05:30");
  expect(startInZone({ date: "2026-07-10", time: "18:00:00" }, "UTC")).toBe("2026-07-10T18:00:00+00:00");
});

test("a long run of one exercise continues in a next entry at 50 sets; past 500 sets in a workout, rows are counted, not kept", () => {
  const rows = Array.from({ length: 60 }, (_, i) => strongRow({ order: i + 1 }));
  const sixty = parseImport(strong(...rows), utc);
  expect(sixty.workouts[0].exercises.map((e) => [e.exercise, e.sets.length])).toEqual([
    ["Bench Press", 50],
    ["Bench Press", 10],
  ]);
  const many = Array.from({ length: 520 }, (_, i) =>
    strongRow({ exercise: `Lift ${Math.floor(i / 10)}`, order: (i % 10) + 1 }),
  );
  const over = parseImport(strong(...many), utc);
  expect(over.workouts[0].exercises.reduce((n, e) => n + e.sets.length, 0)).toBe(500);
  expect(over.skipped).toEqual([expect.objectContaining({ reason: "over-workout-limits", rows: 20, firstLine: 502 })]);
});

test("rows the model cannot hold, and values out of its range, are counted by reason with their first line; a weighted hold keeps its load", () => {
  const parsed = parseImport(
    strong(
      strongRow({ reps: 501 }),
      strongRow({ order: 2, rpe: 11 }),
      strongRow({ order: 3, rpe: "7.3" }),
      strongRow({ order: 4, weight: 20, reps: 0, seconds: 60 }),
      strongRow({ order: 5, weight: 0, reps: 0 }),
      strongRow({ order: 6, weight: 12000 }),
      strongRow({ order: 7, notes: "x".repeat(600) }),
    ),
    utc,
  );
  expect(parsed.workouts[0].exercises[0].sets).toEqual(["100x5", "100x5@7.5", "20x60s", "100x5"]);
  expect(parsed.workouts[0].exercises[0].note).toHaveLength(500);
  expect(Object.fromEntries(parsed.skipped.map((k) => [k.reason, [k.rows, k.firstLine]]))).toEqual({
    "reps-out-of-range": [1, 2],
    "rpe-out-of-range": [1, 3],
    "empty-set": [1, 6],
    "weight-out-of-range": [1, 7],
    "note-shortened": [1, 2],
  });
});

test("Strong's comma format with a header in another language is read by position; FitNotes too", () => {
  const french = [
    "Date,Nom de l'entraînement,Durée,Nom de l'exercice,Ordre de la série,Poids,Répétitions,Distance,Secondes,Notes,Notes d'entraînement,RPE",
    "2026-04-06 17:18:00,Poussée,1h,Développé couché,1,100,5,0,0,,,8",
  ].join("\n");
  expect(detectFormat(french)).toBe("strong");
  expect(parseImport(french, utc).workouts[0]).toMatchObject({
    name: "Poussée",
    minutes: 60,
    exercises: [{ exercise: "Développé couché", sets: ["100x5@8"] }],
  });
  const german = [
    "Datum,Übung,Kategorie,Gewicht,Gewichtseinheit,Wdh.,Distanz,Distanzeinheit,Zeit",
    "2026-01-05,Kniebeuge,Beine,100.0,lbs,5,,,",
  ].join("\n");
  expect(detectFormat(german)).toBe("fitnotes");
  expect(parseImport(german, utc).workouts[0]).toMatchObject({
    date: "2026-01-05",
    unit: "lb",
    exercises: [{ exercise: "Kniebeuge", sets: ["100x5"] }],
  });
  const germanOld = [
    "Datum,Übung,Kategorie,Gewicht (kgs),Wdh.,Distanz,Distanzeinheit,Zeit",
    "2026-01-05,Kniebeuge,Beine,100.0,5,,,",
  ].join("\n");
  expect(parseImport(germanOld, utc)).toMatchObject({
    unitStated: true,
    workouts: [{ unit: "kg", exercises: [{ sets: ["100x5"] }] }],
  });
});

test("broken files are named by line and column; an unknown one says what was expected", () => {
  expect(() => parseImport(strong(strongRow({}), strongRow({ order: 2, reps: "five" })), utc)).toThrow(
    'line 3, column Reps: "five" is not a number',
  );
  expect(() => parseImport(strong(strongRow({}), strongRow({ order: 2, reps: "5.5" })), utc)).toThrow(
    'line 3, column Reps: "5.5" is not a whole number of reps',
  );
  expect(() => parseImport(strong(strongRow({ exercise: "" })), utc)).toThrow(
    "line 2, column Exercise Name: the exercise name is empty",
  );
  expect(() => parseImport(strong(strongRow({ date: "soon" })), utc)).toThrow(
    'line 2, column Date: "soon" is not a date',
  );
  expect(() => parseImport('{"format": "svc-export", "version": 2}')).toThrow(
    "line 1: export version 2 is not known here",
  );
  expect(() => parseImport('{"format": "svc-export",\n "version": 1,,}')).toThrow(/^line 2, column \d+: broken JSON$/);
  expect(() => parseImport("", { from: "strong" })).toThrow("line 1: the file is empty");
  expect(() => detectFormat("just some text\n")).toThrow(/not a Strong, Hevy, FitNotes or svc export/);
});

test("a Strong Note row after another exercise's sets goes to its exercise's last entry; one with no set of its exercise is counted", () => {
  const parsed = parseImport(
    [
      STRONG_HEADER,
      "2024-03-02 10:00:00,Notes Test2,45m,Bench Press (Barbell),1,100,5,0,0,pause,,",
      "2024-03-02 10:00:00,Notes Test2,45m,Pull Up,1,0,10,0,0,,,",
      "2024-03-02 10:00:00,Notes Test2,45m,Bench Press (Barbell),Note,0,0,0,0,late note row,,",
      "2024-03-02 10:00:00,Notes Test2,45m,Squat,Note,0,0,0,0,squat note,,",
      "2024-03-02 10:00:00,Notes Test2,45m,Squat,1,-100,5,0,0,,,",
    ].join("\n"),
    utc,
  );
  expect(parsed.workouts[0].exercises).toEqual([
    { exercise: "Bench Press (Barbell)", note: "pause\nlate note row", sets: ["100x5"] },
    { exercise: "Pull Up", sets: ["bw x 10"] },
  ]);
  expect(Object.fromEntries(parsed.skipped.map((k) => [k.reason, [k.rows, k.firstLine]]))).toEqual({
    "note-without-sets": [1, 5],
    "weight-negative": [1, 6],
    // Pull Up's `0`: read as bodyweight, and said.
    "zero-weight-as-bodyweight": [1, 3],
  });
  const later = parseImport(
    strong(
      strongRow({}),
      strongRow({ exercise: "Row" }),
      strongRow({ order: "Note", weight: "", reps: "", notes: "first bench" }),
      strongRow({ exercise: "Row", order: 2 }),
      strongRow({ order: 2 }),
    ),
    utc,
  );
  expect(later.workouts[0].exercises.map((e) => [e.exercise, e.note])).toEqual([
    ["Bench Press", "first bench"],
    ["Row", undefined],
    ["Bench Press", undefined],
  ]);
});

test("a workout whose every set is refused is counted, named by its first refused set; the counts read in the singular for one", () => {
  const parsed = parseImport(
    strong(
      strongRow({ name: "Kept" }),
      strongRow({ name: "Gone", date: "2026-04-07 10:00:00", weight: -100 }),
      strongRow({ name: "Gone", date: "2026-04-07 10:00:00", order: 2, weight: 100000 }),
      strongRow({ name: "Gone too", date: "2026-04-08 10:00:00", weight: -5 }),
    ),
    utc,
  );
  expect(parsed.workouts.map((w) => w.name)).toEqual(["Kept"]);
  const counts = Object.fromEntries(parsed.skipped.map((k) => [k.reason, [k.rows, k.firstLine]]));
  expect(counts).toEqual({
    "weight-negative": [2, 3],
    "weight-out-of-range": [1, 4],
    "workout-every-set-refused": [2, 3],
  });
  expect(parsed.skipped.map(skipCountText)).toEqual([
    "2 sets with a negative weight (an assisted lift's help: the model holds no negative load)",
    "2 workouts left out: every set refused",
    "1 set heavier than 10000",
  ]);
  const one = parseImport(strong(strongRow({ weight: -100 }), strongRow({ order: 2, weight: 100000 })), utc);
  expect(one.workouts).toEqual([]);
  expect(one.skipped.map(skipCountText)).toContain("1 workout left out: every set refused");
});

test("a Strong Note row and repeated set notes give one exercise note; Hevy's superset ids become letters per workout", () => {
  const parsed = parseImport(
    strong(
      strongRow({ order: "Note", weight: "", reps: "", notes: "Grip wider" }),
      strongRow({ notes: "Grip wider" }),
      strongRow({ order: 2, notes: "Slow" }),
    ),
    utc,
  );
  expect(parsed.workouts[0].exercises[0]).toEqual({
    exercise: "Bench Press",
    note: "Grip wider\nSlow",
    sets: ["100x5", "100x5"],
  });
  const hevy = [
    "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe",
    'A,"6 Apr 2026, 17:18",,,Curl,7,,0,normal,10,10,,,',
    'A,"6 Apr 2026, 17:18",,,Pushdown,7,,0,normal,20,10,,,',
    'A,"6 Apr 2026, 17:18",,,Fly,3,,0,normal,15,10,,,',
    'A,"6 Apr 2026, 17:18",,,Raise,3,,0,normal,5,10,,,',
  ].join("\n");
  expect(parseImport(hevy, utc).workouts[0].exercises.map((e) => [e.exercise, e.superset])).toEqual([
    ["Curl", "A"],
    ["Pushdown", "A"],
    ["Fly", "B"],
    ["Raise", "B"],
  ]);
});

test("FitNotes: an unquoted comma in a comment stays in the comment; in a name and a comment both, each keeps its own", () => {
  const header = "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment";
  const parsed = parseImport(
    [
      header,
      "2026-01-05,Flat Barbell Bench Press,Chest,100.0,kgs,5,,,,slow, then fast",
      "2026-01-05,Curl, Hammer,Biceps,16.0,kgs,10,,,,",
      "2026-01-05,Curl, Hammer,Biceps,18.0,kgs,8,,,,grip, elbows, all fine",
    ].join("\n"),
    utc,
  );
  expect(parsed.format).toBe("fitnotes");
  expect(parsed.workouts[0].exercises).toEqual([
    { exercise: "Flat Barbell Bench Press", note: "slow, then fast", sets: ["100x5"] },
    { exercise: "Curl, Hammer", note: "grip, elbows, all fine", sets: ["16x10", "18x8"] },
  ]);
  // A row no split reads is named by the split that read furthest: here the comment's (Reps), not the name's (Weight "kgs").
  expect(() => parseImport([header, "2026-01-05,Bench,Chest,100,kgs,abc,,,,a, b"].join("\n"), utc)).toThrow(
    'line 2, column Reps: "abc" is not',
  );
});

test("Strong: only rest-timer rows are rest timers; an unknown Set Order on a set is a bad row named by line and column", () => {
  // `X` on a set with its load: refused, not dropped.
  expect(() => parseImport(strong(strongRow({}), strongRow({ order: "X" })), utc)).toThrow(
    new ImportParseError(
      3,
      "Set Order",
      '"X" is not a set order (a number, W, D, F, or Strong\'s Rest Timer or Note row)',
    ),
  );
  // Strong's rest timer (its seconds only), in English or another language, and a note row in another language.
  const parsed = parseImport(
    strong(
      strongRow({}),
      strongRow({ order: "Rest Timer", weight: 0, reps: 0, seconds: 120 }),
      strongRow({ order: "Pausentimer", weight: "", reps: "", distance: "", seconds: 90 }),
      strongRow({ order: "Notiz", weight: "", reps: "", distance: "", seconds: "", notes: "tief" }),
    ),
    utc,
  );
  expect(parsed.skipped).toEqual([expect.objectContaining({ reason: "rest-timer", rows: 2, firstLine: 3 })]);
  expect(parsed.workouts[0].exercises).toEqual([{ exercise: "Bench Press", note: "tief", sets: ["100x5"] }]);
});

test("what changes on the way is said: sets converted to their workout's unit, a failure mark lost to a given RPE, a negative weight", () => {
  const parsed = parseImport(
    strong(strongRow({}), strongRow({ order: "F", rpe: 9 }), strongRow({ order: 3, weight: -20 })),
    utc,
  );
  expect(parsed.workouts[0].exercises[0].sets).toEqual(["100x5", "100x5@9"]);
  expect(Object.fromEntries(parsed.skipped.map((k) => [k.reason, [k.rows, k.firstLine, k.text]]))).toEqual({
    "failure-mark-dropped": [
      1,
      3,
      "failure sets kept as work sets at the RPE the file gives (the failure mark is not kept)",
    ],
    "weight-negative": [
      1,
      4,
      "sets with a negative weight (an assisted lift's help: the model holds no negative load)",
    ],
  });
  const android = parseImport(
    [
      "Date;Workout Name;Duration;Exercise Name;Set Order;Weight;Weight Unit;Reps;Distance;Distance Unit;Seconds;Notes;Workout Notes;RPE",
      "2026-04-06 17:18:00;A;30m;Bench Press;1;100;kg;5;;;;;;",
      "2026-04-06 17:18:00;A;30m;Bench Press;2;225;lbs;5;;;;;;",
    ].join("\n"),
    utc,
  );
  expect(android.workouts[0].exercises[0].sets).toEqual(["100x5", "102.06x5"]);
  expect(android.skipped).toEqual([
    {
      reason: "unit-converted",
      text: "sets in another unit than their workout's first, converted to it",
      rows: 1,
      firstLine: 3,
    },
  ]);
});

test("Strong CSV export: weighted bodyweight sets under `<name> (Weighted)` read back weighted; an entry mixing them with loaded sets splits, and says so", () => {
  const changes = new CsvChanges();
  const rows = exportStrongCsv(
    [
      {
        date: "2026-03-02",
        start: "2026-03-02T12:00:00Z",
        name: "Pull",
        unit: "kg",
        exercises: [
          { exercise: "Pull-Up", sets: ["bw x 8", "bw+10x5"] },
          { exercise: "Dip", sets: ["bw+20x6", "40x8"] },
        ],
      },
    ],
    { timeZone: "UTC", unit: "kg", changes },
  );
  expect(rows.map((r) => r.split(",").slice(3, 7).join(","))).toEqual([
    "Pull-Up (Weighted),1,0,8",
    "Pull-Up (Weighted),2,10,5",
    "Dip (Weighted),1,20,6",
    "Dip,2,40,8",
  ]);
  expect(changes.lines()).toEqual([
    "2 weighted bodyweight sets (`bw+10x12`) written under `<exercise> (Weighted)` with the added load (read back as they were)",
    "1 exercise entry mixing weighted bodyweight and loaded sets written under two names (read back as separate entries)",
  ]);
  const back = parseImport(`${STRONG_CSV_HEADER}\n${rows.join("\n")}\n`, {
    from: "strong",
    unit: "kg",
    timeZone: "UTC",
  });
  expect(back.workouts[0].exercises.map((e) => [e.exercise, e.sets])).toEqual([
    ["Pull-Up (Weighted)", ["bw x 8", "bw+10x5"]],
    ["Dip (Weighted)", ["bw+20x6"]],
    ["Dip", ["40x8"]],
  ]);
});

describe("CSV export: cells a spreadsheet would run as a formula", () => {
  const exportOne = (name: string, notes: string, note: string) => {
    const changes = new CsvChanges();
    const rows = exportStrongCsv(
      [
        {
          date: "2026-03-02",
          start: "2026-03-02T12:00:00Z",
          name,
          notes,
          unit: "kg",
          exercises: [{ exercise: "Bench Press", note, sets: ["100x5@8"] }],
        },
      ],
      { timeZone: "UTC", unit: "kg", changes },
    );
    const back = parseImport(`${STRONG_CSV_HEADER}\n${rows.join("\n")}\n`, {
      from: "strong",
      unit: "kg",
      timeZone: "UTC",
    });
    return { row: rows[0], changes, back: back.workouts[0] };
  };

  test.each([
    ["=", '=HYPERLINK("http://x.example","y")', `"'=HYPERLINK(""http://x.example"",""y"")"`],
    ["+", "+1", "'+1"],
    ["-", "-5 kg", "'-5 kg"],
    ["- (a negative number as text)", "-5", "'-5"],
    ["@", "@home", "'@home"],
    ["a tab", "\tindented", "'\tindented"],
    ["a carriage return", "\rline", `"'\rline"`],
    ["a ' before =: one more, so the first reads back", "'=x", "''=x"],
    ["two ' before -", "''-x", "'''-x"],
  ])("%s: written with a leading ', read back as it was", (_, text, cell) => {
    // The tab and return are a note's: a name with them is refused.
    const asName = !/[\t\r]/.test(text);
    const { row, changes, back } = exportOne(asName ? text : "Push", "+ warm up first", text);
    // The name (column 2) and the exercise's note (column 10); the workout's notes always start with +.
    if (asName) expect(row).toContain(`:00,${cell},,Bench Press,`);
    expect(row).toContain(`,${cell},'+ warm up first,8`);
    if (asName) expect(back.name).toBe(text);
    expect(back.notes).toBe("+ warm up first");
    // The importer trims each cell (a tab or return around a note is not kept, guard or not).
    expect(back.exercises[0].note).toBe(text.trim());
    expect(changes.counts.get("formula")).toBe(asName ? 3 : 2);
  });

  test.each([
    ["a ' alone", "'quoted"],
    ["= after the first character", "1=1"],
    ["a space then =", " =x"],
    ["#", "#1"],
    ["%", "%x"],
    ["a quote then a letter", "'a"],
  ])("%s: written as it is", (_, text) => {
    const { row, changes, back } = exportOne(text, "", "");
    expect(row.split(",")[1]).toBe(text);
    expect(changes.counts.has("formula")).toBe(false);
    expect(back.name).toBe(text.trim());
  });

  test("numbers are never prefixed: weight, reps and RPE stay numbers", () => {
    const { row } = exportOne("-", "", "");
    expect(row.split(",").slice(5)).toEqual(["100", "5", "0", "0", "", "", "8"]);
  });
});
