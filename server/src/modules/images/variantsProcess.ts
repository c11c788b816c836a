import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DrawnDemo, drawDemo } from '../../db/seed/images.ts';
import { SaidError, said } from '../../i18n/said.ts';
import { preparedDemoFor } from './preparedDemo.ts';
import { type MadeVariants, makeVariants, type VariantFile } from './variants.ts';

/** What the child is asked (variantsChild.ts): one picture's copies, or the demo's pictures. */
export type ChildTask = { task: 'variants'; original: Uint8Array; maxPixels: number } | { task: 'demo' };
/** What the child answers for one picture. */
export type ChildAnswer = { ok: true; made: MadeVariants } | { ok: false; error: string };
/** What the child answers for the demo's pictures. */
export type DemoAnswer = { ok: true; drawn: DrawnDemo } | { ok: false; error: string };

/** The child died or was killed mid-picture (not the picture's fault, as far as anyone knows). */
export class VariantsChildExited extends SaidError {}

/** Makes one picture's copies at a time; `close` ends whatever it started. */
export interface VariantMaker {
  make(original: Buffer, maxPixels: number): Promise<MadeVariants>;
  close(): void;
}

/**
 * The child's entry as scripts/build.mjs builds it, beside the server bundle; null when the server
 * runs from its sources (the server tests), where copies are made in the process itself.
 */
export const builtVariantsEntry = (): string | null => {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'imageVariants.js');
  return fs.existsSync(file) ? file : null;
};

/** Buffers come through the IPC channel as plain Uint8Arrays. */
const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const revive = (made: MadeVariants): MadeVariants =>
  made.kind === 'made'
    ? { ...made, files: made.files.map((file: VariantFile) => ({ ...file, body: asBuffer(file.body) })) }
    : made;

/**
 * Copies made in a child process (issue 30): libvips and the C allocator keep what a 12-megapixel
 * picture needed resident long after (≈ +100 MB a picture, measured), and the work would hold the
 * server's libuv threads that file reads need. One child serves a whole job run and exits with it,
 * giving every byte back; a picture that hangs past `timeoutMs` or kills the child fails alone and
 * is retried like any other failure. Without `entry` the copies are made in this process.
 */
export const variantMaker = (entry: string | null, timeoutMs = 120_000): VariantMaker => {
  if (!entry) return { make: makeVariants, close: () => undefined };
  // The demo's copies as the build made them (preparedDemo.ts): read, not made again, on a fresh install.
  const prepared = preparedDemoFor(entry);
  let child: ChildProcess | null = null;
  const start = (): ChildProcess => {
    const started = fork(entry, [], {
      serialization: 'advanced',
      // A small young generation: the child's own JavaScript allocates little.
      execArgv: ['--max-semi-space-size=1'],
      // glibc's heap, tuned for a few large buffers: libvips' threads share two arenas (one each by
      // default), and blocks of 64 KB and more are mapped on their own, so they go back to the
      // system when freed instead of staying in a fragmented heap. Together they took the child's
      // peak for a 12-megapixel picture from ≈ 256 MB to ≈ 145 MB (measured).
      env: {
        ...process.env,
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
        MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '65536',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.once('exit', () => {
      if (child === started) child = null;
    });
    return started;
  };
  return {
    make: async (original, maxPixels) =>
      prepared?.copiesOf(original, maxPixels) ??
      new Promise<MadeVariants>((resolve, reject) => {
        child ??= start();
        const worker = child;
        const timer = setTimeout(() => worker.kill('SIGKILL'), timeoutMs);
        const settle = () => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('exit', onExit);
        };
        const onMessage = (answer: ChildAnswer) => {
          settle();
          if (answer.ok) resolve(revive(answer.made));
          else reject(new Error(answer.error));
        };
        const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
          settle();
          reject(new VariantsChildExited(said('images.childExited', { reason: signal ?? code })));
        };
        worker.on('message', onMessage);
        worker.once('exit', onExit);
        worker.send({ task: 'variants', original, maxPixels } satisfies ChildTask);
      }),
    close: () => {
      if (child?.connected) child.disconnect();
      child = null;
    },
  };
};

/**
 * The demo's pictures, drawn in a child of their own when the server runs built (issue 39): sharp and
 * what libvips kept after drawing three camera-sized photographs stayed in a fresh install's server
 * for good (its idle RSS 205–221 MB, against 100 MB after a restart). The child exits when done.
 */
export const drawDemoApart = async (entry: string | null = builtVariantsEntry()): Promise<DrawnDemo> => {
  if (!entry) return drawDemo();
  // As the build drew them (preparedDemo.ts), when it did, for this very child.
  const drawn = preparedDemoFor(entry)?.drawn();
  if (drawn) return drawn;
  return new Promise<DrawnDemo>((resolve, reject) => {
    const child = fork(entry, [], {
      serialization: 'advanced',
      execArgv: ['--max-semi-space-size=1'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(new Error(`demo pictures: child exited (${signal ?? code})`));
    child.once('exit', onExit);
    child.once('message', (answer: DemoAnswer) => {
      child.off('exit', onExit);
      child.disconnect();
      if (!answer.ok) return reject(new Error(answer.error));
      const revived = (pictures: DrawnDemo['cards']) =>
        pictures.map((picture) => ({ ...picture, body: asBuffer(picture.body) }));
      resolve({ cards: revived(answer.drawn.cards), photos: revived(answer.drawn.photos) });
    });
    child.send({ task: 'demo' } satisfies ChildTask);
  });
};
