import { randomUUID } from 'node:crypto';
import type {
  CommentModerateBody,
  CommentModerateResult,
  CommentSettings,
  CommentSpamPreview,
  CommentStatus,
} from '@candy/contract/calls/commentModeration';
import type { RecentComment, RecentComments, RecentCommentsQuery } from '@candy/contract/calls/comments';
import { notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { ModerationSettings } from './moderation.ts';
import { presentComment } from './present.ts';
import type { CommentRepo, CommentRow } from './repo.ts';
import type { SpamMarkRepo } from './spamMarks.ts';

export interface QueueDeps {
  repo: CommentRepo;
  spamMarks: SpamMarkRepo;
  moderation: ModerationSettings;
  avatarKey: () => Promise<string>;
  /** Rejecting deletes as the owner would (a thread's head with replies stays as a placeholder). */
  remove: (id: number) => Promise<unknown>;
  /** Comments the owner just let through (replies then tell their answered authors). */
  approved?: (rows: CommentRow[]) => Promise<void>;
  now: () => number;
}

/**
 * The owner's side of moderation (issue 25): every comment or the queue, searched; approve,
 * reject and mark as spam, one or many at once; the settings that decide what is held.
 */
export const createModerationQueue = ({
  repo,
  spamMarks,
  moderation,
  avatarKey,
  remove,
  approved,
  now,
}: QueueDeps) => ({
  async recent(query: RecentCommentsQuery): Promise<RecentComments> {
    const key = await avatarKey();
    const filter = { status: query.status, q: query.q || undefined };
    const rows = await repo.recent(filter, (query.page - 1) * query.size, query.size);
    const answered = new Set(rows.map((r) => r.reply_to_id).filter((id): id is number => id !== null));
    const names = new Map((await repo.findByIds([...answered])).map((row) => [row.id, row.guest_name]));
    const [total, held] = await Promise.all([
      repo.countMatching(filter),
      repo.countMatching({ status: 'held' }),
    ]);
    return {
      list: rows.map((row) => ({
        ...presentComment(row, { uuid: undefined, owner: true }, key, (id) => names.get(id)),
        targetType: row.target_type as RecentComment['targetType'],
        targetId: row.target_id,
        status: row.status as CommentStatus,
      })),
      total,
      held,
    };
  },

  /** Answers how many comments changed; ids already gone are skipped. */
  async moderate({ ids, action }: CommentModerateBody): Promise<CommentModerateResult> {
    const unique = [...new Set(ids)];
    switch (action) {
      case 'approve': {
        const waiting = (await repo.findByIds(unique)).filter(
          (row) => row.status !== 'visible' && row.deleted === 0,
        );
        const count = await repo.setStatus(unique, 'visible');
        await approved?.(waiting);
        return { count };
      }
      case 'spam': {
        const undo = randomUUID();
        return { count: await spamMarks.mark(unique, undo, now()), undo };
      }
      case 'reject': {
        const rows = await repo.findByIds(unique);
        // Replies first, so that a thread's head whose replies all go is removed rather than kept.
        rows.sort((a, b) => Number(a.parent_id === null) - Number(b.parent_id === null));
        for (const row of rows) await remove(row.id);
        return { count: rows.length };
      }
    }
  },

  /** What a spam mark on `ids` would hide, for the owner's confirmation. */
  async spamPreview(ids: readonly number[]): Promise<CommentSpamPreview> {
    const rows = await spamMarks.scope([...new Set(ids)]);
    return { comments: rows.length, devices: new Set(rows.map((row) => row.uuid || row.id)).size };
  },

  /** 撤销 a spam mark; 4040 once it was undone or is too old. */
  async undoSpam(undo: string): Promise<{ count: number }> {
    const count = await spamMarks.undo(undo, now());
    if (count === undefined) throw notFound(said('error.comments.undoGone'));
    return { count };
  },

  settings: (): Promise<CommentSettings> => moderation.load(),

  async saveSettings(settings: CommentSettings): Promise<CommentSettings> {
    await moderation.save(settings);
    return moderation.load();
  },
});

export type ModerationQueue = ReturnType<typeof createModerationQueue>;
