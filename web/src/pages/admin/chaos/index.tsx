import { useState } from 'react';
import { AdminPage, Tabs } from '../../../ui/adminKit/index.ts';
import { preloadMarkdown } from '../../../ui/Markdown/loadRenderer.ts';
import { AboutTab } from './AboutTab.tsx';
import './chaos.css';
import { RecentComments } from '../shared/RecentComments.tsx';
import { EssaysTab } from './EssaysTab.tsx';
import { MomentsTab } from './MomentsTab.tsx';

void preloadMarkdown();

type Tab = 'essays' | 'about' | 'moments' | 'comments';

const tabs: { id: Tab; label: string }[] = [
  { id: 'essays', label: '随笔' },
  { id: 'about', label: '关于页' },
  { id: 'moments', label: '朋友圈' },
  { id: 'comments', label: '评论' },
];

/** Writing: essays (with reservations), the about page, moments and comment moderation. */
export default function WritePage() {
  const [tab, setTab] = useState<Tab>('essays');
  return (
    <AdminPage title="写随笔" data-testid="write-page">
      <Tabs tabs={tabs} value={tab} onChange={setTab} />
      {tab === 'essays' && <EssaysTab />}
      {tab === 'about' && <AboutTab />}
      {tab === 'moments' && <MomentsTab />}
      {tab === 'comments' && <RecentComments />}
    </AdminPage>
  );
}
