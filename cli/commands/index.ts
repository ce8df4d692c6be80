// Every `scores` subcommand, registered in help order.
import type { Command } from 'commander';
import { registerFeedParse } from './feed-parse';
import { registerOutbox } from './outbox';

export function registerCommands(program: Command): void {
  registerFeedParse(program);
  registerOutbox(program);
}
