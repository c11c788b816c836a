import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publishSnapshot } from './publisher.ts';
import { writeTree } from './tree.ts';

const temp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'candy-snap-'));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const commitCount = (dir: string) =>
  Number(execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: dir }).toString());

describe('snapshot tree and publisher', () => {
  it('writes only what changed and removes what is gone', () => {
    const dir = temp();
    dirs.push(dir);
    expect(
      writeTree(
        dir,
        new Map([
          ['a/b', '1'],
          ['c', '2'],
        ]),
      ),
    ).toEqual(['a/b', 'c']);
    const before = fs.statSync(path.join(dir, 'c')).mtimeMs;
    expect(
      writeTree(
        dir,
        new Map([
          ['a/b', '1'],
          ['c', '2'],
        ]),
      ),
    ).toEqual([]);
    expect(fs.statSync(path.join(dir, 'c')).mtimeMs).toBe(before);
    expect(writeTree(dir, new Map([['c', '3']]))).toEqual(['a/b', 'c']);
    expect(fs.existsSync(path.join(dir, 'a/b'))).toBe(false);
  });

  it('commits once per change and never when nothing changed', async () => {
    const dir = temp();
    dirs.push(dir);
    writeTree(dir, new Map([['index.html', 'x']]));
    const first = await publishSnapshot(dir, 'snapshot 1');
    expect(first.committed).toBe(true);
    expect(await publishSnapshot(dir, 'snapshot 2')).toEqual({
      committed: false,
      commit: null,
      pushed: false,
    });
    expect(commitCount(dir)).toBe(1);
    writeTree(dir, new Map([['index.html', 'y']]));
    expect((await publishSnapshot(dir, 'snapshot 3')).committed).toBe(true);
    expect(commitCount(dir)).toBe(2);
    expect(execFileSync('git', ['log', '-1', '--format=%s'], { cwd: dir }).toString().trim()).toBe(
      'snapshot 3',
    );
  });

  it('pushes to a configured remote', async () => {
    const dir = temp();
    const remote = temp();
    dirs.push(dir, remote);
    execFileSync('git', ['init', '--quiet', '--bare', remote]);
    writeTree(dir, new Map([['blog/link/data', '[]']]));
    const result = await publishSnapshot(dir, 'snapshot', remote);
    expect(result.pushed).toBe(true);
    expect(execFileSync('git', ['rev-parse', 'main'], { cwd: remote }).toString().trim()).toBe(result.commit);
  });
});
