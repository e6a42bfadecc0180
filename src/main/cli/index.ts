import type { CliCommand } from './command';
import { serveCommand } from './commands/serve';
import { printersCommand } from './commands/printers';
import { renderCommand } from './commands/render';
import { adminCommand } from './commands/admin';
import { campusCommand } from './commands/campus';
import { languagesCommand } from './commands/languages';
import { translateCommand } from './commands/translate';
import { translateDocumentCommand } from './commands/translate-document';
import { fleetCommand } from './commands/fleet';

const commands: CliCommand[] = [serveCommand, printersCommand, renderCommand, translateCommand, translateDocumentCommand, languagesCommand, adminCommand, campusCommand, fleetCommand];

function usage(): string {
  const lines = commands.map((command) => `  ${command.usage}\n      ${command.summary}`);
  return `Ticketera\n\nUsage: npm run cli -- <command> [options]\n\n${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    process.stderr.write(name && name !== '--help' ? `Unknown command: ${name}\n\n${usage()}` : usage());
    return name && name !== '--help' ? 2 : 0;
  }
  return command.run(args);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
