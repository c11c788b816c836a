import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

/** One small picture for every emote. */
const picture = (() => {
  const image = new PNG({ width: 8, height: 8 });
  image.data.fill(200);
  return PNG.sync.write(image);
})();

/**
 * Bilibili's emote package API on 127.0.0.1 (`/x/emote/package?business=reply&ids=`, the recorded
 * shape of server/test/fakes/emoteUpstream.ts, which the e2e project cannot import), with one package
 * `1` 「小黄脸」 of two emotes whose pictures it serves itself.
 */
export const startFakeBilibili = async (): Promise<{ base: string; close(): Promise<void> }> => {
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname.startsWith('/emote/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(picture);
    }
    const emotes = [
      { id: 101, text: '[doge]', url: `${base}/emote/doge.png` },
      { id: 102, text: '[微笑]', url: `${base}/emote/smile.png` },
    ];
    const wanted = (url.searchParams.get('ids') ?? '').split(',').includes('1');
    const packages = wanted
      ? [
          {
            id: 1,
            text: '小黄脸',
            url: emotes[0]?.url,
            type: 1,
            emote: emotes.map((e) => ({ package_id: 1, type: 1, meta: { size: 1 }, ...e })),
          },
        ]
      : null;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 0, message: '0', ttl: 1, data: { packages } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
