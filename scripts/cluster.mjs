#!/usr/bin/env node
// `npm run cluster [-- --replicas 3] [-- --port 8400]`: several replicas on this machine (issue 28) —
// a throwaway PostgreSQL, an S3-compatible store (s3rver), N servers from the built bundle with their
// own ports and DATA_DIRs, nginx in front (round robin, passive health checks). Prints the address
// and the owner's password; Ctrl-C stops everything it started and removes its files.
// The launcher itself is `server/test/cluster/cluster.ts`, shared with the cluster test
// (scripts/clusterLauncher.mjs bundles it).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadClusterLauncher } from './clusterLauncher.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { replicas: { type: 'string', default: '2' }, port: { type: 'string' } },
});
const replicas = Number(values.replicas);
if (!Number.isInteger(replicas) || replicas < 1 || replicas > 8) {
  console.error('--replicas takes a whole number from 1 to 8');
  process.exit(1);
}

execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

const { startCluster, dispose } = await loadClusterLauncher(root);
console.log(`starting PostgreSQL, s3rver, ${replicas} replica(s) and nginx…`);
const cluster = await startCluster({
  replicas,
  root,
  ...(values.port ? { port: Number(values.port) } : {}),
});
console.log(`
Candy Jar cluster is up: ${cluster.url}
  owner: ${cluster.owner.username} / ${cluster.owner.password}
  replicas: ${cluster.replicas.map((/** @type {{port: number, logFile: string}} */ r) => `127.0.0.1:${r.port} (log ${r.logFile})`).join(', ')}
  database: ${cluster.databaseUrl}
Ctrl-C stops everything.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  await cluster.stop();
  dispose();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
