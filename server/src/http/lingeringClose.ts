import type { FastifyInstance } from 'fastify';

/** How much of a refused body is read and dropped, and for how long, before the socket is cut. */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

/**
 * A body refused as too large (413) is answered before the client has finished sending it. Fastify
 * then asks for `Connection: close`, and Node destroys the socket as soon as the answer is written:
 * with the client's bytes still unread the kernel sends a reset, and a client that writes its whole
 * body before reading loses the answer with it (1 of 362 oversized POSTs in the audit, issue 40.7;
 * 26 of 200 here). So the connection lingers, as nginx's `lingering_close` does: the rest of the body
 * is read and dropped (up to DRAIN_BYTES, for DRAIN_MS), then the socket goes on or is closed.
 */
export const installLingeringClose = (server: FastifyInstance): void => {
  server.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode === 413 && !req.raw.complete) reply.removeHeader('connection');
    return payload;
  });
  server.addHook('onResponse', async (req, reply) => {
    const raw = req.raw;
    if (reply.statusCode !== 413 || raw.complete) return;
    let drained = 0;
    // Destroying the request destroys its socket (and is all an injected request has).
    const cut = () => raw.destroy();
    const timer = setTimeout(cut, DRAIN_MS);
    timer.unref();
    raw.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_BYTES) cut();
    });
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    raw.resume();
  });
};
