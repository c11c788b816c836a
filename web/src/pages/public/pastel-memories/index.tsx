import type { BangumiStatus } from '@candy/contract/calls/bangumi';
import { useMemo, useState } from 'react';
import { SearchInput } from '../../../ui/SearchInput.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { PageHeading } from '../shared/PageHeading.tsx';
import '../shared/public-pages.css';
import { BangumiCard } from './BangumiCard.tsx';
import { groupBangumi, statusLabel, statusOrder, tagsOf } from './groupBangumi.ts';
import './pastel-memories.css';
import { useBangumiList } from './useBangumiList.ts';

/** The anime list (番剧): grouped by status, filtered by status, tag and keyword. */
export default function PastelMemoriesPage() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<BangumiStatus | 'all'>('all');
  const [tag, setTag] = useState('');
  const list = useBangumiList(keyword);
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
      <PageHeading>番剧</PageHeading>
      <div className="public-page-toolbar">
        <SearchInput placeholder="搜索番剧" onSearch={setKeyword} />
        <select
          className="input bangumi-tag-select"
          aria-label="按标签筛选"
          value={tag}
          onChange={(event) => setTag(event.target.value)}
        >
          <option value="">全部标签</option>
          {tags.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="bangumi-status-filter">
        <legend className="visually-hidden">按状态筛选</legend>
        {(['all', ...statusOrder] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={status === value ? 'btn btn-primary' : 'btn'}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {value === 'all' ? '全部' : statusLabel[value]}
          </button>
        ))}
      </fieldset>
      {groups.map((group) => (
        <section key={group.status} className="bangumi-group" aria-label={statusLabel[group.status]}>
          <h2>
            {statusLabel[group.status]} <span className="badge">{group.entries.length}</span>
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
          <Spinner label="加载中" /> 加载中…
        </div>
      ) : list.status === 'failed' ? (
        <div className="list-status list-status-failed" role="alert">
          加载失败：{list.error}{' '}
          <button type="button" className="btn btn-text" onClick={() => void list.retry()}>
            重试
          </button>
        </div>
      ) : groups.length === 0 ? (
        <div className="list-status list-status-empty">没有符合条件的番剧</div>
      ) : null}
    </div>
  );
}
