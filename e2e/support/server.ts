import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

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

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash or a pulled plug: nothing gets to clean up. */
  kill(): Promise<void>;
}

/** Builds once, up front, so that each server start below is only the server starting. */
export const buildOnce = (): void => {
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { stdio: 'inherit' });
};

/** The real `npm start` with a temp DATA_DIR on a free port; resolves once the API answers. */
export const startServer = async (env: Record<string, string> = {}): Promise<RunningServer> => {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'candy-e2e-'));
  let output = '';
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), DATA_DIR: dataDir },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/system/version`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || !child.pid) return;
      const exited = new Promise((r) => child.once('exit', r));
      const group = child.pid;
      process.kill(-group, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      // npm dies by the signal at once, while the server behind it is still shutting down (and
      // writing to its DATA_DIR): wait for the whole process group, then kill what is left.
      const alive = () => {
        try {
          process.kill(-group, 0);
          return true;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
          throw error;
        }
      };
      for (let waited = 0; alive() && waited < 5000; waited += 50)
        await new Promise((r) => setTimeout(r, 50));
      if (alive()) process.kill(-group, 'SIGKILL');
    },
    async kill() {
      if (child.exitCode !== null || !child.pid) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    },
  };
};
