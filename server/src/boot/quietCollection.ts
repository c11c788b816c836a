import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface QuietCollectionOptions {
  /** How often the loop's business is looked at. */
  everyMs?: number;
  /** Busier than this share of a window (event-loop utilisation) is not quiet. */
  quietBelow?: number;
  /** The heap must have grown this much since the last collection for another to be worth it. */
  growthBytes?: number;
  /** The collector (tests pass their own); by default V8's, reached as below. */
  collect?: () => void;
  /** The heap in use now (tests pass their own). */
  heapUsed?: () => number;
}

/**
 * V8's full collector, which Node does not expose without `--expose-gc`. The flag is set at run
 * time (every way the server is started — npm start, the cluster launcher, Docker, tests — gets
 * it), and a fresh context is the one place where the function then appears.
 */
export const fullCollector = (): (() => void) | null => {
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  return typeof gc === 'function' ? (gc as () => void) : null;
};

/**
 * One full collection when the server falls quiet after work (issue 39: idle memory). V8 collects
 * its old generation only when it runs short, and Node gives V8 no idle time to do it in (its
 * platform has no idle tasks): what start-up, a first install's drawing of the demo pictures or a
 * burst of reads left behind stayed resident, 7 MB of a 33 MB heap measured a minute after a
 * restart. Checked every few seconds: a window in which the loop was busy less than `quietBelow`,
 * after the heap grew by `growthBytes` since the last collection, gets one. A busy server is never
 * interrupted; an idle one collects once per growth, not on every tick.
 */
export const startQuietCollection = ({
  everyMs = 5_000,
  quietBelow = 0.02,
  growthBytes = 2 * 1024 * 1024,
  collect = fullCollector() ?? undefined,
  heapUsed = () => v8.getHeapStatistics().used_heap_size,
}: QuietCollectionOptions = {}): { stop(): void } => {
  if (!collect) return { stop: () => undefined };
  let last = performance.eventLoopUtilization();
  let afterCollection = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    if (busy >= quietBelow || heapUsed() - afterCollection < growthBytes) return;
    collect();
    afterCollection = heapUsed();
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
};
