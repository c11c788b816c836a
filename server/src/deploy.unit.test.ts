import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
});
