import { Temporal } from '@js-temporal/polyfill';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createMessageQueue } from './messageQueue.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the queries a Kysely instance sends. */
const queryCounter = () => {
  const counter = {
    count: 0,
    plugin: {
      transformQuery(args: PluginTransformQueryArgs) {
        counter.count += 1;
        return args.node;
      },
      transformResult: async (args: PluginTransformResultArgs) => args.result,
    } satisfies KyselyPlugin,
  };
  return counter;
};

/** Issue 29 / DESIGN §8: Fedify costs nothing until something needs it, and an idle queue costs nothing. */
describe('federation loaded on first need, and a queue that does not poll', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has not imported Fedify after start and a page of ordinary calls', async () => {
    expect((await t.server.inject({ method: 'GET', url: '/api/system/version' })).statusCode).toBe(200);
    expect((await t.server.inject({ method: 'GET', url: '/api/blog/essay' })).statusCode).toBe(200);
    const page = await t.server.inject({ method: 'GET', url: '/chaos/1', headers: { accept: 'text/html' } });
    expect(page.headers['content-type']).not.toContain('activity+json');
    expect(t.modules.federation.loaded()).toBe(false);
  });

  it('imports Fedify on the first request to its paths, once for requests at the same time', async () => {
    const answers = await Promise.all([
      t.server.inject({ method: 'GET', url: '/.well-known/nodeinfo' }),
      t.server.inject({ method: 'GET', url: '/nodeinfo/2.1' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[1]?.json().protocols).toEqual(['activitypub']);
    expect(t.modules.federation.loaded()).toBe(true);
  });

  it('an empty queue’s listener sleeps without a query until something is enqueued', async () => {
    const counter = queryCounter();
    const queue = createMessageQueue(t.database.db.withPlugin(counter.plugin), pino({ level: 'silent' }));
    const handled: unknown[] = [];
    const abort = new AbortController();
    const listening = queue.listen((message) => void handled.push(message), { signal: abort.signal });
    await sleep(300);
    const idle = counter.count;
    // One claim and one look for the next due row, then nothing for as long as the queue is empty.
    expect(idle).toBeLessThanOrEqual(2);
    await sleep(1500);
    expect(counter.count).toBe(idle);

    await queue.enqueue({ n: 1 });
    for (let i = 0; i < 50 && handled.length === 0; i += 1) await sleep(20);
    expect(handled).toEqual([{ n: 1 }]);
    abort.abort();
    await listening;
  });

  it('a message due later is handled at its time, not before, without polling in between', async () => {
    const counter = queryCounter();
    const queue = createMessageQueue(t.database.db.withPlugin(counter.plugin), pino({ level: 'silent' }));
    const handled: number[] = [];
    const abort = new AbortController();
    const listening = queue.listen(() => void handled.push(Date.now()), { signal: abort.signal });
    const at = Date.now();
    await queue.enqueue({ later: true }, { delay: Temporal.Duration.from({ milliseconds: 600 }) });
    await sleep(250);
    // Counted from when the listener is asleep: on a busy machine its first looks (a claim, then
    // the next due time, again after the enqueue woke it) can come later than 250 ms.
    let before = counter.count;
    for (let i = 0; i < 5; i += 1) {
      await sleep(50);
      if (counter.count === before) break;
      before = counter.count;
    }
    expect(handled).toEqual([]);
    for (let i = 0; i < 100 && handled.length === 0; i += 1) await sleep(20);
    expect(handled[0]).toBeGreaterThanOrEqual(at + 590);
    // Woken once at its time: a claim (select, update), the handled row's delete, then one look
    // at an empty table (select, next due time) — 5. Two more allow one look a moment early (a
    // timer of a busy loop turn; the queue sleeps the rest, messageQueue.ts), seen twice in full
    // CI runs; a listener that polled would have made dozens in these 300 ms.
    expect(counter.count - before).toBeLessThanOrEqual(7);
    abort.abort();
    await listening;
    expect(await queue.hasWork()).toBe(false);
  });
});
