import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyRequest } from 'fastify';

/** The encodings the server compresses answers in, brotli first. */
export type Encoding = 'br' | 'gzip';

/** The encoding `req` accepts (a `q=0` refuses one), brotli preferred; null for none. */
export const encodingFor = (req: Pick<FastifyRequest, 'headers'>): Encoding | null => {
  const accept = String(req.headers['accept-encoding'] ?? '');
  const allows = (name: string) =>
    accept.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      if (token?.trim().toLowerCase() !== name) return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
};

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * `body` compressed for a dynamic answer, off the main thread (zlib's pool): brotli at quality 4,
 * like the compress plugin, since quality 11 costs far more CPU than it saves on a page made per request.
 */
export const compressBody = (body: string | Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipped(body, { level: 6 });
