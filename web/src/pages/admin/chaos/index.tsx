import { useCallback, useState } from 'react';
import { useLocation } from '../../../app/router.tsx';
import { useT } from '../../../i18n/useT.ts';
import { AdminPage, Tabs } from '../../../ui/adminKit/index.ts';
import { preloadMarkdown } from '../../../ui/Markdown/loadRenderer.ts';
import { AboutTab } from './AboutTab.tsx';
import './chaos.css';
import { CommentsTab } from './comments/CommentsTab.tsx';
import { EssaysTab } from './EssaysTab.tsx';
import { confirmLeave, useLeaveGuard } from './leaveGuard.ts';
import { MomentsTab } from './MomentsTab.tsx';

void preloadMarkdown();

type Tab = 'essays' | 'about' | 'moments' | 'comments';

const tabIds: Tab[] = ['essays', 'about', 'moments', 'comments'];

/**
 * Writing: essays (with reservations), the about page, moments and comment moderation. Unsaved
 * writing is never left silently: menu links, tabs, another essay and closing the tab ask first.
 */
export default function WritePage() {
  const t = useT();
  // The owner's "awaiting review" notice links here with ?comments=held: the queue opens at once.
  const heldLinked = useLocation().search.includes('comments=held');
  const [tab, setTab] = useState<Tab>(heldLinked ? 'comments' : 'essays');
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);
  const guard = useCallback(() => (dirty ? confirmLeave() : Promise.resolve(true)), [dirty]);
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);
  return (
    <AdminPage title={t('admin.title.chaos')} data-testid="write-page">
      <Tabs
        tabs={tabIds.map((id) => ({ id, label: t(`admin.desk.tab.${id}`) }))}
        value={tab}
        onChange={(next) => {
          if (next !== tab) void guard().then((go) => go && setTab(next));
        }}
      />
      {tab === 'essays' && <EssaysTab guard={guard} onDirtyChange={onDirtyChange} />}
      {tab === 'about' && <AboutTab onDirtyChange={onDirtyChange} />}
      {tab === 'moments' && <MomentsTab />}
      {tab === 'comments' && <CommentsTab initialStatus={heldLinked ? 'held' : 'all'} />}
    </AdminPage>
  );
}
