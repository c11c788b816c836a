/** What the entry rules of spec §4 look at. */
export interface GuardContext {
  /** Owner mode: a live access key (spec §4). */
  owner: boolean;
  /** The secret gate is open (logo clicks). */
  gate: boolean;
  /** A stored access key ran out: its owner may come back to /contract to log in again. */
  expired: boolean;
}

/**
 * Spec §4 entry rules: /contract sends an admin to /great-old-one and anyone else to / unless the
 * gate is open or admin access has expired; every /great-old-one route sends a non-admin to
 * /contract with the target in the `redirect` query. Null: enter.
 */
export const guardRedirect = (pathname: string, search: string, ctx: GuardContext): string | null => {
  if (pathname === '/contract') {
    if (ctx.owner) return '/great-old-one';
    return ctx.gate || ctx.expired ? null : '/';
  }
  if ((pathname === '/great-old-one' || pathname.startsWith('/great-old-one/')) && !ctx.owner) {
    return `/contract?redirect=${encodeURIComponent(pathname + search)}`;
  }
  return null;
};
