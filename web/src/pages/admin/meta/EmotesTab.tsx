import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

/** The owner's emotes, the remote index to pick from, and a Bilibili package import. */
export const EmotesTab = () => {
  const t = useT();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [packageId, setPackageId] = useState('');
  const own = useQuery({ queryKey: ['emotes', 'self'], queryFn: () => call('emoteSelf', {}) });
  const remote = useQuery({
    queryKey: ['emotes', 'remote', searched],
    queryFn: () => call('emoteRemote', { query: { keyword: searched ?? '' }, silent: true }),
    enabled: searched !== null,
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['emotes'] });
  const pick = async (id: string) => {
    const added = await call('emoteSelect', { params: { id } });
    await refresh();
    toast(t('admin.meta.emotes.added', { code: added.code }), { type: 'success' });
  };
  const remove = async (id: number, code: string) => {
    await call('emoteDelete', { params: { id } });
    await refresh();
    toast(t('admin.meta.emotes.removed', { code }), { type: 'success' });
  };
  const importPackage = async () => {
    const id = Number(packageId);
    if (!Number.isInteger(id) || id <= 0) return toast(t('admin.meta.emotes.badId'), { type: 'error' });
    const result = await call('emoteBilibili', { body: { id } });
    await refresh();
    toast(t('admin.meta.emotes.imported', { group: result.group, count: result.count }), { type: 'success' });
  };
  return (
    <div className="emotes-tab">
      <h2>{t('admin.meta.emotes.own')}</h2>
      {own.isPending ? (
        <LoadingState />
      ) : own.isError ? (
        <ErrorState error={own.error} onRetry={() => void own.refetch()} />
      ) : own.data.length === 0 ? (
        <EmptyState>{t('admin.meta.emotes.ownEmpty')}</EmptyState>
      ) : (
        <ul className="emote-grid" data-testid="own-emotes">
          {own.data.map((e) => (
            <li key={e.id}>
              <img src={e.url} alt={e.code} title={`${e.group} ${e.code}`} loading="lazy" data-content />
              <code data-content>{e.code}</code>
              <Button
                kind="dangerous"
                className="emote-remove"
                title={t('admin.meta.emotes.deleteCode', { code: e.code })}
                confirm={{ message: t('admin.meta.emotes.delete.question', { code: e.code }) }}
                onClick={() => remove(e.id, e.code)}
              >
                {t('admin.meta.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <h2>{t('admin.meta.emotes.pick')}</h2>
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setSearched(keyword.trim());
        }}
      >
        <input
          className="input"
          aria-label={t('admin.meta.emotes.search.label')}
          placeholder={t('admin.meta.emotes.search.placeholder')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <Button type="submit">{t('admin.meta.emotes.search')}</Button>
      </form>
      {searched !== null &&
        (remote.isPending ? (
          <LoadingState />
        ) : remote.isError ? (
          <ErrorState error={remote.error} onRetry={() => void remote.refetch()} />
        ) : remote.data.length === 0 ? (
          <EmptyState>{t('admin.meta.emotes.notFound')}</EmptyState>
        ) : (
          <ul className="emote-grid">
            {remote.data.map((e) => (
              <li key={e.id}>
                <img src={e.url} alt={e.name} loading="lazy" />
                <span data-content>{e.name}</span>
                <Button
                  disabled={e.selected}
                  disabledReason={t('admin.meta.emotes.chosen')}
                  onClick={() => pick(e.id)}
                >
                  {e.selected ? t('admin.meta.emotes.isAdded') : t('admin.meta.emotes.add')}
                </Button>
              </li>
            ))}
          </ul>
        ))}
      <h2>{t('admin.meta.emotes.import.title')}</h2>
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          void importPackage();
        }}
      >
        <input
          className="input"
          aria-label={t('admin.meta.emotes.import.label')}
          placeholder={t('admin.meta.emotes.import.placeholder')}
          inputMode="numeric"
          value={packageId}
          onChange={(e) => setPackageId(e.target.value)}
        />
        <Button type="submit">{t('admin.meta.emotes.import')}</Button>
      </form>
    </div>
  );
};
