import type { Bangumi, BangumiPatch, BangumiStatus, BangumiSubject } from '@candy/contract/calls/bangumi';
import { bangumiStatuses } from '@candy/contract/calls/bangumi';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, RequestError } from '../../../core/request.ts';
import { t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  AdminPage,
  destroyQuestion,
  EmptyState,
  ErrorState,
  LoadingState,
  Pager,
  type TabItem,
  Tabs,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Picture } from '../../../ui/Picture.tsx';
import { toast } from '../../../ui/toast.tsx';
import './pastel.css';

/** A status's name in the active language. */
export const statusLabel = (status: BangumiStatus): string => t(`admin.anime.status.${status}`);

type Mode = 'keyword' | 'airDate' | 'subject';
/** The three ways to search, named in the active language. */
const modes = (): TabItem<Mode>[] => [
  { id: 'keyword', label: t('admin.anime.mode.keyword') },
  { id: 'airDate', label: t('admin.anime.mode.airDate') },
  { id: 'subject', label: t('admin.anime.mode.subject') },
];
const pageSize = 20;

interface Search {
  mode: Mode;
  text: string;
  page: number;
}

const lookup = async ({ mode, text, page }: Search) => {
  if (mode === 'keyword')
    return call('bangumiByKeyword', { query: { keyword: text, start: (page - 1) * pageSize }, silent: true });
  if (mode === 'airDate') return call('bangumiByAirDate', { query: { airDate: text, page }, silent: true });
  const one = await call('bangumiBySubjectId', { query: { subjectId: Number(text) }, silent: true });
  return { total: 1, list: [one] };
};

/** Searching Bangumi three ways; each hit adds with one click. */
const BangumiSearch = ({ owned }: { owned: Set<number> }) => {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('keyword');
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  const t = useT();
  const results = useQuery({
    queryKey: ['bangumi-search', search],
    queryFn: () => lookup(search as Search),
    enabled: search !== null,
    retry: false,
  });
  const add = useMutation({
    mutationFn: (s: BangumiSubject) =>
      call('bangumiCreate', {
        body: {
          subjectId: s.subjectId,
          title: s.title,
          titleCn: s.titleCn,
          cover: s.cover,
          airDate: s.airDate,
          episodesTotal: s.episodes,
          tags: s.tags.slice(0, 10),
          status: 'wish',
          episodesWatched: 0,
          rating: null,
          review: '',
        },
      }),
    onSuccess: async (b) => {
      await queryClient.invalidateQueries({ queryKey: ['bangumi'] });
      toast(t('admin.anime.added', { title: b.titleCn || b.title }), { type: 'success' });
    },
  });
  const placeholder = t(`admin.anime.placeholder.${mode}`);
  const error = results.error;
  return (
    <section className="bangumi-search" data-testid="bangumi-search">
      <Tabs tabs={modes()} value={mode} onChange={setMode} />
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) setSearch({ mode, text: text.trim(), page: 1 });
        }}
      >
        <input
          className="input"
          aria-label={t('admin.anime.search.label')}
          placeholder={placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="bangumi-search-input"
        />
        <Button kind="primary" type="submit" data-testid="bangumi-search-submit">
          {t('admin.anime.search')}
        </Button>
      </form>
      {search === null ? null : results.isPending ? (
        <LoadingState />
      ) : error ? (
        <div className="bangumi-search-error" role="alert" data-testid="bangumi-search-error">
          {error instanceof RequestError
            ? t('admin.anime.search.error', { message: error.message, code: error.code })
            : String(error)}
        </div>
      ) : results.data.list.length === 0 ? (
        <EmptyState>{t('admin.anime.search.none')}</EmptyState>
      ) : (
        <>
          <ul className="bangumi-results" data-testid="bangumi-results">
            {results.data.list.map((s) => (
              <li key={s.subjectId} data-testid="bangumi-result">
                {s.cover ? (
                  <img src={s.cover} alt="" loading="lazy" referrerPolicy="no-referrer" />
                ) : (
                  <span />
                )}
                <div>
                  <strong data-content>{s.titleCn || s.title}</strong>
                  <span className="muted">
                    <span data-content>{s.title}</span> ·{' '}
                    {s.rating
                      ? t('admin.anime.result.rated', {
                          airDate: s.airDate ?? t('admin.anime.result.unscheduled'),
                          episodes: s.episodes ?? '?',
                          rating: s.rating.toFixed(1),
                        })
                      : t('admin.anime.result', {
                          airDate: s.airDate ?? t('admin.anime.result.unscheduled'),
                          episodes: s.episodes ?? '?',
                        })}
                  </span>
                </div>
                <Button
                  kind="primary"
                  disabled={owned.has(s.subjectId)}
                  disabledReason={t('admin.anime.owned')}
                  loading={add.isPending && add.variables?.subjectId === s.subjectId}
                  onClick={() => add.mutate(s)}
                  data-testid="bangumi-add"
                >
                  {owned.has(s.subjectId) ? t('admin.anime.inList') : t('admin.anime.add')}
                </Button>
              </li>
            ))}
          </ul>
          {search.mode !== 'subject' && results.data.total > pageSize && (
            <Pager
              page={search.page}
              pageSize={pageSize}
              total={results.data.total}
              onChange={(page) => setSearch({ ...search, page })}
            />
          )}
        </>
      )}
    </section>
  );
};

