import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { AdminPage, Tabs } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { saveBlob } from '../../utils/shared/download.ts';
import { Counts } from './Counts.tsx';
import { csvFileName } from './csvFile.ts';
import { ImportPanel } from './ImportPanel.tsx';
import { IssueList } from './IssueList.tsx';
import { SendSettings, settingsQuery } from './SendSettings.tsx';
import { SubscriberList, subscriberQuery } from './SubscriberList.tsx';
import './subscribers.css';

type Tab = 'list' | 'import' | 'issues' | 'settings';
const tabs: { id: Tab; label: string }[] = [
  { id: 'list', label: '订阅者' },
  { id: 'issues', label: '发送记录' },
  { id: 'import', label: '导入' },
  { id: 'settings', label: '发送设置' },
];

/** The server answers the CSV inside the envelope; the browser saves it as a file. */
const exportCsv = async () => {
  const { filename, csv } = await call('newsletterExport');
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), csvFileName(filename, new Date()));
  toast.success('已导出');
};

/**
 * 订阅者 (issue 43): the readers by e-mail with their figures, importing and exporting them, the
 * sending settings and each essay's delivery report.
 */
export default function Page() {
  const [tab, setTab] = useState<Tab>('list');
  const first = useQuery(subscriberQuery('', '', undefined));
  const settings = useQuery(settingsQuery);
  return (
    <AdminPage
      title="订阅者"
      data-testid="subs-page"
      actions={
        <Button onClick={exportCsv} data-testid="subs-export">
          导出 CSV
        </Button>
      }
    >
      {settings.data && !settings.data.mailReady ? (
        <p className="subs-warning" role="note">
          还没有设置发信邮箱：访客看不到订阅表单，也不会寄出邮件。请先在“推送”页设置邮件渠道。
        </p>
      ) : null}
      <Counts counts={first.data?.counts} />
      <Tabs tabs={tabs} value={tab} onChange={setTab} />
      <div role="tabpanel" aria-label={tabs.find((t) => t.id === tab)?.label}>
        {tab === 'list' ? <SubscriberList /> : null}
        {tab === 'issues' ? <IssueList /> : null}
        {tab === 'import' ? <ImportPanel /> : null}
        {tab === 'settings' ? <SendSettings /> : null}
      </div>
    </AdminPage>
  );
}
