import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { jobsRoutes as routes } from '../routes/jobs.ts';

export const JobParams = z.lazy(() =>
  z.object({ id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'schema.jobs.id') }),
);

export const JobRun = z.lazy(() =>
  z.object({
    id: z.number().int(),
    startedAt: z.number(),
    durationMs: z.number(),
    outcome: z.enum(['ok', 'error']),
    /** A short report, or the error's message. */
    output: z.string(),
    /** `start`: the server started without a snapshot; `change`: public data was written (issue 23). */
    trigger: z.enum(['schedule', 'catch-up', 'manual', 'start', 'change']),
  }),
);
export type JobRun = z.infer<typeof JobRun>;

export const Job = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    /** Cron expression (5 fields, or 6 with seconds first), in the server's time zone. */
    cron: z.string(),
    enabled: z.boolean(),
    /** Some replica holds the job's lease right now. */
    running: z.boolean(),
    lastRunAt: z.number().nullable(),
    nextRunAt: z.number().nullable(),
    /** The newest runs first; the last 50 are kept. */
    runs: z.array(JobRun),
  }),
);
export type Job = z.infer<typeof Job>;

export const JobUpdate = z.lazy(() =>
  z
    .strictObject({
      cron: z.string().trim().min(1).max(120).optional(),
      enabled: z.boolean().optional(),
    })
    .refine((body) => body.cron !== undefined || body.enabled !== undefined, { message: 'schema.noChanges' }),
);
export type JobUpdate = z.input<typeof JobUpdate>;

export const jobList = defineCall(routes.jobList, () => ({ response: z.array(Job) }));
/** Starts the job now (it runs in the background); 4090 while it is running anywhere. */
export const jobFire = defineCall(routes.jobFire, () => ({ params: JobParams, response: Job }));
export const jobUpdate = defineCall(routes.jobUpdate, () => ({
  params: JobParams,
  body: JobUpdate,
  response: Job,
}));

export const jobsCalls = { jobList, jobFire, jobUpdate } satisfies Record<string, CallDef>;
