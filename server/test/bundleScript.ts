import { buildSync } from 'esbuild';

/**
 * Bundles `source` (TypeScript whose relative imports resolve from `fromDir`) into `outfile`, a
 * CommonJS script for `node`: for tests whose subject must run in a process of its own (exit hooks,
 * V8's code cache), as the server's build bundles it.
 */
export const bundleScript = (source: string, fromDir: string, outfile: string): void => {
  buildSync({
    stdin: { contents: source, resolveDir: fromDir, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    logLevel: 'silent',
  });
};
