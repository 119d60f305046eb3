// Exercises and bodyweight in a real browser: search the catalog (a typo still finds it); create,
// rename and delete a custom exercise (listed under Your custom exercises) (refused while a routine uses it); log a bodyweight for a date
// and see it listed in the user's unit; offline logging keeps what was typed; phone size.
import { signUp as signUpByApi, gql } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  PHONE,
} from "./support/browser.ts";

const web = useBrowserTest();

test("search the catalog; create, rename and delete a custom exercise", async () => {
  const account = await signUpByApi(web.server.url, "Eli");
  const { context, page } = await web.signedInPage(account);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Exercises" }).click();
  await expectPage(page, "Exercises");
  await page.getByText("No custom exercises yet.").waitFor();
  await expectAccessible(page);

  const search = page.getByRole("searchbox", { name: "Search exercises" });
  await search.fill("bench pres");
  const results = page.getByRole("table", { name: "Exercises matching bench pres" });
  await results.getByRole("row").nth(1).getByText("Bench Press", { exact: true }).waitFor();
  await search.fill("ohp");
  await page
    .getByRole("table", { name: "Exercises matching ohp" })
    .getByRole("row")
    .nth(1)
    .getByText("Overhead Press", { exact: true })
    .waitFor();
  await search.fill("zzzqqq");
  await page.getByText("No exercise matches “zzzqqq”.").waitFor();
  await screenshot(page, "exercises-empty-search");

  // Create: a blank name is refused at the field, then the exercise is created and shown.
  await page.getByRole("button", { name: "Create exercise" }).click();
  await page.getByText("Name must not be blank").waitFor();
  expect(await page.getByLabel("Exercise name").getAttribute("aria-invalid")).toBe("true");
  await page.getByLabel("Exercise name").fill("Sled Drag Sprint");
  await page.getByLabel("Equipment").selectOption("other");
  await page.getByLabel("Region").selectOption("lower");
  await page.getByRole("button", { name: "Create exercise" }).click();
  await page.getByRole("status").filter({ hasText: "Created the custom exercise Sled Drag Sprint." }).waitFor();
  const row = page
    .getByRole("table", { name: "Exercises matching Sled Drag Sprint" })
    .getByRole("row")
    .filter({ hasText: "Sled Drag Sprint" });
  await row.getByText("Custom").waitFor();
  expect(await row.innerText()).toContain("lower");
  const mine = page.getByRole("table", { name: "Your custom exercises" });
  expect(await mine.getByRole("row").count()).toBe(2);
  await mine.getByRole("row").nth(1).getByRole("cell", { name: "Sled Drag Sprint", exact: true }).waitFor();
  // Nobody else sees it.
  const other = await signUpByApi(web.server.url, "Other");
  const theirs = await gql(web.server.url, "{ viewer { customExercises { totalCount } } }", {}, { token: other.token });
  expect(theirs.body).toEqual({ data: { viewer: { customExercises: { totalCount: 0 } } } });
  const ours = await gql(
    web.server.url,
    "{ viewer { customExercises { nodes { name } } } }",
    {},
    { token: account.token },
  );
  expect(ours.body).toEqual({ data: { viewer: { customExercises: { nodes: [{ name: "Sled Drag Sprint" }] } } } });
  await expectAccessible(page);
  await screenshot(page, "exercises");

  // The same name again: the server's CONFLICT is shown, and the form keeps what was typed.
  await page.getByLabel("Exercise name").fill("sled drag sprint");
  await page.getByRole("button", { name: "Create exercise" }).click();
  await page.getByRole("alert").first().waitFor();
  expect(await page.getByLabel("Exercise name").inputValue()).toBe("sled drag sprint");

  // Rename.
  await row.getByRole("button", { name: "Rename Sled Drag Sprint" }).click();
  const renameDialog = page.getByRole("dialog", { name: "Rename exercise" });
  await renameDialog.getByLabel("New name").fill("Sled Shove");
  await renameDialog.getByRole("button", { name: "Rename" }).click();
  await page.getByRole("status").filter({ hasText: "Renamed Sled Drag Sprint to Sled Shove." }).waitFor();
  const renamed = page
    .getByRole("table", { name: "Exercises matching Sled Shove" })
    .getByRole("row")
    .filter({ hasText: "Sled Shove" });
  await renamed.getByText("Custom").waitFor();
  await mine.getByRole("row").nth(1).getByRole("cell", { name: "Sled Shove", exact: true }).waitFor();

  // A routine that uses it keeps it from being deleted; the dialog says why.
  const routine = await gql(
    web.server.url,
    `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`,
    { d: { name: "Sleds", exercises: [{ exercise: "Sled Shove", sets: 3, reps: 5 }] } },
    { token: account.token },
  );
  expect(routine.body.errors).toBeUndefined();
  await renamed.getByRole("button", { name: "Delete Sled Shove" }).click();
  const deleteDialog = page.getByRole("dialog", { name: "Delete exercise?" });
  await deleteDialog.getByRole("button", { name: "Delete exercise" }).click();
  await deleteDialog.getByRole("alert").filter({ hasText: "used in 1 routine(s)" }).waitFor();
  await deleteDialog.getByRole("button", { name: "Cancel" }).click();
  await gql(
    web.server.url,
    `mutation($id: UUID!) { deleteRoutineById(input: { id: $id }) { routine { id } } }`,
    { id: routine.body.data.applyRoutineDocument.routine.id },
    { token: account.token },
  );

  await renamed.getByRole("button", { name: "Delete Sled Shove" }).click();
  await deleteDialog.getByRole("button", { name: "Delete exercise" }).click();
  await page.getByRole("status").filter({ hasText: "Deleted the custom exercise Sled Shove." }).waitFor();
  await page.getByRole("table", { name: "Exercises matching Sled Shove" }).waitFor();
  expect(await page.getByRole("table", { name: "Exercises matching Sled Shove" }).getByText("Custom").count()).toBe(0);
  await page.getByText("No custom exercises yet.").waitFor();
  await context.close();
});

