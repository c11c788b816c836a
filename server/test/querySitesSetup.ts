import { afterAll, expect } from 'vitest';
import { testDialect } from './harness.ts';
import { flushQuerySites } from './querySites.ts';

// Runs in every server test file (vitest setupFiles): hands over what the file's apps ran.
afterAll(() => {
  flushQuerySites(expect.getState().testPath ?? 'unknown', testDialect());
});
