// The Programs page in a real browser: the built-in programs listed (programLibrary), one started
// with its lifts' training maxes (startProgram): a lift left empty without history is named at its
// field and nothing is made; given, its days become routines and the first day's page opens.
import { signUp as signUpByApi, gqlData } from "../../test/support/harness.ts";
import {
  useBrowserTest,
  expectPage,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  PHONE,
  DESKTOP,
} from "./support/browser.ts";

const web = useBrowserTest();

type Template = { slug: string; name: string; inputKind: string; inputs: string[]; days: unknown[] };

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`${size}: start 5/3/1 from the Programs page; a lift with no weight is named and nothing is made`, async () => {
    const account = await signUpByApi(web.server.url, "Pat");
    const library = (
      await gqlData(
        web.server.url,
        "{ programLibrary { slug name inputKind inputs days } }",
        {},
        { token: account.token },
      )
    ).programLibrary as Template[];
    const wendler = library.find((p) => p.inputKind === "trainingMax")!;
    expect(wendler.inputs.length).toBeGreaterThan(1);
    const { context, page } = await web.signedInPage(account, viewport);
    const nav = page.getByRole("navigation", { name: "Main" });
    if (size === "phone") await nav.getByRole("button", { name: "More" }).click();
    await nav.getByRole("link", { name: "Programs" }).click();
    await expectPage(page, "Programs");
    for (const p of library) await page.getByRole("heading", { level: 2, name: p.name }).waitFor();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `programs-${size}`);

    await page.getByRole("button", { name: `Set up ${wendler.name}…` }).click();
    const form = page.getByRole("form", { name: `Start ${wendler.name}` });
    expect(await form.getByLabel("Unit").inputValue()).toBe("kg");
    await form.getByLabel("Unit").selectOption("lb");
    const [first, ...rest] = wendler.inputs;
    for (const lift of rest) await form.getByLabel(`${lift}: training max (lb)`).fill("200");
    await form.getByRole("checkbox", { name: /start from my history/ }).uncheck();
    await form.getByRole("button", { name: `Start ${wendler.name}` }).click();
    await form.getByText(`Give its training max, or start it from history.`).waitFor();
    expect(await form.getByLabel(`${first}: training max (lb)`).getAttribute("aria-invalid")).toBe("true");
    const none = await gqlData(web.server.url, "{ viewer { routines { id } } }", {}, { token: account.token });
    expect(none.viewer.routines).toEqual([]);
    await expectAccessible(page);

    await form.getByLabel(`${first}: training max (lb)`).fill("300");
    await form.getByRole("button", { name: `Start ${wendler.name}` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Started ${wendler.name}` })
      .waitFor();
    await page.getByRole("region", { name: "Program" }).getByText("week 1 of", { exact: false }).first().waitFor();
    const made = await gqlData(web.server.url, "{ viewer { routines { name unit } } }", {}, { token: account.token });
    expect(made.viewer.routines).toHaveLength(wendler.days.length);
    for (const r of made.viewer.routines) expect(r.unit).toBe("lb");
    await expectAccessible(page);
    await context.close();
  });
}
