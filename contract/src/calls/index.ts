import type { CallDef } from '../call.ts';
import type { RouteName } from '../routes.ts';
import * as system from './system.ts';

/** Every call with its schemas, keyed like `routes`; the `satisfies` keeps the two lists equal. */
export const calls = {
  knock: system.knock,
  systemVersion: system.systemVersion,
  systemInfo: system.systemInfo,
  systemDebug: system.systemDebug,
} satisfies Record<RouteName, CallDef>;

export type Calls = typeof calls;
