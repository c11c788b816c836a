import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { said } from '../i18n/said.ts';
import type { ByteRange } from '../storage/index.ts';
import { notFound } from './errors.ts';

/** `Range: bytes=…` of one range against a blob of `size` bytes; null = whole, 'bad' = 416. */
export const parseRange = (header: string | undefined, size: number): ByteRange | null | 'bad' => {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'bad';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'bad';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
};

/** Writes an answer ourselves (bytes, not the JSON envelope), keeping the headers set so far. */
export const sendRaw = async (
  reply: FastifyReply,
  status: number,
  headers: Record<string, string | number>,
  body: NodeJS.ReadableStream | Buffer | null,
  req: FastifyRequest,
) => {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(status, { ...(reply.getHeaders() as Record<string, string>), ...headers });
  if (body === null || req.method === 'HEAD') {
    if (body && !Buffer.isBuffer(body))
      (body as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    raw.end();
    return;
  }
  if (Buffer.isBuffer(body)) {
    raw.end(body);
    return;
  }
  // A visitor seeking away closes the connection mid-stream; that is not an error of ours.
  await pipeline(body, raw).catch(() => undefined);
};

/** Bytes with range support, from wherever `open` reads them. */
export const serveRanged = async (
  file: {
    size: number;
    type: string;
    open(range: ByteRange | undefined): Promise<NodeJS.ReadableStream | null>;
  },
  cacheControl: string,
  req: FastifyRequest,
  reply: FastifyReply,
) => {
  const stat = file;
  const common = { 'accept-ranges': 'bytes', 'cache-control': cacheControl, 'content-type': file.type };
  const range = parseRange(req.headers.range, stat.size);
  if (range === 'bad') {
    await sendRaw(reply, 416, { ...common, 'content-range': `bytes */${stat.size}` }, null, req);
    return;
  }
  const body = await file.open(range ?? undefined);
  if (!body) throw notFound(said('error.files.notFound'));
  if (range) {
    await sendRaw(
      reply,
      206,
      {
        ...common,
        'content-range': `bytes ${range.start}-${range.end}/${stat.size}`,
        'content-length': range.end - range.start + 1,
      },
      body,
      req,
    );
  } else {
    await sendRaw(reply, 200, { ...common, 'content-length': stat.size }, body, req);
  }
};
