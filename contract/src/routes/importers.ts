import type { RouteDef } from '../routeDef.ts';

/**
 * Moving in (issue 27): an export from another platform is uploaded and previewed, then applied in
 * batches by the `import-batches` job; the old site's addresses answer 301 to their new pages.
 */
export const importersRoutes = {
  /** Multipart (`file`, `platform`, `fetchPictures`, `overwrite`): parses and answers the preview. */
  importUpload: { method: 'POST', path: '/import/job', access: 'owner' },
  importJobs: { method: 'GET', path: '/import/job', access: 'owner' },
  importJob: { method: 'GET', path: '/import/job/:id', access: 'owner' },
  /** Queues the previewed import for the job runner; answers at once, the page polls `importJob`. */
  importApply: { method: 'POST', path: '/import/job/:id/apply', access: 'owner' },
  importRedirects: { method: 'GET', path: '/import/redirect', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
