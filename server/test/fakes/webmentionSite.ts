import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SitePage {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string;
}

export interface ReceivedPost {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  form: Record<string, string>;
}

/**
 * Somebody else's site on 127.0.0.1: answers the pages set in `pages` (by path with query), `404`
 * otherwise, and records every POST (a Webmention endpoint) with its form fields, answering 202.
 */
export const startWebmentionSite = async () => {
  const pages = new Map<string, SitePage>();
  const received: ReceivedPost[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (req.method === 'POST') {
        const body = Buffer.concat(chunks).toString('utf8');
        received.push({
          path,
          headers: req.headers,
          body,
          form: Object.fromEntries(new URLSearchParams(body)),
        });
        res.writeHead(202).end('accepted');
        return;
      }
      const page = pages.get(path);
      if (!page) return void res.writeHead(404).end('not found');
      res
        .writeHead(page.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...page.headers })
        .end(page.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pages,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type WebmentionSite = Awaited<ReturnType<typeof startWebmentionSite>>;
