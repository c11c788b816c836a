// The image-copies child process (variantsProcess.ts): one picture at a time, from the server's
// IPC channel; it exits when the server lets go of it.
import { makeVariants } from './variants.ts';
import type { ChildAnswer } from './variantsProcess.ts';

const send = (answer: ChildAnswer) => process.send?.(answer);

process.on('message', (message: { original: Uint8Array; maxPixels: number }) => {
  const original = Buffer.from(
    message.original.buffer,
    message.original.byteOffset,
    message.original.byteLength,
  );
  makeVariants(original, message.maxPixels).then(
    (made) => send({ ok: true, made }),
    (error: unknown) => send({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.once('disconnect', () => process.exit(0));
