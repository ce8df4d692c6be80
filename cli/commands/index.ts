// Every `scores` subcommand, registered in help order.
import type { Command } from 'commander';
import { registerCapture } from './capture';
import { registerFeedParse } from './feed-parse';
import { registerFuzz } from './fuzz';
import { registerGenerate } from './generate';
import { registerOutbox } from './outbox';
import { registerRecord } from './record';
import { registerReplay } from './replay';
import { registerServe } from './serve';
import { registerWorld } from './world';

export function registerCommands(program: Command): void {
  registerFeedParse(program);
  registerOutbox(program);
  registerServe(program);
  registerWorld(program);
  registerGenerate(program);
  registerReplay(program);
  registerFuzz(program);
  registerRecord(program);
  registerCapture(program);
}
