import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guards.ts';
import { resolvePath } from './routeTable.ts';

const visitor = { owner: false, gate: false, expired: false };

describe('entry rules (spec §4)', () => {
  it.each([
    ['/contract', visitor, '/'],
    ['/contract', { ...visitor, gate: true }, null],
    ['/contract', { ...visitor, expired: true }, null],
    ['/contract', { ...visitor, owner: true }, '/great-old-one'],
    ['/great-old-one/cron', visitor, '/contract?redirect=%2Fgreat-old-one%2Fcron'],
    ['/great-old-one/cron', { ...visitor, gate: true }, '/contract?redirect=%2Fgreat-old-one%2Fcron'],
    ['/great-old-one/cron', { ...visitor, owner: true }, null],
    ['/chaos', visitor, null],
  ])('%s for %j → %s', (path, ctx, expected) => {
    expect(guardRedirect(path, '', ctx)).toBe(expected);
  });

  it('keeps the query of the target in the redirect', () => {
    expect(guardRedirect('/great-old-one/meta', '?id=3', visitor)).toBe(
      `/contract?redirect=${encodeURIComponent('/great-old-one/meta?id=3')}`,
    );
  });
});

describe('route table (spec §2)', () => {
  it.each([
    ['/', '/chaos'],
    ['/great-old-one', '/great-old-one/index'],
    ['/utils', '/utils/index'],
    ['/nope', '/'],
    ['/great-old-one/nope', '/'],
  ])('%s redirects to %s', (from, to) => {
    expect(resolvePath(from)).toEqual({ kind: 'redirect', to });
  });

  it.each([
    '/home',
    '/chaos',
    '/moments',
    '/pastel-memories',
    '/waifu',
    '/about',
    '/contract',
    '/great-old-one/index',
    '/great-old-one/ryona/material/create',
    '/utils/qrcode-decode',
  ])('%s is a page', (path) => {
    const resolved = resolvePath(path);
    expect(resolved.kind === 'page' && resolved.route.path).toBe(path);
  });

  it('marks /home fullscreen and back-office pages as needing the admin kit', () => {
    const home = resolvePath('/home');
    const admin = resolvePath('/great-old-one/cron');
    expect(home.kind === 'page' && home.route.meta.fullscreen).toBe(true);
    expect(admin.kind === 'page' && admin.route.meta.adminKit).toBe(true);
  });
});
