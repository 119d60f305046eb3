// A routine's share link in a real browser, on a phone (390x844) and a desktop (1280x800): the
// owner makes one on the routine's page; opened signed out it shows the routine read-only with
// no name, and asks to sign in to add it; another user adds a copy; revoked, it opens nothing.
import { gqlData, signUp } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  newPage,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  PHONE,
  DESKTOP,
} from "./support/browser.ts";

const web = useBrowserTest();

const APPLY_ROUTINE = `mutation($d: JSON) { applyRoutineDocument(input: { document: $d }) { routine { id } } }`;

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`share a routine: read-only signed out, added by another user, revoked (${size})`, async () => {
    const owner = await signUp(web.server.url, "Sharer Name");
    await gqlData(
      web.server.url,
      APPLY_ROUTINE,
      { d: { name: "Push", unit: "kg", exercises: [{ exercise: "Bench Press", sets: 3, reps: 5, weight: 80 }] } },
      { token: owner.token },
    );
    const mine = await web.signedInPage(owner, viewport);
    await mine.page.goto("/routines/Push");
    await expectPage(mine.page, "Routine: Push");
    const section = mine.page.getByRole("region", { name: "Share" });
    await section.getByText("No share links of this routine.").waitFor();
    await section.getByRole("button", { name: "Make a share link" }).click();
    const link = await section.getByLabel(/^Share link/).inputValue();
    expect(link).toMatch(/\/shared\/rs_[0-9A-Za-z]{32}$/);
    await section.getByRole("table", { name: "Share links of Push" }).getByText("Not shown").waitFor();
    await expectAccessible(mine.page);
    await expectNoHorizontalScroll(mine.page);
    await screenshot(mine.page, `routine-share-${size}`);

    // Signed out: the routine, read-only, no owner's name; sign in to add it.
    const visitor = await newPage(web.browser, web.server.url, viewport);
    await visitor.page.goto(link);
    await expectPage(visitor.page, "Shared routine: Push");
    await visitor.page.getByRole("table", { name: "Exercises of Push" }).getByText("Bench Press").waitFor();
    expect(await visitor.page.locator("main").innerText()).not.toContain("Sharer");
    await visitor.page.getByRole("link", { name: "Sign in" }).first().waitFor();
    expect(await visitor.page.getByRole("button", { name: "Add to my routines" }).count()).toBe(0);
    await expectAccessible(visitor.page);
    await expectNoHorizontalScroll(visitor.page);
    await screenshot(visitor.page, `shared-routine-signed-out-${size}`);

    // Another user adds it under a name of their own.
    const friend = await signUp(web.server.url, "Friend");
    const theirs = await web.signedInPage(friend, viewport);
    await theirs.page.goto(link);
    await expectPage(theirs.page, "Shared routine: Push");
    await theirs.page.getByLabel("Name in your routines").fill("Push from a friend");
    await theirs.page.getByRole("button", { name: "Add to my routines" }).click();
    await expectPage(theirs.page, "Routine: Push from a friend");

    // Revoked: the link opens nothing, for anyone.
    await mine.page.getByRole("button", { name: /^Revoke/ }).click();
    await section.getByText("No share links of this routine.").waitFor();
    await visitor.page.reload();
    await visitor.page
      .getByRole("alert")
      .getByText(/This share link opens nothing/)
      .waitFor();
    expect(await visitor.page.getByRole("table").count()).toBe(0);
    await expectAccessible(visitor.page);
    for (const c of [mine.context, visitor.context, theirs.context]) await c.close();
  }, 180_000);
}
