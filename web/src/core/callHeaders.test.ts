import { describe, expect, it } from 'vitest';
import { buildHeaders, localTime } from './callHeaders.ts';

const record = { accessKey: 'ak', darkModeDecodeKey: 'dk', uuid: 'u-1' };

describe('the five headers (spec §7)', () => {
  it('carries fingerprint, dark key, uuid, referrer and local time', () => {
    const now = new Date(Date.UTC(2025, 0, 1, 12));
    expect(buildHeaders(record, '/chaos', now)).toEqual({
      'x-fingerprint': 'ak',
      'x-dark-key': 'dk',
      'x-uuid': 'u-1',
      'x-referrer': '/chaos',
      'x-local-time': String(now.getTime() - now.getTimezoneOffset() * 60_000),
    });
  });

  it('leaves out empty values', () => {
    const headers = buildHeaders({ accessKey: '', darkModeDecodeKey: '', uuid: 'u-1' }, '');
    expect(Object.keys(headers).sort()).toEqual(['x-local-time', 'x-uuid']);
  });

  it('percent-encodes values a header cannot hold', () => {
    expect(buildHeaders({ ...record, darkModeDecodeKey: '暗号' }, '/chaos?keyword=猫')).toMatchObject({
      'x-dark-key': encodeURIComponent('暗号'),
      'x-referrer': encodeURIComponent('/chaos?keyword=猫'),
    });
  });

  it('local time is the wall clock shifted by the timezone offset', () => {
    const now = new Date(Date.UTC(2025, 5, 1));
    expect(localTime(now) - now.getTime() + now.getTimezoneOffset() * 60_000).toBe(0);
  });
});
