// Settings in a real browser: account, API keys (a read-only key used with fetch, then revoked),
// signed-in devices (another session signed out from here), deleting the account.
import { gql, post, signUp } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  signUpInBrowser,
  PHONE,
} from "./support/browser.ts";

const web = useBrowserTest();

test("the three sections, and the account's name, unit and effort scale saved", async () => {
  const { context, page } = await web.newPage();
  await signUpInBrowser(page, { name: "Sam" });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expectPage(page, "Settings");
  for (const name of ["Account", "API keys", "Signed-in devices"])
    await page.getByRole("heading", { level: 2, name }).waitFor();
  await page.getByRole("cell", { name: /This device/ }).waitFor();
  await expectAccessible(page);
  await screenshot(page, "settings");

  const account = page.getByRole("region", { name: "Account" });
  await account.getByLabel("Name").fill("Samantha");
  await account.getByLabel("Unit").selectOption({ label: "lb" });
  await account.getByLabel("Effort scale").selectOption("rir");
  await account.getByRole("button", { name: "Save account" }).click();
  await account.getByRole("status").filter({ hasText: "Saved." }).waitFor();
  await page.reload();
  await expectPage(page, "Settings");
  expect(await account.getByLabel("Name").inputValue()).toBe("Samantha");
  expect(await account.getByLabel("Unit").inputValue()).toBe("lb");
  expect(await account.getByLabel("Effort scale").inputValue()).toBe("rir");
  await page.getByRole("banner").getByText("Samantha").waitFor();

  // A blank name is refused at the field, and nothing typed is lost.
  await account.getByLabel("Name").fill("   ");
  await account.getByRole("button", { name: "Save account" }).click();
  await account.locator(".field-error").first().waitFor();
  expect(await account.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
  await context.close();
});

test("create a read-only key, use it with fetch (reads work, a mutation is FORBIDDEN), revoke it", async () => {
  const { context, page } = await web.newPage();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: web.server.url });
  const { name } = await signUpInBrowser(page, { name: "Kim" });
  await page.goto("/settings");
  const keys = page.getByRole("region", { name: "API keys" });
  await keys.getByText("No API keys yet.").waitFor();
  await keys.getByLabel("Name").fill("Reader script");
  await keys.getByLabel("Access").selectOption({ label: "Read only" });
  await keys.getByLabel("Expiry").selectOption({ label: "30 days" });
  await keys.getByRole("button", { name: "Create key" }).click();
  const shown = keys.getByLabel("New API key");
  await shown.waitFor();
  const key = await shown.inputValue();
  expect(key).toMatch(/^svc_[0-9A-Za-z]{40}$/);
  await keys.getByText("it will not be shown again").waitFor();
  await keys.getByRole("button", { name: "Copy key" }).click();
  await keys.getByText("Copied to the clipboard.").waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const row = keys.getByRole("row", { name: /Reader script/ });
  await row.getByRole("cell", { name: "Read only" }).waitFor();
  await row
    .getByRole("cell", { name: `${key.slice(0, 8)}…` })
    .or(row.getByText(/^svc_/))
    .first()
    .waitFor();
  expect(await row.textContent()).toContain("Never"); // never used yet
  await expectAccessible(page);
  await screenshot(page, "settings-new-key");

  // The key, used as a script would.
  const read = await gql(web.server.url, "{ viewer { name } }", {}, { key });
  expect(read.body).toEqual({ data: { viewer: { name } } });
  const write = await gql(
    web.server.url,
    `mutation { logBodyweight(input: { date: "2024-01-02", weight: 80 }) { date } }`,
    {},
    { key },
  );
  expect(write.body.errors[0].extensions.code).toBe("FORBIDDEN");

  // A reload shows when it was last used; the key itself is gone from the page.
  await page.reload();
  await expectPage(page, "Settings");
  expect(await keys.getByLabel("New API key").count()).toBe(0);
  expect(await row.textContent()).not.toContain(key);
  await row.getByRole("button", { name: "Revoke Reader script" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this key?" });
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await keys.getByText("No API keys yet.").waitFor();
  expect((await gql(web.server.url, "{ viewer { name } }", {}, { key })).body).toEqual({ data: { viewer: null } });
  await context.close();
});

test("a second session, signed in through the auth route, is signed out from Signed-in devices", async () => {
  const { context, page } = await web.newPage();
  const { email, password } = await signUpInBrowser(page, { name: "Lee" });
  const cli = await post(
    web.server.url,
    "/api/auth/sign-in/email",
    { email, password },
    { headers: { "x-client-name": "svc on build-box" } },
  );
  expect(cli.status).toBe(200);
  const other = await post(
    web.server.url,
    "/api/auth/sign-in/email",
    { email, password },
    { headers: { "x-client-name": "svc on laptop" } },
  );
  expect((await gql(web.server.url, "{ viewer { name } }", {}, { token: cli.body.token })).body.data.viewer).toEqual({
    name: "Lee",
  });

  await page.goto("/settings");
  const devices = page.getByRole("region", { name: "Signed-in devices" });
  const row = devices.getByRole("row", { name: /svc on build-box/ });
  await row.waitFor();
  expect(
    await devices
      .getByRole("row", { name: /This device/ })
      .getByRole("button")
      .count(),
  ).toBe(0);
  await row.getByRole("button", { name: /^Sign out svc on build-box/ }).click();
  await devices.getByRole("status").filter({ hasText: "Signed out svc on build-box." }).waitFor();
  expect(await row.count()).toBe(0);
  expect((await gql(web.server.url, "{ viewer { name } }", {}, { token: cli.body.token })).body.data.viewer).toBeNull();
  expect((await gql(web.server.url, "{ viewer { name } }", {}, { token: other.body.token })).body.data.viewer).toEqual({
    name: "Lee",
  });

  await devices.getByRole("button", { name: "Sign out all other devices" }).click();
  await page
    .getByRole("dialog", { name: "Sign out all other devices?" })
    .getByRole("button", { name: "Sign them out" })
    .click();
  await devices.getByRole("status").filter({ hasText: "Signed out 1 other device." }).waitFor();
  expect(
    (await gql(web.server.url, "{ viewer { name } }", {}, { token: other.body.token })).body.data.viewer,
  ).toBeNull();
  // This browser is still signed in.
  await page.reload();
  await expectPage(page, "Settings");
  expect(await devices.getByRole("button", { name: "Sign out all other devices" }).isDisabled()).toBe(true);
  await context.close();
});

test("deleting the account needs the email typed and the password; a wrong password is said at its field and deletes nothing", async () => {
  await signUp(web.server.url, "Owner"); // the first account is the admin, never the one deleted here
  const { context, page } = await web.newPage();
  const { email, password } = await signUpInBrowser(page, { name: "Del" });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Delete account…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  const confirm = dialog.getByRole("button", { name: "Delete account for good" });
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel("Your email").fill("someone-else@example.com");
  await dialog.getByLabel("Your password").fill(password);
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel("Your email").fill(email.toUpperCase());
  await dialog.getByLabel("Your password").fill("");
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel("Your password").fill("not my password");
  await confirm.click();
  const passwordField = dialog.getByLabel("Your password");
  await dialog.getByText("Wrong password; nothing was deleted.").waitFor();
  expect(await passwordField.getAttribute("aria-invalid")).toBe("true");
  expect(await dialog.getByRole("alert").count()).toBe(0);
  await expectAccessible(page);
  const exists = async () =>
    (await web.server.ownerPool.query("select 1 from app_public.users where email = $1", [email])).rowCount;
  expect(await exists()).toBe(1);
  await passwordField.fill(password);
  await confirm.click();
  await expectPage(page, "Sign up");
  await page.getByRole("status").filter({ hasText: "Your account and all its data were deleted." }).waitFor();
  expect(await exists()).toBe(0);
  const again = await post(web.server.url, "/api/auth/sign-in/email", { email, password });
  expect(again.status).toBe(401);
  await context.close();
});

test("Settings at phone size: no sideways scrolling, keys and devices readable", async () => {
  const { context, page } = await web.newPage(PHONE);
  await signUpInBrowser(page, { name: "Pho" });
  await page.goto("/settings");
  const keys = page.getByRole("region", { name: "API keys" });
  await keys.getByLabel("Name").fill("A key with a rather long name for a small screen");
  await keys.getByRole("button", { name: "Create key" }).click();
  await keys.getByLabel("New API key").waitFor();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "settings-phone");
  await context.close();
});
