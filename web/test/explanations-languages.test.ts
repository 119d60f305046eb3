// A target's explanation in the lifter's language: the server's parts (NextTarget.explanationParts)
// written with web/src/locales/<lng>/explanations.json, the day and weights as German writes them
// (`05.01.2026`, `62,5 kg`), in the logger and on the routine page. web/src/i18n/targetExplanation.ts.
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import { useBrowserTest, expectAccessible, screenshot, PHONE } from "./support/browser.ts";

const web = useBrowserTest();

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;
const APPLY_WORKOUT = `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`;
const SET_LANGUAGE = `mutation($id: UUID!, $language: String) {
  updateUserById(input: { id: $id, userPatch: { language: $language } }) { user { id } }
}`;

// `Ziel: Letzte Einheit (05.01.2026): 3x5 mit 60 kg geschafft: +2,5 kg auf 62,5 kg.` (Intl may put a
// no-break space before the unit.)
const GERMAN_HIT = /^Ziel:\sLetzte Einheit \(05\.01\.2026\): 3x5 mit 60\skg geschafft: \+2,5\skg auf 62,5\skg\.$/;

test("a German lifter reads why the target is what it is in German, in the logger and on the routine page", async () => {
  const account = await signUpByApi(web.server.url, "Greta");
  const as = { token: account.token };
  const routine = { name: "Push", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 60 }] };
  const { id } = (await gqlData(web.server.url, APPLY_ROUTINE, { d: routine }, as)).applyRoutineDocument.routine;
  const session = {
    date: "2026-01-05",
    routine: id,
    exercises: [{ exercise: "Bench Press", sets: ["60x5", "60x5", "60x5"] }],
  };
  await gqlData(web.server.url, APPLY_WORKOUT, { d: session }, as);
  await gqlData(web.server.url, SET_LANGUAGE, { id: account.user.id, language: "de" }, as);
  const { context, page } = await web.signedInPage(account, PHONE);

  await page.goto("/log");
  await page.getByRole("button", { name: "Push starten" }).click();
  await page.getByRole("heading", { level: 1, name: "Training: Push" }).waitFor();
  const note = page.locator(".plan-note");
  await note.waitFor();
  expect(await note.innerText()).toMatch(GERMAN_HIT);
  await expectAccessible(page);
  await screenshot(page, "logger-explanation-de");

  await page.goto("/routines/Push");
  await page.getByText(/Letzte Einheit \(05\.01\.2026\): 3x5 mit 60\skg geschafft: \+2,5\skg auf 62,5\skg\./).waitFor();
  await context.close();
});
