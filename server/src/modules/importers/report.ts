import type { FailedPicture } from './pictures.ts';

/** What an import has done so far; stored with the import and written in the same transaction as each batch. */
export interface ImportReport {
  created: number;
  updated: number;
  skipped: number;
  comments: number;
  pictures: number;
  redirects: number;
  failedPictures: FailedPicture[];
  hostCounts: Record<string, number>;
}

export const emptyReport = (): ImportReport => ({
  created: 0,
  updated: 0,
  skipped: 0,
  comments: 0,
  pictures: 0,
  redirects: 0,
  failedPictures: [],
  hostCounts: {},
});

export interface ImportOptions {
  fetchPictures: boolean;
  overwrite: boolean;
}
