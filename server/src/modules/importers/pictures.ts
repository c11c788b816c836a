import type { Language } from '@candy/contract/languages';
import { type Message, messageOf, SaidError, said, sayIn } from '../../i18n/said.ts';
import { type Outbound, OutboundError } from '../../net/outbound.ts';
import type { ImportRepo } from './repo.ts';
import type { ImportedPost } from './types.ts';

export interface FailedPicture {
  url: string;
  sourceId: string;
  reason: string;
}

export interface PictureDeps {
  repo: ImportRepo;
  platform: string;
  /** The owner ticked "fetch pictures from their old URLs". */
  fetch: boolean;
  outbound: Outbound;
  /** Stores through the image pipeline; answers the picture's new URL. */
  store: (bytes: Uint8Array) => Promise<string>;
  maxBytes: number;
  /** Fetches per old host in one import, so one import cannot hammer (or be used against) a host. */
  perHostLimit: number;
  /** The site's language (SITE_LANGUAGE): the report keeps the reasons in it. */
  language: Language;
  /** Fetches so far per host in this import (kept in the import's report, so a resume counts on). */
  hostCounts: Record<string, number>;
  now: () => number;
}

const reasonOf = (error: unknown): Message =>
  error instanceof OutboundError ? said(`importers.picture.${error.kind}`) : messageOf(error);

/**
 * Carries one post's pictures: from the archive when it holds them, else from the old URL when the
 * owner asked; each stored once per import source (a second import reuses it) and rewritten in the
 * content. Whatever could not be carried is answered, and the content keeps its old address.
 */
export const carryPictures = async (
  post: ImportedPost,
  deps: PictureDeps,
): Promise<{ content: string; stored: number; failed: FailedPicture[] }> => {
  let content = post.content;
  let stored = 0;
  const failed: FailedPicture[] = [];
  for (const picture of post.pictures) {
    const key = picture.url ?? `archive:${picture.ref}`;
    const fail = (reason: Message) =>
      failed.push({
        url: picture.url ?? picture.ref,
        sourceId: post.sourceId,
        reason: sayIn(deps.language, reason),
      });
    const known = await deps.repo.findItem(deps.platform, 'picture', key);
    let url = known?.target_ref ?? null;
    if (!url) {
      try {
        let bytes = picture.bytes;
        if (!bytes && picture.url) {
          if (!deps.fetch) {
            fail(said('importers.picture.notFetched'));
            continue;
          }
          const host = new URL(picture.url).host;
          const count = deps.hostCounts[host] ?? 0;
          if (count >= deps.perHostLimit) {
            fail(said('importers.picture.hostLimit', { limit: deps.perHostLimit }));
            continue;
          }
          deps.hostCounts[host] = count + 1;
          const answer = await deps.outbound.fetch(picture.url, {
            maxBytes: deps.maxBytes,
            timeoutMs: 20_000,
          });
          if (answer.status !== 200)
            throw new SaidError(said('importers.picture.status', { status: answer.status }));
          bytes = answer.body;
        }
        if (!bytes) {
          fail(said('importers.picture.notInArchive'));
          continue;
        }
        url = await deps.store(bytes);
        await deps.repo.insertItem({
          platform: deps.platform,
          kind: 'picture',
          source_id: key,
          target_type: 'picture',
          target_id: 0,
          target_ref: url,
          created_at: deps.now(),
        });
        stored += 1;
      } catch (error) {
        fail(reasonOf(error));
        continue;
      }
    }
    content = content.split(picture.ref).join(url);
  }
  return { content, stored, failed };
};
