import { Flags } from "@oclif/core";
import { BaseCommand, clientName } from "../base.ts";
import { UsageError } from "../errors.ts";
import { ask, askHidden, canPrompt, readSecretFromStdin } from "../prompt.ts";
import { saveSignIn, serverUrl } from "../sign-in.ts";

export default class Signup extends BaseCommand {
  static summary = "Create an account on a Training Log server and sign in.";
  static description =
    "Asks for the server address, your name, email and a password (at least 8 characters, never echoed), creates the account and saves the session like `svc login`.";
  static examples = [
    { description: "Create an account interactively", command: "<%= config.bin %> signup" },
    {
      description: "From a script",
      command:
        "printf '%s' \"$PASSWORD\" | <%= config.bin %> signup --url https://log.example.com --name Ada --email ada@example.com --password-stdin",
    },
  ];
  static flags = {
    url: Flags.string({ description: "Server address (default: SVC_URL or the last server)." }),
    name: Flags.string({ description: "Your name." }),
    email: Flags.string({ description: "Account email." }),
    "password-stdin": Flags.boolean({ description: "Read the password from standard input (first line)." }),
    "setup-code": Flags.string({
      description:
        "For the first account of a server other machines can reach (it administers the server): the setup code the server printed in its log.",
    }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Signup);
    const interactive = canPrompt();
    const url = await serverUrl(flags.url, interactive);
    const need = async (value: string | undefined, flag: string, question: string) => {
      if (value?.trim()) return value.trim();
      if (!interactive) throw new UsageError(`Give ${flag} (standard input is not a terminal, so svc cannot ask).`);
      const answer = await ask(question);
      if (!answer) throw new UsageError(`${question} is needed.`);
      return answer;
    };
    const name = await need(flags.name, "--name", "Name");
    const email = await need(flags.email, "--email", "Email");
    let password: string;
    if (flags["password-stdin"]) password = await readSecretFromStdin("password");
    else if (interactive) {
      password = await askHidden("Password (at least 8 characters)");
      if ((await askHidden("Password again")) !== password) throw new UsageError("The passwords do not match.");
    } else throw new UsageError("Cannot ask for a password: standard input is not a terminal. Use --password-stdin.");

    const client = await this.createSdkClient({ url, clientName: await clientName() });
    const { token, user } = await this.spin(
      "Creating the account",
      client.auth.signUp({ name, email, password, ...(flags["setup-code"] ? { setupCode: flags["setup-code"] } : {}) }),
    );
    saveSignIn(url, { kind: "session", token }, user);
    this.log(`Created the account ${user.name} <${user.email}> on ${url} and signed in.`);
  }
}
