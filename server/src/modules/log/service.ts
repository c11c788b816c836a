import fsp from 'node:fs/promises';
import path from 'node:path';
import { LOG_LEVELS, type LogLevel, type LogLine, type LogPage } from '@candy/contract/calls/log';
import { linesBackward, linesForward, type RawLine } from './lineReader.ts';

export const LEVEL_VALUES: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};
const levelOf = (value: unknown): LogLevel =>
  LOG_LEVELS.find((name) => LEVEL_VALUES[name] === value) ?? (value === undefined ? 'info' : 'fatal');

/** How much one call may read looking for matching lines before it answers with what it has. */
const SCAN_BUDGET_BYTES = 8 * 1024 * 1024;
const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.log$/;

export interface LogPageQuery {
  continueUUID?: string;
  after?: string;
  verbose: boolean;
  level?: LogLevel;
  limit: number;
}

const cursorOf = (day: string, offset: number) => `${day}:${offset}`;
const parseCursor = (cursor: string): { day: string; offset: number } => {
  const [day = '', offset = '0'] = cursor.split(':');
  return { day, offset: Number(offset) };
};

/** A stored line as the browser shows it; a line that is not JSON is shown as its text. */
export const toLogLine = (id: string, text: string): LogLine => {
  let fields: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    fields = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { msg: text };
  } catch {
    return { id, time: 0, level: 'info', msg: text };
  }
  const { level, time, msg, reqId, method, url, status, ms, err, pid, hostname, ...rest } = fields;
  const line: LogLine = {
    id,
    time: typeof time === 'number' ? time : 0,
    level: levelOf(level),
    msg: typeof msg === 'string' ? msg : '',
  };
  if (typeof reqId === 'string') line.reqId = reqId;
  if (typeof method === 'string') line.method = method;
  if (typeof url === 'string') line.path = url;
  if (typeof status === 'number') line.status = status;
  if (typeof ms === 'number') line.ms = ms;
  if (err && typeof err === 'object') {
    const error = err as Record<string, unknown>;
    line.err = {
      message: String(error.message ?? ''),
      ...(typeof error.type === 'string' ? { type: error.type } : {}),
      ...(typeof error.stack === 'string' ? { stack: error.stack } : {}),
    };
  }
  if (Object.keys(rest).length > 0) line.detail = rest;
  return line;
};

/**
 * Reads the replica's daily log files (`DATA_DIR/logs/YYYY-MM-DD.log`) for the log browser. A line's
 * id is its day and byte offset, so pages continue exactly where the last one stopped however many
 * lines are written meanwhile.
 */
export const createLogService = (deps: {
  dir: string | null;
  replica: string;
  /** Resolves once the lines logged so far are written, so a request made just before is on the page. */
  settled?: () => Promise<void>;
}) => {
  const days = async (): Promise<string[]> => {
    if (!deps.dir) return [];
    try {
      return (await fsp.readdir(deps.dir))
        .map((name) => DAY_FILE.exec(name)?.[1])
        .filter((day): day is string => Boolean(day))
        .sort();
    } catch {
      return []; // nothing logged yet
    }
  };

  /** Walks lines through `read` per day file, keeping those at `minLevel` and above. */
  const collect = async (
    order: { day: string; lines: (file: fsp.FileHandle) => AsyncGenerator<RawLine> }[],
    query: LogPageQuery,
    skip?: string,
  ) => {
    const minimum = Math.max(
      LEVEL_VALUES[query.level ?? 'trace'],
      query.verbose ? LEVEL_VALUES.trace : LEVEL_VALUES.info,
    );
    const found: LogLine[] = [];
    let lastSeen: string | null = null;
    let scanned = 0;
    for (const { day, lines } of order) {
      const file = await fsp.open(path.join(deps.dir ?? '', `${day}.log`), 'r').catch(() => null);
      if (!file) continue;
      try {
        for await (const raw of lines(file)) {
          const id = cursorOf(day, raw.offset);
          if (id === skip) continue;
          lastSeen = id;
          scanned += raw.text.length + 1;
          const line = toLogLine(id, raw.text);
          if (LEVEL_VALUES[line.level] >= minimum) found.push(line);
          if (found.length >= query.limit || scanned >= SCAN_BUDGET_BYTES) {
            return { found, lastSeen, complete: false };
          }
        }
      } finally {
        await file.close();
      }
    }
    return { found, lastSeen, complete: true };
  };

  return {
    async page(query: LogPageQuery): Promise<LogPage> {
      await deps.settled?.();
      const base = { replica: deps.replica, enabled: deps.dir !== null };
      const all = await days();
      if (query.after) {
        const after = parseCursor(query.after);
        const order = all
          .filter((day) => day >= after.day)
          .map((day) => ({
            day,
            lines: (file: fsp.FileHandle) => linesForward(file, day === after.day ? after.offset : 0),
          }));
        const { found, lastSeen } = await collect(order, query, query.after);
        return { ...base, lines: found, next: lastSeen ?? query.after };
      }
      const from = query.continueUUID ? parseCursor(query.continueUUID) : null;
      const order = all
        .filter((day) => !from || day <= from.day)
        .reverse()
        .map((day) => ({
          day,
          lines: async function* (file: fsp.FileHandle) {
            const end = from && day === from.day ? from.offset : (await file.stat()).size;
            yield* linesBackward(file, end);
          },
        }));
      const { found, lastSeen, complete } = await collect(order, query);
      return { ...base, lines: found, next: complete ? null : lastSeen };
    },
  };
};

export type LogService = ReturnType<typeof createLogService>;
