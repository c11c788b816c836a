import type { Essay } from '@candy/contract/calls/essays';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../../core/request.ts';
import { t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import { Badge, EmptyState, ErrorState, formatDateTime, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';

const titleOf = (content: string): string => {
  const line = content.split('\n').find((l) => l.trim() !== '') ?? t('admin.desk.list.emptyEssay');
  return line.replace(/^#+\s*/, '').slice(0, 60);
};

/** Every essay the owner has — hidden and reserved marked — searchable, ten at a time. */
export const EssayList = ({
  selected,
  onSelect,
}: {
  selected: number | null;
  onSelect: (essay: Essay) => void;
}) => {
  const t = useT();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  // Spec §9: search input debounced by 500 ms.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), 500);
    return () => clearTimeout(timer);
  }, [input]);

  const essays = useInfiniteQuery({
    queryKey: ['essays', 'owner-list', keyword],
    queryFn: ({ pageParam }) =>
      call('essayList', { query: { start: pageParam, keyword: keyword || undefined } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.list.at(-1)?.id : undefined),
  });
  const list = essays.data?.pages.flatMap((p) => p.list) ?? [];
  const now = Date.now();

  return (
    <aside className="essay-list" data-testid="essay-list">
      <input
        className="input"
        type="search"
        placeholder={t('admin.desk.list.search.placeholder')}
        aria-label={t('admin.desk.list.search.label')}
        value={input}
        onChange={(e) => setInput(e.target.value)}
      />
      {essays.isPending ? (
        <LoadingState />
      ) : essays.isError && list.length === 0 ? (
        <ErrorState error={essays.error} onRetry={() => essays.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState>{keyword ? t('admin.desk.list.notFound') : t('admin.desk.list.none')}</EmptyState>
      ) : (
        <ul>
          {list.map((essay) => (
            <li key={essay.id}>
              <button
                type="button"
                className={`essay-list-item${essay.id === selected ? ' active' : ''}`}
                aria-current={essay.id === selected ? 'true' : undefined}
                onClick={() => onSelect(essay)}
              >
                <span className="essay-list-title" data-content={essay.content.trim() ? true : undefined}>
                  {titleOf(essay.content)}
                </span>
                <span className="essay-list-meta">
                  #{essay.id} · {formatDateTime(essay.createdAt)}
                  {essay.hide && <Badge tone="muted">{t('admin.desk.hidden')}</Badge>}
                  {essay.reservation !== null && essay.reservation > now && (
                    <Badge tone="warning">
                      {t('admin.desk.list.scheduled', { time: formatDateTime(essay.reservation) })}
                    </Badge>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {essays.hasNextPage && (
        <Button loading={essays.isFetchingNextPage} onClick={() => essays.fetchNextPage()}>
          {essays.isFetchingNextPage ? t('admin.desk.loading') : t('admin.desk.more')}
        </Button>
      )}
    </aside>
  );
};
