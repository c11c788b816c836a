// The process entry, `server/dist/main.js`: runs the server bundle (`server/dist/server.js`, built
// from ../main.ts) through V8's code cache in `DATA_DIR/cache`. Built as CommonJS by
// scripts/build.mjs, so `__dirname` is this file's folder.
import path from 'node:path';
import { defaultDataDir } from '../dataDir.ts';
import { runWithCodeCache } from './codeCache.ts';

runWithCodeCache({
  bundle: path.join(__dirname, 'server.js'),
  // DATA_DIR as config.ts reads it, before the configuration is loaded.
  cacheDir: path.join(path.resolve(process.env.DATA_DIR || defaultDataDir), 'cache'),
});
