// The logger between two sets, in a real browser at phone and desktop size: one row per set (at
// most 64 px), the heading near the top; a superset round (the focus moves to the partner, the
// rest starts when the round is complete, from its last exercise); a warm-up's short rest (a
// setting); the rest over vibrates; two tabs share one draft without losing a tick; an old draft
// is migrated; a refused storage write is said on screen.
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  DESKTOP,
  PHONE,
  untilEqual,
  type Page,
} from "./support/browser.ts";
import { openSetMenu } from "./support/logger.ts";

const web = useBrowserTest();

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;

/** Seconds shown by the rest timer (m:ss). */
async function timerSeconds(page: Page): Promise<number> {
  const text = await page.getByRole("timer", { name: "Rest timer" }).innerText();
  const m = /^(\d+):(\d\d)$/.exec(text.trim());
  if (!m) throw new Error(`timer shows ${text}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The accessible name of the focused element's row group and the element's own label. */
async function focusedIn(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      label: el?.getAttribute("aria-label") ?? null,
      row: el?.closest("[role=group]")?.getAttribute("aria-label") ?? null,
    };
  });
}

async function accountWithSuperset() {
  const account = await signUpByApi(web.server.url, "Sam");
  await gqlData(
    web.server.url,
    APPLY_ROUTINE,
    {
      d: {
        name: "Arms",
        unit: "kg",
        exercises: [
          { exercise: "Barbell Curl", sets: 2, reps: 10, weight: 30, rest: 30, superset: "A" },
          { exercise: "Triceps Pushdown", sets: 2, reps: 12, weight: 25, rest: 75, superset: "A" },
          { exercise: "Bench Press", sets: 3, reps: 5, weight: 60, rest: 120 },
        ],
      },
    },
    { token: account.token },
  );
  return account;
}

async function startArms(page: Page) {
  await page.goto("/log");
  await page.getByRole("button", { name: "Start Arms" }).click();
  await expectPage(page, "Workout: Arms");
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`${size}: one row per set at most 64 px; a superset round moves to the partner and rests after the round, from its last exercise`, async () => {
    const account = await accountWithSuperset();
    const { context, page } = await web.signedInPage(account, viewport);
    await startArms(page);
    // The heading starts near the top (a compact header; on a phone the navigation is at the bottom).
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(heading!.y).toBeLessThanOrEqual(120);
    const rows = await page
      .locator(".set-row:not(.set-active)")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(rows.length).toBe(6);
    for (const h of rows) expect(h).toBeLessThanOrEqual(64);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await screenshot(page, `logger-rows-${size}`);

    const curl = page.getByRole("region", { name: "Barbell Curl" });
    const pushdown = page.getByRole("region", { name: "Triceps Pushdown" });
    await curl.getByRole("checkbox", { name: "Done: Barbell Curl set 1" }).check();
    // The round goes on: no rest, the focus on the partner's set.
    expect(await focusedIn(page)).toEqual({ label: "Done: Triceps Pushdown set 1", row: "Triceps Pushdown set 1" });
    expect(await page.getByRole("timer").count()).toBe(0);
    await pushdown.getByRole("checkbox", { name: "Done: Triceps Pushdown set 1" }).check();
    // The round is complete: the rest of its last exercise (75 s), not the curl's 30 s.
    const rest = await timerSeconds(page);
    expect(rest).toBeGreaterThanOrEqual(73);
    expect(rest).toBeLessThanOrEqual(75);
    await page.getByText(/round 1 of Barbell Curl \+ Triceps Pushdown/).waitFor();
    // The next round may start from either exercise: the partner is next.
    await pushdown.getByRole("checkbox", { name: "Done: Triceps Pushdown set 2" }).check();
    expect(await focusedIn(page)).toEqual({ label: "Done: Barbell Curl set 2", row: "Barbell Curl set 2" });
    await screenshot(page, `logger-superset-${size}`);
    await context.close();
  });
}

test("a warm-up rests 60 s (then the setting's time), a work set its routine's rest; the rest over vibrates and, in the background, notifies; the screen stays awake while logging", async () => {
  const account = await accountWithSuperset();
  const { context, page } = await web.signedInPage(account, PHONE);
  await context.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { __vibrations: unknown[] }).__vibrations = calls;
    navigator.vibrate = ((pattern: unknown) => {
      calls.push(pattern);
      return true;
    }) as Navigator["vibrate"];
    // The screen lock and the notification as a phone's browser offers them, recorded.
    const w = window as unknown as { __wake: string[]; __notes: string[]; __hidden: boolean };
    w.__wake = [];
    w.__notes = [];
    w.__hidden = false;
    Object.defineProperty(navigator, "wakeLock", {
      value: {
        request: async () => {
          w.__wake.push("taken");
          const lock = {
            released: false,
            release: async () => void ((lock.released = true), w.__wake.push("released")),
          };
          return lock;
        },
      },
    });
    Object.defineProperty(document, "visibilityState", { get: () => (w.__hidden ? "hidden" : "visible") });
    class RecordedNotification {
      static permission = "granted";
      constructor(title: string, options?: { body?: string }) {
        w.__notes.push(`${title}: ${options?.body ?? ""}`);
      }
    }
    (window as unknown as { Notification: unknown }).Notification = RecordedNotification;
  });
  await startArms(page);
  // The screen is kept awake while the workout shows.
  await untilEqual(() => page.evaluate(() => (window as unknown as { __wake: string[] }).__wake), ["taken"]);
  const bench = page.getByRole("region", { name: "Bench Press" });
  await openSetMenu(bench, "Bench Press set 1");
  await bench.getByLabel("Kind of Bench Press set 1").selectOption("warmup");
  await bench.getByRole("checkbox", { name: "Done: Bench Press set 1" }).check();
  const warm = await timerSeconds(page);
  expect(warm).toBeGreaterThanOrEqual(58);
  expect(warm).toBeLessThanOrEqual(60);
  await bench.getByRole("checkbox", { name: "Done: Bench Press set 2" }).check();
  expect(await timerSeconds(page)).toBeGreaterThanOrEqual(118);
  // Down to zero: over, announced, and the phone vibrates.
  for (let i = 0; i < 8; i++) await page.getByRole("button", { name: "15 seconds less" }).click();
  await page.getByRole("status").filter({ hasText: "Rest over" }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations)).toEqual([
    [300, 150, 300],
  ]);
  // The tab was in front: no notification.
  expect(await page.evaluate(() => (window as unknown as { __notes: string[] }).__notes)).toEqual([]);
  await page.getByRole("button", { name: "Stop the rest timer" }).click();

  // In the background (and allowed), the end of a rest is also a notification.
  await bench.getByRole("checkbox", { name: "Done: Bench Press set 2" }).uncheck();
  await bench.getByRole("checkbox", { name: "Done: Bench Press set 2" }).check();
  await page.evaluate(() => void ((window as unknown as { __hidden: boolean }).__hidden = true));
  for (let i = 0; i < 8; i++) await page.getByRole("button", { name: "15 seconds less" }).click();
  await untilEqual(
    () => page.evaluate(() => (window as unknown as { __notes: string[] }).__notes),
    ["Rest over: Time for the next set (after Bench Press set 2)."],
  );
  await page.evaluate(() => void ((window as unknown as { __hidden: boolean }).__hidden = false));
  await page.getByRole("button", { name: "Stop the rest timer" }).click();

  // The warm-up rest is a setting: its edges, then 45 s.
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expectPage(page, "Settings");
  const rest = page.getByRole("region", { name: "Rest timer" });
  const seconds = rest.getByLabel("Rest after a warm-up set (seconds)");
  expect(await seconds.inputValue()).toBe("60");
  await seconds.fill("601");
  await rest.getByRole("button", { name: "Save rest settings" }).click();
  await rest.getByText("Enter whole seconds from 0 to 600").waitFor();
  await seconds.fill("600");
  await rest.getByRole("button", { name: "Save rest settings" }).click();
  await rest.getByText("Saved on this device.").waitFor();
  await seconds.fill("45");
  await rest.getByRole("button", { name: "Save rest settings" }).click();
  await expectAccessible(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Start workout" }).click();
  await expectPage(page, "Workout: Arms");
  await openSetMenu(bench, "Bench Press set 3");
  await bench.getByLabel("Kind of Bench Press set 3").selectOption("warmup");
  // A set that becomes a warm-up moves up to the other warm-up: it is set 2 now.
  await bench.getByRole("checkbox", { name: "Done: Bench Press set 2" }).check();
  const after = await timerSeconds(page);
  expect(after).toBeGreaterThanOrEqual(43);
  expect(after).toBeLessThanOrEqual(45);
  // Leaving the logger let the screen sleep; back, it was kept awake again; the workout ended, it sleeps.
  await page.getByRole("button", { name: "Discard workout…" }).click();
  await page
    .getByRole("dialog", { name: "Discard this workout?" })
    .getByRole("button", { name: "Discard workout" })
    .click();
  await expectPage(page, "Start a workout");
  await untilEqual(
    () => page.evaluate(() => (window as unknown as { __wake: string[] }).__wake),
    ["taken", "released", "taken", "released"],
  );
  await context.close();
});

test("two tabs of the logger share one workout: each tick reaches the other, none is lost; a reload keeps all", async () => {
  const account = await accountWithSuperset();
  const { context, page: first } = await web.signedInPage(account, PHONE);
  await startArms(first);
  const second = await context.newPage();
  second.setDefaultTimeout(10_000);
  await second.goto("/log");
  await expectPage(second, "Workout: Arms");
  const box = (page: Page, n: number) => page.getByRole("checkbox", { name: `Done: Bench Press set ${n}` });
  await box(first, 1).check();
  await untilEqual(() => box(second, 1).isChecked(), true);
  // The rest started in one tab runs in the other.
  await second.getByRole("timer", { name: "Rest timer" }).waitFor();
  // Ticks in both tabs at once: each keeps the other's.
  await Promise.all([box(first, 2).check(), box(second, 3).check()]);
  for (const page of [first, second])
    await untilEqual(
      () =>
        page
          .getByRole("checkbox", { name: /^Done: Bench Press/ })
          .evaluateAll((b) => b.map((x) => (x as HTMLInputElement).checked)),
      [true, true, true],
    );
  await second.getByLabel("Workout notes").fill("From the second tab");
  await untilEqual(() => first.getByLabel("Workout notes").inputValue(), "From the second tab");
  await second.close();
  await first.reload();
  await expectPage(first, "Workout: Arms");
  expect(await box(first, 3).isChecked()).toBe(true);
  expect(await first.getByLabel("Workout notes").inputValue()).toBe("From the second tab");
  await context.close();
});

test("a draft of the older format is migrated, not dropped; a storage write that fails says so and the workout still saves", async () => {
  const account = await accountWithSuperset();
  const { context, page } = await web.signedInPage(account, PHONE);
  const viewer = await gqlData(web.server.url, "{ viewer { id } }", {}, { token: account.token });
  const userId = viewer.viewer.id as string;
  // The browser's own day: the draft started now.
  const today = await page.evaluate(() => new Date().toLocaleDateString("sv-SE"));
  // Format 1, as the logger kept it before AMRAP marks: no `amrap` on its sets.
  const old = {
    version: 1,
    idempotencyKey: "7d0c2a43-7f43-4c43-9f0e-5a2b9b9a1c01",
    workoutId: null,
    routine: null,
    routineName: null,
    name: "Old draft",
    date: today,
    start: new Date().toISOString(),
    unit: "kg",
    effort: "rpe",
    bodyweight: "",
    notes: "",
    save: { status: "logging" },
    exercises: [
      {
        key: "x1",
        exercise: "Deadlift",
        explanation: "",
        note: "",
        pinned: false,
        superset: "",
        skipProgression: false,
        rest: null,
        increment: 2.5,
        sets: [
          {
            key: "s1",
            kind: "work",
            weight: "140",
            bodyweight: false,
            reps: "5",
            seconds: "",
            effort: "",
            measure: "reps",
            done: true,
          },
        ],
      },
    ],
  };
  // A draft of a format this version does not know (a newer app's) is kept as it is, and said so.
  const newer = JSON.stringify({ ...old, version: 99 });
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`svc.logger.v1.${userId}`, newer]);
  await page.goto("/log");
  await expectPage(page, "Start a workout");
  await page.getByRole("alert").filter({ hasText: "kept by another version of this app" }).waitFor();
  await page.waitForTimeout(600);
  expect(await page.evaluate((key) => localStorage.getItem(key), `svc.logger.v1.${userId}`)).toBe(newer);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [`svc.logger.v1.${userId}`, JSON.stringify(old)],
  );
  await page.goto("/log");
  await expectPage(page, "Workout");
  const dead = page.getByRole("region", { name: "Deadlift" });
  expect(await dead.getByLabel("Weight (kg): Deadlift set 1", { exact: true }).inputValue()).toBe("140");
  expect(await dead.getByRole("checkbox", { name: "Done: Deadlift set 1" }).isChecked()).toBe(true);
  expect(await page.getByLabel("Workout name").inputValue()).toBe("Old draft");
  // Written back in the current format at the next change.
  await page.getByLabel("Workout notes").fill("migrated");
  await untilEqual(
    () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "{}").version, `svc.logger.v1.${userId}`),
    2,
  );

  // The browser refuses to store the draft from now on: said on screen; Finish still saves.
  await page.evaluate(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key.startsWith("svc.logger.v1."))
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return setItem.call(this, key, value);
    };
  });
  await dead.getByLabel("Reps: Deadlift set 1", { exact: true }).fill("4");
  await page.getByRole("alert").filter({ hasText: "not saved on this device" }).waitFor();
  await expectAccessible(page);
  await screenshot(page, "logger-storage-refused-phone");
  await page.getByRole("button", { name: "Finish workout" }).click();
  await expectPage(page, "Workout saved");
  const saved = await gqlData(
    web.server.url,
    "{ viewer { workoutsByUserId(first: 5) { nodes { name exercises { sets { text } } } } } }",
    {},
    { token: account.token },
  );
  expect(saved.viewer.workoutsByUserId.nodes).toEqual([
    { name: "Old draft", exercises: [{ sets: [{ text: "140x4" }] }] },
  ]);
  await context.close();
});
