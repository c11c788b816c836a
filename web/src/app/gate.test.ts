import { describe, expect, it } from 'vitest';
import { createGate } from './gate.ts';

const clicks = (times: number[]) => {
  const click = createGate();
  return times.map((t) => click(t));
};

describe('the secret gate (more than 10 clicks within 1s)', () => {
  it('opens on the 11th click inside one second', () => {
    const result = clicks(Array.from({ length: 11 }, (_, i) => 1000 + i * 90));
    expect(result.slice(0, 10).some(Boolean)).toBe(false);
    expect(result[10]).toBe(true);
  });

  it('stays closed after 10 clicks', () => {
    expect(clicks(Array.from({ length: 10 }, (_, i) => i * 10)).some(Boolean)).toBe(false);
  });

  it('stays closed when 11 clicks spread over more than a second', () => {
    expect(clicks(Array.from({ length: 11 }, (_, i) => i * 100)).some(Boolean)).toBe(false);
  });

  it('counts only the clicks of the last second', () => {
    const slow = Array.from({ length: 5 }, (_, i) => i * 400);
    const fast = Array.from({ length: 11 }, (_, i) => 5000 + i * 50);
    const result = clicks([...slow, ...fast]);
    expect(result.indexOf(true)).toBe(slow.length + 10);
  });
});
