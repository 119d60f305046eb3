// Connecting an MCP client through the browser, as a person does: the official MCP SDK client gets
// its 401 and an authorization address; the browser opens it, signs in on the web app's own page,
// allows the app on the consent page, and is sent back to the app with a code. Then Settings lists
// the app under Connected apps, and Disconnect ends it at once.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { signUp } from "../../test/support/harness.ts";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { MemoryProvider } from "../../test/support/oauth-flow.ts";
import { useBrowserTest, expectPage, expectAccessible, screenshot } from "./support/browser.ts";

const web = useBrowserTest();

test("sign in, allow on the consent page, use the tools; Settings lists the app and Disconnect ends it", async () => {
  const { email, password } = await signUp(web.server.url, "Alex");
  const mcpUrl = new URL(`${web.server.url}/api/mcp`);
  // The app's loopback redirect: a page of its own, so the browser lands somewhere we can read.
  const app = createServer((_req, res) => res.end("Back in the app"));
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  const redirect = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callback`;
  const provider = new MemoryProvider("Claude", redirect);
  const first = new Client({ name: "test", version: "1.0.0" });
  await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toThrow(
    UnauthorizedError,
  );

  const { context, page } = await web.newPage();
  await page.goto(provider.authorizationUrl!.href);
  await expectPage(page, "Sign in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();

  await page.getByRole("heading", { level: 1, name: "Allow Claude to use your Training Log?" }).waitFor();
  await page.getByText(new URL(redirect).host).waitFor();
  await page
    .getByText(/Read and write/)
    .first()
    .waitFor();
  await page.getByText(`Alex (${email})`).waitFor(); // the account the app will use
  await expectAccessible(page);
  await screenshot(page, "oauth-consent");
  await page.getByRole("button", { name: "Allow read and write" }).click();
  await page.waitForURL((url) => url.origin === new URL(redirect).origin);
  await page.getByText("Back in the app").waitFor();
  const code = new URL(page.url()).searchParams.get("code");
  expect(code).toBeTruthy();

  await new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }).finishAuth(code!);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
  const listed = await client.callTool({ name: "list_workouts", arguments: {} });
  expect(listed.isError).toBeFalsy();

  await page.goto("/settings");
  await expectPage(page, "Settings");
  const apps = page.getByRole("region", { name: "Connected apps" });
  const row = apps.getByRole("row", { name: /Claude/ });
  await row.getByText(new URL(redirect).host).waitFor();
  await row.getByText("Read and write").waitFor();
  await expectAccessible(page);
  await screenshot(page, "settings-connected-apps");
  await row.getByRole("button", { name: /Disconnect/ }).click();
  await apps.getByRole("status").filter({ hasText: "Disconnected Claude." }).waitFor();
  await apps.getByText("No connected apps.").waitFor();

  // Its token stopped at once.
  const after = await fetch(mcpUrl, {
    method: "POST",
    headers: {
      authorization: `Bearer ${provider.saved!.access_token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  });
  expect(after.status).toBe(401);
  await client.close().catch(() => {});
  await context.close();
  await new Promise<void>((resolve) => app.close(() => resolve()));
});
