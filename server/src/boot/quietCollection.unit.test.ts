import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { fullCollector, startQuietCollection } from './quietCollection.ts';

/** Keeps the event loop busy for `ms` (a synchronous spin: the loop is 100 % utilised). */
const spin = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
};

describe('collecting when the server falls quiet', () => {
  it('collects once after the heap grew and the loop went quiet, not again without growth', async () => {
    let heap = 10_000_000;
    let collections = 0;
    const quiet = startQuietCollection({
      everyMs: 40,
      growthBytes: 1_000,
      collect: () => {
        collections += 1;
        heap = 5_000_000;
      },
      heapUsed: () => heap,
    });
    await sleep(150);
    expect(collections).toBe(1);
    await sleep(150);
    expect(collections).toBe(1);
    heap += 2_000;
    await sleep(150);
    expect(collections).toBe(2);
    quiet.stop();
  });

  it('leaves a busy loop alone', async () => {
    let collections = 0;
    const quiet = startQuietCollection({
      everyMs: 40,
      growthBytes: 1,
      collect: () => {
        collections += 1;
      },
      heapUsed: () => 1e9,
    });
    // Each window is spent spinning but for the timer's own turn.
    for (let i = 0; i < 6; i += 1) {
      spin(38);
      await sleep(1);
    }
    expect(collections).toBe(0);
    quiet.stop();
  });

  it('reaches V8’s full collector without --expose-gc', () => {
    const collect = fullCollector();
    expect(collect).toBeTypeOf('function');
    // Garbage in the old generation: kept across young collections, then let go.
    let kept: number[][] | null = Array.from({ length: 2000 }, () =>
      Array.from({ length: 500 }, (_, i) => i),
    );
    (collect as () => void)();
    const before = v8.getHeapStatistics().used_heap_size;
    kept = null;
    (collect as () => void)();
    expect(kept).toBeNull();
    expect(before - v8.getHeapStatistics().used_heap_size).toBeGreaterThan(2_000_000);
  });
});
