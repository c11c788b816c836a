import type { Generated } from 'kysely';

/** When a client's view of a page last counted (migration 0027): decides a view once across replicas. */
export interface AnalyticsSeenTable {
  client_id: number;
  path: string;
  at: number;
}

/** A log line a replica shipped (`LOG_STORE=database`), for the log browser on every replica. */
export interface LogLineTable {
  id: Generated<number>;
  time: number;
  level: number;
  replica: string;
  line: string;
}

/** Part of `Database`. */
export interface SharedTables {
  analytics_seen: AnalyticsSeenTable;
  log_line: LogLineTable;
}
