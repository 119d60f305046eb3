// The logger in German and Arabic at phone size: a routine's workout started, its planned 62.5 kg
// written as the locale writes it (`62,5` in German: web/src/decimal.ts decimalText), a set ticked
// (the rest timer runs), a weight typed with the locale's separator read back, the plates owned
// listed in German (`2,5`, split by `;`), every name in the
// language (web/src/locales/<lng>/log.json) and Arabic laid out right to left. The language is the
// account's (User.language), which the app applies after sign-in.
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import { useBrowserTest, expectNoHorizontalScroll, screenshot, PHONE } from "./support/browser.ts";

const web = useBrowserTest();

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;

const LANGUAGES = [
  {
    lng: "de",
    dir: "ltr",
    start: "Training starten",
    startRoutine: "Push starten",
    workout: "Training: Push",
    done: "Erledigt: Bench Press Satz 1",
    weight: (n: number) => `Gewicht (kg): Bench Press Satz ${n}`,
    planned: "62,5",
    typed: "65,5",
    reps: "Wiederholungen: Bench Press Satz 2",
    meta: "1 von 3 Sätzen erledigt",
    finish: "Training beenden",
    saved: "Training gespeichert",
  },
  {
    lng: "ar",
    dir: "rtl",
    start: "بدء حصة تدريبية",
    startRoutine: "بدء Push",
    workout: "الحصة التدريبية: Push",
    done: "تم: Bench Press المجموعة 1",
    weight: (n: number) => `الوزن (kg): Bench Press المجموعة ${n}`,
    planned: "62.5",
    typed: "65.5",
    reps: "التكرارات: Bench Press المجموعة 2",
    meta: "المجموعات المنجزة: 1 من 3",
    finish: "إنهاء الحصة",
    saved: "حُفظت الحصة",
  },
] as const;

for (const l of LANGUAGES) {
  test(`the logger in ${l.lng} on a phone: start, tick a set, the rest timer, ${l.dir}`, async () => {
    const account = await signUpByApi(web.server.url, `Lang ${l.lng}`);
    await gqlData(
      web.server.url,
      APPLY_ROUTINE,
      {
        d: {
          name: "Push",
          unit: "kg",
          exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 62.5, rest: 60 }],
        },
      },
      { token: account.token },
    );
    await gqlData(
      web.server.url,
      `mutation($id: UUID!, $language: String) { updateUserById(input: { id: $id, userPatch: { language: $language } }) { user { id } } }`,
      { id: account.user.id, language: l.lng },
      { token: account.token },
    );
    const { context, page } = await web.signedInPage(account, PHONE, { touch: true });
    await page.goto("/log");
    await page.getByRole("heading", { level: 1, name: l.start }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      l.lng,
      l.dir,
    ]);
    await page.getByRole("button", { name: l.startRoutine }).click();
    await page.getByRole("heading", { level: 1, name: l.workout }).waitFor();
    await page.getByRole("textbox", { name: l.reps }).waitFor();
    expect(await page.getByRole("textbox", { name: l.weight(1), exact: true }).inputValue()).toBe(l.planned);
    await page.getByRole("textbox", { name: l.weight(2), exact: true }).fill(l.typed);
    if (l.lng === "de") {
      // The plate calculator in German: per side `20 + 1,25 kg`, and the plates owned as Settings
      // writes them (`2,5`, split by `;`).
      await page.getByRole("button", { name: "Mehr zu Bench Press Satz 1", exact: true }).click();
      await page.getByRole("button", { name: "Scheiben für Bench Press Satz 1" }).click();
      const plates = page.getByRole("region", { name: /^Scheiben für 62,5\skg$/ });
      await plates.getByText(/^Pro Seite: 20 \+ 1,25\skg/).waitFor();
      await plates.getByText(/^Stange 20\skg; Scheiben 25; 20; 15; 10; 5; 2,5; 1,25 kg\./).waitFor();
    }
    await page.getByRole("checkbox", { name: l.done }).check();
    await page.getByText(l.meta).waitFor();
    await page.getByRole("timer").waitFor();
    await page.getByRole("button", { name: l.finish }).waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, `logger-${l.lng}-phone`);
    // Saved: the planned and the typed weight read back as numbers, whichever separator.
    await page.getByRole("button", { name: l.finish }).click();
    await page.getByRole("heading", { level: 1, name: l.saved }).waitFor();
    // The summary reads its sets as the locale writes a decimal (web/src/decimal.ts localSetText).
    await page
      .getByText(l.planned + "x5", { exact: false })
      .first()
      .waitFor();
    const saved = await gqlData(
      web.server.url,
      `{ viewer { workoutsByUserId(first: 1) { nodes { exercises { sets { text done } } } } } }`,
      {},
      { token: account.token },
    );
    expect(saved.viewer.workoutsByUserId.nodes[0].exercises[0].sets).toEqual([
      { text: "62.5x5", done: true },
      { text: "65.5x5", done: false },
      { text: "62.5x5", done: false },
    ]);
    await context.close();
  });
}
