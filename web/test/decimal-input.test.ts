// Inputs read the locale's decimal comma: a German lifter types `82,5` into the
// bodyweight box, 82.5 is saved, and `82,5 kg` is shown back (web/src/decimal.ts parseDecimal); a
// weight over the limit is refused in German by the server's rule (extensions.rule, errors.json inputs).
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import { useBrowserTest, expectPage, expectAccessible } from "./support/browser.ts";

const web = useBrowserTest();

test("a German lifter logs a bodyweight of 82,5: 82.5 saved, 82,5 kg shown; 2000 refused in German", async () => {
  const account = await signUpByApi(web.server.url, "Dora");
  await gqlData(
    web.server.url,
    `mutation($id: UUID!) { updateUserById(input: { id: $id, userPatch: { language: "de" } }) { user { id } } }`,
    { id: account.user.id },
    { token: account.token },
  );
  const { context, page } = await web.signedInPage(account);
  await page.goto("/bodyweight");
  await expectPage(page, "Körpergewicht");
  await page.getByLabel("Datum", { exact: true }).fill("2025-02-03");
  // Over the server's limit: its INVALID_INPUT said at the box in German, by its rule and number.
  const weight = page.getByLabel("Gewicht", { exact: true });
  await weight.fill("2000");
  await page.getByRole("button", { name: "Gewicht eintragen" }).click();
  await page
    .getByText("Muss eine Zahl über 0 und höchstens 1.500 mit höchstens 2 Nachkommastellen sein", { exact: true })
    .waitFor();
  expect(await weight.getAttribute("aria-invalid")).toBe("true");
  await weight.fill("82,5");
  await page.getByRole("button", { name: "Gewicht eintragen" }).click();
  await page.getByRole("status").filter({ hasText: "82,5 kg für 2025-02-03 eingetragen." }).waitFor();
  await page
    .getByRole("table", { name: "Dein Körpergewicht, neueste zuerst" })
    .getByRole("row")
    .filter({ hasText: "82,5 kg" })
    .waitFor();
  await expectAccessible(page);

  const saved = await gqlData(
    web.server.url,
    `{ viewer { bodyweightsByUserId { nodes { date weight } } } }`,
    {},
    { token: account.token },
  );
  const nodes = saved.viewer.bodyweightsByUserId.nodes as { date: string; weight: number | string }[];
  expect(nodes.map((n) => [n.date, Number(n.weight)])).toEqual([["2025-02-03", 82.5]]);
  await context.close();
});
