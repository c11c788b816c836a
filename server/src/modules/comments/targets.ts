import type { CommentTargetType } from '@candy/contract/calls/comments';

/**
 * What comments need to know about the things they hang under: whether the caller may see (and so
 * comment on) a target. Hidden and not-yet-published essays are the owner's alone.
 */
export interface CommentTargets {
  isVisible(type: CommentTargetType, id: number, owner: boolean): Promise<boolean>;
}

/** The parts of the essays and articles services that comments use. */
export interface EssayVisibility {
  isVisible(id: number, owner: boolean): Promise<boolean>;
}
export interface ArticleExistence {
  exists(id: number): Promise<boolean>;
}

/** Moments are dark content: their comments (fediverse replies) are the owner's to read and answer. */
export interface MomentExistence {
  exists(id: number): Promise<boolean>;
}

export const serviceTargets = (
  essays: EssayVisibility,
  articles: ArticleExistence,
  moments: MomentExistence,
): CommentTargets => ({
  isVisible: async (type, id, owner) => {
    switch (type) {
      case 'essay':
        return essays.isVisible(id, owner);
      case 'article':
        return articles.exists(id);
      case 'moment':
        return owner && (await moments.exists(id));
    }
  },
});
