import type { BackupStatus } from '@candy/contract/calls/dashboard';
import { sourceLanguage } from '@candy/contract/languages';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { switchTo } from '../../../i18n/i18n.ts';
import { BackupSummary } from './BackupPanel.tsx';

const at = new Date(2026, 11, 5, 3, 30).getTime();
const configured: BackupStatus = {
  configured: true,
  destination: 's3://my-backups/candy',
  shipSeconds: 10,
  drillAvailable: true,
  points: [
    {
      id: 'b',
      createdAt: at + 60_000,
      kind: 'point',
      size: 3_000_000,
      newBytes: 70_000,
      bad: '数据块无法解密',
    },
    { id: 'a', createdAt: at, kind: 'daily', size: 3_000_000, newBytes: 2_900_000, bad: null },
  ],
  lastDrill: {
    at: at + 7_200_000,
    ok: false,
    points: [{ id: 'b', createdAt: at + 60_000, ok: false, detail: '数据块无法解密' }],
  },
  error: null,
};
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, '');

/** Issue 45: the home shows the last verified restore, the destination and each backup. */
describe('the backups on the admin home', () => {
  it('shows the last verified restore: date, point in time, result', () => {
    const text = textOf(renderToStaticMarkup(<BackupSummary status={configured} />));
    expect(text).toContain('上次验证恢复：2026-12-05 05:30，时间点 2026-12-05 03:31，失败 数据块无法解密');
    expect(text).toContain('目的地：s3://my-backups/candy；数据有变化时每 10 秒送出一个时间点');
  });

  it('lists each backup with its time, kind, size, new bytes and a bad one as 损坏', () => {
    const text = textOf(renderToStaticMarkup(<BackupSummary status={configured} />));
    expect(text).toContain('2026-12-05 03:31时间点2.9 MB68.4 KB损坏');
    expect(text).toContain('2026-12-05 03:30每日2.9 MB2.8 MB未验证');
  });

  it('says where the drill cannot run, and when nothing leaves the machine', () => {
    const noKey = textOf(
      renderToStaticMarkup(
        <BackupSummary status={{ ...configured, drillAvailable: false, lastDrill: null }} />,
      ),
    );
    expect(noKey).toContain('上次验证恢复：还没有');
    expect(noKey).toContain('服务器上没有恢复密钥（BACKUP_IDENTITY_FILE）');
    const off = textOf(
      renderToStaticMarkup(
        <BackupSummary status={{ ...configured, configured: false, destination: null }} />,
      ),
    );
    expect(off).toContain('没有设置异地备份（BACKUP_DESTINATION）');
  });
});

/** Issue 44: the same summary in English, each sentence one message with its badge and link inside. */
describe('the backups on the admin home, in English', () => {
  afterAll(() => switchTo(sourceLanguage));

  it('says the same in English', async () => {
    await switchTo('en');
    const text = textOf(renderToStaticMarkup(<BackupSummary status={configured} />));
    expect(text).toContain(
      'Last verified restore: 2026-12-05 05:30, point in time 2026-12-05 03:31, Failed 数据块无法解密',
    );
    expect(text).toContain(
      'Destination: s3://my-backups/candy; when the data changes, a point in time goes out every 10 seconds',
    );
    expect(text).toContain('2026-12-05 03:31Point in time2.9 MB68.4 KBDamaged');
  });
});
