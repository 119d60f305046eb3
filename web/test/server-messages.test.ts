// The server's messages in the lifter's language: a document problem shown by its
// stable reason (the SDK's REASONS) with its path as the server wrote it, before sending (the SDK's
// validator) and after (the server's INVALID_DOCUMENT naming an exercise), a lost connection (then
// the form's weight written and read with the German decimal comma), and a limit reached (by its extensions.limit and max), in German. web/src/i18n/serverMessages.ts; the
// catalogue is web/src/locales/<lng>/errors.json.
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import { useBrowserTest, expectPage, expectAccessible, screenshot } from "./support/browser.ts";

const web = useBrowserTest();

const SET_LANGUAGE = `mutation($id: UUID!, $language: String) {
  updateUserById(input: { id: $id, userPatch: { language: $language } }) { user { id } }
}`;

test("a German account saving an invalid routine document reads the problem in German at its path", async () => {
  const account = await signUpByApi(web.server.url, "Greta");
  await gqlData(web.server.url, SET_LANGUAGE, { id: account.user.id, language: "de" }, { token: account.token });
  const { context, page } = await web.signedInPage(account);
  await page.goto("/routines/new");
  await expectPage(page, "Neuer Trainingsplan");
  await page.getByRole("button", { name: "Dokument (JSON)" }).click();
  const json = page.getByLabel("Trainingsplan-Dokument (JSON)");

  // The SDK's validator in the browser: reason `range must go from low to high` (repsRangeOrder).
  const mistaken = {
    name: "Push",
    unit: "kg",
    exercises: [
      { exercise: "Bench Press", sets: 3, reps: 5 },
      { exercise: "Overhead Press", sets: 3, reps: "12-8" },
    ],
  };
  await json.fill(JSON.stringify(mistaken, null, 2));
  await page.getByText("exercises[1].reps: Bereich muss von niedrig nach hoch gehen", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Trainingsplan erstellen" }).click();
  await page
    .getByRole("alert")
    .filter({ hasText: "Der Trainingsplan kann noch nicht gespeichert werden: exercises[1].reps: Bereich muss" })
    .waitFor();
  expect(await json.getAttribute("aria-invalid")).toBe("true");

  // Only the server can judge an exercise: its INVALID_DOCUMENT reason names it, said in German.
  const unknown = { ...mistaken, exercises: [{ exercise: "Squat of the Moon", sets: 3, reps: 5 }] };
  await json.fill(JSON.stringify(unknown, null, 2));
  await page.getByRole("button", { name: "Trainingsplan erstellen" }).click();
  await page.getByText(/^exercises\[0\]\.exercise: unbekannte Übung „Squat of the Moon“/).waitFor();
  await expectAccessible(page);
  await screenshot(page, "routine-problem-de");

  // A lost connection, in German too; nothing typed is lost.
  const squat = { exercise: "Back Squat", sets: 3, reps: 5, weight: 62.5 };
  await json.fill(JSON.stringify({ ...unknown, exercises: [squat] }, null, 2));
  await context.setOffline(true);
  await page.getByRole("button", { name: "Trainingsplan erstellen" }).click();
  await page.getByRole("alert").filter({ hasText: "Der Server ist nicht erreichbar." }).waitFor();
  await context.setOffline(false);
  // The form writes the document's 62.5 as German does, and reads a typed `65,5` as 65.5.
  await page.getByRole("button", { name: "Formular", exact: true }).click();
  const weight = page.getByLabel("Gewicht (kg)", { exact: true });
  expect(await weight.inputValue()).toBe("62,5");
  await weight.fill("65,5");
  expect(await weight.inputValue()).toBe("65,5");
  await page.getByRole("button", { name: "Trainingsplan erstellen" }).click();
  await expectPage(page, "Trainingsplan: Push");
  const saved = await gqlData(web.server.url, `{ routineDocument(ref: "Push") }`, {}, { token: account.token });
  expect(saved.routineDocument.exercises[0]).toMatchObject({ exercise: "Back Squat", weight: 65.5 });
  await context.close();
});

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;
const SHARE = `mutation($routine: String!) { shareRoutine(input: { routine: $routine }) { link { shareId } } }`;

test("a German account over its share links reads the limit in German, by its limit and number", async () => {
  const account = await signUpByApi(web.server.url, "Greta");
  const as = { token: account.token };
  await gqlData(web.server.url, SET_LANGUAGE, { id: account.user.id, language: "de" }, as);
  await gqlData(web.server.url, APPLY_ROUTINE, { d: { name: "Legs", unit: "kg", exercises: [] } }, as);
  for (let i = 0; i < 100; i++) await gqlData(web.server.url, SHARE, { routine: "Legs" }, as);
  const { context, page } = await web.signedInPage(account);
  await page.goto("/routines/Legs");
  await page.getByRole("button", { name: "Link zum Teilen erstellen" }).click();
  // LIMIT_REACHED with extensions.limit shareLinks and max 100: no English left in it.
  await page
    .getByRole("alert")
    .filter({
      hasText:
        "Eine Grenze deines Kontos ist erreicht: Du hast bereits 100 Freigabelinks, die Höchstzahl; widerrufe zuerst einen",
    })
    .waitFor();
  await context.close();
});
