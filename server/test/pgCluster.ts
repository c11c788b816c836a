import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Finds the PostgreSQL server binaries of the local installation (Debian keeps them off PATH). */
export const findPgBin = (): string | null => {
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : null;
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

export interface PgCluster {
  url: string;
  stop(): void;
}

/**
 * A throwaway cluster in a temp directory on a free loopback port. PostgreSQL refuses to run as
 * root, so under root the cluster belongs to the `postgres` user.
 */
export const startPgCluster = async (bin: string): Promise<PgCluster> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=300`,
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
};
