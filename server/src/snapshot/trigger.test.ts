import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Polls until `check` holds (an export takes a moment: git runs), or fails after ~20 s. */
const eventually = async (check: () => Promise<boolean>): Promise<void> => {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the condition never held');
};

describe('offline data from the first minute (issue 23)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      ownerGuard: testOwnerGuard,
      env: { SNAPSHOT_DEBOUNCE_MS: '1000' },
    });
  });
  afterAll(() => t.close());

  const snapshotFile = (rel: string) => t.server.inject({ method: 'GET', url: `/snapshot/${rel}` });
  const snapshotRuns = async () => {
    const jobs = (await t.server.inject({ method: 'GET', url: '/api/job', headers: asOwner })).json()
      .data as {
      id: string;
      runs: { trigger: string; outcome: string; output: string }[];
    }[];
    return jobs.find((job) => job.id === 'snapshot')?.runs ?? [];
  };

  it('exports the snapshot shortly after a fresh start, through the snapshot job', async () => {
    expect((await snapshotFile('manifest.json')).statusCode).toBe(404);
    t.modules.snapshotTrigger.start();
    await eventually(async () => (await snapshotFile('manifest.json')).statusCode === 200);
    await t.modules.scheduler.idle();
    expect((await snapshotFile('index.html')).body).toContain(t.config.siteTitle);
    expect(await snapshotRuns()).toEqual([expect.objectContaining({ trigger: 'start', outcome: 'ok' })]);
    // The back office's job card says what the mirrors now hold (issue 46.2).
    expect((await snapshotRuns())[0]?.output).toMatch(
      /^\d+ 个文件有变化，已提交。快照里有 \d+ 篇随笔（检索索引 \d+ 块）/,
    );
  });

  // Two writes well inside the quiet time (1 s) are one export.
  it('re-exports once after a burst of public writes, with the new data', async () => {
    const write = (content: string) =>
      t.server.inject({ method: 'POST', url: '/api/blog/essay', headers: asOwner, payload: { content } });
    const first = (await write('快照跟着写入走 1')).json().data.id as number;
    const second = (await write('快照跟着写入走 2')).json().data.id as number;
    await eventually(async () => {
      const index = await snapshotFile('blog/essay/index');
      return index.statusCode === 200 && (index.json() as number[]).includes(second);
    });
    await t.modules.scheduler.idle();
    expect((await snapshotFile('blog/essay/index')).json()).toEqual(expect.arrayContaining([first, second]));
    const changes = (await snapshotRuns()).filter((run) => run.trigger === 'change');
    expect(changes).toHaveLength(1);
  });

  it('does not start a second export on a fresh start when the snapshot exists', async () => {
    const before = (await snapshotRuns()).length;
    t.modules.snapshotTrigger.start();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await t.modules.scheduler.idle();
    expect(await snapshotRuns()).toHaveLength(before);
  });
});
