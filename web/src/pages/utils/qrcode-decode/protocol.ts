import type { Words } from '../shared/said.ts';
import type { FoundCode } from './readCodes.ts';

export type Engine = 'native' | 'zxing';

export interface QrRequest {
  id: number;
  image: Blob | ImageBitmap;
}

export type QrReply =
  | { type: 'result'; id: number; codes: FoundCode[]; engine: Engine; width: number; height: number }
  | { type: 'error'; id: number; error: Words };
