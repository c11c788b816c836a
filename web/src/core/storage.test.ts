import { deobfuscate, obfuscate } from '@candy/contract/obfuscation';
import { describe, expect, it } from 'vitest';
import { defaultRecord, parseRecord, serialiseRecord } from './storage.ts';

const stored = (value: unknown) => obfuscate(JSON.stringify(value));

const v4 = {
  version: 4,
  isExpiredGreatOldOne: false,
  darkModeDecodeKey: 'key',
  devMode: true,
  offlineMode: false,
  accessKey: 'ak',
  accessExp: 123,
  uuid: 'u-4',
};

describe('storage record (spec §3)', () => {
  it('round-trips through the obfuscated form, which does not show the values', () => {
    const record = { ...defaultRecord('u-1'), darkModeDecodeKey: '暗号', guestName: 'ann' };
    const text = serialiseRecord(record);
    expect(text).not.toContain('暗号');
    expect(text).not.toContain('guestName');
    expect(JSON.parse(deobfuscate(text) ?? '')).toEqual(record);
    expect(parseRecord(text)).toEqual(record);
  });

  it('migrates version 4 through 5 to 6, keeping the old fields', () => {
    const record = parseRecord(stored(v4));
    expect(record).toEqual({
      ...defaultRecord('u-4'),
      darkModeDecodeKey: 'key',
      devMode: true,
      accessKey: 'ak',
      accessExp: 123,
    });
  });

  it('migrates version 5 to 6 with empty guestName and guestEmail', () => {
    const v5 = { ...v4, version: 5, usernameCache: 'owner', emoteHistory: ['[doge]'], guestName: 'x' };
    const record = parseRecord(stored(v5));
    expect(record.version).toBe(6);
    expect(record.guestName).toBe('');
    expect(record.guestEmail).toBe('');
    expect(record.usernameCache).toBe('owner');
    expect(record.emoteHistory).toEqual(['[doge]']);
  });

  it('reads version 6 as it is', () => {
    const v6 = { ...defaultRecord('u-6'), guestName: 'ann', guestEmail: 'a@b.c', offlineMode: true };
    expect(parseRecord(stored(v6))).toEqual(v6);
  });

  it.each([
    ['version 3', stored({ ...v4, version: 3 })],
    ['version 7', stored({ ...v4, version: 7 })],
    ['no version', stored({ uuid: 'u' })],
    ['plain JSON (not obfuscated)', JSON.stringify({ ...defaultRecord('u'), accessKey: 'x' })],
    ['garbage', 'ob1.@@@'],
    ['an array', stored([1, 2])],
  ])('resets %s to defaults', (_, value) => {
    const record = parseRecord(value);
    expect({ ...record, uuid: '' }).toEqual(defaultRecord(''));
  });

  it('generates a uuid once: a fresh record has one, a stored one keeps it', () => {
    const fresh = parseRecord(null);
    expect(fresh.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseRecord(serialiseRecord(fresh)).uuid).toBe(fresh.uuid);
  });

  it('fixes wrongly typed fields instead of trusting them', () => {
    const record = parseRecord(
      stored({ ...defaultRecord('u'), accessExp: 'soon', devMode: 'yes', emoteHistory: [1, 'a'] }),
    );
    expect(record.accessExp).toBe(0);
    expect(record.devMode).toBe(false);
    expect(record.emoteHistory).toEqual(['a']);
  });
});
