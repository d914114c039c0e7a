#!/usr/bin/env node
// Runs the TypeScript sources directly: tsx compiles each module once on load.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
