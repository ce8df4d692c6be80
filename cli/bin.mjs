#!/usr/bin/env node
// The `scores` command. TypeScript sources run through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
