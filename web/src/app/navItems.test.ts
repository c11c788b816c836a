import { describe, expect, it } from 'vitest';
import { type NavContext, navItems } from './navItems.ts';

const moments = navItems.find((item) => item.to === '/moments');
const ctx = (over: Partial<NavContext>): NavContext => ({
  owner: false,
  gate: false,
  dark: false,
  offline: false,
  ...over,
});

describe('the moments link (spec §2, issue 46.2)', () => {
  it.each([
    [{ gate: true }, true],
    [{ owner: true }, true],
    [{ dark: true }, true],
    [{}, false],
    [{ gate: true, offline: true }, false],
    [{ owner: true, offline: true }, false],
    // Offline, dark mode opens the snapshot's sealed moments with its key.
    [{ dark: true, offline: true }, true],
  ])('%j shows it: %s', (over, shown) => {
    expect(moments?.visible(ctx(over))).toBe(shown);
  });
});
