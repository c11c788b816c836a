import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire, wrap } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

export interface CodeCacheRun {
  /** A CommonJS bundle (the server: `server/dist/server.js`). */
  bundle: string;
  /** Where the cache lives (`DATA_DIR/cache`: writable wherever the server runs). */
  cacheDir: string;
  /** When to write a missing cache: once start-up has compiled what every start needs. */
  writeAfterMs?: number;
}

export type CodeCacheState = 'accepted' | 'rejected' | 'none';

type CommonJsWrapper = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/**
 * Runs a CommonJS bundle as Node's own loader would, compiled through V8's code cache (DESIGN §8:
 * cold start ≤ 0.5 s). Node 20 has no compile cache of its own (`module.enableCompileCache` came
 * in 22), and parsing plus compiling the start-up path of a 2 MB bundle is ≈ 100 ms of every
 * start. The cache is written once per bundle a few seconds after start (or at exit, if sooner) —
 * by then it holds the bytecode of every function start-up ran — and used from the next start on.
 *
 * The cache's name is a hash of the bundle's text, the Node version and the V8 flags: V8 itself
 * checks only the source's length and its flags, so a rebuilt bundle of the same length could
 * otherwise run stale bytecode. A missing, unreadable or refused cache only costs the time it
 * would have saved; failing to write one is not worth a word.
 *
 * The bundle must not use `import()`: code a vm.Script compiles (and, with Node 20, code read back
 * from a cache above all) has no module loader behind it. scripts/build.mjs turns each `import()`
 * into `require()`, which loads ES modules too since Node 20.19.
 */
export const runWithCodeCache = ({
  bundle,
  cacheDir,
  writeAfterMs = 5_000,
}: CodeCacheRun): { state: CodeCacheState; exports: unknown } => {
  const source = fs.readFileSync(bundle, 'utf8');
  const key = createHash('sha256')
    .update(source)
    .update(`\0${process.version}\0${process.execArgv.join(' ')}\0${process.env.NODE_OPTIONS ?? ''}`)
    .digest('hex')
    .slice(0, 20);
  const cacheFile = path.join(cacheDir, `${path.basename(bundle, '.js')}-${key}.v8`);
  const cachedData = readIfThere(cacheFile);
  const script = new vm.Script(wrap(source), {
    filename: bundle,
    cachedData,
  });
  const state: CodeCacheState = !cachedData ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted';
  const module = { exports: {} };
  const run = script.runInThisContext() as CommonJsWrapper;
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
  if (state !== 'accepted') {
    // A few seconds in, or at a clean exit if that comes sooner (a start stopped at once still
    // leaves one; a start that failed leaves none, or it would stand for the build from then on).
    let written = false;
    const writeOnce = () => {
      if (written) return;
      written = true;
      process.removeListener('exit', atExit);
      writeCache(script, cacheDir, cacheFile);
    };
    const atExit = (code: number) => {
      if (code === 0) writeOnce();
    };
    setTimeout(writeOnce, writeAfterMs).unref();
    process.once('exit', atExit);
  }
  return { state, exports: module.exports };
};

const readIfThere = (file: string): Buffer | undefined => {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
};

/** Writes the cache under a temporary name and renames it (replicas may share a data directory). */
const writeCache = (script: vm.Script, cacheDir: string, cacheFile: string): void => {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    fs.writeFileSync(temporary, script.createCachedData());
    fs.renameSync(temporary, cacheFile);
    // Caches of earlier bundles are of no further use.
    const prefix = `${path.basename(cacheFile).split('-')[0]}-`;
    for (const name of fs.readdirSync(cacheDir))
      if (name.startsWith(prefix) && name.endsWith('.v8') && name !== path.basename(cacheFile))
        fs.rmSync(path.join(cacheDir, name), { force: true });
  } catch {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // Nothing was written where nothing can be.
    }
  }
};
