// Every `scores` subcommand, registered in help order.
import type { Command } from 'commander';

export function registerCommands(_program: Command): void {}
