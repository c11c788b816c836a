import fs from 'node:fs';
import pino from 'pino';

type Destination = ReturnType<typeof pino.destination>;

/**
 * A pino destination that takes bytes: sonic-boom in its 'buffer' mode. Its `fd` (set by
 * sonic-boom, −1 while a file is still opening) and `destroyed` (what pino's exit hook reads) are
 * missing from its published types.
 */
export type ByteDestination = Omit<Destination, 'write'> & {
  write(bytes: Buffer): boolean;
  readonly fd: number;
  destroyed: boolean;
};

/**
 * Log lines are handed over as bytes, not text (issue 39): text waiting for its asynchronous write
 * is a string on V8's heap, and batches of access lines in flight across two young-generation
 * collections were promoted to the old generation (6 MB in 8 s of cached reads, a full collection
 * every 1.3 s). Bytes live outside the heap. pino's types know only sonic-boom's text mode, whose
 * `write` takes a string; in 'buffer' mode it takes a Buffer.
 */
export const byteDestination = (
  options: Omit<NonNullable<Parameters<typeof pino.destination>[0]> & object, 'contentMode'>,
): ByteDestination => pino.destination({ ...options, contentMode: 'buffer' }) as unknown as ByteDestination;

/** The stream pino writes its lines to: each line turned into bytes on the way in. */
export const linesAsBytes = (destination: ByteDestination) => ({
  write: (line: string) => destination.write(Buffer.from(line)),
});

/**
 * Whether sonic-boom has nothing queued or in flight, so a write of ours cannot overtake or split
 * one of its own (a pipe writes a large batch in parts). Read from its internals (sonic-boom 4);
 * should they change, this says no and every batch takes the queue, as before.
 */
const isIdle = (destination: ByteDestination): boolean => {
  const state = destination as unknown as { _writing?: unknown; _len?: unknown };
  return state._writing === false && state._len === 0;
};

/**
 * Writes a batch of lines now, with one system call from this thread, as nginx writes its buffered
 * access log; `bytes` may be reused as soon as this returns. Handing batches to the destination's
 * asynchronous queue instead cost the cached reads dearly on a busy machine (issue 39): libuv's
 * thread waited for a core, each batch in flight outlived two young-generation collections, and
 * what was promoted (strings, then buffers counted as external memory) brought a full collection
 * every second or so. What cannot be written at once (a pipe that is full, a file still opening,
 * an error) goes to the queue as a copy, where sonic-boom retries it or reports the error.
 * Answers whether some of it was queued.
 */
export const writeNow = (destination: ByteDestination, bytes: Buffer): boolean => {
  let offset = 0;
  if (destination.fd >= 0 && isIdle(destination)) {
    try {
      while (offset < bytes.length)
        offset += fs.writeSync(destination.fd, bytes, offset, bytes.length - offset);
    } catch {
      // EAGAIN and the like: the rest takes the asynchronous way below.
    }
  }
  if (offset === bytes.length) return false;
  destination.write(Buffer.from(bytes.subarray(offset)));
  return true;
};
