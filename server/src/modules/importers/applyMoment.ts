import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ImportRepo } from './repo.ts';
import type { ImportReport } from './report.ts';
import type { ImportedPost } from './types.ts';

/** A Markdown picture whose address is one of ours (`/files/…`): carried into the moment's grid. */
const OUR_PICTURE = /!\[[^\]]*\]\((\/files\/[^)\s]+)\)/g;

/**
 * A moment from an import (Memos): its text, and the pictures the pipeline stored as the moment's
 * image grid with their sizes, as the moments module keeps them. Written in the batch's transaction
 * like every imported row; a moment already imported is left alone unless the owner chose overwrite.
 */
export const writeMoment = async (
  trx: Kysely<Database>,
  repo: ImportRepo,
  work: { post: ImportedPost; content: string; existingId: number | null },
  ctx: { platform: string; now: number; report: ImportReport },
): Promise<void> => {
  const urls = [...work.content.matchAll(OUR_PICTURE)].map((m) => m[1] ?? '');
  const text = work.content.replace(OUR_PICTURE, '').trim();
  const keys = urls.map((url) => decodeURIComponent(url.slice('/files/'.length)));
  const sizes =
    keys.length === 0
      ? []
      : await trx.selectFrom('image').select(['key', 'width', 'height']).where('key', 'in', keys).execute();
  const images = urls.slice(0, 9).map((url, index) => {
    const size = sizes.find((s) => s.key === keys[index]);
    return { url, width: size?.width ?? 0, height: size?.height ?? 0 };
  });
  const row = {
    content: text,
    images: JSON.stringify(images),
    created_at: work.post.publishedAt || ctx.now,
    updated_at: work.post.updatedAt ?? work.post.publishedAt ?? ctx.now,
  };
  if (work.existingId !== null) {
    await trx.updateTable('moment').set(row).where('id', '=', work.existingId).execute();
    ctx.report.updated += 1;
    return;
  }
  const { id } = await trx.insertInto('moment').values(row).returning('id').executeTakeFirstOrThrow();
  await repo.insertItem({
    platform: ctx.platform,
    kind: 'post',
    source_id: work.post.sourceId,
    target_type: 'moment',
    target_id: id,
    target_ref: null,
    created_at: ctx.now,
  });
  ctx.report.created += 1;
};
