import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPgBin, freePort, startPgCluster } from '../pgCluster.ts';
import { nginxConf } from './nginxConf.ts';

/**
 * Several real replicas on this machine (issue 28): a throwaway PostgreSQL, an S3-compatible store
 * (s3rver), N server processes from the built bundle (`server/dist/main.js`), each with its own port
 * and DATA_DIR, and nginx in front. `npm run cluster` runs it by hand; the cluster test drives it.
 */
export interface ClusterOptions {
  replicas: number;
  /** The repository root (where `server/dist/main.js` and `web/dist` are). */
  root: string;
  /** nginx's port; a free one when unset. */
  port?: number;
  /** Extra environment for every replica. */
  env?: Record<string, string>;
}

export interface Replica {
  index: number;
  port: number;
  dataDir: string;
  logFile: string;
  readonly process: ChildProcess;
}

export interface Cluster {
  /** nginx's address, e.g. `http://127.0.0.1:8400`. */
  url: string;
  owner: { username: string; password: string };
  replicas: readonly Replica[];
  databaseUrl: string;
  /** `kill -9` of one replica: no clean-up of any kind runs in it. */
  kill(index: number): void;
  /** Starts a killed replica again on its port and DATA_DIR; resolves once it is ready. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

/** The last lines of a log, for an error that outlives the files (the cluster removes them). */
const tailOf = (file: string): string => {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '(no log)';
  }
};

const waitReady = async (port: number, child: ChildProcess, logFile: string): Promise<void> => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`process on ${port} exited (${child.exitCode}):\n${tailOf(logFile)}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`process on ${port} not ready after ${READY_TIMEOUT_MS} ms:\n${tailOf(logFile)}`);
};

const findNginx = (): string => {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error('nginx is not installed (Debian: apt-get install nginx-light)');
};

/**
 * s3rver in a process of its own (`s3Store.cjs`), as a store would be: its errors (a replica killed
 * in the middle of an upload leaves it half a request) stay in its log, not in the process driving
 * the cluster.
 */
const startS3 = async (root: string, dir: string, bucket: string) => {
  const port = await freePort();
  const directory = path.join(dir, 's3');
  const logFile = path.join(dir, 's3.log');
  fs.mkdirSync(directory, { recursive: true });
  const log = fs.openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    [path.join(root, 'server/test/cluster/s3Store.cjs'), directory, String(port), bucket],
    { stdio: ['ignore', log, log], cwd: root },
  );
  fs.closeSync(log);
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`s3rver exited (${child.exitCode}):\n${tailOf(logFile)}`);
    if (Date.now() > deadline) throw new Error(`s3rver not listening:\n${tailOf(logFile)}`);
    // Any HTTP answer (403 without credentials) means it listens.
    if (
      await fetch(endpoint).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

export const startCluster = async (options: ClusterOptions): Promise<Cluster> => {
  const pgBin = findPgBin();
  if (!pgBin) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)');
  const nginxBin = findNginx();
  const mainJs = path.join(options.root, 'server/dist/main.js');
  if (!fs.existsSync(mainJs)) throw new Error(`${mainJs} is missing: run npm run build first`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-cluster-'));
  const pg = await startPgCluster(pgBin);
  const s3 = await startS3(options.root, dir, 'candy-cluster');
  const owner = { username: 'owner', password: randomBytes(12).toString('base64url') };
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;

  const replicas: Replica[] = [];
  const envOf = (replica: Pick<Replica, 'port' | 'dataDir'>): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(replica.port),
    HOST: '127.0.0.1',
    DATA_DIR: replica.dataDir,
    DATABASE_URL: pg.url,
    WEB_DIST: path.join(options.root, 'web/dist'),
    OWNER_USERNAME: owner.username,
    OWNER_PASSWORD: owner.password,
    TRUST_PROXY: '127.0.0.1',
    LOG_STDOUT: 'true',
    // Every replica ships its lines to PostgreSQL, so the log browser on any of them shows all.
    LOG_STORE: 'database',
    ...s3.env,
    ...options.env,
  });
  const launch = (replica: Omit<Replica, 'process'>): ChildProcess => {
    const log = fs.openSync(replica.logFile, 'a');
    const child = spawn(process.execPath, [mainJs], {
      cwd: options.root,
      env: envOf(replica),
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    return child;
  };

  let nginx: ChildProcess | null = null;
  const stop = async () => {
    nginx?.kill('SIGTERM');
    await Promise.all(
      replicas.map(
        (r) =>
          new Promise<void>((resolve) => {
            if (r.process.exitCode !== null || r.process.signalCode !== null) return resolve();
            r.process.once('exit', () => resolve());
            r.process.kill('SIGTERM');
          }),
      ),
    );
    await s3.stop();
    pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    for (let index = 0; index < options.replicas; index += 1) {
      const base = {
        index,
        port: await freePort(),
        dataDir: path.join(dir, `replica-${index + 1}`),
        logFile: path.join(dir, `replica-${index + 1}.log`),
      };
      fs.mkdirSync(base.dataDir, { recursive: true });
      // Started together on purpose: migrations and the demo seed must cope with that.
      replicas.push({ ...base, process: launch(base) });
    }
    await Promise.all(replicas.map((r) => waitReady(r.port, r.process, r.logFile)));

    const prefix = path.join(dir, 'nginx');
    fs.mkdirSync(prefix, { recursive: true });
    const conf = path.join(prefix, 'nginx.conf');
    const asRoot = process.getuid?.() === 0;
    fs.writeFileSync(
      conf,
      (asRoot ? 'user root;\n' : '') + nginxConf({ prefix, port, replicaPorts: replicas.map((r) => r.port) }),
    );
    nginx = spawn(nginxBin, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')], {
      stdio: 'ignore',
    });
    await waitReady(port, nginx, path.join(prefix, 'error.log'));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    owner,
    replicas,
    databaseUrl: pg.url,
    kill(index) {
      replicas[index]?.process.kill('SIGKILL');
    },
    async restart(index) {
      const replica = replicas[index];
      if (!replica) throw new Error(`no replica ${index}`);
      const child = launch(replica);
      replicas[index] = { ...replica, process: child };
      await waitReady(replica.port, child, replica.logFile);
    },
    stop,
  };
};
