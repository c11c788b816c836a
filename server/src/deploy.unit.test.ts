import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The deployment recipes checked as far as this machine allows without a container runtime:
 * the systemd unit with systemd-analyze, the nginx snippet with `nginx -t`, the compose file and
 * Dockerfile for what they must say. Missing tools skip their check (CI installs none of them).
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

const selfSignedCertificate = (dir: string) =>
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=example.com',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );

/** One GET over TLS to 127.0.0.1 (the certificate is a throwaway): its body and HSTS headers. */
const httpsGet = (port: number) =>
  new Promise<{ body: string; hsts: string[] }>((resolve, reject) => {
    https
      .get(
        { host: '127.0.0.1', port, path: '/', rejectUnauthorized: false, servername: 'example.com' },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += String(chunk);
          });
          res.on('end', () => {
            const raw = res.rawHeaders;
            const hsts = raw.filter(
              (_v, i) => i % 2 === 1 && raw[i - 1]?.toLowerCase() === 'strict-transport-security',
            );
            resolve({ body, hsts });
          });
        },
      )
      .on('error', reject);
  });

/** nginx takes a moment to listen. */
const retry = async <T>(attempt: () => Promise<T>): Promise<T> => {
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
};

describe('deployment recipes', () => {
  it.runIf(has('systemd-analyze'))('the systemd unit verifies', () => {
    const result = spawnSync('systemd-analyze', ['verify', path.join(root, 'deploy/candy-jar.service')], {
      encoding: 'utf8',
    });
    // Only complaints about this unit count; the host's own units may be odd in a container.
    const ours = `${result.stdout}${result.stderr}`
      .split('\n')
      .filter(
        (line) => line.includes('candy-jar.service') && !/Unit .* not found|node: not found/.test(line),
      );
    expect(ours).toEqual([]);
  });

  it.runIf(has('nginx') && has('openssl'))('the nginx snippet passes nginx -t', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-nginx-'));
    try {
      selfSignedCertificate(dir);
      const snippet = read('deploy/nginx.conf')
        .replace('/etc/letsencrypt/live/example.com/fullchain.pem', path.join(dir, 'cert.pem'))
        .replace('/etc/letsencrypt/live/example.com/privkey.pem', path.join(dir, 'key.pem'));
      fs.writeFileSync(path.join(dir, 'candy.conf'), snippet);
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/candy.conf;\n}\n`,
      );
      const result = spawnSync('nginx', ['-t', '-c', path.join(dir, 'nginx.conf'), '-p', dir], {
        encoding: 'utf8',
      });
      expect(result.stderr).toContain('test is successful');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(has('nginx') && has('openssl'))(
    'nginx answers over TLS with one HSTS header, its own, even when the app sends one too',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-nginx-'));
      // The app behind it, as it answers behind TRUST_PROXY over https (with its own HSTS).
      const app = http.createServer((_req, res) => {
        res.writeHead(200, { 'strict-transport-security': 'max-age=1', 'content-type': 'text/plain' });
        res.end('app');
      });
      await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
      const appPort = (app.address() as AddressInfo).port;
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      let nginx: ChildProcess | null = null;
      try {
        selfSignedCertificate(dir);
        const snippet = read('deploy/nginx.conf')
          .replace('/etc/letsencrypt/live/example.com/fullchain.pem', path.join(dir, 'cert.pem'))
          .replace('/etc/letsencrypt/live/example.com/privkey.pem', path.join(dir, 'key.pem'))
          .replace('server 127.0.0.1:8080 ', `server 127.0.0.1:${appPort} `)
          .replace('listen 80;', `listen 127.0.0.1:${port + 1};`)
          .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl;`);
        fs.writeFileSync(path.join(dir, 'candy.conf'), snippet);
        const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
          .map((name) => `  ${name}_temp_path ${dir}/${name};\n`)
          .join('');
        fs.writeFileSync(
          path.join(dir, 'nginx.conf'),
          `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\ndaemon off;\nevents {}\nhttp {\n  access_log off;\n${temp}  include ${dir}/candy.conf;\n}\n`,
        );
        nginx = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
        const answer = await retry(() => httpsGet(port));
        expect(answer.body).toBe('app');
        expect(answer.hsts).toEqual(['max-age=31536000']);
      } finally {
        nginx?.kill();
        app.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it("the Caddyfile sends HSTS in place of the app's own", () => {
    const caddy = read('deploy/Caddyfile');
    expect(caddy).toMatch(/header \{\n\t\tStrict-Transport-Security "max-age=31536000"\n\t\tdefer\n\t\}/);
  });

  it('the compose file runs two replicas on one PostgreSQL with shared files', () => {
    const compose = read('compose.yaml');
    expect(compose).toMatch(/^services:$/m);
    for (const service of ['db:', 'app:', 'app2:']) expect(compose).toContain(`\n  ${service}\n`);
    expect(compose.match(/DATABASE_URL: postgres:\/\/candy:change-me@db:5432\/candy/g)).toHaveLength(1);
    expect(compose).toContain('environment: *app-env');
    expect(compose.match(/- files:\/data\/files/g)).toHaveLength(2);
    expect(compose).not.toMatch(/\t/);
  });

  it('the Dockerfile builds in stages, runs as a non-root user with a data volume and a health check', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/health\/ready/m);
    expect(dockerfile).toContain('npm ci');
  });

  it('npm start, the Dockerfile and the systemd unit run Node with the same flags and glibc heap', () => {
    const start = JSON.parse(read('package.json')).scripts.start as string;
    const words = start.split(/\s+/);
    const env = words.slice(0, words.indexOf('node'));
    const flags = words.filter((word) => word.startsWith('--'));
    expect(env.map((word) => word.split('=')[0])).toEqual([
      'MALLOC_ARENA_MAX',
      'MALLOC_MMAP_THRESHOLD_',
      'MALLOC_TRIM_THRESHOLD_',
    ]);
    const dockerfile = read('Dockerfile');
    const unit = read('deploy/candy-jar.service');
    for (const assignment of env) {
      expect(dockerfile).toMatch(new RegExp(`^\\s+${assignment}( \\\\)?$`, 'm'));
      expect(unit).toMatch(new RegExp(`^Environment=${assignment}$`, 'm'));
    }
    expect(flags.length).toBeGreaterThan(0);
    const quoted = flags.map((flag) => `"${flag}", `).join('');
    expect(dockerfile).toContain(`\nCMD ["node", ${quoted}"server/dist/main.js"]\n`);
    expect(unit).toContain(`\nExecStart=/usr/bin/node ${flags.join(' ')} /`);
  });
});
