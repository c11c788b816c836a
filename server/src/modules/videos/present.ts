import type { Collection, Material, MaterialStatus, PublicMaterial } from '@candy/contract/calls/videos';
import type { CollectionRow, MaterialRow } from './repo.ts';

/** Where a clip's media blob is served: `{apiBase}/video/media/{id}/{file}`. */
export const mediaUrl = (apiBase: string, id: number, key: string | null): string | null =>
  key ? `${apiBase}/video/media/${id}/${key.split('/').pop()}` : null;

export const statusOf = (row: MaterialRow): MaterialStatus => {
  if (row.state === 'ready' && row.published_at !== null) return 'published';
  return row.state;
};

const seconds = (ms: number | null): number | null => (ms === null ? null : Number(ms) / 1000);

export const parseIds = (json: string): number[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
};

export const presentMaterial = (row: MaterialRow, apiBase: string): Material => ({
  id: row.id,
  title: row.title,
  description: row.description,
  tags: JSON.parse(row.tags) as string[],
  sourcePath: row.source_path,
  uploadName: row.upload_name,
  start: Number(row.start_ms) / 1000,
  end: seconds(row.end_ms),
  coverAt: seconds(row.cover_at_ms),
  status: statusOf(row),
  progress: row.progress,
  error: row.error,
  duration: seconds(row.duration_ms),
  width: row.width,
  height: row.height,
  size: row.size === null ? null : Number(row.size),
  cover: mediaUrl(apiBase, row.id, row.cover_key),
  url: mediaUrl(apiBase, row.id, row.media_key),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
  publishedAt: row.published_at === null ? null : Number(row.published_at),
});

/** A clip as visitors see it; null when they may not (unpublished, or no media yet). */
export const presentPublicMaterial = (row: MaterialRow, apiBase: string): PublicMaterial | null => {
  const url = mediaUrl(apiBase, row.id, row.media_key);
  if (row.published_at === null || url === null) return null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    duration: Number(row.duration_ms ?? 0) / 1000,
    width: row.width ?? 0,
    height: row.height ?? 0,
    url,
    poster: mediaUrl(apiBase, row.id, row.cover_key),
    publishedAt: Number(row.published_at),
  };
};

export const presentCollection = (
  row: CollectionRow,
  materials: Map<number, MaterialRow>,
  apiBase: string,
): Collection => {
  const materialIds = parseIds(row.material_ids);
  const coverFrom = materials.get(row.cover_material_id ?? materialIds[0] ?? -1);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    coverMaterialId: row.cover_material_id,
    cover: coverFrom ? mediaUrl(apiBase, coverFrom.id, coverFrom.cover_key) : null,
    materialIds,
    status: row.published_at === null ? 'draft' : 'published',
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
};
