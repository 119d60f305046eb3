// A program start's review in German: where each weight from history came from is written from its
// basisCode and the fields beside it (programStartPreview), the estimate, the day and the rounding
// step as German writes them (`116,7 kg`, `20.05.2026`). web/src/pages/programs/basisText.ts.
import { signUp as signUpByApi, gqlData, logWorkout } from "../../test/support/harness.ts";
import { useBrowserTest, expectPage, expectAccessible, PHONE } from "./support/browser.ts";

const web = useBrowserTest();

const SET_LANGUAGE = `mutation($id: UUID!, $language: String) {
  updateUserById(input: { id: $id, userPatch: { language: $language } }) { user { id } }
}`;
const BBB = "5/3/1 Boring But Big";
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const germanDay = (day: string) => new Date(day).toLocaleDateString("de", { dateStyle: "medium", timeZone: "UTC" });

test("a German lifter filling 5/3/1 from history reads where each weight came from in German", async () => {
  const account = await signUpByApi(web.server.url, "Greta");
  // Squatted 200 days ago: 100 kg x5 = 116.7 e1RM; 90 % = 105 kg. The 12 weeks end on that day.
  const day = daysAgo(200);
  await logWorkout(web.server.url, account.token, {
    date: day,
    unit: "kg",
    exercises: [{ exercise: "Back Squat", sets: ["100x5"] }],
  });
  await gqlData(web.server.url, SET_LANGUAGE, { id: account.user.id, language: "de" }, { token: account.token });
  const { context, page } = await web.signedInPage(account, PHONE);
  await page.goto("/programs");
  await expectPage(page, "Programme");
  await page.getByRole("button", { name: `${BBB} einrichten…` }).click();
  const form = page.getByRole("form", { name: `${BBB} starten` });
  await form.getByLabel("Overhead Press: Trainingsmaximum (kg)").fill("40");
  await form.getByLabel("Deadlift: Trainingsmaximum (kg)").fill("140");
  await form.getByLabel("Bench Press: Trainingsmaximum (kg)").fill("80");
  await form.getByRole("button", { name: "Aus meinem Verlauf ausfüllen" }).click();
  await form.getByText(/^Aus deinem Verlauf ausgefüllt/).waitFor();

  const d = germanDay(day).replace(/\./g, "\\.");
  const from = germanDay(new Date(Date.parse(day) - 83 * 86_400_000).toISOString().slice(0, 10)).replace(/\./g, "\\.");
  const basis = new RegExp(
    `^90 % von 116,7\\skg, dem geschätzten 1RM von 100x5 kg am ${d}: das Beste deines 1 Satzes vom ${from} bis ${d} \\(seine letzten 12 Wochen\\), abgerundet auf 2,5\\skg\\.$`,
  );
  await form.getByText(basis).waitFor();
  expect(await form.getByText("Gewicht frei wählbar: Der Logger fragt beim ersten Satz danach.").count()).toBe(2);
  await expectAccessible(page);
  await context.close();
});
