import type { CommentTargetType } from '@candy/contract/calls/comments';

/**
 * What comments need to know about the things they hang under: whether the caller may see (and so
 * comment on) a target. Hidden and not-yet-published essays are the owner's alone.
 */
export interface CommentTargets {
  /** Whether the caller may see the target's thread and comment under it. */
  isVisible(type: CommentTargetType, id: number, owner: boolean): Promise<boolean>;
  /**
   * Whether the caller may read the target's thread: a moment's with the dark key too (moments are
   * dark content), though only the owner writes under one.
   */
  isReadable(
    type: CommentTargetType,
    id: number,
    reader: { owner: boolean; dark: boolean },
  ): Promise<boolean>;
}

/** The parts of the essays and articles services that comments use. */
export interface EssayVisibility {
  isVisible(id: number, owner: boolean): Promise<boolean>;
}
export interface ArticleExistence {
  exists(id: number): Promise<boolean>;
}

/** Moments are dark content: their comments (fediverse replies) are read with the dark key, answered by the owner. */
export interface MomentExistence {
  exists(id: number): Promise<boolean>;
}

export const serviceTargets = (
  essays: EssayVisibility,
  articles: ArticleExistence,
  moments: MomentExistence,
): CommentTargets => {
  const isVisible: CommentTargets['isVisible'] = async (type, id, owner) => {
    switch (type) {
      case 'essay':
        return essays.isVisible(id, owner);
      case 'article':
        return articles.exists(id);
      case 'moment':
        return owner && (await moments.exists(id));
    }
  };
  return {
    isVisible,
    isReadable: async (type, id, { owner, dark }) =>
      type === 'moment' ? (owner || dark) && (await moments.exists(id)) : isVisible(type, id, owner),
  };
};
