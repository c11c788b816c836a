import { eagerEssayIndex } from '@candy/contract/pictureMarkup';
import { peekSsr } from '../../../core/ssrData.ts';
import { useT } from '../../../i18n/useT.ts';
import { Hitokoto } from '../../../ui/Hitokoto/Hitokoto.tsx';
import { preloadMarkdown } from '../../../ui/Markdown/loadRenderer.ts';
import { SearchInput } from '../../../ui/SearchInput.tsx';
import { SubscribeSlot } from '../../../ui/Subscribe/SubscribeSlot.tsx';
import { ListStatus } from '../shared/ListStatus.tsx';
import { PageHeading } from '../shared/PageHeading.tsx';
import '../shared/public-pages.css';
import { useInfiniteScroll } from '../shared/useInfiniteScroll.ts';
import './chaos.css';
import { EssayCard } from './EssayCard.tsx';
import { useEssayList } from './useEssayList.ts';
import { useHashKeyword } from './useHashKeyword.ts';

// The markdown renderer downloads while the first page of essays is fetched; a server-rendered
// first page (issue 16) needs it only later (search, new content, offline).
if (peekSsr('essayList') === undefined) void preloadMarkdown();

/** The essays (随笔): a quote, a search (`#<id>` for one essay), and the list with infinite scroll. */
export default function ChaosPage() {
  const [keyword, setKeyword, searchVersion] = useHashKeyword();
  const essays = useEssayList(keyword);
  const sentinel = useInfiniteScroll(essays.loadMore, essays.status === 'ready' && essays.hasMore);
  const eager = eagerEssayIndex(essays.items);
  const t = useT();
  return (
    <div className="public-page chaos-page">
      <PageHeading>{t('title.chaos')}</PageHeading>
      <Hitokoto className="chaos-quote" />
      <div className="public-page-toolbar">
        <SearchInput
          key={searchVersion}
          initial={keyword}
          placeholder={t('chaos.search')}
          onSearch={setKeyword}
        />
      </div>
      {/* Near the top: the list scrolls on without end, so a form below it would never be reached. */}
      <SubscribeSlot place="chaos" />
      <div className="essay-list" data-testid="essay-list">
        {essays.items.map((essay, index) => (
          <EssayCard key={essay.id} essay={essay} first={index === eager} />
        ))}
      </div>
      <div ref={sentinel} className="list-sentinel" />
      <ListStatus
        status={essays.status}
        error={essays.error}
        code={essays.code}
        count={essays.items.length}
        hasMore={essays.hasMore}
        empty={t(keyword.trim() ? 'chaos.none.found' : 'chaos.none')}
        onRetry={essays.items.length ? essays.loadMore : essays.reload}
      />
    </div>
  );
}
