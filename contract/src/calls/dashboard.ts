import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { dashboardRoutes as routes } from '../routes/dashboard.ts';

export const Dashboard = z.object({
  essays: z.object({
    total: z.number().int(),
    hidden: z.number().int(),
    /** Reserved for later (not yet due). */
    reserved: z.number().int(),
    /** The reserved essay that comes out next. */
    nextDue: z.object({ id: z.number().int(), reservation: z.number().int(), title: z.string() }).nullable(),
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
});
export type Dashboard = z.infer<typeof Dashboard>;

export const dashboard = defineCall(routes.dashboard, { response: Dashboard });

/** Answers a gzipped tar (not the envelope): tables as JSON and every stored file. */
export const systemExport = defineCall(routes.systemExport, { response: z.unknown() });

export const dashboardCalls = { dashboard, systemExport } satisfies Record<string, CallDef>;
