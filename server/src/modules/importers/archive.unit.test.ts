import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { Header } from 'tar';
import { describe, expect, it } from 'vitest';
import { ArchiveError, archiveKindOf, openArchive, safeEntryName } from './archive.ts';

const limits = { maxTotalBytes: 1024 * 1024, maxEntries: 10, maxRatio: 50 };

/** A tar made by hand, one 512-byte header per entry (the `tar` package's own Header encoder). */
const tarOf = (
  entries: { path: string; type?: 'File' | 'SymbolicLink'; body?: string; linkpath?: string }[],
) => {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const header = new Header({
      path: entry.path,
      type: entry.type ?? 'File',
      size: body.length,
      mode: 0o644,
      mtime: new Date(0),
      linkpath: entry.linkpath ?? '',
    });
    const block = Buffer.alloc(512);
    header.encode(block);
    blocks.push(block, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
};

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ArchiveError);
  return (error as ArchiveError).reason;
};

describe('the safe extractor', () => {
  it.each([
    ['posts/a.md', 'posts/a.md'],
    ['./posts//b.md', 'posts/b.md'],
    ['a\\b.md', 'a/b.md'],
  ])('keeps the relative name %s as %s', (raw, safe) => {
    expect(safeEntryName(raw)).toBe(safe);
  });

  it.each(['../evil', 'posts/../../evil', '/etc/passwd', 'C:/x', '..\\evil'])('refuses %s', (raw) => {
    expect(() => safeEntryName(raw)).toThrow(ArchiveError);
  });

  it('opens a zip, a tar and a tar.gz by their magic numbers', async () => {
    const zip = zipSync({ 'posts/a.md': new TextEncoder().encode('# A') });
    const tar = tarOf([{ path: 'posts/a.md', body: '# A' }]);
    for (const [bytes, kind] of [
      [zip, 'zip'],
      [tar, 'tar'],
      [gzipSync(tar), 'tar.gz'],
    ] as const) {
      expect(archiveKindOf(bytes)).toBe(kind);
      const files = await openArchive(bytes, kind, limits);
      expect(Buffer.from(files.get('posts/a.md') ?? []).toString()).toBe('# A');
    }
    expect(archiveKindOf(Buffer.from('<?xml version="1.0"?>'))).toBeNull();
  });

  it('refuses a zip entry that climbs out of the archive', async () => {
    const zip = zipSync({ '../evil.sh': new TextEncoder().encode('rm -rf') });
    expect(await refusal(openArchive(zip, 'zip', limits))).toContain('跳出目录');
  });

  it('refuses a zip bomb by its ratio, before inflating it', async () => {
    const zip = zipSync({ 'zeros.txt': new Uint8Array(900 * 1024) }, { level: 9 });
    expect(await refusal(openArchive(zip, 'zip', limits))).toContain('压缩炸弹');
  });

  it('refuses a zip whose entries inflate past the sizes its directory declared (issue 40.3)', async () => {
    const zip = zipSync({ 'export.xml': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    // The lie: directory and local header both say 64 KB (a ratio the checks let through).
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let at = 0; at + 4 <= zip.length; at += 1) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50) view.setUint32(at + 22, 64 * 1024, true);
      if (signature === 0x02014b50) view.setUint32(at + 24, 64 * 1024, true);
    }
    const roomy = { maxTotalBytes: 64 * 1024 * 1024, maxEntries: 10, maxRatio: 200 };
    expect(await refusal(openArchive(zip, 'zip', roomy))).toContain('比它声明的大');
  });

  it('refuses a zip whose entries inflate past the total cap', async () => {
    const random = () => Uint8Array.from({ length: 400 * 1024 }, () => (Math.random() * 256) | 0);
    const zip = zipSync({ a: random(), b: random(), c: random() }, { level: 0 });
    expect(await refusal(openArchive(zip, 'zip', limits))).toMatch(/超过|上限/);
  });

  it('refuses a tar.gz that inflates past the cap (a gzip bomb)', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024));
    expect(await refusal(openArchive(bomb, 'tar.gz', limits))).toContain('超过上限');
  });

  it('refuses links and climbing paths in a tar', async () => {
    const link = tarOf([{ path: 'evil', type: 'SymbolicLink', linkpath: '/etc/passwd' }]);
    expect(await refusal(openArchive(link, 'tar', limits))).toContain('链接');
    const climb = tarOf([{ path: '../evil', body: 'x' }]);
    expect(await refusal(openArchive(climb, 'tar', limits))).toContain('跳出目录');
  });

  it('refuses more entries than allowed', async () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, new Uint8Array(1)]));
    expect(await refusal(openArchive(zipSync(many), 'zip', limits))).toContain('个');
  });
});
