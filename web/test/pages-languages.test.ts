// Settings, Progress, History, a routine page, Home and the logger in each of the six languages, in one
// signed-in phone page (390 x 844): the language chosen in Settings (kept on the account), each page's
// heading from its catalogue (web/src/locales/<lng>/), no message key shown in place of a text, no
// sideways scrolling, Arabic right to left, the decimal comma where the locale writes one (a planned
// weight's box too), a day written as the locale writes it, never the day before, in a time zone west
// of UTC. axe runs where no other test runs it (each run costs seconds): the logger in every language
// but English (logger.test.ts), Home and sign-up (signed out) in Spanish, French and Brazilian
// Portuguese (languages-core.test.ts has German and Arabic, home and auth-pages English).
import { readFileSync } from "node:fs";
import path from "node:path";
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectAccessible,
  expectNoHorizontalScroll,
  PHONE,
  uniqueEmail,
  type Page,
} from "./support/browser.ts";

const web = useBrowserTest();

/** The languages whose sign-up and Home another test checks with axe. */
const AXE_ELSEWHERE = ["en", "de", "ar"];

const LANGUAGES = [
  { lng: "en", dir: "ltr", comma: false },
  { lng: "de", dir: "ltr", comma: true },
  { lng: "es", dir: "ltr", comma: true },
  { lng: "fr", dir: "ltr", comma: true },
  { lng: "pt-BR", dir: "ltr", comma: true },
  { lng: "ar", dir: "rtl", comma: false },
] as const;

/** A message of a language's catalogue, its `{name}` filled in. */
function message(lng: string, namespace: string, key: string, name = ""): string {
  const catalogue = JSON.parse(
    readFileSync(path.join(import.meta.dirname, `../src/locales/${lng}/${namespace}.json`), "utf8"),
  );
  const text: string = key.split(".").reduce((node, part) => node[part], catalogue);
  return text.replace("{name}", name);
}

/** A message with its `{key}`s filled in. */
function filled(lng: string, namespace: string, key: string, values: Record<string, string>): string {
  return Object.entries(values).reduce(
    (text, [k, v]) => text.replace(`{${k}}`, v),
    message(lng, namespace, key, "{name}"),
  );
}

/** Texts and accessible names on the page shaped like a message key (`list.title`, `nav:links.home`). */
async function keysShown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shaped = /^([a-z][A-Za-z]*:)?[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent?.trim() ?? "");
    for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]"))
      for (const name of ["aria-label", "title", "placeholder"]) texts.push(el.getAttribute(name)?.trim() ?? "");
    return texts.filter((text) => shaped.test(text));
  });
}

/** 2026-11-30 as the locale writes a day (English: ISO), formatted by the page's own Intl. */
function dayIn(page: Page, lng: string): Promise<string> {
  if (lng === "en") return Promise.resolve("2026-11-30");
  const locale = lng === "ar" ? "ar-u-nu-latn" : lng;
  return page.evaluate(
    (l) => new Intl.DateTimeFormat(l, { dateStyle: "medium", timeZone: "UTC" }).format(Date.UTC(2026, 10, 30)),
    locale,
  );
}

async function expectLanguage(page: Page, lng: string, dir: string, heading: string) {
  await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lng, dir]);
  expect(await keysShown(page)).toEqual([]);
  await expectNoHorizontalScroll(page);
}

