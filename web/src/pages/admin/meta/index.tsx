import { useState } from 'react';
import { AdminPage, type TabItem, Tabs } from '../../../ui/adminKit/index.ts';
import { EmotesTab } from './EmotesTab.tsx';
import { LinksTab } from './LinksTab.tsx';
import { MetaTab } from './MetaTab.tsx';
import './meta.css';

type Tab = 'meta' | 'links' | 'emotes';
const tabs: TabItem<Tab>[] = [
  { id: 'meta', label: '元数据' },
  { id: 'links', label: '友链' },
  { id: 'emotes', label: '表情' },
];

/** Site settings: meta strings (with what each known one means), friend links and the owner's emotes. */
export default function MetaPage() {
  const [tab, setTab] = useState<Tab>('meta');
  return (
    <AdminPage title="元数据" data-testid="meta-page">
      <Tabs tabs={tabs} value={tab} onChange={setTab} />
      {tab === 'meta' && <MetaTab />}
      {tab === 'links' && <LinksTab />}
      {tab === 'emotes' && <EmotesTab />}
    </AdminPage>
  );
}
