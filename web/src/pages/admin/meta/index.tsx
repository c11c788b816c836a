import { useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { AdminPage, type TabItem, Tabs } from '../../../ui/adminKit/index.ts';
import { EmotesTab } from './EmotesTab.tsx';
import { LinksTab } from './LinksTab.tsx';
import { MetaTab } from './MetaTab.tsx';
import './meta.css';

type Tab = 'meta' | 'links' | 'emotes';
const tabIds: Tab[] = ['meta', 'links', 'emotes'];

/** Site settings: meta strings (with what each known one means), friend links and the owner's emotes. */
export default function MetaPage() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('meta');
  const tabs: TabItem<Tab>[] = tabIds.map((id) => ({ id, label: t(`admin.meta.tab.${id}`) }));
  return (
    <AdminPage title={t('admin.title.meta')} data-testid="meta-page">
      <Tabs tabs={tabs} value={tab} onChange={setTab} />
      {tab === 'meta' && <MetaTab />}
      {tab === 'links' && <LinksTab />}
      {tab === 'emotes' && <EmotesTab />}
    </AdminPage>
  );
}
