import { Flags } from "@oclif/core";
import { BaseCommand, clientName } from "../base.ts";
import { readStore } from "../credentials.ts";
import { UsageError, NotSignedInError } from "../errors.ts";
import { ask, askHidden, canPrompt, readSecretFromStdin } from "../prompt.ts";
import { saveSignIn, serverUrl } from "../sign-in.ts";

export default class Login extends BaseCommand {
  static summary = "Sign in to a Training Log server.";
  static description = `Asks for the server address, your email and your password (never echoed), then saves a session token in \${XDG_CONFIG_HOME:-~/.config}/svc/credentials.json (mode 0600), one entry per server.
The session appears in your signed-in devices as "svc CLI on <this host>".
With --with-token, reads an API key from standard input instead (create one with \`svc key create\`).`;
  static examples = [
    { description: "Sign in interactively", command: "<%= config.bin %> login" },
    {
      description: "Sign in from a script",
      command:
        "printf '%s' \"$PASSWORD\" | <%= config.bin %> login --url https://log.example.com --email me@example.com --password-stdin",
    },
    {
      description: "Use an API key",
      command: "<%= config.bin %> login --url https://log.example.com --with-token < key.txt",
    },
  ];
  static flags = {
    url: Flags.string({
      description: "Server address, e.g. https://log.example.com (default: SVC_URL or the last server).",
    }),
    email: Flags.string({ description: "Account email." }),
    "password-stdin": Flags.boolean({
      description: "Read the password from standard input (first line).",
      exclusive: ["with-token"],
    }),
    "with-token": Flags.boolean({
      description: "Read an API key from standard input instead of signing in with a password.",
    }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Login);
    const interactive = canPrompt();
    const url = await serverUrl(flags.url, interactive);
    const name = await clientName();

    if (flags["with-token"]) {
      const apiKey = (await readSecretFromStdin("API key")).trim();
      const client = await this.createSdkClient({ url, apiKey, clientName: name, rateLimitRetries: 0 });
      const viewer = await this.spin("Checking the key", client.viewer());
      if (!viewer)
        throw new NotSignedInError(
          `${url} did not accept that API key (unknown, revoked or expired, or its owner is banned).`,
        );
      saveSignIn(url, { kind: "api-key", apiKey }, viewer);
      this.log(`Signed in to ${url} as ${viewer.name} <${viewer.email}> with an API key.`);
      return;
    }

    let email = flags.email?.trim();
    if (!email) {
      if (!interactive)
        throw new UsageError("Give your email with --email (standard input is not a terminal, so svc cannot ask).");
      email = await ask("Email");
      if (!email) throw new UsageError("An email is needed to sign in.");
    }
    let password: string;
    if (flags["password-stdin"]) password = await readSecretFromStdin("password");
    else if (interactive) password = await askHidden("Password");
    else throw new UsageError("Cannot ask for a password: standard input is not a terminal. Use --password-stdin.");
    if (!password) throw new UsageError("A password is needed to sign in.");

    const previous = readStore().instances[url];
    const client = await this.createSdkClient({ url, clientName: name });
    const { token, user } = await this.spin("Signing in", client.auth.signIn({ email, password }));
    saveSignIn(url, { kind: "session", token }, user);
    // The session this login replaces is ended on the server, so devices do not pile up.
    if (previous?.kind === "session" && previous.token !== token) {
      const previousClient = await this.createSdkClient({ url, token: previous.token });
      await previousClient.auth.signOut().catch(() => undefined);
    }
    this.log(`Signed in to ${url} as ${user.name} <${user.email}>.`);
  }
}
