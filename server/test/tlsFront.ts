import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** One request that went through the front: what was asked and what our server answered. */
export interface FrontRequest {
  method: string;
  url: string;
  status: number;
  /** `Signature` (draft-cavage) or `Signature-Input` (RFC 9421) was sent. */
  signature: 'cavage' | 'rfc9421' | null;
  at: number;
}

export interface TlsFront {
  /** `https://127.0.0.1:{port}` */
  origin: string;
  /** Where requests go from now on (until then they are answered 503). */
  forwardTo(target: { host: string; port: number }): void;
  /** The front's self-signed certificate (PEM), for the client's trust store (NODE_EXTRA_CA_CERTS). */
  caFile: string;
  /** Every request answered, oldest first. */
  requests: FrontRequest[];
  close(): Promise<void>;
}

/**
 * An https front for a server listening on plain http (what a reverse proxy is in production):
 * a certificate for 127.0.0.1 made by openssl for this run, headers passed on unchanged (`Host`
 * and the signature headers above all), and a record of each answer.
 */
export const startTlsFront = async (): Promise<TlsFront> => {
  let target: { host: string; port: number } | null = null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'pipe' },
  );
  const requests: FrontRequest[] = [];
  const server = https.createServer(
    { key: fs.readFileSync(keyFile), cert: fs.readFileSync(caFile) },
    (req, res) => {
      const signature = req.headers['signature-input'] ? 'rfc9421' : req.headers.signature ? 'cavage' : null;
      const record = (status: number) =>
        requests.push({ method: req.method ?? '', url: req.url ?? '', status, signature, at: Date.now() });
      if (!target) {
        record(503);
        res.writeHead(503).end();
        return;
      }
      const upstream = http.request(
        { host: target.host, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          const status = answer.statusCode ?? 502;
          record(status);
          res.writeHead(status, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        record(502);
        res.writeHead(502).end();
      });
      req.pipe(upstream);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    caFile,
    forwardTo: (to) => {
      target = to;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        fs.rmSync(dir, { recursive: true, force: true });
      }),
  };
};
