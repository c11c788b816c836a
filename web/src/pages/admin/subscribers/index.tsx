import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
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
/** The tabs in order; each label is `admin.subscribers.tab.<id>`, translated at render. */
const tabIds: Tab[] = ['list', 'issues', 'import', 'settings'];

/** The server answers the CSV inside the envelope; the browser saves it as a file. */
const exportCsv = async () => {
  const { filename, csv } = await call('newsletterExport');
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), csvFileName(filename, new Date()));
  toast.success(t('admin.subscribers.exported'));
};

/**
 * 订阅者 (issue 43): the readers by e-mail with their figures, importing and exporting them, the
 * sending settings and each essay's delivery report.
 */
export default function Page() {
  const t = useT();
  const tabs = tabIds.map((id) => ({ id, label: t(`admin.subscribers.tab.${id}`) }));
  const [tab, setTab] = useState<Tab>('list');
  const first = useQuery(subscriberQuery('', '', undefined));
  const settings = useQuery(settingsQuery);
  return (
    <AdminPage
      title={t('admin.title.subscribers')}
      data-testid="subs-page"
      actions={
        <Button onClick={exportCsv} data-testid="subs-export">
          {t('admin.subscribers.export')}
        </Button>
      }
    >
      {settings.data && !settings.data.mailReady ? (
        <p className="subs-warning" role="note">
          {t('admin.subscribers.noMail')}
        </p>
      ) : null}
      <Counts counts={first.data?.counts} />
      <Tabs tabs={tabs} value={tab} onChange={setTab} />
      <div role="tabpanel" aria-label={tabs.find((item) => item.id === tab)?.label}>
        {tab === 'list' ? <SubscriberList /> : null}
        {tab === 'issues' ? <IssueList /> : null}
        {tab === 'import' ? <ImportPanel /> : null}
        {tab === 'settings' ? <SendSettings /> : null}
      </div>
    </AdminPage>
  );
}
