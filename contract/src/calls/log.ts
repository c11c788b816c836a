import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { logRoutes as routes } from '../routes/log.ts';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Where a line stands: `YYYY-MM-DD:byteOffset` in that day's file, or the row number of a line the
 * replicas shipped to the database (`LOG_STORE=database`). Stable, so paging never skips.
 */
export const LogCursor = z.lazy(() =>
  z.string().regex(/^(\d{4}-\d{2}-\d{2}:\d{1,15}|\d{1,15})$/, 'schema.log.id'),
);

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const LogQuery = z.lazy(() =>
  z.strictObject({
    /** The id of the oldest line the client has: the answer continues with older lines. */
    continueUUID: LogCursor.optional(),
    /** Debug and trace lines too (written while the debug switch is on). */
    verbose: flag.default(false),
    /** Ours: lines newer than this id instead, oldest first (following the log live). */
    after: LogCursor.optional(),
    /** Ours: only lines at this level and above (`verbose` still decides about debug). */
    level: z.enum(LOG_LEVELS).optional(),
    /** Ours: lines per page. */
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
);
export type LogQuery = z.input<typeof LogQuery>;

export const LogLine = z.lazy(() =>
  z.object({
    id: z.string(),
    time: z.number(),
    level: z.enum(LOG_LEVELS),
    msg: z.string(),
    reqId: z.string().optional(),
    method: z.string().optional(),
    path: z.string().optional(),
    status: z.number().optional(),
    /** Duration in milliseconds. */
    ms: z.number().optional(),
    err: z
      .object({ type: z.string().optional(), message: z.string(), stack: z.string().optional() })
      .optional(),
    /** The replica that wrote it, when every replica's lines are shown (`LOG_STORE=database`). */
    replica: z.string().optional(),
    /** The line's other fields, as logged (secrets are redacted before they are written). */
    detail: z.record(z.string(), z.unknown()).optional(),
  }),
);
export type LogLine = z.infer<typeof LogLine>;

export const LogPage = z.lazy(() =>
  z.object({
    /**
     * The replica that answered. With `LOG_STORE=files` the lines are its own files'; with
     * `LOG_STORE=database` they are every replica's, each line naming its own.
     */
    replica: z.string(),
    /** Ours: true when the lines are every replica's (`LOG_STORE=database`). */
    shared: z.boolean().optional(),
    /** False when the server writes no log files (`LOG_FILES=false`). */
    enabled: z.boolean(),
    /** Newest first (with `after`: the oldest new lines first). */
    lines: z.array(LogLine),
    /** Pass as `continueUUID` (or `after`) to go on; null when there is nothing further. */
    next: z.string().nullable(),
  }),
);
export type LogPage = z.infer<typeof LogPage>;

export const logList = defineCall(routes.logList, () => ({ query: LogQuery, response: LogPage }));

export const logCalls = { logList } satisfies Record<string, CallDef>;
