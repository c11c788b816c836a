#!/usr/bin/env node
// Grades the shipped deploy/nginx.conf with MDN's HTTP Observatory (issue 40): real nginx on ports
// 80 and 443 with a throwaway certificate for `candy.test`, our built server behind it, and the
// Observatory's own scanner (npm `@mdn/mdn-http-observatory`, not a dependency of ours: install it
// anywhere and name its folder). Needs root (the ports, and `candy.test` in /etc/hosts).
//
//   npm install --prefix /tmp/obs --ignore-scripts @mdn/mdn-http-observatory
//   OBSERVATORY=/tmp/obs/node_modules/@mdn/mdn-http-observatory node scripts/observatory.mjs
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverControl } from './benchServer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const observatory = process.env.OBSERVATORY ?? '/tmp/obs/node_modules/@mdn/mdn-http-observatory';
const host = 'candy.test';
if (!fs.existsSync(path.join(observatory, 'src/scan.js')))
  throw new Error(`the Observatory's scanner is not at ${observatory} (see the comment at the top)`);
// Its install script downloads Chromium's HSTS preload list; without the network (or with
// --ignore-scripts) an empty list stands in: candy.test is on no preload list anyway.
const preload = path.join(observatory, 'conf/hsts-preload.json');
if (!fs.existsSync(preload)) fs.writeFileSync(preload, '{}');
if (!fs.existsSync(path.join(root, 'server/dist/main.js')))
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-observatory-'));
/** @param {string} command @param {string[]} args */
const run = (command, args) => execFileSync(command, args, { cwd: dir, stdio: 'pipe' });

// A throwaway CA and a certificate it signs for candy.test; the scanner is told to trust the CA.
run('openssl', [
  'req',
  '-x509',
  '-newkey',
  'rsa:2048',
  '-nodes',
  '-days',
  '1',
  '-subj',
  '/CN=Candy Test CA',
  '-keyout',
  'ca.key',
  '-out',
  'ca.pem',
]);
run('openssl', [
  'req',
  '-newkey',
  'rsa:2048',
  '-nodes',
  '-subj',
  `/CN=${host}`,
  '-keyout',
  'site.key',
  '-out',
  'site.csr',
]);
fs.writeFileSync(path.join(dir, 'san.ext'), `subjectAltName=DNS:${host}\n`);
run('openssl', [
  'x509',
  '-req',
  '-in',
  'site.csr',
  '-CA',
  'ca.pem',
  '-CAkey',
  'ca.key',
  '-CAcreateserial',
  '-days',
  '1',
  '-extfile',
  'san.ext',
  '-out',
  'site.pem',
]);

const hosts = fs.readFileSync('/etc/hosts', 'utf8');
const hostsLine = `127.0.0.1 ${host}`;
if (!hosts.includes(hostsLine)) fs.appendFileSync('/etc/hosts', `\n${hostsLine}\n`);

const port = 18_080;
const dataDir = path.join(dir, 'data');
fs.mkdirSync(dataDir);
const control = serverControl({
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    SITE_DOMAINS: host,
    LOG_LEVEL: 'warn',
  },
  dataDir,
  base: `http://127.0.0.1:${port}`,
});

// The shipped file, only its name, certificate and upstream port changed.
const site = fs
  .readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
  .replaceAll('example.com', host)
  .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${dir}/site.pem;`)
  .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${dir}/site.key;`)
  .replace('127.0.0.1:8080', `127.0.0.1:${port}`);
fs.writeFileSync(path.join(dir, 'site.conf'), site);
fs.writeFileSync(
  path.join(dir, 'nginx.conf'),
  `user root;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  include ${dir}/site.conf;
}
`,
);

const { child: server } = await control.startServer();
const nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
try {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const output = execFileSync(process.execPath, [path.join(observatory, 'src/scan.js'), host], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(dir, 'ca.pem') },
    encoding: 'utf8',
  });
  const result = JSON.parse(output);
  if (result.error) throw new Error(result.error);
  console.log(
    `MDN HTTP Observatory, ${host} (deploy/nginx.conf): grade ${result.scan.grade}, score ${result.scan.score}`,
  );
  for (const [name, test] of Object.entries(result.tests))
    console.log(
      `  ${test.pass ? '✓' : '✗'} ${name.padEnd(32)} ${String(test.scoreModifier).padStart(4)}  ${test.result}`,
    );
  if (process.argv.includes('--json')) console.log(output);
} finally {
  nginx.kill('SIGTERM');
  await control.stop(server);
  fs.rmSync(dir, { recursive: true, force: true });
}