test("Settings, Progress, History, a routine page, Home, the logger and sign-up in all six languages on a phone", async () => {
  const account = await signUpByApi(web.server.url, "Polyglot");
  const token = { token: account.token };
  await gqlData(
    web.server.url,
    `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`,
    { d: { name: "Push", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 82.5 }] } },
    token,
  );
  await gqlData(
    web.server.url,
    `mutation($i: BodyweightInput!) { logBodyweight(input: $i) { id } }`,
    { i: { date: "2026-11-30", weight: 80.5, unit: "KG" } },
    token,
  );
  const { context, page } = await web.signedInPage(account, PHONE, { timezoneId: "America/Los_Angeles" });
  await page.goto("/settings");
  for (const { lng, dir, comma } of LANGUAGES) {
    const decimal = comma ? /\b(82,5|80,5)\b/ : /\b(82\.5|80\.5)\b/;
    // Settings: the choice applies at once and is kept on the account (saved before the next page
    // loads, which would otherwise bring the account's earlier language back).
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/graphql") && (r.request().postData() ?? "").includes(`"language":"${lng}"`),
    );
    await page.locator('select[name="language"]').selectOption(lng);
    expect((await saved).ok()).toBe(true);
    await expectLanguage(page, lng, dir, message(lng, "settings", "title"));

    await page.goto("/progress");
    await expectLanguage(page, lng, dir, message(lng, "progress", "title"));
    const bodyweight = page.getByRole("region", { name: message(lng, "progress", "bodyweight.title"), exact: true });
    const entry = bodyweight.getByRole("table").getByRole("row").nth(1);
    const day = await dayIn(page, lng);
    expect(day).not.toMatch(/29/);
    expect(await entry.innerText()).toContain(day);
    expect(await entry.innerText()).toMatch(decimal);

    // History: the bodyweight's change line in the language, its weight and day as above.
    await page.goto("/history");
    await expectLanguage(page, lng, dir, message(lng, "history", "title"));
    const line = message(lng, "history", "summary.bodyweight.created")
      .replace("{weight}", `${comma ? "80,5" : "80.5"} kg`)
      .replace("{date}", day);
    await page.getByRole("table").getByText(line, { exact: true }).first().waitFor();

    await page.goto("/routines/Push");
    await expectLanguage(page, lng, dir, message(lng, "routines", "page.title", "Push"));
    expect(await page.locator("main").innerText()).toMatch(decimal);

    await page.goto("/");
    await expectLanguage(page, lng, dir, message(lng, "home", "title"));
    if (!AXE_ELSEWHERE.includes(lng)) await expectAccessible(page);

    // The logger: the routine's workout started in the language, its planned 82.5 kg in the box as
    // the locale writes it; then discarded, for the next language to start its own.
    await page.goto("/log");
    await expectLanguage(page, lng, dir, message(lng, "log", "start.title"));
    await page.getByRole("button", { name: filled(lng, "log", "start.startRoutine", { routine: "Push" }) }).click();
    await expectLanguage(page, lng, dir, filled(lng, "log", "page.workoutOf", { routine: "Push" }));
    const set1 = filled(lng, "log", "set.name", { exercise: "Bench Press", n: "1" });
    const box = page.getByRole("textbox", {
      name: filled(lng, "log", "set.weight", { unit: "kg", name: set1 }),
      exact: true,
    });
    expect(await box.inputValue()).toBe(comma ? "82,5" : "82.5");
    if (lng !== "en") await expectAccessible(page);
    await page.getByRole("button", { name: message(lng, "log", "finish.discard") }).click();
    await page
      .getByRole("dialog", { name: message(lng, "log", "finish.discardTitle") })
      .getByRole("button", { name: message(lng, "log", "finish.discardConfirm") })
      .click();
    await page.getByRole("heading", { level: 1, name: message(lng, "log", "start.title") }).waitFor();

    await page.goto("/settings");
  }
  await context.close();

  // Sign-up, signed out: the language follows the browser's.
  for (const { lng, dir } of LANGUAGES.filter((l) => !AXE_ELSEWHERE.includes(l.lng))) {
    const signedOut = await web.newPage(PHONE, { locale: lng });
    await signedOut.page.goto("/sign-up");
    await expectLanguage(signedOut.page, lng, dir, message(lng, "auth", "signUp.title"));
    await expectAccessible(signedOut.page);
    if (lng === "es") {
      // A blank name, refused by the server's rule (its field and rule), said at the name in Spanish.
      await signedOut.page.getByLabel(message(lng, "auth", "fields.name"), { exact: true }).fill("   ");
      await signedOut.page
        .getByLabel(message(lng, "auth", "fields.email"), { exact: true })
        .fill(uniqueEmail("blank-"));
      await signedOut.page
        .getByLabel(message(lng, "auth", "fields.password"), { exact: true })
        .fill("correct horse battery");
      await signedOut.page.getByRole("button", { name: message(lng, "auth", "signUp.submit") }).click();
      await signedOut.page.getByText("No puede estar vacío", { exact: true }).waitFor();
    }
    await signedOut.context.close();
  }
  // Six languages of seven pages: 40-60 s alone, up to 104 s seen on a loaded machine.
}, 240_000);
