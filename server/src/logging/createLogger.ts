import os from 'node:os';
import path from 'node:path';
import pino, { type Logger, type StreamEntry } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { logRedaction } from '../http/security.ts';
import { byteDestination, linesAsBytes, writeNow } from './byteDestination.ts';
import { createDailyLogFile, type DailyLogFile } from './dailyFile.ts';
import { createLogShipper, type LogShipper } from './logShipper.ts';
import { redactHeaders, redactLine } from './redact.ts';

/** How long a fast-path access line may wait to be written with others, and how many bytes may wait. */
const ACCESS_FLUSH_MS = 100;
const ACCESS_FLUSH_BYTES = 64 * 1024;

export interface AppLogger {
  logger: Logger;
  /** Where the log browser reads, or null when file logs are off (`LOG_FILES=false`). */
  logDir: string | null;
  /** Which replica these lines come from: every line shipped to the database is marked with it. */
  replica: string;
  /** Ships lines to the `log_line` table (`LOG_STORE=database`), or null. */
  shipper: LogShipper | null;
  /** Writes what is still buffered; called when the app closes. */
  flush(): void;
  /** Resolves once the lines logged so far are in the day's file (the log browser reads after it). */
  settled(): Promise<void>;
  /**
   * Logs one answer of the fast path (issue 16) as the line `req.log.info({method, url, status,
   * ms: 0}, 'request')` would, without pino's per-call work (bindings, redaction, serialisers): at
   * tens of thousands of answers a second that work was a third of the server's time. `url` must
   * already be loggable (secrets taken out of the query).
   */
  accessLine(requestId: string, method: string, url: string, status: number): void;
}

/**
 * The server's one logger: lines go to standard output (unless `LOG_STDOUT=false`) and to daily files
 * under `DATA_DIR/logs` for the log browser. Both destinations take every line the logger emits, so
 * the debug switch (`POST /system/debug`) reaches the files too; secrets are redacted before either
 * (logging/redact.ts; the fast path's URLs by its caller, the rest in pino's last step).
 */
export const createAppLogger = (config: Config, db?: Db): AppLogger => {
  const logDir = config.logFiles ? path.join(config.dataDir, 'logs') : null;
  const file: DailyLogFile | null = logDir ? createDailyLogFile(logDir) : null;
  const replica = `${os.hostname()} · pid ${process.pid}`;
  const shipper = config.logStore === 'database' && db ? createLogShipper({ db, replica }) : null;
  const streams: StreamEntry<'trace'>[] = [];
  // Asynchronous, as the files are: lines written while one write is in flight go out together;
  // pino writes what is left when the process exits, and `flush` does at shutdown. Bytes, as the
  // files take them (dailyFile.ts says why): pino's lines are turned into bytes on the way in.
  const stdout = config.logStdout ? byteDestination({ dest: 1, sync: false }) : null;
  if (stdout) streams.push({ level: 'trace', stream: linesAsBytes(stdout) });
  if (file) streams.push({ level: 'trace', stream: file });
  if (shipper) streams.push({ level: 'trace', stream: shipper });
  const logger = pino(
    {
      level: config.logLevel,
      redact: logRedaction,
      // Any logged header bag loses its credentials by name; the finished line then loses any
      // credential-shaped query value or address user part it still holds, wherever it sits.
      serializers: { headers: redactHeaders },
      hooks: { streamWrite: redactLine },
    },
    streams.length > 0 ? pino.multistream(streams) : pino.destination('/dev/null'),
  );
  const linePrefix = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"reqId":"`;
  // Access lines of the cached fast path gather for a moment and go to each destination as one
  // write (issue 39). Each write is a system call on one of libuv's threads, and on a two-core
  // machine the threads' wake-ups take the cores the reads need: a write per request cost the
  // cached reads a third of their rate (0.55–0.62× bare node:http, against 0.81–0.84× with
  // LOG_LEVEL=warn), and a write per event-loop turn still a quarter. A line waits at most
  // ACCESS_FLUSH_MS (or until ACCESS_FLUSH_BYTES have gathered); `flush` and `settled` write what
  // waits at once (shutdown, tests). The database shipper still takes them one line at a time.
  // The lines are copied into one buffer as they come, so none outlives its request on the heap:
  // kept as strings until the write they were promoted out of the (1 MB) young generation, and
  // the collector's work doubled (≈ 4 → 8 % of the time, measured).
  const accessBuffer = Buffer.allocUnsafe(ACCESS_FLUSH_BYTES);
  let accessUsed = 0;
  let accessTimer: NodeJS.Timeout | null = null;
  const writeAccessLines = () => {
    if (accessTimer) clearTimeout(accessTimer);
    accessTimer = null;
    if (accessUsed === 0) return;
    // Written at once from the buffer itself (byteDestination.ts says why), then reused.
    const bytes = accessBuffer.subarray(0, accessUsed);
    if (stdout) writeNow(stdout, bytes);
    file?.writeNow(bytes);
    if (shipper) for (const line of bytes.toString('utf8').split(/(?<=\n)/)) shipper.write(line);
    accessUsed = 0;
  };
  return {
    logger,
    logDir,
    replica,
    shipper,
    flush: () => {
      writeAccessLines();
      file?.flushSync();
      try {
        stdout?.flushSync();
      } catch {
        // Not open yet, or nothing to write.
      }
    },
    settled: async () => {
      writeAccessLines();
      await Promise.all([file?.settled(), shipper?.flush()]);
    },
    accessLine(requestId, method, url, status) {
      if (!logger.isLevelEnabled('info')) return;
      // The id is a UUID we made, safe to place between quotes as it is.
      const line = `{"level":30,"time":${Date.now()}${linePrefix}${requestId}","method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"status":${status},"ms":0,"msg":"request"}\n`;
      // Room is judged by the most bytes a line can take (3 per UTF-16 unit), which spares a
      // byte count per line; a line that might not fit even alone (a URL near the 16 KB limit)
      // goes out on its own.
      const most = line.length * 3;
      if (accessUsed + most > ACCESS_FLUSH_BYTES) writeAccessLines();
      if (most > ACCESS_FLUSH_BYTES) {
        const bytes = Buffer.from(line);
        if (stdout) writeNow(stdout, bytes);
        file?.writeNow(bytes);
        shipper?.write(line);
        return;
      }
      accessUsed += accessBuffer.write(line, accessUsed, 'utf8');
      if (!accessTimer) {
        accessTimer = setTimeout(writeAccessLines, ACCESS_FLUSH_MS);
        accessTimer.unref();
      }
    },
  };
};
