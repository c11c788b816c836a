import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { dashboardRoutes as routes } from '../routes/dashboard.ts';

export const Dashboard = z.lazy(() =>
  z.object({
    essays: z.object({
      total: z.number().int(),
      hidden: z.number().int(),
      /** Reserved for later (not yet due). */
      reserved: z.number().int(),
      /** The reserved essay that comes out next. */
      nextDue: z
        .object({ id: z.number().int(), reservation: z.number().int(), title: z.string() })
        .nullable(),
    }),
    comments: z.object({
      /** Since midnight in the caller's time zone (from X-Local-Time). */
      today: z.number().int(),
      /** In the last seven days. */
      week: z.number().int(),
      total: z.number().int(),
    }),
    moments: z.number().int(),
    anime: z.number().int(),
    waifu: z.number().int(),
  }),
);
export type Dashboard = z.infer<typeof Dashboard>;

export const dashboard = defineCall(routes.dashboard, () => ({ response: Dashboard }));

const BackupPoint = z.lazy(() =>
  z.object({
    id: z.string(),
    createdAt: z.number().int(),
    /** `daily`: the nightly backup; `point`: a point-in-time shipment between them. */
    kind: z.enum(['daily', 'point']),
    /** Bytes of the database and files it restores. */
    size: z.number().int(),
    /** Bytes it uploaded (what was new). */
    newBytes: z.number().int(),
    /** Why a drill found it bad (never offered by restore), or null. */
    bad: z.string().nullable(),
  }),
);

export const DrillResult = z.lazy(() =>
  z.object({
    at: z.number().int(),
    ok: z.boolean(),
    points: z.array(
      z.object({ id: z.string(), createdAt: z.number().int(), ok: z.boolean(), detail: z.string() }),
    ),
  }),
);

export const BackupStatus = z.lazy(() =>
  z.object({
    /** BACKUP_DESTINATION is set: encrypted backups leave the machine. */
    configured: z.boolean(),
    /** The folder or s3:// address (never its credentials). */
    destination: z.string().nullable(),
    /** Seconds between point-in-time shipments (0: nightly only). */
    shipSeconds: z.number().int(),
    /** The owner's identity file is on this server, so the nightly drill can run. */
    drillAvailable: z.boolean(),
    /** Newest first, at most 20. */
    points: z.array(BackupPoint),
    lastDrill: DrillResult.nullable(),
    /** The destination could not be read (its message), else null. */
    error: z.string().nullable(),
  }),
);
export type BackupStatus = z.infer<typeof BackupStatus>;

export const backupStatus = defineCall(routes.backupStatus, () => ({ response: BackupStatus }));

/** Answers a gzipped tar (not the envelope): tables as JSON and every stored file. */
export const systemExport = defineCall(routes.systemExport, () => ({ response: z.unknown() }));

export const dashboardCalls = { dashboard, systemExport, backupStatus } satisfies Record<string, CallDef>;
