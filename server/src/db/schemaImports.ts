import type { Generated } from 'kysely';

/** One import (issue 27): uploaded, parsed and previewed, then applied batch by batch by a job. */
export interface ImportJobTable {
  id: Generated<number>;
  platform: string;
  file_name: string;
  status: 'previewed' | 'queued' | 'running' | 'done' | 'failed';
  options: string;
  bundle: string;
  cursor: Generated<number>;
  total: number;
  report: string;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** What an imported source item became here: the idempotence key. */
export interface ImportItemTable {
  platform: string;
  kind: 'post' | 'comment' | 'picture';
  source_id: string;
  target_type: string;
  target_id: number;
  target_ref: string | null;
  created_at: number;
}

/** An old site's path that answers 301 to the imported item's new address. */
export interface ImportRedirectTable {
  id: Generated<number>;
  old_path: string;
  target_path: string;
  platform: string;
  source_id: string;
  created_at: number;
}

/** The importers' tables (issue 27), part of `Database`. */
export interface ImportTables {
  import_job: ImportJobTable;
  import_item: ImportItemTable;
  import_redirect: ImportRedirectTable;
}
