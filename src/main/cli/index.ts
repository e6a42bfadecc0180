import type { CliCommand } from './command';

/**
 * Each command's module, loaded only when that command runs (all of them for the help): `serve` then never loads
 * the fleet's MQTT client, the translation, admin and campus commands, nor their code (separate chunks in the build).
 */
const COMMANDS: ReadonlyArray<readonly [string, () => Promise<CliCommand>]> = [
  ['serve', async () => (await import('./commands/serve')).serveCommand],
  ['printers', async () => (await import('./commands/printers')).printersCommand],
  ['render', async () => (await import('./commands/render')).renderCommand],
  ['translate', async () => (await import('./commands/translate')).translateCommand],
  ['translate-document', async () => (await import('./commands/translate-document')).translateDocumentCommand],
  ['languages', async () => (await import('./commands/languages')).languagesCommand],
  ['admin', async () => (await import('./commands/admin')).adminCommand],
  ['campus', async () => (await import('./commands/campus')).campusCommand],
  ['fleet', async () => (await import('./commands/fleet')).fleetCommand],
];

function usage(commands: CliCommand[]): string {
  const lines = commands.map((command) => `  ${command.usage}\n      ${command.summary}`);
  return `Ticketera\n\nUsage: npm run cli -- <command> [options]\n\n${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const load = COMMANDS.find(([candidate]) => candidate === name)?.[1];
  if (!load) {
    const text = usage(await Promise.all(COMMANDS.map(([, loadOne]) => loadOne())));
    process.stderr.write(name && name !== '--help' ? `Unknown command: ${name}\n\n${text}` : text);
    return name && name !== '--help' ? 2 : 0;
  }
  const command = await load();
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
