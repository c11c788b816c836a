import path from 'node:path';
import { type ByteDestination, byteDestination, writeNow } from './byteDestination.ts';

const DAY = 86_400_000;

/** `2026-11-23` for a time (UTC days: the clean-up job parses the names the same way). */
export const logDayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The file one day's lines go to. */
export const logFileOf = (dir: string, day: string): string => path.join(dir, `${day}.log`);

export interface DailyLogFile {
  /** pino's lines: queued and written asynchronously, as bytes. */
  write(line: string): void;
  /** A batch of access lines, written at once (`writeNow`); `bytes` may be reused afterwards. */
  writeNow(bytes: Buffer): void;
  /**
   * Resolves once every line written so far is in the file (at most `capMs` later). A reader waits
   * on this rather than flushing synchronously: a synchronous flush while an asynchronous write is in
   * flight puts the newer lines in the file before the older ones.
   */
  settled(capMs?: number): Promise<void>;
  /** Writes what is buffered before the process exits. */
  flushSync(): void;
  end(): void;
}

/**
 * A pino destination that appends to `DIR/YYYY-MM-DD.log` and moves to a new file at midnight (UTC).
 * Writes are asynchronous (sonic-boom batches them while one is in flight), so a public read never
 * waits on the disk; the day is checked against a cached boundary, not formatted per line.
 */
export const createDailyLogFile = (dir: string, now: () => number = Date.now): DailyLogFile => {
  let nextDayAt = 0;
  let current: ByteDestination | null = null;
  // Lines handed to the destination and not yet written: cleared by its 'drain' (queue empty).
  let pending = false;

  const open = (time: number) => {
    const previous = current;
    // Bytes, not text (byteDestination.ts says why).
    current = byteDestination({
      dest: logFileOf(dir, logDayOf(time)),
      sync: false,
      mkdir: true,
      append: true,
    });
    const opened = current;
    opened.on('drain', () => {
      pending = false;
    });
    // A log file that cannot be opened or written (its folder removed, a full disk) must not take
    // the server down with an unhandled 'error': say so once and open afresh on the next line.
    opened.on('error', (error: Error) => {
      process.stderr.write(`log file: ${error.message}\n`);
      pending = false;
      if (current === opened) current = null;
      // A file that never opened stays at fd −1 for good, and pino's exit hook would call its
      // flushSync, which throws "sonic boom is not ready yet" as the process exits (seen in the unit
      // tests under load). Nothing was written to it: it is done. (Its `destroy()` would wait for an
      // open that never comes.)
      if (opened.fd === -1) opened.destroyed = true;
    });
    nextDayAt = (Math.floor(time / DAY) + 1) * DAY;
    previous?.end();
  };

  return {
    write(line) {
      const time = now();
      if (time >= nextDayAt || !current) open(time);
      pending = true;
      current?.write(Buffer.from(line));
    },
    writeNow(bytes) {
      const time = now();
      if (time >= nextDayAt || !current) open(time);
      // Whatever could not go at once is queued: the readers' `settled` then waits for it.
      if (current && writeNow(current, bytes)) pending = true;
    },
    async settled(capMs = 1000) {
      const destination = current;
      if (!pending || !destination) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          destination.off('drain', done);
          resolve();
        };
        const timer = setTimeout(done, capMs);
        destination.once('drain', done);
      });
    },
    flushSync() {
      try {
        current?.flushSync();
      } catch {
        // Not open yet (sonic-boom refuses before its file descriptor exists): nothing was written.
      }
    },
    end() {
      current?.end();
      current = null;
    },
  };
};
