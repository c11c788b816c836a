import * as z from 'zod';
import { defineCall } from '../call.ts';
import { systemRoutes as routes } from '../routes/system.ts';

export const KnockResponse = z.lazy(() =>
  z.object({
    /** RSA-OAEP (2048, SHA-256) public key, SPKI DER in base64. */
    publicKey: z.string(),
    /** Owner-controlled surprise flag: the client shows the decorative colour overlay. */
    dokkiri: z.boolean(),
  }),
);
export type KnockResponse = z.infer<typeof KnockResponse>;

export const knock = defineCall(routes.knock, () => ({
  body: z.object({}).strict().optional(),
  response: KnockResponse,
}));

export const VersionResponse = z.lazy(() => z.string());

export const systemVersion = defineCall(routes.systemVersion, () => ({
  response: VersionResponse,
}));

export const SystemInfo = z.lazy(() =>
  z.object({
    version: z.string(),
    node: z.string(),
    platform: z.string(),
    database: z.enum(['sqlite', 'postgres']),
    uptimeSeconds: z.number(),
    startedAt: z.number(),
    memory: z.object({ rss: z.number(), heapUsed: z.number() }),
    migrations: z.array(z.string()),
    /** Bytes: the database on disk (SQLite file with its WAL, or PostgreSQL's count). */
    databaseSize: z.number(),
    /** Bytes used under DATA_DIR, and the free/total bytes of its disk. */
    dataDir: z.object({ path: z.string(), used: z.number(), diskFree: z.number(), diskTotal: z.number() }),
    /** The log level now, and when a temporary one (the debug switch) ends; null when it does not. */
    logLevel: z.string(),
    debugUntil: z.number().nullable(),
  }),
);
export type SystemInfo = z.infer<typeof SystemInfo>;

export const systemInfo = defineCall(routes.systemInfo, () => ({
  response: SystemInfo,
}));

export const DebugRequest = z.lazy(() =>
  z
    .object({
      /** Changes the server's log level until the next restart. */
      logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).optional(),
      /**
       * The debug switch (issue 10): with `minutes`, the level holds that long and then returns to the
       * configured one by itself. Without it, until the next restart.
       */
      minutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .optional(),
    })
    .strict(),
);

export const systemDebug = defineCall(routes.systemDebug, () => ({
  body: DebugRequest,
  response: z.object({ logLevel: z.string(), debugUntil: z.number().nullable() }),
}));
