import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleScript } from '../../test/bundleScript.ts';
import { createDailyLogFile, logDayOf, logFileOf } from './dailyFile.ts';

describe('daily log file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-daily-log-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('settles with every line written so far in the file, in the order written, while writes go on', async () => {
    const file = createDailyLogFile(dir);
    const read = () =>
      fs
        .readFileSync(logFileOf(dir, logDayOf(Date.now())), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { i: number }).i);
    let written = 0;
    for (let round = 0; round < 20; round += 1) {
      // A burst of lines (asynchronous writes in flight), then a reader waits and reads.
      for (let i = 0; i < 200; i += 1)
        file.write(`${JSON.stringify({ i: written++, pad: 'x'.repeat(200) })}\n`);
      await file.settled();
      const lines = read();
      expect(lines.length).toBeGreaterThanOrEqual(written);
      expect(lines).toEqual(lines.map((_, index) => index));
    }
    await file.settled();
    expect(read()).toHaveLength(written);
    file.end();
  });

  it('settles at once when nothing is waiting to be written', async () => {
    const file = createDailyLogFile(path.join(dir, 'quiet'));
    const started = Date.now();
    await file.settled(5000);
    expect(Date.now() - started).toBeLessThan(100);
    file.end();
  });

  it('survives a log folder it cannot open (an error event, not a crash) and writes once it can', async () => {
    const blocked = path.join(dir, 'blocked');
    fs.writeFileSync(blocked, 'a file where the folder should be');
    const file = createDailyLogFile(blocked);
    file.write('lost\n');
    // Without a listener, sonic-boom's failed open would be an uncaught exception here.
    await new Promise((resolve) => setTimeout(resolve, 100));
    fs.rmSync(blocked);
    file.write('kept\n');
    await file.settled(2000);
    file.flushSync();
    expect(fs.readFileSync(logFileOf(blocked, logDayOf(Date.now())), 'utf8')).toBe('kept\n');
    file.end();
  });
});

describe('a log folder that never opens, at exit', () => {
  it('lets the process exit cleanly (pino’s exit hook finds nothing to flush)', () => {
    // A process of its own: the exit hook runs at exit, and in a long test process the failed
    // destination may be collected before (which is why this was a flake, not a failure).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-log-exit-'));
    const runner = path.join(dir, 'runner.cjs');
    bundleScript(
      `import fs from 'node:fs';
          import { createDailyLogFile } from './dailyFile.ts';
          const blocked = process.argv[2];
          fs.writeFileSync(blocked, 'a file where the folder should be');
          const file = createDailyLogFile(blocked);
          file.write('lost\\n');
          setTimeout(() => process.exit(0), 200);`,
      import.meta.dirname,
      runner,
    );
    const child = spawnSync(process.execPath, [runner, path.join(dir, 'blocked')], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(child.stderr).not.toContain('not ready');
    expect(child.stderr).toMatch(/^log file: /);
    expect(child.status).toBe(0);
  });
});
