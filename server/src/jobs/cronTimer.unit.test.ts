import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextDue, startCronTimer } from './cronTimer.ts';

const at = (iso: string) => Date.parse(iso);

describe('a cron timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // Was the dueSlot test: the slot a replica claims must not depend on how late its timer fired.
  it('hands over the due minute as the slot, however late the timer fires', () => {
    vi.setSystemTime(at('2026-11-26T06:30:59.990Z'));
    const slots: number[] = [];
    const timer = startCronTimer('* * * * *', (slot) => slots.push(slot));
    // The event loop was busy: the timer runs 900 ms after its time.
    vi.setSystemTime(at('2026-11-26T06:31:00.900Z'));
    vi.runOnlyPendingTimers();
    expect(slots).toEqual([at('2026-11-26T06:31:00.000Z')]);
    timer.stop();
  });

  it('moves on to the next due time after each run, and stops when told', () => {
    vi.setSystemTime(at('2026-11-26T06:33:10.000Z'));
    const slots: number[] = [];
    const timer = startCronTimer('*/5 * * * *', (slot) => slots.push(slot));
    vi.advanceTimersByTime(6 * 60_000);
    expect(slots).toEqual([at('2026-11-26T06:35:00.000Z')]);
    vi.advanceTimersByTime(5 * 60_000);
    expect(slots).toEqual([at('2026-11-26T06:35:00.000Z'), at('2026-11-26T06:40:00.000Z')]);
    timer.stop();
    vi.advanceTimersByTime(60 * 60_000);
    expect(slots).toHaveLength(2);
  });

  it('keeps seconds apart for a six-part pattern', () => {
    vi.setSystemTime(at('2026-11-26T06:31:07.640Z'));
    const slots: number[] = [];
    const timer = startCronTimer('* * * * * *', (slot) => slots.push(slot));
    vi.advanceTimersByTime(2_000);
    expect(slots).toEqual([at('2026-11-26T06:31:08.000Z'), at('2026-11-26T06:31:09.000Z')]);
    timer.stop();
  });

  it('waits past the 24.8 days a Node timer can hold, and fires once at the due time', () => {
    vi.setSystemTime(at('2026-02-01T00:00:00.000Z'));
    const slots: number[] = [];
    const timer = startCronTimer('0 0 1 1 *', (slot) => slots.push(slot));
    vi.advanceTimersByTime(300 * 86_400_000);
    expect(slots).toEqual([]);
    vi.advanceTimersByTime(90 * 86_400_000);
    expect(slots).toEqual([nextDue('0 0 1 1 *', at('2026-02-01T00:00:00.000Z'))]);
    expect(slots[0]).toBe(new Date(2027, 0, 1).getTime());
    timer.stop();
  });
});
