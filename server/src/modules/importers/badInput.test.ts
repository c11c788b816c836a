import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { uploadExport } from './importTestKit.ts';

describe('an upload that is not what it claims', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(async () => {
    await t.close();
  });

  const refused = async (file: Buffer, fields: Record<string, string> = {}) => {
    const res = await uploadExport(t, file, fields);
    expect(res.status).toBe(400);
    expect(res.code).toBe(4000);
    return res as { errorMsg: string; errors: { property: string }[] };
  };

  it.each([
    [
      'RSS without WordPress',
      '<?xml version="1.0"?><rss><channel><title>x</title></channel></rss>',
      'wp:wxr_version',
    ],
    ['broken XML', '<?xml version="1.0"?><rss><channel>', '不是合法的 XML'],
    ['an entity bomb', '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><r>&a;</r>', '实体'],
  ])('refuses %s with the parser’s reason (4000)', async (_name, body, reason) => {
    const res = await refused(Buffer.from(body));
    expect(res.errorMsg).toContain(reason);
    expect(res.errors[0]?.property).toBe('file');
  });

  it.each([
    ['wordpress', 'a WXR'],
    ['disqus', 'a Disqus export'],
  ])('refuses XML nested 50,000 deep as %s with 4000, not 500 (issue 40.3)', async (platform) => {
    const deep = `<?xml version="1.0"?>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}`;
    const res = await refused(Buffer.from(deep), { platform });
    expect(res.errors[0]?.property).toBe('file');
  });

  it('refuses an archive with a path that climbs out, before anything is written', async () => {
    const zip = Buffer.from(zipSync({ '../../evil.xml': new TextEncoder().encode('<x/>') }));
    const res = await refused(zip);
    expect(res.errorMsg).toContain('跳出目录');
    expect(await t.database.db.selectFrom('import_job').select('id').execute()).toEqual([]);
  });

  it('refuses an archive for a platform that reads one file', async () => {
    const zip = Buffer.from(zipSync({ 'export.xml': new TextEncoder().encode('<x/>') }));
    expect((await refused(zip)).errorMsg).toContain('.xml');
  });

  it('refuses a platform it does not know', async () => {
    expect((await refused(Buffer.from('x'), { platform: 'blogger' })).errors[0]?.property).toBe('platform');
  });
});
