// Changing the password in Settings, in a real browser at phone width: a wrong current password is
// said at its field and changes nothing, two different new ones are caught before sending, a short
// one is the server's word at its field; then the change signs out the other device and keeps this one.
import { post } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  signUpInBrowser,
  PHONE,
} from "./support/browser.ts";

const web = useBrowserTest();

test("change the password: wrong, mismatched and short refused at their fields; then changed, the other device signed out", async () => {
  const { context, page } = await web.newPage(PHONE);
  const { email, password } = await signUpInBrowser(page, { name: "Pat" });
  const other = await post(web.server.url, "/api/auth/sign-in/email", { email, password });
  await page.goto("/settings");
  await expectPage(page, "Settings");
  const section = page.getByRole("region", { name: "Password" });
  const button = section.getByRole("button", { name: "Change password" });
  expect(await button.isDisabled()).toBe(true);

  await section.getByLabel("Current password").fill("not my password");
  await section.getByLabel("New password", { exact: true }).fill("a better passphrase");
  await section.getByLabel("New password again").fill("a better passphrasE");
  await button.click();
  await section.getByText("The new passwords do not match.").waitFor();

  await section.getByLabel("New password again").fill("a better passphrase");
  await button.click();
  await section.getByText("Wrong password; nothing was changed.").waitFor();
  expect(await section.getByLabel("Current password").getAttribute("aria-invalid")).toBe("true");

  await section.getByLabel("Current password").fill(password);
  await section.getByLabel("New password", { exact: true }).fill("short");
  await section.getByLabel("New password again").fill("short");
  await button.click();
  await section.getByText("Must be at least 8 characters").waitFor();

  await section.getByLabel("New password", { exact: true }).fill("a better passphrase");
  await section.getByLabel("New password again").fill("a better passphrase");
  await button.click();
  await section.getByRole("status").filter({ hasText: "Password changed. Signed out 1 other device." }).waitFor();
  expect(await section.getByLabel("Current password").inputValue()).toBe("");
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // This device stays signed in; the other is out; the new password signs in, the old one not.
  await page.reload();
  await expectPage(page, "Settings");
  const session = await fetch(`${web.server.url}/api/auth/get-session`, {
    headers: { authorization: `Bearer ${other.body.token}` },
  });
  expect(await session.json()).toBeNull();
  expect((await post(web.server.url, "/api/auth/sign-in/email", { email, password })).status).toBe(401);
  expect(
    (await post(web.server.url, "/api/auth/sign-in/email", { email, password: "a better passphrase" })).status,
  ).toBe(200);
  await context.close();
});
