import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json: unknown;
}

export interface FakePushTargets {
  base: string;
  received: ReceivedRequest[];
  /** Answers this status on a path (default 200; Web Push endpoints answer 201). */
  statusFor: Map<string, number>;
  close(): Promise<void>;
}

/**
 * One loopback HTTP server standing in for every HTTP push service (webhook receiver, ntfy, Bark,
 * Gotify) and for a browser's Web Push endpoint (paths under /wp/): it records what arrives.
 */
export const startFakePushTargets = async (): Promise<FakePushTargets> => {
  const fake: FakePushTargets = { base: '', received: [], statusFor: new Map(), close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let json: unknown = null;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        // Web Push bodies are encrypted bytes.
      }
      const path = req.url ?? '/';
      fake.received.push({ method: req.method ?? '', path, headers: req.headers, body, json });
      const status = fake.statusFor.get(path.split('?')[0] ?? path) ?? (path.startsWith('/wp/') ? 201 : 200);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status < 400 ? '{"ok":true}' : '{"error":"the fake was told to fail"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
};

export interface FakeSmtp {
  port: number;
  /** Each message as received: envelope and raw text. */
  messages: { from: string; to: string[]; raw: string; user?: string }[];
  /** Recipients refused for good at RCPT TO (550), as a mailbox that does not exist is. */
  refused: Set<string>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it is sent; logins take any password. */
export const startFakeSmtp = async (): Promise<FakeSmtp> => {
  const messages: FakeSmtp['messages'] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
