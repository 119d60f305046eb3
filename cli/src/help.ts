// `svc <topic> --help`: oclif's topic help, plus the examples of every command in the topic.
import { Help, type Interfaces } from "@oclif/core";

type Example = string | { description?: string; command: string };

export default class SvcHelp extends Help {
  protected async showTopicHelp(topic: Interfaces.Topic): Promise<void> {
    // Picked before super runs: oclif rewrites the ids of the commands it lists to "topic command".
    const commands = this.sortedCommands.filter((c) => c.id.startsWith(`${topic.name}:`));
    await super.showTopicHelp(topic);
    const lines: string[] = [];
    for (const command of commands) {
      for (const example of (command.examples ?? []) as Example[]) {
        const text = typeof example === "string" ? example : example.command;
        if (typeof example !== "string" && example.description) lines.push(`  # ${this.render(example.description)}`);
        // `<%= config.bin %>` in an example is the binary's name, as oclif renders it on a command's help.
        lines.push(`  $ ${this.render(text)}`);
      }
    }
    if (lines.length) this.log(`EXAMPLES\n${lines.join("\n")}\n`);
  }
}
