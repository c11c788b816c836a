import type { Generated } from 'kysely';

/** A video clip; also its processing queue entry (migration 0011). */
export interface VideoMaterialTable {
  id: Generated<number>;
  title: string;
  description: string;
  tags: string;
  source_path: string | null;
  upload_key: string | null;
  upload_name: string | null;
  start_ms: number;
  end_ms: number | null;
  cover_at_ms: number | null;
  state: 'draft' | 'processing' | 'ready' | 'failed';
  progress: Generated<number>;
  error: string | null;
  job_rev: Generated<number>;
  queued_at: number | null;
  lease_until: number | null;
  duration_ms: number | null;
  width: number | null;
  height: number | null;
  size: number | null;
  media_key: string | null;
  cover_key: string | null;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}

/** A published or draft playlist of clips (`material_ids` is a JSON list, in order). */
export interface VideoCollectionTable {
  id: Generated<number>;
  title: string;
  description: string;
  cover_material_id: number | null;
  material_ids: string;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

/** ffprobe's answer for a source file, valid while its mtime and size are unchanged. */
export interface VideoProbeTable {
  path: string;
  mtime_ms: number;
  size: number;
  info: string;
}
