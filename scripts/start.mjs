#!/usr/bin/env node
// `npm start`: build what is stale, then run the server in this process (signals reach it directly).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { execFileSync } = await import('node:child_process');
execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
await import(pathToFileURL(path.join(root, 'server/dist/main.js')).href);
