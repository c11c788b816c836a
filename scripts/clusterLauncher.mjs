// The cluster starter (`server/test/cluster/cluster.ts`, shared with the cluster test) bundled by
// esbuild for the scripts that run it (`npm run cluster`, the bench's cluster row), so it is written
// once, in TypeScript.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/**
 * @typedef {{ index: number, port: number, logFile: string }} ClusterReplica
 * @typedef {{ url: string, owner: { username: string, password: string }, replicas: ClusterReplica[],
 *   databaseUrl: string, stop: () => Promise<void> }} RunningCluster
 * @typedef {(o: { replicas: number, root: string, port?: number, env?: Record<string, string> }) =>
 *   Promise<RunningCluster>} StartCluster
 */

/**
 * @param {string} root the repository
 * @returns {Promise<{ startCluster: StartCluster, dispose: () => void }>}
 */
export const loadClusterLauncher = async (root) => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-cluster-launcher-'));
  const outfile = path.join(outDir, 'cluster.mjs');
  await esbuild.build({
    entryPoints: [path.join(root, 'server/test/cluster/cluster.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  // The bundle lives in a temp folder: packages resolve from the repository's node_modules.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(outDir, 'node_modules'));
  const { startCluster } = await import(pathToFileURL(outfile).href);
  return { startCluster, dispose: () => fs.rmSync(outDir, { recursive: true, force: true }) };
};
