import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/index.ts';
import { list, type Message, said } from '../../i18n/said.ts';

const DAY = 86_400_000;

/**
 * Clean-up (issue 12): expired handshakes, login attempts older than 30 days, rate-limit windows
 * that ran out, access keys 30 days after they ended, old log files, and whatever else registered a
 * sweeper (temporary blobs, when that module exists). The tables are the auth and system modules';
 * their rows carry their own expiry, so this only deletes what nobody may read any more.
 */
export const cleanUp = async (
  db: Db,
  options: { now: number; logDir: string; logDays: number; sweepers?: (() => Promise<Message>)[] },
): Promise<Message> => {
  const lines: Message[] = [];
  const count = (result: { numDeletedRows: bigint }[]) => Number(result[0]?.numDeletedRows ?? 0);
  lines.push(
    said('jobs.cleanup.handshakes', {
      count: count(await db.deleteFrom('handshake').where('expires_at', '<', options.now).execute()),
    }),
  );
  lines.push(
    said('jobs.cleanup.loginAttempts', {
      count: count(
        await db
          .deleteFrom('login_attempt')
          .where('created_at', '<', options.now - 30 * DAY)
          .execute(),
      ),
    }),
  );
  lines.push(
    said('jobs.cleanup.rateLimits', {
      count: count(await db.deleteFrom('rate_limit').where('expires_at', '<', options.now).execute()),
    }),
  );
  lines.push(
    said('jobs.cleanup.accessKeys', {
      count: count(
        await db
          .deleteFrom('access_key')
          .where('expires_at', '<', options.now - 30 * DAY)
          .execute(),
      ),
    }),
  );
  let logs = 0;
  try {
    for (const file of await fsp.readdir(options.logDir)) {
      const day = /^(\d{4}-\d{2}-\d{2})\.log$/.exec(file)?.[1];
      if (day && Date.parse(day) < options.now - options.logDays * DAY) {
        await fsp.rm(path.join(options.logDir, file), { force: true });
        logs += 1;
      }
    }
  } catch {
    // No log directory yet: nothing to prune.
  }
  lines.push(said('jobs.cleanup.logFiles', { count: logs }));
  // Lines the replicas shipped (LOG_STORE=database) age out like the files.
  lines.push(
    said('jobs.cleanup.logLines', {
      count: count(
        await db
          .deleteFrom('log_line')
          .where('time', '<', options.now - options.logDays * DAY)
          .execute(),
      ),
    }),
  );
  for (const sweep of options.sweepers ?? []) lines.push(await sweep());
  return said('jobs.cleanup.done', { lines: list(lines, said('list.comma')) });
};
