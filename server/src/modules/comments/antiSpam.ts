import { createHash } from 'node:crypto';
import { conflict, invalidField } from '../../http/errors.ts';
import type { RateLimiter, RateRule } from '../../http/rateLimit.ts';
import { said } from '../../i18n/said.ts';
import type { MetaService } from '../meta/service.ts';
import { editIpBucketOf, ipBucketOf } from './proof.ts';
import type { CommentRepo, TargetRef } from './repo.ts';
import { wordFormOf } from './wordForm.ts';

/** One comment per 10 s and 20 per hour, per device and per IP. */
export const commentRateRules: readonly RateRule[] = [
  { limit: 1, windowMs: 10_000 },
  { limit: 20, windowMs: 3_600_000 },
];
/** The same text this many times within the window, from anyone, is a flood. */
export const floodLimit = 3;
export const floodWindowMs = 3_600_000;

export const bannedWordsMeta = { group: 'comment', key: 'banned-words' } as const;

/** Case, width and whitespace do not make a text different for the duplicate checks. */
export const normalise = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

export const contentHashOf = (text: string): string =>
  createHash('sha256').update(normalise(text)).digest('hex');

/** A word of the owner's list as written, and the form texts are searched for (wordForm.ts). */
export interface ListedWord {
  word: string;
  form: string;
}

/** The owner's list: one word or phrase per line; blank lines (and lines of nothing visible) ignored. */
export const parseWordList = (value: string | undefined): ListedWord[] =>
  (value ?? '')
    .split('\n')
    .map((line) => ({ word: line.trim(), form: wordFormOf(line) }))
    .filter((listed) => listed.form !== '');

/** The forms of the owner's words, as the checks compare them. */
export const parseBannedWords = (value: string | undefined): string[] =>
  parseWordList(value).map((listed) => listed.form);

export interface SpamDeps {
  repo: CommentRepo;
  meta: MetaService;
  rateLimiter: RateLimiter;
  now: () => number;
}

/** The anti-spam rules every visitor's comment passes; the owner skips them all. */
export const createAntiSpam = ({ repo, meta, rateLimiter, now }: SpamDeps) => ({
  /** 4000 naming the field and the word, so a person can rephrase. */
  async refuseBannedWords(fields: Record<string, string | undefined>): Promise<void> {
    const words = parseWordList(await meta.get(bannedWordsMeta.group, bannedWordsMeta.key));
    if (words.length === 0) return;
    for (const [field, text] of Object.entries(fields)) {
      if (!text) continue;
      const form = wordFormOf(text);
      const listed = words.find((w) => form.includes(w.form));
      // The owner's word as listed, not its folded form: the visitor sees which word to leave out.
      if (listed)
        throw invalidField(field, 'bannedWord', said('error.comments.bannedWord', { word: listed.word }));
    }
  },

  /** 4090 for the same text twice under one target from one device, or the same text flooding the site. */
  async refuseDuplicate(uuid: string, target: TargetRef, contentHash: string): Promise<void> {
    if (await repo.hasDuplicate(uuid, target, contentHash)) throw conflict(said('error.comments.duplicate'));
    if ((await repo.countSameContentSince(contentHash, now() - floodWindowMs)) >= floodLimit) {
      throw conflict(said('error.comments.flood'));
    }
  },

  /** 4290 with Retry-After when the device or the IP commented too recently or too often. */
  countPost: (uuid: string, ip: string) =>
    rateLimiter.hit(
      [`comment:uuid:${uuid}`, ipBucketOf(ip)],
      commentRateRules,
      said('error.comments.tooOften'),
    ),

  /**
   * 4290 as for posts, under the same rules, counted apart: fixing a typo right after posting is
   * not refused, but a script rewriting a comment over and over is limited as a poster is.
   */
  countEdit: (uuid: string, ip: string) =>
    rateLimiter.hit(
      [`comment-edit:uuid:${uuid}`, editIpBucketOf(ip)],
      commentRateRules,
      said('error.comments.editTooOften'),
    ),
});

export type AntiSpam = ReturnType<typeof createAntiSpam>;
