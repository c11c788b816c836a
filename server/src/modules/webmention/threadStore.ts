import type { Language } from '@candy/contract/languages';
import type { MentionKind } from '../../db/schemaWebmentions.ts';
import { serverText } from '../../i18n/serverText.ts';
import type { Mention } from './mention.ts';
import type { ReceivedRow } from './repo.ts';
import type { MentionStore } from './verifier.ts';

type Target = { targetType: 'essay'; targetId: number };

/**
 * What the comments module offers for reactions from elsewhere (its `remote` service, issue 29):
 * the one thread every reaction joins, with its sanitising, moderation queue and notifications.
 */
export interface RemoteThread {
  addComment(
    input: Target & {
      source: 'webmention';
      remoteId: string;
      authorName: string;
      authorUrl: string | null;
      authorAvatar: string | null;
      html: string;
    },
  ): Promise<unknown>;
  updateComment(remoteId: string, html: string, authorUrl: string | null): Promise<boolean>;
  removeComment(remoteId: string, authorUrl: string | null): Promise<boolean>;
  addReaction(
    input: Target & {
      kind: 'like' | 'repost';
      source: 'webmention';
      remoteId: string;
      actorUrl: string;
      actorName: string;
    },
  ): Promise<boolean>;
  removeReaction(remoteId: string): Promise<boolean>;
}

const isComment = (kind: MentionKind): kind is 'reply' | 'mention' => kind === 'reply' || kind === 'mention';

/**
 * Our text as the HTML the thread takes: escaped, so it stays exactly this text (the thread turns
 * HTML into text; text that looks like markup must not become any).
 */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A mention's remote id in the thread: one per received row (a page mentioning two essays is two
 * mentions), starting with the source so the owner recognises it.
 */
export const remoteIdOf = (row: ReceivedRow): string => `${row.source}#webmention-${row.id}`.slice(-2000);

/**
 * Verified mentions as the thread's rows (source `webmention`): a reply or a plain mention is a
 * comment by the remote author, a like or a repost a reaction. A mention without text says where it
 * was made, so the comment is never empty.
 */
/** `language`: the site's (SITE_LANGUAGE), for a mention without words of its own. */
export const threadStore = (thread: RemoteThread, language: Language): MentionStore => {
  const remove = async (row: ReceivedRow, kind: MentionKind) => {
    if (isComment(kind)) await thread.removeComment(remoteIdOf(row), null);
    else await thread.removeReaction(remoteIdOf(row));
  };

  const add = async (row: ReceivedRow, mention: Mention) => {
    const target: Target = { targetType: 'essay', targetId: row.target_id };
    if (isComment(mention.kind)) {
      await thread.addComment({
        ...target,
        source: 'webmention',
        remoteId: remoteIdOf(row),
        authorName: mention.authorName,
        authorUrl: mention.authorUrl,
        authorAvatar: mention.authorPhoto,
        html: asHtml(textOf(row, mention, language)),
      });
      return;
    }
    await thread.addReaction({
      ...target,
      kind: mention.kind,
      source: 'webmention',
      remoteId: remoteIdOf(row),
      actorUrl: mention.authorUrl,
      actorName: mention.authorName,
    });
  };

  return {
    async save(row, mention, previous) {
      if (previous !== null && isComment(previous) && isComment(mention.kind)) {
        await thread.updateComment(remoteIdOf(row), asHtml(textOf(row, mention, language)), null);
        return;
      }
      if (previous === mention.kind) return;
      if (previous !== null) await remove(row, previous);
      await add(row, mention);
    },
    remove,
  };
};

const textOf = (row: ReceivedRow, mention: Mention, language: Language): string =>
  mention.content || serverText(language, 'webmention.mentioned', { source: row.source });
