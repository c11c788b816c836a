import type { LogPage } from '@candy/contract/calls/log';
import type { Db } from '../../db/index.ts';
import { LEVEL_VALUES, type LogPageQuery, toLogLine } from './service.ts';

/**
 * Reads the lines every replica shipped to the `log_line` table (`LOG_STORE=database`): whichever
 * replica nginx sends the owner to, the browser shows all of them, each marked with its replica. A
 * line's id is its row number, so pages continue exactly where the last one stopped.
 */
export const createSharedLogService = (deps: {
  db: Db;
  replica: string;
  /** Ships this replica's buffered lines first, so a request made just before is on the page. */
  settled?: () => Promise<void>;
}) => ({
  async page(query: LogPageQuery): Promise<LogPage> {
    await deps.settled?.();
    const minimum = Math.max(
      LEVEL_VALUES[query.level ?? 'trace'],
      query.verbose ? LEVEL_VALUES.trace : LEVEL_VALUES.info,
    );
    let select = deps.db
      .selectFrom('log_line')
      .select(['id', 'replica', 'line'])
      .where('level', '>=', minimum)
      .limit(query.limit);
    // A files cursor (`day:offset`, from before the switch) reads as no cursor: the newest lines.
    const cursorId = (cursor?: string) => (cursor && /^\d+$/.test(cursor) ? Number(cursor) : undefined);
    const after = cursorId(query.after);
    const before = cursorId(query.continueUUID);
    if (query.after !== undefined) {
      select = select.where('id', '>', after ?? 0).orderBy('id', 'asc');
    } else {
      if (before !== undefined) select = select.where('id', '<', before);
      select = select.orderBy('id', 'desc');
    }
    const rows = await select.execute();
    const lines = rows.map((row) => ({ ...toLogLine(String(row.id), row.line), replica: row.replica }));
    const last = lines.at(-1)?.id ?? null;
    return {
      replica: deps.replica,
      enabled: true,
      shared: true,
      lines,
      next: query.after !== undefined ? (last ?? query.after) : rows.length < query.limit ? null : last,
    };
  },
});
