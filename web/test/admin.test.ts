// Admin in a real browser: the first account (the admin) finds a user, bans them with a reason and
// an end, and unbans them, through the ban routes with its own same-origin cookie.
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

test("search, ban with a reason and an end, unban", async () => {
  const { context, page } = await web.newPage();
  await signUpInBrowser(page, { name: "Ada Admin" });
  const victim = await signUp(web.server.url, "Victor Spammer");
  await signUp(web.server.url, "Wendy Lifter");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
  await expectPage(page, "Admin");
  const users = page.getByRole("table", { name: "Users" });
  await users.getByRole("row", { name: /Wendy Lifter/ }).waitFor();
  expect(await users.getByRole("row").count()).toBe(4); // header + 3 users
  await expectAccessible(page);
  await screenshot(page, "admin");

  await page.getByLabel("Search users").fill("SPAM");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText("1 user matching “SPAM”.").waitFor();
  const row = users.getByRole("row", { name: /Victor Spammer/ });
  await row.getByRole("button", { name: "Ban Victor Spammer" }).click();
  const dialog = page.getByRole("dialog", { name: "Ban Victor Spammer" });
  await dialog.getByLabel("Reason").fill("Posting spam as routine names");
  await dialog.getByLabel("Ban length").selectOption({ label: "7 days" });
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Ban user" }).click();
  await page.getByRole("status").filter({ hasText: "Banned Victor Spammer." }).waitFor();
  await row.getByText(/Banned until .*: Posting spam as routine names/).waitFor();

  // The ban is real: the victim's session is over and signing in is refused with the reason.
  expect((await gql(web.server.url, "{ viewer { id } }", {}, { token: victim.token })).body.data.viewer).toBeNull();
  const refused = await post(web.server.url, "/api/auth/sign-in/email", {
    email: victim.email,
    password: victim.password,
  });
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ code: "BANNED_USER", banReason: "Posting spam as routine names" });
  const days = (new Date(refused.body.banExpires).getTime() - Date.now()) / 86400000;
  expect(days).toBeGreaterThan(6.99);
  expect(days).toBeLessThanOrEqual(7);

  await row.getByRole("button", { name: "Unban Victor Spammer" }).click();
  await page.getByRole("dialog", { name: "Unban Victor Spammer" }).getByRole("button", { name: "Unban user" }).click();
  await page.getByRole("status").filter({ hasText: "Unbanned Victor Spammer." }).waitFor();
  await row.getByRole("cell", { name: "Active" }).waitFor();
  const again = await post(web.server.url, "/api/auth/sign-in/email", {
    email: victim.email,
    password: victim.password,
  });
  expect(again.status).toBe(200);
  await context.close();
});

test("an empty search result says so; the page fits a phone", async () => {
  const { context, page } = await web.newPage(PHONE);
  // The first account of this server signed up in the test above; this one is made admin here.
  const admin = await signUpInBrowser(page, { name: "Phone Admin" });
  await web.server.ownerPool.query("select app_public.grant_admin($1)", [admin.email]);
  await page.goto("/admin");
  await expectPage(page, "Admin");
  await page.getByLabel("Search users").fill("nobody-by-this-name");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText("No user’s name or email contains “nobody-by-this-name”.").waitFor();
  await page.getByLabel("Search users").fill("");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("table", { name: "Users" }).waitFor();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "admin-phone");
  await context.close();
});
