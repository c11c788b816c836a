import type { Generated } from 'kysely';

/** The analytics module's tables (issue 13). */
export interface AnalyticsTables {
  analytics_client: AnalyticsClientTable;
  analytics_view: AnalyticsViewTable;
  analytics_batch: AnalyticsBatchTable;
}

/** A visitor device seen by analytics (issue 13), keyed by its X-Uuid. */
export interface AnalyticsClientTable {
  id: Generated<number>;
  uuid: string;
  first_seen: number;
  last_seen: number;
  views: number;
  browser: string;
  os: string;
  platform: string;
  ip_hash: string;
  label: string;
  excluded: number;
}

export interface AnalyticsViewTable {
  client_id: number;
  hour: number;
  path: string;
  referrer: string;
  views: number;
}

export interface AnalyticsBatchTable {
  batch_id: string;
  applied_at: number;
}
