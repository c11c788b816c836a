import { describe, expect, it } from 'vitest';
import { csvFileName, csvLineCount, fallbackCsvName } from './csvFile.ts';

const today = new Date(Date.UTC(2026, 4, 1, 12));

describe('csvFileName', () => {
  it.each([
    ['subscribers-2026-05-01.csv', 'subscribers-2026-05-01.csv'],
    ['readers', 'readers.csv'],
    ['READERS.CSV', 'READERS.CSV'],
    ['../../etc/passwd', 'passwd.csv'],
    ['C:\\temp\\list.csv', 'list.csv'],
    ['a<b>:c"d|e?f*.csv', 'abcdef.csv'],
    ['name\u0000\u001f.csv', 'name.csv'],
    ['  .hidden.csv. ', 'hidden.csv'],
  ])('saves %j as %j', (name, saved) => {
    expect(csvFileName(name, today)).toBe(saved);
  });

  it.each(['', '...', '/', '  '])('falls back to the dated name for %j', (name) => {
    expect(csvFileName(name, today)).toBe('subscribers-2026-05-01.csv');
    expect(fallbackCsvName(today)).toBe('subscribers-2026-05-01.csv');
  });
});

describe('csvLineCount', () => {
  it.each([
    ['email,status\na@x.org,confirmed\nb@x.org,pending\n', 2],
    ['a@x.org\r\nb@x.org\r\n\r\n', 2],
    ['email\n', 0],
    ['', 0],
  ])('counts the addresses of %j as %d', (csv, count) => {
    expect(csvLineCount(csv)).toBe(count);
  });
});
