import type { DecodeReport } from './decodeFile.ts';

export interface DecryptRequest {
  files: File[];
  key: string;
  iv: string;
}

export type DecryptReply =
  | { type: 'progress'; label: string; done: number; total: number }
  | { type: 'done'; reports: DecodeReport[] }
  | { type: 'error'; message: string };
