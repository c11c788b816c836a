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
  /** Comments that found no imported post (reports stored before this field lack it). */
  unmatched?: number;
  unmatchedComments?: UnmatchedComment[];
  hostCounts: Record<string, number>;
}

/** A comment whose post is not here: where it was left, by whom. */
export interface UnmatchedComment {
  sourceId: string;
  author: string;
  postUrl: string;
}

/** The unmatched comments a report keeps by name; past that only their number grows. */
export const UNMATCHED_KEPT = 500;

/** Counts a comment that found no post, and keeps its address while there is room. */
export const noteUnmatched = (report: ImportReport, comment: UnmatchedComment): void => {
  report.unmatched = (report.unmatched ?? 0) + 1;
  report.unmatchedComments ??= [];
  if (report.unmatchedComments.length < UNMATCHED_KEPT) report.unmatchedComments.push(comment);
};

export const emptyReport = (): ImportReport => ({
  created: 0,
  updated: 0,
  skipped: 0,
  comments: 0,
  pictures: 0,
  redirects: 0,
  failedPictures: [],
  unmatched: 0,
  unmatchedComments: [],
  hostCounts: {},
});

export interface ImportOptions {
  fetchPictures: boolean;
  overwrite: boolean;
}
