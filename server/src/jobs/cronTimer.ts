import { Cron } from 'croner';

/** Node's timers take at most 2^31 − 1 ms (about 24.8 days); a later due time waits in steps. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

export interface CronTimer {
  stop(): void;
}

/** The first due time of `expression` strictly after `after` (ms), or null when there is none. */
export const nextDue = (expression: string, after: number): number | null =>
  new Cron(expression, { paused: true }).nextRun(new Date(after))?.getTime() ?? null;

/**
 * Calls `onDue(slot)` at each due time of a cron expression, with the slot being that due time
 * itself: the same value on every replica however late its timer fires (the scheduler's claim is
 * keyed by it, so a slot runs once across replicas).
 *
 * Croner computes the due times, but no croner object lives between them: each holds about
 * 85 KB of lookup tables (a 10,000-entry year table in croner 11), and fourteen jobs kept 1.2 MB
 * of the idle server's heap (issue 39). One is made for each computation and dropped.
 */
export const startCronTimer = (expression: string, onDue: (slot: number) => void): CronTimer => {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const armAfter = (after: number) => {
    const due = nextDue(expression, after);
    if (due === null) return;
    const wait = () => {
      if (stopped) return;
      const left = due - Date.now();
      if (left > LONGEST_TIMEOUT_MS) {
        timer = setTimeout(wait, LONGEST_TIMEOUT_MS);
        return;
      }
      timer = setTimeout(
        () => {
          if (stopped) return;
          onDue(due);
          armAfter(due);
        },
        Math.max(0, left),
      );
    };
    wait();
  };
  armAfter(Date.now());
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
};
