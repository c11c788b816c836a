import type { Said, Words } from '../shared/said.ts';
import type { Layout, StitchPlan } from './stitch.ts';

/** Messages between the page and the stitching worker; its words are keys the page translates. */
export type MergeRequest =
  | { type: 'analyze'; files: File[] }
  | { type: 'export'; layout: Layout; mime: 'image/png' | 'image/jpeg'; quality: number };

export type MergeReply =
  | { type: 'progress'; label: Said; done: number; total: number }
  | { type: 'planned'; plan: StitchPlan }
  | { type: 'exported'; blob: Blob; name: string; tiles: number }
  | { type: 'error'; error: Words };
