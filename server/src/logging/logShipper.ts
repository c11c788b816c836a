import type { Db } from '../db/index.ts';

/** Lines held while the database is slow or away; past this the newest are dropped and counted. */
const MAX_BUFFERED = 20_000;
/** Rows a statement: both databases take a few thousand parameters, and a line is five of them. */
const ROWS_PER_INSERT = 400;

export interface LogShipper {
  /** A pino destination: one JSON line per call. */
  write(line: string): void;
  /** Writes the buffered lines; the log browser waits on it so a line logged just before is shown. */
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

const levelAndTime = (line: string): { level: number; time: number } => {
  // pino writes `{"level":30,"time":1764…` first; reading the two numbers avoids a JSON parse a line.
  const level = /"level":(\d+)/.exec(line);
  const time = /"time":(\d+)/.exec(line);
  return { level: level ? Number(level[1]) : 30, time: time ? Number(time[1]) : Date.now() };
};

/**
 * Ships this replica's log lines to the `log_line` table (`LOG_STORE=database`), so the log browser
 * of any replica shows every replica's lines. Lines gather in memory and go as one multi-row insert
 * every `flushMs`, never on the request path; if the database is away they wait (up to
 * `MAX_BUFFERED`) and the count of dropped ones is shipped as a line of its own.
 */
export const createLogShipper = (deps: { db: Db; replica: string; flushMs?: number }): LogShipper => {
  let buffer: string[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const shipOnce = async (): Promise<void> => {
    if (dropped > 0) {
      buffer.push(
        JSON.stringify({
          level: 40,
          time: Date.now(),
          msg: `${dropped} log lines dropped: the database was away`,
        }),
      );
      dropped = 0;
    }
    if (buffer.length === 0) return;
    const lines = buffer;
    buffer = [];
    let sent = 0;
    try {
      while (sent < lines.length) {
        const rows = lines.slice(sent, sent + ROWS_PER_INSERT).map((line) => ({
          ...levelAndTime(line),
          replica: deps.replica,
          line: line.endsWith('\n') ? line.slice(0, -1) : line,
        }));
        await deps.db.insertInto('log_line').values(rows).execute();
        sent += rows.length;
      }
    } catch {
      // Not logged through the logger: that would ship a line about failing to ship lines. The
      // unsent lines go back in front and wait for the next flush.
      buffer = [...lines.slice(sent), ...buffer].slice(0, MAX_BUFFERED);
    }
  };

  const flush = async (): Promise<void> => {
    while (running !== null) await running;
    running = shipOnce().finally(() => {
      running = null;
    });
    await running;
  };

  return {
    write(line) {
      if (buffer.length >= MAX_BUFFERED) dropped += 1;
      else buffer.push(line);
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), deps.flushMs ?? 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
};
