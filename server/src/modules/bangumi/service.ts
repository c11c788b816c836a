import {
  type Bangumi,
  type BangumiInput,
  type BangumiPatch,
  BangumiStatus,
  type BangumiSubject,
  type BangumiSubjectPage,
} from '@candy/contract/calls/bangumi';
import type { Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { BangumiTable } from '../../db/schema.ts';
import { withoutControlCharacters } from '../../db/textSearch.ts';
import { conflict, invalidField, notFound, providerFailed } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import { type Outbound, OutboundError } from '../../net/outbound.ts';
import { type BangumiProvider, ProviderError } from '../../providers/bangumi/bangumi.ts';
import type { BlobStorage } from '../../storage/index.ts';
import { copyCover } from './covers.ts';
import type { BangumiRepo } from './repo.ts';

const tagsOf = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

export const presentBangumi = (row: Selectable<BangumiTable>): Bangumi => ({
  id: row.id,
  subjectId: row.subject_id,
  title: row.title,
  titleCn: row.title_cn,
  cover: row.cover,
  airDate: row.air_date,
  episodesWatched: row.episodes_watched,
  episodesTotal: row.episodes_total,
  // A status outside the list (a hand-edited row) reads as a wish rather than breaking the page.
  status: BangumiStatus.catch('wish').parse(row.status),
  rating: row.rating,
  review: row.review,
  tags: tagsOf(row.tags),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

export interface BangumiDeps {
  repo: BangumiRepo;
  provider: BangumiProvider;
  storage: BlobStorage;
  now: () => number;
  logger: Logger;
  /** Where covers are copied from: an address the owner typed, checked like every other (DESIGN §11). */
  outbound: Outbound;
  /** The image pipeline (issue 30): covers we store get resized copies, and lose them with the entry. */
  images?: { registerStored(key: string): Promise<boolean>; forget(key: string): Promise<void> };
}

const keyOf = (url: string): string | null =>
  url.startsWith('/files/') ? decodeURIComponent(url.slice('/files/'.length)) : null;

export const createBangumiService = ({
  repo,
  provider,
  storage,
  now,
  logger,
  outbound,
  images,
}: BangumiDeps) => {
  /** Every provider failure becomes 5030 with a message the owner can act on. */
  const ask = async <T>(what: () => Promise<T>): Promise<T> => {
    try {
      return await what();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (/HTTP 404/.test(error.message)) throw notFound(said('error.bangumi.noSubject'));
      logger.warn({ err: error }, 'bangumi lookup failed');
      throw providerFailed(said('error.bangumi.unavailable'));
    }
  };
  /** http(s) covers are copied into our storage; our own `/files/…` ones are kept. */
  const ownCover = async (cover: string): Promise<string> => {
    if (!/^https?:\/\//i.test(cover)) return cover;
    try {
      const copied = await copyCover(cover, storage, outbound);
      const key = keyOf(copied);
      if (key) await images?.registerStored(key);
      return copied;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const cause = error.cause;
      if (cause instanceof OutboundError && (cause.kind === 'refused' || cause.kind === 'invalidUrl'))
        throw invalidField(
          'cover',
          'privateAddress',
          said('error.bangumi.coverRefused', { reason: cause.said }),
        );
      logger.warn({ err: error, cover }, 'bangumi cover copy failed');
      throw providerFailed(said('error.bangumi.coverFailed'));
    }
  };
  /** A cover we copied is ours to delete, with its copies; one chosen from `/files/` is not. */
  const dropCover = async (cover: string): Promise<void> => {
    const key = cover.startsWith('/files/bangumi/') ? keyOf(cover) : null;
    if (!key) return;
    await storage.delete(key).catch(() => undefined);
    await images?.forget(key);
  };
  const get = async (id: number): Promise<Bangumi> => {
    const row = await repo.find(id);
    if (!row) throw notFound(said('error.bangumi.notFound'));
    return presentBangumi(row);
  };
  return {
    list: async (keyword: string | undefined): Promise<Bangumi[]> =>
      (await repo.list(withoutControlCharacters(keyword ?? '').trim() || undefined)).map(presentBangumi),

    subject: (id: number): Promise<BangumiSubject> => ask(() => provider.subject(id)),
    byKeyword: (keyword: string, start: number): Promise<BangumiSubjectPage> =>
      ask(() => provider.byKeyword(keyword, start)),
    byAirDate: (month: string, page: number): Promise<BangumiSubjectPage> =>
      ask(() => provider.byAirDate(month, page)),

    async create(input: z.output<typeof BangumiInput>): Promise<Bangumi> {
      if (input.subjectId !== null && (await repo.bySubject(input.subjectId))) {
        throw conflict(said('error.bangumi.exists'));
      }
      const cover = await ownCover(input.cover);
      const at = now();
      const id = await repo.insert({
        subject_id: input.subjectId,
        title: input.title,
        title_cn: input.titleCn,
        cover,
        air_date: input.airDate,
        episodes_watched: input.episodesWatched,
        episodes_total: input.episodesTotal,
        status: input.status,
        rating: input.rating,
        review: input.review,
        tags: JSON.stringify(input.tags),
        created_at: at,
        updated_at: at,
      });
      return get(id);
    },

    async update(id: number, patch: BangumiPatch): Promise<Bangumi> {
      const before = await get(id);
      const cover = patch.cover === undefined ? undefined : await ownCover(patch.cover);
      await repo.update(id, {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.titleCn !== undefined ? { title_cn: patch.titleCn } : {}),
        ...(cover !== undefined ? { cover } : {}),
        ...(patch.airDate !== undefined ? { air_date: patch.airDate } : {}),
        ...(patch.episodesWatched !== undefined ? { episodes_watched: patch.episodesWatched } : {}),
        ...(patch.episodesTotal !== undefined ? { episodes_total: patch.episodesTotal } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.rating !== undefined ? { rating: patch.rating } : {}),
        ...(patch.review !== undefined ? { review: patch.review } : {}),
        ...(patch.tags !== undefined ? { tags: JSON.stringify(patch.tags) } : {}),
        updated_at: now(),
      });
      if (cover !== undefined && cover !== before.cover) await dropCover(before.cover);
      return get(id);
    },

    async remove(id: number): Promise<{ id: number }> {
      const before = await get(id);
      await repo.remove(id);
      await dropCover(before.cover);
      return { id };
    },
  };
};

export type BangumiService = ReturnType<typeof createBangumiService>;
