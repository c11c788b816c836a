/** One log line, whatever format it came from. */
export interface LogRecord {
  /** Epoch milliseconds, when the line carries a time. */
  time: number | null;
  /** Logan's `f` (log type) or a text log's level letter. */
  type: string;
  thread: string;
  threadId: string;
  main: boolean | null;
  message: string;
  source: string;
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** A Logan line: JSON with c (message), f (type), l (epoch ms), n (thread), i (thread id), m (main). */
export const loganRecord = (line: string, source: string): LogRecord => {
  try {
    const json: unknown = JSON.parse(line);
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      const r = json as Record<string, unknown>;
      const time = Number(r.l);
      return {
        time: Number.isFinite(time) && r.l !== undefined && r.l !== '' ? time : null,
        type: text(r.f),
        thread: text(r.n),
        threadId: text(r.i),
        main: r.m === undefined ? null : r.m === true || r.m === 'true',
        message: text(r.c),
        source,
      };
    }
  } catch {
    // Not JSON: keep the line as it is rather than dropping it.
  }
  return { time: null, type: '', thread: '', threadId: '', main: null, message: line, source };
};

// Mars: [I][2024-01-02 +8.0 12:34:56.789][pid, tid*][tag]… — `*` marks the main thread.
const MARS_LINE =
  /^\[([VDIWEF])\]\[(\d{4}-\d{2}-\d{2}) ([+-]\d+(?:\.\d+)?) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,3}))?\](?:\[\s*(\d+),\s*(\d+)(\*?)\])?/;
// Plain logs: a leading 2024-01-02 12:34:56(.789) or 2024-01-02T12:34:56(.789)(Z|+08:00).
const ISO_START = /^\[?(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:[.,](\d{1,3}))?(Z|[+-]\d{2}:?\d{2})?/;
const LEVEL = /(?:^|[\s[])(VERBOSE|DEBUG|INFO|WARN(?:ING)?|ERROR|FATAL|[VDIWEF])(?:[\s\]/:])/;

const zoneTime = (date: string, time: string, ms: string | undefined, offsetHours: number): number =>
  Date.parse(`${date}T${time}.${(ms ?? '0').padEnd(3, '0')}Z`) - offsetHours * 3_600_000;

export const textRecord = (line: string, source: string): LogRecord => {
  const mars = MARS_LINE.exec(line);
  if (mars) {
    return {
      time: zoneTime(mars[2]!, mars[4]!, mars[5], Number(mars[3])),
      type: mars[1]!,
      thread: '',
      threadId: mars[7] ?? '',
      main: mars[7] === undefined ? null : mars[8] === '*',
      message: line,
      source,
    };
  }
  const iso = ISO_START.exec(line);
  let time: number | null = null;
  if (iso) {
    const zone = iso[4];
    const stamp = `${iso[1]}T${iso[2]}.${(iso[3] ?? '0').padEnd(3, '0')}`;
    // Without a zone the time is the phone's local time; the viewer's zone is the best guess.
    const parsed = Date.parse(
      zone ? `${stamp}${zone === 'Z' ? 'Z' : zone.replace(/(\d{2})(\d{2})$/, '$1:$2')}` : stamp,
    );
    time = Number.isNaN(parsed) ? null : parsed;
  }
  const level = LEVEL.exec(line)?.[1] ?? '';
  return {
    time,
    type: level.length > 1 ? level[0]! : level,
    thread: '',
    threadId: '',
    main: null,
    message: line,
    source,
  };
};

export const splitLines = (content: string): string[] =>
  content.split(/\r?\n/).filter((l) => l.trim() !== '');
