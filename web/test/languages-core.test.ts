// Sign-up and Home in German and Arabic on a phone (390 x 844), the language following the browser:
// every name of these screens in the language (web/src/locales/<lng>/auth.json, home.json, nav.json),
// none of their English words left, the phone's tabs and "More" translated and fitting, axe clean,
// no sideways scrolling, Arabic right to left, and an ICU plural's number in Western digits.
import {
  useBrowserTest,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  uniqueEmail,
  PHONE,
  type Page,
} from "./support/browser.ts";

const web = useBrowserTest();

/** English words and phrases of these screens, each of which a translated screen must not show. */
const ENGLISH = [
  "Sign up",
  "Sign in",
  "Create an account",
  "Already have an account",
  "Email",
  "Password",
  "Weights in",
  "kilograms",
  "pounds",
  "Home",
  "Welcome",
  "Start workout",
  "Log a past workout",
  "This week",
  "Work sets",
  "Volume",
  "Since Monday",
  "Routines",
  "No routines yet",
  "Create a routine",
  "Latest workouts",
  "No workouts yet",
  "Log a workout",
  "Bring your history",
  "work sets",
  "All workouts",
  "Progress",
  "More",
  "Settings",
  "Main",
  "Log",
];

const LANGUAGES = [
  {
    lng: "de",
    locale: "de-DE",
    dir: "ltr",
    signUp: "Registrieren",
    name: "Name",
    email: "E-Mail",
    password: "Passwort",
    home: "Übersicht",
    more: "Mehr",
    moreLink: "Einstellungen",
    workSets: "3 Arbeitssätze",
  },
  {
    lng: "ar",
    locale: "ar",
    dir: "rtl",
    signUp: "إنشاء حساب",
    name: "الاسم",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    home: "الرئيسية",
    more: "المزيد",
    moreLink: "الإعدادات",
    workSets: "3 مجموعات عمل",
  },
] as const;

/** The English words of ENGLISH the page shows: its text and its accessible names (aria-label, title). */
async function englishOn(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const named = [...document.querySelectorAll("[aria-label], [title]")].flatMap((el) => [
      el.getAttribute("aria-label") ?? "",
      el.getAttribute("title") ?? "",
    ]);
    // The app's name is the same in every language.
    return [document.body.innerText, document.title, ...named].join("\n").replaceAll("Training Log", "");
  });
  return ENGLISH.filter((word) => new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, "u").test(shown));
}

/** The phone's tabs whose text is wider than the tab. */
async function overflowingTabs(page: Page): Promise<string[]> {
  return page
    .locator(".tab-list a, .tab-list button")
    .evaluateAll((tabs) =>
      tabs
        .filter((t) => t.scrollWidth > t.clientWidth)
        .map((t) => `${t.textContent} ${t.scrollWidth}>${t.clientWidth}`),
    );
}

for (const l of LANGUAGES) {
  test(`sign-up and Home in ${l.lng} on a phone: no English, axe clean, ${l.dir}`, async () => {
    const { context, page } = await web.newPage(PHONE, { locale: l.locale, touch: true });
    await page.goto("/sign-up");
    await page.getByRole("heading", { level: 1, name: l.signUp }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      l.lng,
      l.dir,
    ]);
    expect(await page.title()).toBe(`${l.signUp} · Training Log`);
    expect(await englishOn(page)).toEqual([]);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `sign-up-${l.lng}-phone`);

    await page.getByLabel(l.name, { exact: true }).fill("Amal");
    await page.getByLabel(l.email, { exact: true }).fill(uniqueEmail(`lang-${l.lng}-`));
    await page.getByLabel(l.password, { exact: true }).fill("correct horse battery");
    await page.getByRole("button", { name: l.signUp }).click();
    await page.getByRole("heading", { level: 1, name: l.home }).waitFor();
    expect(await page.title()).toBe(`${l.home} · Training Log`);
    expect(await englishOn(page)).toEqual([]);
    expect(await overflowingTabs(page)).toEqual([]);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `home-${l.lng}-phone`);

    // The pages under "More" are named in the language too.
    await page.getByRole("button", { name: l.more }).click();
    await page.locator("#more-pages").getByRole("link", { name: l.moreLink }).waitFor();
    expect(await englishOn(page)).toEqual([]);
    await expectAccessible(page);
    await page.getByRole("button", { name: l.more }).click();

    // A workout of 3 work sets: its plural on Home writes the 3 in Western digits (Arabic too).
    const saved = await page.evaluate(async () => {
      const response = await fetch("/api/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          query: `mutation($d: JSON) { applyWorkoutDocument(input: { document: $d }) { workout { id } } }`,
          variables: {
            d: {
              date: "2026-01-05",
              unit: "kg",
              exercises: [{ exercise: "Bench Press", sets: ["60x5", "60x5", "60x5"] }],
            },
          },
        }),
      });
      return response.json();
    });
    expect(saved.errors).toBeUndefined();
    await page.reload();
    await page.getByText(l.workSets).waitFor();
    expect(await page.locator("main").innerText()).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    expect(await englishOn(page)).toEqual([]);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await context.close();
  });
}
