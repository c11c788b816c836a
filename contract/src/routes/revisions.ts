import type { RouteDef } from '../routeDef.ts';

/**
 * Revisions and server drafts of the owner's writing (issue 24): every save of an essay or of the
 * about page keeps a revision; the desk's autosave keeps one draft per essay (and one for a new one).
 */
export const revisionsRoutes = {
  revisionList: { method: 'GET', path: '/blog/revisions/:target/:targetId', access: 'owner' },
  revisionDetail: { method: 'GET', path: '/blog/revision/:id', access: 'owner' },
  revisionRestore: { method: 'POST', path: '/blog/revision/:id/restore', access: 'owner' },
  draftDetail: { method: 'GET', path: '/blog/draft/:target/:targetId', access: 'owner' },
  draftSave: { method: 'PUT', path: '/blog/draft/:target/:targetId', access: 'owner' },
  draftDelete: { method: 'DELETE', path: '/blog/draft/:target/:targetId', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
