import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AuditLogTable } from '../../db/schema.ts';
import type { OwnerWrite } from '../../http/guards.ts';

export type AuditEntry = Selectable<AuditLogTable>;

/**
 * The audit log of owner writes. The router reports every non-GET owner call here (through the
 * owner guard), so no module can forget; the log browser page reads it with `list`.
 */
export const createAuditLog = (db: Db, now: () => number) => ({
  async record(write: OwnerWrite): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({ ...write, username: write.username.slice(0, 64), created_at: now() })
      .execute();
  },

  /** Newest first; `start` is the last id the caller already has (DESIGN §3 lists). */
  async list({ start, limit = 50 }: { start?: number; limit?: number } = {}) {
    let query = db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit + 1);
    if (start !== undefined) query = query.where('id', '<', start);
    const rows = await query.execute();
    return { list: rows.slice(0, limit), hasMore: rows.length > limit };
  },
});

export type AuditLog = ReturnType<typeof createAuditLog>;
