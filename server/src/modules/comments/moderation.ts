import {
  type CommentSettings,
  type CommentStatus,
  ModerationMode,
  powMaxNumberRange,
} from '@candy/contract/calls/commentModeration';
import type { MetaService } from '../meta/service.ts';
import { parseBannedWords } from './antiSpam.ts';
import { powMaxNumberMeta } from './proof.ts';
import { wordFormOf } from './wordForm.ts';

/** The owner's moderation settings live in meta strings, so the meta page shows them too. */
export const moderationMeta = { group: 'comment', key: 'moderation' } as const;
export const heldWordsMeta = { group: 'comment', key: 'held-words' } as const;

/** An http(s) address or a bare `www.` host: what the comment text renders as a link, and a little more. */
const linkPattern = /https?:\/\/|\bwww\.[a-z0-9-]/i;

export const hasLink = (text: string): boolean => linkPattern.test(text.normalize('NFKC'));

export interface HoldInput {
  mode: ModerationMode;
  /** The forms of the owner's held words (`parseBannedWords`). */
  heldWords: readonly string[];
  content: string;
  guestName: string;
  /** The author (its device) has had a comment approved before. */
  knownAuthor: boolean;
  /** The author's device or address had a comment marked as spam. */
  markedSpammer: boolean;
}

/** Where a new visitor's comment goes: shown at once, held for review, or held as spam. */
export const statusOfNewComment = (input: HoldInput): CommentStatus => {
  if (input.markedSpammer) return 'spam';
  if (input.heldWords.length > 0) {
    // Name and content apart: a word must not be made of the name's end and the content's start.
    const forms = [wordFormOf(input.guestName), wordFormOf(input.content)];
    if (input.heldWords.some((word) => forms.some((form) => form.includes(word)))) return 'held';
  }
  switch (input.mode) {
    case 'none':
      return 'visible';
    case 'links':
      return hasLink(input.content) || hasLink(input.guestName) ? 'held' : 'visible';
    case 'first':
      return input.knownAuthor ? 'visible' : 'held';
    case 'all':
      return 'held';
  }
};

const lines = (value: string | undefined): string[] =>
  (value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const createModerationSettings = (meta: MetaService) => ({
  async load(): Promise<CommentSettings> {
    const [mode, words, maxNumber] = await Promise.all([
      meta.get(moderationMeta.group, moderationMeta.key),
      meta.get(heldWordsMeta.group, heldWordsMeta.key),
      meta.get(powMaxNumberMeta.group, powMaxNumberMeta.key),
    ]);
    const parsedMode = ModerationMode.safeParse(mode);
    const n = Number(maxNumber);
    return {
      // Nothing held until the owner chooses: a site upgraded to this version behaves as before.
      moderation: parsedMode.success ? parsedMode.data : 'none',
      heldWords: lines(words),
      powMaxNumber:
        Number.isInteger(n) && n >= powMaxNumberRange.min && n <= powMaxNumberRange.max
          ? n
          : powMaxNumberRange.default,
    };
  },

  async save(settings: CommentSettings): Promise<void> {
    await meta.set(moderationMeta.group, moderationMeta.key, settings.moderation);
    await meta.set(heldWordsMeta.group, heldWordsMeta.key, settings.heldWords.join('\n'));
    await meta.set(powMaxNumberMeta.group, powMaxNumberMeta.key, String(settings.powMaxNumber));
  },

  /** The held words as the checks compare them. */
  heldWordsOf: (settings: CommentSettings): string[] => parseBannedWords(settings.heldWords.join('\n')),
});

export type ModerationSettings = ReturnType<typeof createModerationSettings>;
