// The picture child process (variantsProcess.ts): one picture's copies at a time, or the demo's
// pictures drawn once, from the server's IPC channel; it exits when the server lets go of it.
import { drawDemo } from '../../db/seed/images.ts';
import { makeVariants } from './variants.ts';
import type { ChildAnswer, ChildTask, DemoAnswer } from './variantsProcess.ts';

const send = (answer: ChildAnswer | DemoAnswer) => process.send?.(answer);
const failure = (error: unknown) => ({
  ok: false as const,
  error: error instanceof Error ? error.message : String(error),
});

process.on('message', (message: ChildTask) => {
  if (message.task === 'demo') {
    drawDemo().then(
      (drawn) => send({ ok: true, drawn }),
      (error: unknown) => send(failure(error)),
    );
    return;
  }
  const original = Buffer.from(
    message.original.buffer,
    message.original.byteOffset,
    message.original.byteLength,
  );
  makeVariants(original, message.maxPixels).then(
    (made) => send({ ok: true, made }),
    (error: unknown) => send(failure(error)),
  );
});
process.once('disconnect', () => process.exit(0));
