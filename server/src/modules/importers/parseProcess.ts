import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@candy/contract/languages';
import { validationFailed } from '../../http/errors.ts';
import { type Message, said } from '../../i18n/said.ts';
import { errorOf, type ParsedUpload, type ParseFailure, parseToStored } from './parsed.ts';
import type { ImportPlatform } from './types.ts';

export interface ParseTask {
  platform: ImportPlatform;
  name: string;
  /** The spooled upload, on local disk. */
  file: string;
  /** The site's language (SITE_LANGUAGE): what a parser fills in itself. */
  language?: Language;
}

export type ParseAnswer = { ok: true; parsed: ParsedUpload } | { ok: false; failure: ParseFailure };

export interface ParseLimits {
  /** V8's heap in the child; a parse that needs more dies there (and the upload is refused). */
  maxHeapMb: number;
  timeoutMs: number;
}

export const defaultParseLimits: ParseLimits = { maxHeapMb: 256, timeoutMs: 120_000 };

/**
 * The child's entry as scripts/build.mjs builds it, beside the server bundle; null when the server
 * runs from its sources (the server tests), where the parse runs in the process itself.
 */
export const builtParseEntry = (): string | null => {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'importParse.js');
  return fs.existsSync(file) ? file : null;
};

const tooBig = (reason: Message) =>
  validationFailed([{ property: 'file', constraints: { format: reason } }], reason);

/**
 * Parses an uploaded export in a child process (issue 40.3): inflating an archive and parsing XML
 * or JSON is synchronous work that froze every visitor's request for seconds, and a file built to
 * blow up (a zip lying about its sizes) took the server from 221 to 1,626 MB. In a child the
 * server's event loop never waits, the heap is capped, a parse past its time is killed, and every
 * byte goes back to the system when it exits. Without `entry` it runs here, reading the file.
 */
export const parseFile = async (
  task: ParseTask,
  entry: string | null = builtParseEntry(),
  limits: ParseLimits = defaultParseLimits,
): Promise<ParsedUpload> => {
  if (!entry)
    return parseToStored(task.platform, task.name, await fs.promises.readFile(task.file), task.language);
  const answer = await new Promise<ParseAnswer | 'timeout' | 'died'>((resolve) => {
    const child = fork(entry, [], {
      serialization: 'advanced',
      execArgv: [`--max-old-space-size=${limits.maxHeapMb}`, '--max-semi-space-size=2'],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    let settled: ParseAnswer | 'timeout' | null = null;
    const timer = setTimeout(() => {
      settled = 'timeout';
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    child.once('message', (message: ParseAnswer) => {
      settled ??= message;
    });
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(settled ?? 'died');
    });
    // A child that could not start (or whose channel broke) may never say 'exit'.
    child.once('error', () => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(settled ?? 'died');
    });
    child.send(task);
  });
  if (answer === 'timeout')
    throw tooBig(said('error.importers.parseTimeout', { seconds: Math.round(limits.timeoutMs / 1000) }));
  // Out of heap (V8 aborts the child) is the usual way to get here.
  if (answer === 'died') throw tooBig(said('error.importers.parseMemory'));
  if (!answer.ok) throw errorOf(answer.failure);
  return answer.parsed;
};
