import type { RouteDef } from '../routeDef.ts';

/**
 * The owner's files (issue 14): a git repository behind the spec's "github" calls, protected assets
 * and temporary blobs.
 */
export const filesRoutes = {
  filesContent: { method: 'GET', path: '/api/github/content', access: 'owner' },
  filesStage: { method: 'POST', path: '/api/github/blob', access: 'owner' },
  filesCommit: { method: 'POST', path: '/api/github/commit', access: 'owner' },
  filesDeleteDir: { method: 'DELETE', path: '/api/github/commit/dir', access: 'owner' },
  /** Ours: the staged changes. */
  filesStaged: { method: 'GET', path: '/api/github/staged', access: 'owner' },
  /** Ours: drops one staged change (`path`) or all of them. */
  filesDiscard: { method: 'DELETE', path: '/api/github/staged', access: 'owner' },
  /** Ours: a new empty folder, staged. */
  filesMkdir: { method: 'POST', path: '/api/github/folder', access: 'owner' },
  /** Ours: rename or move a file or folder, staged. */
  filesMove: { method: 'POST', path: '/api/github/move', access: 'owner' },
  /** Ours: delete a file or folder, staged. */
  filesRemove: { method: 'POST', path: '/api/github/remove', access: 'owner' },
  /** Ours: the commits that touched a path. */
  filesHistory: { method: 'GET', path: '/api/github/history', access: 'owner' },
  /** Ours: a file as it was in a commit, staged. */
  filesRestore: { method: 'POST', path: '/api/github/restore', access: 'owner' },
  /** Spec §7 protected asset: `?path=frontend/{path}&fingerprint={accessKey}`. */
  protectedAsset: { method: 'GET', path: '/static/blob', access: 'owner' },
  bufferBlob: { method: 'POST', path: '/static/buffer/blob', access: 'owner' },
  /** Ours: a temporary blob, for whoever has its link, until it expires. */
  bufferBlobRead: { method: 'GET', path: '/static/buffer/:id/:name', access: 'public' },
} as const satisfies Record<string, RouteDef>;
