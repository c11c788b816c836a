import type { BangumiStatus } from '@candy/contract/calls/bangumi';
import { useMemo, useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { SearchInput } from '../../../ui/SearchInput.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { PageHeading } from '../shared/PageHeading.tsx';
import '../shared/public-pages.css';
import { BangumiCard } from './BangumiCard.tsx';
import { groupBangumi, statusKey, statusOrder, tagsOf } from './groupBangumi.ts';
import './pastel-memories.css';
import { useBangumiList } from './useBangumiList.ts';

/** The anime list (番剧): grouped by status, filtered by status, tag and keyword. */
export default function PastelMemoriesPage() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<BangumiStatus | 'all'>('all');
  const [tag, setTag] = useState('');
  const list = useBangumiList(keyword);
  const t = useT();
  const entries = list.data ?? [];
  const groups = useMemo(
    () => groupBangumi(entries, { status, tag, keyword }),
    [entries, status, tag, keyword],
  );
  const tags = useMemo(() => tagsOf(entries), [entries]);
  // The first cover on screen is the page's largest early picture: it alone loads at once.
  const firstCover = groups.flatMap((group) => group.entries).find((entry) => entry.cover)?.id;

  return (
    <div className="public-page bangumi-page">
      <PageHeading>{t('title.pastel-memories')}</PageHeading>
      <div className="public-page-toolbar">
        <SearchInput placeholder={t('bangumi.search')} onSearch={setKeyword} />
        <select
          className="input bangumi-tag-select"
          aria-label={t('bangumi.byTag')}
          value={tag}
          onChange={(event) => setTag(event.target.value)}
        >
          <option value="">{t('bangumi.allTags')}</option>
          {tags.map((name) => (
            <option key={name} value={name} data-content>
              {name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="bangumi-status-filter">
        <legend className="visually-hidden">{t('bangumi.byStatus')}</legend>
        {(['all', ...statusOrder] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={status === value ? 'btn btn-primary' : 'btn'}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {t(value === 'all' ? 'bangumi.all' : statusKey(value))}
          </button>
        ))}
      </fieldset>
      {groups.map((group) => (
        <section key={group.status} className="bangumi-group" aria-label={t(statusKey(group.status))}>
          <h2>
            {t(statusKey(group.status))} <span className="badge">{group.entries.length}</span>
          </h2>
          <div className="bangumi-grid">
            {group.entries.map((entry) => (
              <BangumiCard key={entry.id} entry={entry} onTag={setTag} eager={entry.id === firstCover} />
            ))}
          </div>
        </section>
      ))}
      {list.status === 'loading' ? (
        <div className="list-status">
          <Spinner label={t('list.loading')} /> {t('list.loading.text')}
        </div>
      ) : list.status === 'failed' ? (
        <div className="list-status list-status-failed" role="alert">
          {t('list.failed', { error: list.error })}{' '}
          <button type="button" className="btn btn-text" onClick={() => void list.retry()}>
            {t('list.retry')}
          </button>
        </div>
      ) : groups.length === 0 ? (
        <div className="list-status list-status-empty">{t('bangumi.none')}</div>
      ) : null}
    </div>
  );
}
