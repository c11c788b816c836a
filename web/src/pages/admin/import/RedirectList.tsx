import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';

/** The old addresses that answer 301, newest first, searchable by either side. */
export const RedirectList = () => {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const search = useDeferredValue(keyword.trim());
  const pages = useInfiniteQuery({
    queryKey: ['import', 'redirects', search],
    queryFn: ({ pageParam }) =>
      call('importRedirects', { query: { keyword: search || undefined, start: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.list.at(-1)?.id : undefined),
  });
  const rows = pages.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <section className="import-card" aria-label={t('admin.import.redirects')}>
      <div className="import-head">
        <h2>{t('admin.import.redirects')}</h2>
        <input
          type="search"
          placeholder={t('admin.import.redirects.search')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          data-testid="import-redirect-search"
        />
      </div>
      {pages.isPending ? (
        <LoadingState />
      ) : pages.isError ? (
        <ErrorState error={pages.error} onRetry={() => pages.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>
          {search ? t('admin.import.redirects.none') : t('admin.import.redirects.empty')}
        </EmptyState>
      ) : (
        <ul className="import-redirects" data-testid="import-redirects">
          {rows.map((row) => (
            <li key={row.id}>
              <code className="import-old">{row.oldPath}</code>
              <span aria-hidden="true">→</span>
              <a href={row.targetPath}>{row.targetPath}</a>
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <Button kind="text" onClick={() => pages.fetchNextPage()}>
          {t('admin.import.redirects.more')}
        </Button>
      )}
    </section>
  );
};
