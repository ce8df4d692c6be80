// The `scores` CLI: each command lives in its own file under cli/commands/.
import { Command } from 'commander';
import { registerCommands } from './commands/index';

const program = new Command()
  .name('scores')
  .description('Kazakh live scores: serve the site, parse feeds, generate, replay and fuzz match days')
  .showHelpAfterError();

registerCommands(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(`scores: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
