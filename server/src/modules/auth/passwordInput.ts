import type { Readable, Writable } from 'node:stream';
import type { Language } from '@candy/contract/languages';
import { SaidError, said, sayIn } from '../../i18n/said.ts';

/** Reads one line from a terminal without echoing it (raw mode, one key at a time). */
const readHidden = (prompt: string, input: NodeJS.ReadStream, output: Writable): Promise<string> =>
  new Promise((resolve, reject) => {
    output.write(prompt);
    let text = '';
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      output.write('\n');
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new SaidError(said('cli.owner.cancelled')));
        if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
        else if (char >= ' ') text += char;
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });

const readAll = async (input: Readable): Promise<string> => {
  let text = '';
  for await (const chunk of input) text += String(chunk);
  return text;
};

/**
 * The new password for `reset-password`: typed twice, hidden, on a terminal; otherwise the first
 * line of stdin (so `echo … | npm run owner -- reset-password` works in scripts). The prompts are
 * in `language` (the operator's).
 */
export const readNewPassword = async (
  language: Language,
  input: NodeJS.ReadStream = process.stdin,
  output: Writable = process.stderr,
): Promise<string> => {
  if (!input.isTTY) return (await readAll(input)).split(/\r?\n/)[0] ?? '';
  const first = await readHidden(sayIn(language, said('cli.owner.newPassword')), input, output);
  const second = await readHidden(sayIn(language, said('cli.owner.repeatPassword')), input, output);
  if (first !== second) throw new SaidError(said('cli.owner.passwordsDiffer'));
  return first;
};
