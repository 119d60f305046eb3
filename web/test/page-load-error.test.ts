// A page whose code cannot be fetched (the server or network gone) says so inside the app, with
// the navigation still there and a way to try again, instead of the router's developer screen.
import { useBrowserTest, expectPage, expectAccessible, signUpInBrowser } from "./support/browser.ts";

const web = useBrowserTest();

test("a page's code that cannot be loaded: a message and Try again, the navigation kept", async () => {
  const { context, page } = await web.newPage();
  // The Bodyweight page's code cannot be fetched, as when the server is down (from the start, so
  // the app's idle preloading cannot fetch it first).
  await context.route(/\/assets\/Bodyweight-[^/]+\.js$/, (route) => route.abort("connectionrefused"));
  page.removeAllListeners("pageerror"); // the failed import is the point of this test
  await signUpInBrowser(page, { name: "Offline Olga" });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bodyweight" }).click();
  await expectPage(page, "Could not show this page");
  expect(await page.getByRole("alert").innerText()).toMatch(/Could not reach the server/);
  expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).isVisible()).toBe(
    true,
  );
  await expectAccessible(page);
  await context.unroute(/\/assets\/Bodyweight-[^/]+\.js$/);
  await page.getByRole("button", { name: "Try again" }).click();
  await expectPage(page, "Bodyweight");
});

test("a page whose code fails while it runs: the same message and Try again, never an endless Loading", async () => {
  const { context, page } = await web.newPage();
  // The Bodyweight page's code arrives but throws as it is evaluated (a bug, or a browser that lacks something it uses).
  await context.route(/\/assets\/Bodyweight-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "throw new Error('page code failed');" }),
  );
  page.removeAllListeners("pageerror");
  await signUpInBrowser(page, { name: "Broken Bea" });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bodyweight" }).click();
  await expectPage(page, "Could not show this page");
  expect(await page.getByRole("alert").innerText()).toMatch(/Something went wrong|Could not reach/);
  await context.unroute(/\/assets\/Bodyweight-[^/]+\.js$/);
  await page.getByRole("button", { name: "Try again" }).click();
  await expectPage(page, "Bodyweight");
});