test("log a bodyweight for a date and see it listed in the user's unit; offline keeps the typed weight", async () => {
  const account = await signUpByApi(web.server.url, "Bo");
  // One logged earlier in lb: listed in the user's kg with what was logged.
  const logged = await gql(
    web.server.url,
    `mutation { logBodyweight(input: { date: "2025-01-02", weight: 180, unit: LB }) { id } }`,
    {},
    { token: account.token },
  );
  expect(logged.body.errors).toBeUndefined();
  const { context, page } = await web.signedInPage(account);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bodyweight" }).click();
  await expectPage(page, "Bodyweight");
  const table = page.getByRole("table", { name: "Your bodyweight, newest first" });
  await table
    .getByRole("row")
    .filter({ hasText: "2025-01-02" })
    // 180 lb = 180 × 0.45359237 = 81.647 kg, read at one decimal.
    .filter({ hasText: "81.6 kg" })
    .filter({ hasText: "180 lb" })
    .waitFor();

  await page.getByLabel("Date").fill("2025-02-03");
  await page.getByLabel("Weight", { exact: true }).fill("81.5");
  expect(await page.getByLabel("Unit").inputValue()).toBe("kg");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Log weight" }).click();
  await page.getByRole("alert").filter({ hasText: "Could not reach the server" }).waitFor();
  expect(await page.getByLabel("Weight", { exact: true }).inputValue()).toBe("81.5");
  expect(await page.getByLabel("Date").inputValue()).toBe("2025-02-03");
  await context.setOffline(false);
  await page.getByRole("button", { name: "Log weight" }).click();
  await page.getByRole("status").filter({ hasText: "Logged 81.5 kg for 2025-02-03." }).waitFor();
  const rows = table.getByRole("row");
  expect(await rows.nth(1).innerText()).toContain("2025-02-03");
  expect(await rows.nth(2).innerText()).toContain("2025-01-02");
  // The chart (the one Progress shows) above the table, in the user's unit.
  await page.getByRole("img", { name: /^Bodyweight: 2 points from 2025-01-02 to 2025-02-03\./ }).waitFor();

  // The server's rule (above 0) shown at the field.
  await page.getByLabel("Weight", { exact: true }).fill("0");
  await page.getByRole("button", { name: "Log weight" }).click();
  await page
    .locator(".field-invalid")
    .getByText(/^Must be/)
    .waitFor();
  expect(await page.getByLabel("Weight", { exact: true }).getAttribute("aria-invalid")).toBe("true");
  await expectAccessible(page);
  await screenshot(page, "bodyweight");

  // Delete with confirmation.
  await rows.nth(2).getByRole("button", { name: "Delete the weight of 2025-01-02" }).click();
  await page
    .getByRole("dialog", { name: "Delete this weight?" })
    .getByRole("button", { name: "Delete weight" })
    .click();
  await page.getByRole("status").filter({ hasText: "Deleted the weight of 2025-01-02." }).waitFor();
  expect(await table.getByRole("row").count()).toBe(2);
  await context.close();
});

test("phone size: exercises and bodyweight fit without scrolling sideways", async () => {
  const account = await signUpByApi(web.server.url, "Ivy");
  const { context, page } = await web.signedInPage(account, PHONE);
  await expectNoHorizontalScroll(page);
  await page.goto("/exercises");
  await expectPage(page, "Exercises");
  await page.getByRole("searchbox", { name: "Search exercises" }).fill("curl");
  await page.getByRole("table", { name: "Exercises matching curl" }).waitFor();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "exercises-phone");
  await page.goto("/bodyweight");
  await expectPage(page, "Bodyweight");
  await page.getByText("No weights logged yet.").waitFor();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "bodyweight-phone");
  await context.close();
});
