// The `scores` CLI: each command lives in its own file under cli/commands/.
// Exit codes, for every command: 0 ok, 1 a check failed, 2 bad usage or bad input (commander's own errors
// included: unknown options, missing arguments, bad option values).
import { Command, CommanderError } from 'commander';
import { registerCommands } from './commands/index';

export const EXIT_OK = 0;
export const EXIT_CHECK_FAILED = 1;
export const EXIT_BAD_INPUT = 2;

const program = new Command()
  .name('scores')
  .description('Kazakh live scores: serve the site, parse feeds, generate, replay and fuzz match days')
  .exitOverride();

registerCommands(program);

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Usage errors as one line, `scores replay: unknown option '--jsn' (see scores replay --help)`. */
function configureErrors(command: Command): void {
  const path = commandPath(command);
  command.configureOutput({
    outputError: (text, write) => {
      const message = text
        .replace(/^error: /, '')
        .trim()
        .replace(/\s*\n\s*/g, ' ');
      write(`${path}: ${message} (see ${path} --help)\n`);
    },
  });
  for (const sub of command.commands) configureErrors(sub);
}
configureErrors(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof CommanderError) {
    // --help and --version end here too, with their own code 0.
    process.exitCode = error.exitCode === EXIT_OK ? EXIT_OK : EXIT_BAD_INPUT;
    return;
  }
  console.error(`scores: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = EXIT_CHECK_FAILED;
});
