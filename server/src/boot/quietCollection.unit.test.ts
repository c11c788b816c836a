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
      quietWindows: 1,
      growthBytes: 1_000,
      collect: () => {
        collections += 1;
        heap = 5_000_000;
      },
      heapUsed: () => heap,
      heapCommitted: () => 20_000_000,
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

  it('collects once when V8 holds more heap than before, though the heap in use did not grow', async () => {
    let committed = 20_000_000;
    let collections = 0;
    const quiet = startQuietCollection({
      everyMs: 40,
      quietWindows: 1,
      growthBytes: 1_000,
      collect: () => {
        collections += 1;
        committed = 12_000_000;
      },
      heapUsed: () => 10_000_000,
      heapCommitted: () => committed,
    });
    await sleep(150);
    expect(collections).toBe(1);
    committed += 500;
    await sleep(150);
    expect(collections).toBe(1);
    committed += 2_000;
    await sleep(150);
    expect(collections).toBe(2);
    quiet.stop();
  });

  /** Collection every 40 ms window once quiet for `quietWindows`, with a heap always worth it. */
  const counted = (quietWindows: number) => {
    let collections = 0;
    const quiet = startQuietCollection({
      everyMs: 40,
      quietWindows,
      growthBytes: 1,
      collect: () => {
        collections += 1;
      },
      heapUsed: () => 1e9,
      heapCommitted: () => 1e9,
    });
    return { stop: quiet.stop, collections: () => collections };
  };

  it('leaves a busy loop alone', async () => {
    const quiet = counted(1);
    // Each window is spent spinning but for the timer's own turn.
    for (let i = 0; i < 6; i += 1) {
      spin(38);
      await sleep(1);
    }
    expect(quiet.collections()).toBe(0);
    quiet.stop();
  });

  it('waits for the loop to stay quiet: lulls between bursts of work collect nothing', async () => {
    const quiet = counted(6);
    // Bursts a window long with lulls of about two windows between them: never six quiet in a row
    // (room for a busy machine's late timers).
    for (let i = 0; i < 4; i += 1) {
      spin(45);
      await sleep(70);
    }
    expect(quiet.collections()).toBe(0);
    // Then the loop falls quiet for good.
    await sleep(400);
    expect(quiet.collections()).toBe(1);
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

  it('compacts: the pages a fragmented old generation kept are given back', () => {
    const collect = fullCollector() as () => void;
    const oldSpace = () =>
      v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_size ?? 0;
    // Objects that live long enough to reach the old generation, then all but one in fifty let go:
    // every page keeps a survivor, so a collection without compaction frees no page.
    let many: { n: number; text: string }[] | null = Array.from({ length: 300_000 }, (_, n) => ({
      n,
      text: `item ${n}`,
    }));
    collect();
    const before = oldSpace();
    const survivors = many.filter((_, n) => n % 50 === 0);
    many = null;
    collect();
    expect(many).toBeNull();
    expect(survivors).toHaveLength(6_000);
    expect(before - oldSpace()).toBeGreaterThan(10_000_000);
  });
});
