import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { dueSlot } from './scheduler.ts';

const at = (iso: string) => Date.parse(iso);

describe('the slot of a scheduled run', () => {
  it('is the due minute whether a replica fires 3 ms or 900 ms late', () => {
    const cron = new Cron('* * * * *', { paused: true });
    const due = at('2026-11-26T06:31:00.000Z');
    expect(dueSlot(cron, due + 3)).toBe(due);
    expect(dueSlot(cron, due + 900)).toBe(due);
    expect(dueSlot(cron, due)).toBe(due);
  });

  it('moves on with the next due time', () => {
    const cron = new Cron('*/5 * * * *', { paused: true });
    expect(dueSlot(cron, at('2026-11-26T06:34:59.999Z'))).toBe(at('2026-11-26T06:30:00.000Z'));
    expect(dueSlot(cron, at('2026-11-26T06:35:00.020Z'))).toBe(at('2026-11-26T06:35:00.000Z'));
  });

  it('keeps seconds apart for a six-part pattern', () => {
    const cron = new Cron('* * * * * *', { paused: true });
    expect(dueSlot(cron, at('2026-11-26T06:31:07.640Z'))).toBe(at('2026-11-26T06:31:07.000Z'));
  });
});
