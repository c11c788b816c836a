import type { Words } from '../shared/said.ts';
import type { DecodeReport } from './decodeFile.ts';

export interface DecryptRequest {
  files: File[];
  key: string;
  iv: string;
}

export type DecryptReply =
  | { type: 'progress'; label: Words; done: number; total: number }
  | { type: 'done'; reports: DecodeReport[] }
  | { type: 'error'; error: Words };
