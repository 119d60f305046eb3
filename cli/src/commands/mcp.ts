import { BaseCommand, clientName } from "../base.ts";
import { CliError, EXIT } from "../errors.ts";

export default class Mcp extends BaseCommand {
  static summary = "Run the Training Log MCP server over stdio, for an AI assistant on this computer.";
  static description = [
    "The assistant starts `svc mcp` and talks MCP on its standard input and output; the tools read and save with your",
    "sign-in on the current server (`svc login` first). API keys are refused: the MCP server acts as you, like a sign-in.",
    "For an assistant on the web (Claude, ChatGPT), connect it to https://<your server>/api/mcp instead.",
  ].join(" ");
  static examples = [
    "<%= config.bin %> mcp",
    {
      description: "In an assistant's MCP configuration",
      command: `{"mcpServers": {"training-log": {"command": "svc", "args": ["mcp"]}}}`,
    },
  ];

  async run(): Promise<void> {
    await this.parse(Mcp);
    const resolved = this.resolved();
    if (resolved.apiKey) {
      throw new CliError(
        "svc mcp needs your sign-in, not an API key (API keys do not work for the MCP server): unset SVC_API_KEY if it is set, and run `svc login`.",
        EXIT.forbidden,
      );
    }
    if (!resolved.url || !resolved.token) {
      // Not NotSignedInError: its hint offers SVC_API_KEY, which this command refuses.
      throw new CliError(
        `${resolved.url ? `Not signed in to ${resolved.url}.` : "Not signed in."} Run \`svc login\` to sign in: svc mcp acts with your sign-in (an API key does not work for it).`,
        EXIT.forbidden,
      );
    }
    const [{ createTrainingLogServer }, { StdioServerTransport }] = await Promise.all([
      import("@svc/sdk/mcp"),
      import("@modelcontextprotocol/sdk/server/stdio.js"),
    ]);
    const endpoint = `${resolved.url}/api/graphql`;
    const headers = {
      "content-type": "application/json",
      accept: "application/json",
      authorization: `Bearer ${resolved.token}`,
      "x-client-name": await clientName(),
    };
    // The tools' GraphQL goes to the server as this sign-in: it decides what they may read and save.
    const server = createTrainingLogServer(async (query, variables = {}) => {
      const res = await fetch(endpoint, {
        method: "POST",
        headers,
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = await res.json().catch(() => null);
      if (!body || typeof body !== "object") return { errors: [{ message: `The server answered HTTP ${res.status}` }] };
      return body;
    });
    const closed = new Promise<void>((resolve) => {
      server.server.onclose = () => resolve();
      // The assistant ends the session by closing our standard input, which the SDK's stdio transport
      // does not watch: without this the await never settles and Node exits with status 13.
      process.stdin.once("end", resolve);
      process.stdin.once("close", resolve);
    });
    await server.connect(new StdioServerTransport());
    // Requests still running finish and are answered before Node exits (status 0).
    await closed;
  }
}
