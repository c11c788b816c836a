// The import parser's child process (parseProcess.ts): reads one uploaded export from its spool file,
// opens and parses it, answers what the job row needs, and exits.
import fs from 'node:fs';
import { failureOf, parseToStored } from './parsed.ts';
import type { ParseAnswer, ParseTask } from './parseProcess.ts';

const send = (answer: ParseAnswer) =>
  new Promise<void>((resolve) => {
    if (!process.send) return resolve();
    process.send(answer, () => resolve());
  });

process.once('message', async (task: ParseTask) => {
  let answer: ParseAnswer;
  try {
    const bytes = fs.readFileSync(task.file);
    answer = { ok: true, parsed: await parseToStored(task.platform, task.name, bytes, task.language) };
  } catch (error) {
    answer = { ok: false, failure: failureOf(error) };
  }
  await send(answer);
  process.exit(0);
});
