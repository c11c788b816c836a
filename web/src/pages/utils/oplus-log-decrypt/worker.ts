/// <reference lib="webworker" />
import { SaidError, said, wordsOf } from '../shared/said.ts';
import { decodeLogFile } from './decodeFile.ts';
import type { DecryptReply, DecryptRequest } from './protocol.ts';

const reply = (message: DecryptReply) => self.postMessage(message);

const run = async ({ files, key, iv }: DecryptRequest) => {
  if (!globalThis.crypto?.subtle) {
    throw new SaidError(said('utils.oplus-log-decrypt.noCrypto'));
  }
  const reports = [];
  for (const [n, file] of files.entries()) {
    reply({ type: 'progress', label: file.name, done: n, total: files.length });
    const bytes = new Uint8Array(await file.arrayBuffer());
    reports.push(
      ...(await decodeLogFile(bytes, file.name, {
        key,
        iv,
        // Progress within one file, spread over that file's share of the bar.
        onProgress: (done, total) =>
          reply({
            type: 'progress',
            label: file.name,
            done: n + done / Math.max(1, total),
            total: files.length,
          }),
      })),
    );
  }
  reply({ type: 'done', reports });
};

self.onmessage = (event: MessageEvent<DecryptRequest>) => {
  run(event.data).catch((error: unknown) => reply({ type: 'error', error: wordsOf(error) }));
};
