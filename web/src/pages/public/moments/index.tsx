import { ErrorCode } from '@candy/contract/codes';
import { lazy, Suspense, useState } from 'react';
import { useIsOffline } from '../../../core/appState.ts';
import { useT } from '../../../i18n/useT.ts';
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
  const t = useT();
  const moments = useMomentList(keyword, readKey);
  const counts = useMomentCounts(offline ? [] : moments.items.map((moment) => moment.id), readKey);
  const sentinel = useInfiniteScroll(moments.loadMore, moments.status === 'ready' && moments.hasMore);
  if (moments.status === 'failed' && moments.code === ErrorCode.darkKeyRequired)
    return <DarkKeyNeeded what={t('moments.what')} />;
  return (
    <>
      {offline ? (
        <p className="moments-offline-note" data-testid="moments-offline">
          {t('moments.offline')}
        </p>
      ) : (
        <details className="card moments-stats-card" open>
          <summary>{t('moments.stats')}</summary>
          <Suspense fallback={<StatisticsSkeleton />}>
            <Statistics readKey={readKey} />
          </Suspense>
        </details>
      )}
      <div className="public-page-toolbar">
        <SearchInput placeholder={t('moments.search')} onSearch={setKeyword} />
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
        empty={t(keyword.trim() ? 'moments.none.found' : 'moments.none')}
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
  const t = useT();
  return (
    <div className="public-page moments-page">
      <PageHeading>{t('title.moments')}</PageHeading>
      <Feed key={offline ? 'offline' : 'online'} offline={offline} />
    </div>
  );
}
