import type { Logger } from 'pino';

export interface SnapshotTriggerDeps {
  /**
   * Starts the snapshot job now if no replica is running it (the scheduler's lease); answers
   * whether it started. The job itself exports only what changed.
   */
  run: (reason: 'start' | 'change') => Promise<boolean>;
  /**
   * Quiet time after the last public write before exporting, so a burst of writes is one export;
   * 0 leaves writes to the hourly run.
   */
  debounceMs: number;
  /** Whether the snapshot has never been exported here (a fresh install answers `/snapshot/` 404). */
  missing: () => boolean;
  logger: Logger;
}

/** The first start's export waits this long at most, so it never competes with the first answers. */
const START_DELAY_MAX_MS = 2000;

/**
 * Offline data from the first minute (issue 23): the snapshot job runs shortly after a start that
 * finds no snapshot, and again `debounceMs` after the last public write — not only on the hour.
 * Every run goes through the scheduler's job, so its lease keeps replicas from exporting together
 * and the run shows in the job's history. A run refused because one is going (here or on another
 * replica) is tried again later: that run may have read the data before the write.
 */
export const createSnapshotTrigger = ({ run, debounceMs, missing, logger }: SnapshotTriggerDeps) => {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let pending: 'start' | 'change' = 'change';

  const arm = (reason: 'start' | 'change', delayMs: number) => {
    if (stopped) return;
    pending = reason;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void fire(), delayMs);
    timer.unref();
  };

  const fire = async () => {
    timer = null;
    const reason = pending;
    try {
      if (!(await run(reason))) arm(reason, debounceMs);
    } catch (error) {
      logger.warn({ err: error, reason }, 'snapshot export could not be started');
    }
  };

  return {
    /** A public write happened: export once writes have been quiet for `debounceMs`. */
    changed(): void {
      if (debounceMs <= 0) return;
      // A pending first export keeps its reason; it now also waits for the writes to settle.
      arm(timer && pending === 'start' ? 'start' : 'change', debounceMs);
    },
    /** Called once the server listens: exports soon when there is no snapshot yet. */
    start(): void {
      stopped = false;
      if (missing())
        arm('start', debounceMs > 0 ? Math.min(debounceMs, START_DELAY_MAX_MS) : START_DELAY_MAX_MS);
    },
    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
};

export type SnapshotTrigger = ReturnType<typeof createSnapshotTrigger>;
