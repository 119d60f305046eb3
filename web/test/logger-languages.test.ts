// The logger in German and Arabic at phone size: a routine's workout started, a set ticked (the rest
// timer runs), every name in the language (web/src/locales/<lng>/log.json) and Arabic laid out right
// to left. The language is the account's (User.language), which the app applies after sign-in.
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
    reps: "Wiederholungen: Bench Press Satz 2",
    meta: "1 von 3 Sätzen erledigt",
    finish: "Training beenden",
  },
  {
    lng: "ar",
    dir: "rtl",
    start: "بدء حصة تدريبية",
    startRoutine: "بدء Push",
    workout: "الحصة التدريبية: Push",
    done: "تم: Bench Press المجموعة 1",
    reps: "التكرارات: Bench Press المجموعة 2",
    meta: "المجموعات المنجزة: 1 من 3",
    finish: "إنهاء الحصة",
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
          exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 60, rest: 60 }],
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
    await page.getByRole("checkbox", { name: l.done }).check();
    await page.getByText(l.meta).waitFor();
    await page.getByRole("timer").waitFor();
    await page.getByRole("button", { name: l.finish }).waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, `logger-${l.lng}-phone`);
    await context.close();
  });
}