/** One entry of the owner's list with its editable fields. */
const Entry = ({ entry }: { entry: Bangumi }) => {
  const queryClient = useQueryClient();
  const [review, setReview] = useState(entry.review);
  const [tags, setTags] = useState(entry.tags.join(', '));
  const save = useMutation({
    mutationFn: (body: BangumiPatch) => call('bangumiUpdate', { params: { id: entry.id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bangumi'] }),
  });
  const t = useT();
  const remove = async () => {
    await call('bangumiDelete', { params: { id: entry.id } });
    await queryClient.invalidateQueries({ queryKey: ['bangumi'] });
    toast(t('admin.anime.deleted'), { type: 'success' });
  };
  const total = entry.episodesTotal;
  return (
    <li className="bangumi-entry" data-testid="bangumi-entry">
      {entry.cover ? (
        <Picture
          className="bangumi-entry-cover"
          src={entry.cover}
          alt=""
          width={96}
          height={136}
          info={entry.pictures?.[entry.cover]}
          sizes="(max-width: 600px) 64px, 96px"
        />
      ) : (
        <span className="bangumi-nocover" />
      )}
      <div className="bangumi-entry-body">
        <strong data-content>{entry.titleCn || entry.title}</strong>
        <div className="bangumi-entry-controls">
          <select
            className="input"
            aria-label={t('admin.anime.status')}
            value={entry.status}
            onChange={(e) => save.mutate({ status: e.target.value as BangumiStatus })}
            data-testid="bangumi-status"
          >
            {bangumiStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
          <span data-testid="bangumi-progress">
            {t('admin.anime.progress', { watched: entry.episodesWatched, total: total ?? '?' })}
          </span>
          <Button
            onClick={() => save.mutate({ episodesWatched: entry.episodesWatched + 1 })}
            disabled={total !== null && entry.episodesWatched >= total}
            disabledReason={t('admin.anime.allWatched')}
            data-testid="bangumi-plus"
          >
            +1
          </Button>
          <select
            className="input"
            aria-label={t('admin.anime.rating')}
            value={entry.rating ?? ''}
            onChange={(e) => e.target.value && save.mutate({ rating: Number(e.target.value) })}
            data-testid="bangumi-rating"
          >
            <option value="">{t('admin.anime.rating.none')}</option>
            {[10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {t('admin.anime.rating.score', { score: n })}
              </option>
            ))}
          </select>
        </div>
        <textarea
          className="input"
          data-content
          aria-label={t('admin.anime.review')}
          placeholder={t('admin.anime.review')}
          value={review}
          maxLength={5000}
          onChange={(e) => setReview(e.target.value)}
        />
        <input
          className="input"
          aria-label={t('admin.anime.tags')}
          placeholder={t('admin.anime.tags.placeholder')}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
        />
        <div className="admin-toolbar">
          <Button
            onClick={() =>
              save.mutate(
                {
                  review,
                  tags: tags
                    .split(/[,，]/)
                    .map((t) => t.trim())
                    .filter(Boolean),
                },
                { onSuccess: () => toast(t('admin.anime.saved'), { type: 'success' }) },
              )
            }
            data-testid="bangumi-save"
          >
            {t('admin.anime.save')}
          </Button>
          <Button
            kind="dangerous"
            confirm={{
              title: t('admin.anime.delete.title'),
              message: destroyQuestion(t('admin.kit.delete'), t('admin.anime.delete.kind'), {
                id: entry.id,
                title: entry.titleCn || entry.title,
              }),
            }}
            onClick={remove}
            data-testid="bangumi-delete"
          >
            {t('admin.kit.delete')}
          </Button>
        </div>
      </div>
    </li>
  );
};

/** Anime management: the owner's list, and Bangumi lookups to add to it. */
export default function PastelMemoriesAdmin() {
  const [keyword, setKeyword] = useState('');
  const list = useQuery({
    queryKey: ['bangumi', keyword],
    queryFn: () => call('bangumiList', { query: { keyword } }),
  });
  const all = useQuery({ queryKey: ['bangumi', ''], queryFn: () => call('bangumiList', {}) });
  const owned = new Set((all.data ?? []).map((b) => b.subjectId).filter((id): id is number => id !== null));
  const t = useT();
  return (
    <AdminPage title={t('admin.title.pastel-memories')} data-testid="bangumi-admin">
      <BangumiSearch owned={owned} />
      <h2>{t('admin.anime.list')}</h2>
      <input
        className="input"
        aria-label={t('admin.anime.filter')}
        placeholder={t('admin.anime.filter.placeholder')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState>{t('admin.anime.none')}</EmptyState>
      ) : (
        <ul className="bangumi-list" data-testid="bangumi-list">
          {list.data.map((entry) => (
            <Entry key={`${entry.id}-${entry.updatedAt}`} entry={entry} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
