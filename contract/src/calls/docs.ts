import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { docsRoutes as routes } from '../routes/docs.ts';

/** Answers the OpenAPI document itself (not wrapped in the envelope). */
export const openapi = defineCall(routes.openapi, () => ({ response: z.record(z.string(), z.unknown()) }));

export const docsCalls = { openapi } satisfies Record<string, CallDef>;
