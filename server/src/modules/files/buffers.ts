import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { type Message, said } from '../../i18n/said.ts';
import type { BlobStorage } from '../../storage/index.ts';

/**
 * Temporary blobs (issue 14, `POST /static/buffer/blob`): a file shared by an unguessable link
 * until it expires; then 404, and the clean-up job removes row and bytes.
 */
export const createBufferBlobs = (deps: { db: Db; storage: BlobStorage; now: () => number }) => {
  const { db, storage, now } = deps;
  return {
    newId: () => randomBytes(12).toString('base64url'),

    async record(row: {
      id: string;
      name: string;
      blobKey: string;
      size: number;
      contentType: string;
      expiresIn: number;
    }) {
      const at = now();
      await db
        .insertInto('buffer_blob')
        .values({
          id: row.id,
          name: row.name,
          blob_key: row.blobKey,
          size: row.size,
          content_type: row.contentType,
          expires_at: at + row.expiresIn * 1000,
          created_at: at,
        })
        .execute();
      return at + row.expiresIn * 1000;
    },

    /** The live blob of this link, or null (unknown, another name, or expired). */
    async find(id: string, name: string) {
      const row = await db.selectFrom('buffer_blob').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || row.name !== name || Number(row.expires_at) <= now()) return null;
      return row;
    },

    /** Removes every expired blob, bytes first; answers a line for the clean-up job's report. */
    async sweepExpired(): Promise<Message> {
      const expired = await db
        .selectFrom('buffer_blob')
        .select(['id', 'blob_key'])
        .where('expires_at', '<=', now())
        .execute();
      for (const row of expired) {
        await storage.delete(row.blob_key);
        await db.deleteFrom('buffer_blob').where('id', '=', row.id).execute();
      }
      return said('files.sweptBuffers', { count: expired.length });
    },
  };
};

export type BufferBlobs = ReturnType<typeof createBufferBlobs>;
