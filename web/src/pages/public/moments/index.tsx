import { ErrorCode } from '@candy/contract/codes';
import { lazy, Suspense, useState } from 'react';
import { useIsOffline } from '../../../core/appState.ts';
import { SearchInput } from '../../../ui/SearchInput.tsx';
import { DarkKeyNeeded } from '../shared/DarkKeyNeeded.tsx';
import { ListStatus } from '../shared/ListStatus.tsx';
import { PageHeading } from '../shared/PageHeading.tsx';
import '../shared/public-pages.css';
import { useDarkReadKey } from '../shared/useDarkReadKey.ts';
import { useInfiniteScroll } from '../shared/useInfiniteScroll.ts';
import { MomentCard } from './MomentCard.tsx';
import { StatisticsSkeleton } from './StatisticsSkeleton.tsx';
import './moments.css';
import { useMomentCounts } from './useMomentCounts.ts';
import { useMomentList } from './useMomentList.ts';

// Charts are their own chunk, fetched after the feed is on screen.
const Statistics = lazy(() => import('./Statistics.tsx'));

/**
 * The feed; offline it is the snapshot's sealed copy (issue 46.2), without the statistics and the
 * comment counts only the server knows.
 */
const Feed = ({ offline }: { offline: boolean }) => {
  const [keyword, setKeyword] = useState('');
  const readKey = useDarkReadKey();
  const moments = useMomentList(keyword, readKey);
  const counts = useMomentCounts(offline ? [] : moments.items.map((moment) => moment.id), readKey);
  const sentinel = useInfiniteScroll(moments.loadMore, moments.status === 'ready' && moments.hasMore);
  if (moments.status === 'failed' && moments.code === ErrorCode.darkKeyRequired)
    return <DarkKeyNeeded what="朋友圈" />;
  return (
    <>
      {offline ? (
        <p className="moments-offline-note" data-testid="moments-offline">
          离线模式：这是快照里加密保存的朋友圈，统计和评论要连上服务器才能看。
        </p>
      ) : (
        <details className="card moments-stats-card" open>
          <summary>统计</summary>
          <Suspense fallback={<StatisticsSkeleton />}>
            <Statistics readKey={readKey} />
          </Suspense>
        </details>
      )}
      <div className="public-page-toolbar">
        <SearchInput placeholder="搜索朋友圈" onSearch={setKeyword} />
      </div>
      <div className="moment-list" data-testid="moment-list">
        {moments.items.map((moment) => (
          <MomentCard key={moment.id} moment={moment} count={counts.get(moment.id)} />
        ))}
      </div>
      <div ref={sentinel} className="list-sentinel" />
      <ListStatus
        status={moments.status}
        error={moments.error}
        code={moments.code}
        count={moments.items.length}
        hasMore={moments.hasMore}
        empty={keyword.trim() ? '没有找到相关的动态' : '还没有动态'}
        onRetry={moments.items.length ? moments.loadMore : moments.reload}
      />
    </>
  );
};

/**
 * The moments feed (朋友圈): readable with the dark key or as the owner (4031); offline from the
 * snapshot's sealed copy, with the dark key only.
 */
export default function MomentsPage() {
  const offline = useIsOffline();
  return (
    <div className="public-page moments-page">
      <PageHeading>朋友圈</PageHeading>
      <Feed key={offline ? 'offline' : 'online'} offline={offline} />
    </div>
  );
}
