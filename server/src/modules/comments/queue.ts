import type {
  CommentModerateBody,
  CommentSettings,
  CommentStatus,
} from '@candy/contract/calls/commentModeration';
import type { RecentComment, RecentComments, RecentCommentsQuery } from '@candy/contract/calls/comments';
import type { ModerationSettings } from './moderation.ts';
import { presentComment } from './present.ts';
import type { CommentRepo, CommentRow } from './repo.ts';

export interface QueueDeps {
  repo: CommentRepo;
  moderation: ModerationSettings;
  avatarKey: () => Promise<string>;
  /** Rejecting deletes as the owner would (a thread's head with replies stays as a placeholder). */
  remove: (id: number) => Promise<unknown>;
  /** Comments the owner just let through (replies then tell their answered authors). */
  approved?: (rows: CommentRow[]) => Promise<void>;
}

/**
 * The owner's side of moderation (issue 25): every comment or the queue, searched; approve,
 * reject and mark as spam, one or many at once; the settings that decide what is held.
 */
export const createModerationQueue = ({ repo, moderation, avatarKey, remove, approved }: QueueDeps) => ({
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
  async moderate({ ids, action }: CommentModerateBody): Promise<{ count: number }> {
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
      case 'spam':
        return { count: await repo.markSpam(unique) };
      case 'reject': {
        const rows = await repo.findByIds(unique);
        // Replies first, so that a thread's head whose replies all go is removed rather than kept.
        rows.sort((a, b) => Number(a.parent_id === null) - Number(b.parent_id === null));
        for (const row of rows) await remove(row.id);
        return { count: rows.length };
      }
    }
  },

  settings: (): Promise<CommentSettings> => moderation.load(),

  async saveSettings(settings: CommentSettings): Promise<CommentSettings> {
    await moderation.save(settings);
    return moderation.load();
  },
});

export type ModerationQueue = ReturnType<typeof createModerationQueue>;
