// Sign up, sign out, sign in in a real browser; the first account is told it is the admin.
import { signUp as signUpByApi, post } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  signUpInBrowser,
  signInInBrowser,
  uniqueEmail,
  PHONE,
} from "./support/browser.ts";

const web = useBrowserTest();

test("a new person signs up (the first account learns it is the admin), signs out and signs in again", async () => {
  const { context, page } = await web.newPage();
  await page.goto("/");
  // Signed out, the home page sends you to sign in.
  await expectPage(page, "Sign in");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expectPage(page, "Sign up");
  await expectAccessible(page);
  await screenshot(page, "sign-up");

  const email = uniqueEmail("first");
  await signUpInBrowser(page, { name: "Ada", email });
  await page.getByRole("status").filter({ hasText: "you are its admin" }).waitFor();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).isVisible(),
  ).resolves.toBe(true);
  await expectAccessible(page);
  await screenshot(page, "home-after-sign-up");

  // The cookie is the credential: no token in script-readable storage.
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
  );
  expect(stored).not.toMatch(/svc_session|token/i);
  const cookie = (await context.cookies()).find((c) => c.name === "svc_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  await page.getByRole("button", { name: "Sign out" }).click();
  await expectPage(page, "Sign in");
  await signInInBrowser(page, { email, password: "correct horse battery" });
  await expectPage(page, "Home");
  await context.close();
});

test("a second account is not the admin and sees no Admin page", async () => {
  const { context, page } = await web.newPage();
  await signUpInBrowser(page, { name: "Bea" });
  expect(await page.getByRole("status").filter({ hasText: "admin" }).count()).toBe(0);
  expect(await page.getByRole("link", { name: "Admin" }).count()).toBe(0);
  await page.goto("/admin");
  await expectPage(page, "Page not found");
  await context.close();
});

test("sign-up problems are shown at the field, and a deep link survives signing in", async () => {
  const { context, page } = await web.newPage(PHONE);
  await page.goto("/settings");
  await expectPage(page, "Sign in");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expectPage(page, "Sign up");
  await page.getByLabel("Name").fill("Cy");
  await page.getByLabel("Email").fill(uniqueEmail("cy"));
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Sign up" }).click();
  const password = page.getByLabel("Password");
  await page.getByText("Password must be at least 8 characters").waitFor();
  expect(await password.getAttribute("aria-invalid")).toBe("true");
  expect(await page.getByLabel("Name").inputValue()).toBe("Cy");
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await screenshot(page, "sign-up-error-phone");
  await password.fill("long enough now");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expectPage(page, "Settings");
  await context.close();
});

test("wrong password, then too many attempts with when to retry", async () => {
  const { email } = await signUpByApi(web.server.url, "Dee");
  const { context, page } = await web.newPage();
  await signInInBrowser(page, { email, password: "not the password" });
  await page.getByRole("alert").filter({ hasText: "Wrong email or password" }).waitFor();
  expect(await page.getByLabel("Email").inputValue()).toBe(email);
  for (let i = 0; i < 10; i++)
    await page
      .getByRole("button", { name: "Sign in" })
      .click({ noWaitAfter: true })
      .then(() => page.waitForResponse("**/api/auth/sign-in/email"));
  await page
    .getByRole("alert")
    .filter({ hasText: /Too many failed sign-in attempts for this email\. Try again in 15 minutes \(at / })
    .waitFor();
  await context.close();
});

test("the other pages' code is fetched at the first touch, not while the page is left alone", async () => {
  const { context, page } = await web.newPage();
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto("/sign-in");
  await expectPage(page, "Sign in");
  await page.waitForLoadState("networkidle");
  const settings = (path: string) => /^\/assets\/Settings-[\w-]+\.js$/.test(path);
  expect(fetched.filter(settings)).toEqual([]);
  await Promise.all([
    page.waitForRequest((request) => settings(new URL(request.url()).pathname)),
    page.getByRole("heading", { name: "Sign in" }).click(),
  ]);
  await context.close();
});

test("a network failure says so and keeps what was typed", async () => {
  const { context, page } = await web.newPage();
  await page.goto("/sign-up");
  await expectPage(page, "Sign up");
  await page.getByLabel("Name").fill("Offline Olga");
  await page.getByLabel("Email").fill("olga@example.com");
  await page.getByLabel("Password").fill("typed carefully");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByRole("alert").filter({ hasText: "Could not reach the server" }).waitFor();
  expect(await page.getByLabel("Name").inputValue()).toBe("Offline Olga");
  expect(await page.getByLabel("Email").inputValue()).toBe("olga@example.com");
  expect(await page.getByLabel("Password").inputValue()).toBe("typed carefully");
  await context.setOffline(false);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expectPage(page, "Home");
  await context.close();
});

test("a banned person is told the reason and when the ban ends", async () => {
  const admin = await signUpByApi(web.server.url, "Operator");
  await web.server.ownerPool.query("select app_public.grant_admin($1)", [admin.email]);
  const { email, password, user } = await signUpByApi(web.server.url, "Eve");
  const ban = await post(
    web.server.url,
    "/api/auth/admin/ban-user",
    { userId: user.id, banReason: "Spam in routine names", banExpiresIn: 3 * 24 * 3600 },
    { token: admin.token },
  );
  expect(ban.status).toBe(200);
  const { context, page } = await web.newPage();
  await signInInBrowser(page, { email, password });
  const alert = page
    .getByRole("alert")
    .filter({ hasText: "This account is banned. Reason: Spam in routine names. The ban ends " });
  await alert.waitFor();
  const ends = new Date(ban.body.user.banExpires).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
  expect(await alert.textContent()).toContain(ends);
  await screenshot(page, "sign-in-banned");

  await post(web.server.url, "/api/auth/admin/ban-user", { userId: user.id }, { token: admin.token });
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("alert").filter({ hasText: "This account is banned. The ban has no end date." }).waitFor();
  await context.close();
});

test("sign-up asks for the unit, pounds for a US browser and kilograms for a German one; the account is made in it", async () => {
  // The page speaks the browser's language (a German browser: German, web/src/locales/de/auth.json).
  for (const [locale, title, legend, shown] of [
    ["en-US", "Sign up", "Weights in", "pounds (lb)"],
    ["de-DE", "Registrieren", "Gewichte in", "Kilogramm (kg)"],
    ["en-GB", "Sign up", "Weights in", "kilograms (kg)"],
  ] as const) {
    const { context, page } = await web.newPage(PHONE, { locale });
    await page.goto("/sign-up");
    await expectPage(page, title);
    const unit = page.getByRole("group", { name: legend });
    expect(await unit.getByRole("radio", { name: shown }).isChecked()).toBe(true);
    if (locale === "en-US") {
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await screenshot(page, "sign-up-unit-phone");
    }
    await context.close();
  }
  // A German browser choosing pounds: the account weighs in lb from the first page on (the app
  // speaks the browser's German).
  const { context, page } = await web.newPage(PHONE, { locale: "de-DE" });
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill("Lou");
  await page.getByLabel("E-Mail").fill(uniqueEmail("lb"));
  await page.getByLabel("Passwort").fill("correct horse battery");
  await page.getByRole("radio", { name: "Pfund (lb)" }).check();
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expectPage(page, "Übersicht");
  await page.goto("/log");
  await page.getByRole("button", { name: "Leeres Training starten" }).click();
  await page.getByText(/Gewichte in lb/).waitFor();
  await context.close();
});
