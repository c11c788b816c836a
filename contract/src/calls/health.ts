import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { healthRoutes as routes } from '../routes/health.ts';

export const Liveness = z.lazy(() => z.object({ status: z.literal('ok'), uptimeSeconds: z.number() }));

/** Each check's outcome; a failing one makes the answer 503 (code 5030) naming it in `errors[]`. */
export const Readiness = z.lazy(() =>
  z.object({
    status: z.literal('ready'),
    checks: z.object({ database: z.literal('ok'), migrations: z.literal('ok'), storage: z.literal('ok') }),
  }),
);

export const healthLive = defineCall(routes.healthLive, () => ({ response: Liveness }));
export const healthReady = defineCall(routes.healthReady, () => ({ response: Readiness }));

export const healthCalls = { healthLive, healthReady } satisfies Record<string, CallDef>;
