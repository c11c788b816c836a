import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleScript } from '../../test/bundleScript.ts';

// A process of its own: the full collections and V8's map check need flags this one lacks, and
// the tick queue must be empty when they run, which vitest's own ticks would not allow here.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-tick-shape-'));
const runner = path.join(dir, 'runner.js');
bundleScript(
  `import { createHook } from 'node:async_hooks';
    import { keepTickShape } from './tickShape.ts';
    const keep = process.argv[2] === 'keep';
    /** The next tick object Node makes. */
    const nextTickObject = () => {
      let made = null;
      const hook = createHook({
        init(_id, type, _trigger, resource) {
          if (type === 'TickObject' && made === null) made = resource;
        },
      }).enable();
      process.nextTick(() => undefined);
      hook.disable();
      return made;
    };
    // Natives syntax is parsed at run time: the bundler would refuse it.
    const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
    // Only weakly here: what keeps it alive must be tickShape.ts itself.
    const weak = new WeakRef(keep ? keepTickShape() : nextTickObject());
    setTimeout(() => {
      // No tick queued, none held but the kept one: what the quiet-time collection meets.
      globalThis.gc();
      globalThis.gc();
      const after = nextTickObject();
      console.log(JSON.stringify({
        symbols: Object.getOwnPropertySymbols(after).length,
        keys: Object.keys(after),
        keptIsTick: !keep || sameMap(keepTickShape(), after),
        kept: weak.deref() !== undefined,
        again: !keep || keepTickShape() === weak.deref(),
      }));
    }, 10);`,
  import.meta.dirname,
  runner,
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = (mode: 'keep' | 'plain') => {
  const child = spawnSync(process.execPath, ['--expose-gc', '--allow-natives-syntax', runner, mode], {
    encoding: 'utf8',
  });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as {
    symbols: number;
    keys: string[];
    keptIsTick: boolean;
    kept: boolean;
    again: boolean;
  };
};

describe('keeping the tick objects’ hidden class alive', () => {
  it('holds a real tick object through full collections, with the map later ticks get', () => {
    const kept = run('keep');
    expect(kept).toEqual({
      symbols: 2,
      keys: ['callback', 'args'],
      keptIsTick: true,
      kept: true,
      again: true,
    });
  });

  it('without it, the last tick object is gone after a full collection (what frees the map)', () => {
    expect(run('plain').kept).toBe(false);
  });
});
