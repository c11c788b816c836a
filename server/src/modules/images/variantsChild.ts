// The picture child process (variantsProcess.ts): one picture's copies at a time, or the demo's
// pictures drawn once, from the server's IPC channel; it exits when the server lets go of it.
// `node imageVariants.js --prepare-demo DIR` (scripts/build.mjs): the demo's pictures and their
// copies made once into DIR (preparedDemo.ts), unless DIR already holds them for this bundle.
import path from 'node:path';
import { drawDemo } from '../../db/seed/images.ts';
import { demoFingerprint, readPreparedDemo, writePreparedDemo } from './preparedDemo.ts';
import { makeVariants } from './variants.ts';
import type { ChildAnswer, ChildTask, DemoAnswer } from './variantsProcess.ts';

const send = (answer: ChildAnswer | DemoAnswer) => process.send?.(answer);
const failure = (error: unknown) => ({
  ok: false as const,
  error: error instanceof Error ? error.message : String(error),
});

const prepareDemo = async (dir: string) => {
  const started = Date.now();
  // This very file (`node imageVariants.js --prepare-demo DIR`), as the server names it.
  const fingerprint = demoFingerprint(path.resolve(process.argv[1] ?? ''));
  if (readPreparedDemo(dir, fingerprint)?.drawn()) return;
  // No pixel limit here (0, as libvips takes it): these are our own pictures; the server holds them
  // to its configured limit when it reads them (PreparedDemo.copiesOf).
  const made = (original: Buffer) => makeVariants(original, 0);
  await writePreparedDemo(dir, fingerprint, await drawDemo(), made);
  console.log(`prepared the demo's pictures in ${Date.now() - started} ms`);
};

const serveTheServer = () => {
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
};

const prepareAt = process.argv[2] === '--prepare-demo' ? process.argv[3] : undefined;
if (prepareAt === undefined) serveTheServer();
else
  prepareDemo(prepareAt).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
