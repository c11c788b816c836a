import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface StaticServer {
  url: string;
  /** Paths requested so far (without the query), to see which mirror was read. */
  requests: string[];
  /** The same requests with their query strings. */
  urls: string[];
  close(): Promise<void>;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

/**
 * A plain static file server on 127.0.0.1, standing in for a CDN: serves `root` as is (files
 * without an extension as JSON), with CORS open. With `spaFallback`, unknown paths get index.html.
 */
export const serveDirectory = (
  root: string,
  options: { spaFallback?: boolean } = {},
): Promise<StaticServer> => {
  const requests: string[] = [];
  const urls: string[] = [];
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    urls.push(req.url ?? '');
    let file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root)) file = root;
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file) && options.spaFallback) file = path.join(root, 'index.html');
    if (!fs.existsSync(file)) {
      res.writeHead(404, { 'access-control-allow-origin': '*' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/json; charset=utf-8',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        urls,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
};

/** A copy of the built web app whose index.html carries the given runtime configuration. */
export const spaCopyWithConfig = (webDist: string, target: string, runtimeConfig: object): string => {
  fs.cpSync(webDist, target, { recursive: true });
  const index = path.join(target, 'index.html');
  const html = fs
    .readFileSync(index, 'utf8')
    .replace(
      '</head>',
      `<script id="runtime-config" type="application/json">${JSON.stringify(runtimeConfig)}</script></head>`,
    );
  fs.writeFileSync(index, html);
  return target;
};
