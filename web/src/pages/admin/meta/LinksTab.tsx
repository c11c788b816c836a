import { type FriendLink, LinkInput } from '@candy/contract/calls/links';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { issueText } from '../../../i18n/contractWords.ts';
import { useT } from '../../../i18n/useT.ts';
import { EmptyState, ErrorState, LoadingState, shortTitle } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

interface Draft {
  name: string;
  url: string;
  avatar: string;
  description: string;
  state: 1 | 2 | 3;
}
const empty: Draft = { name: '', url: '', avatar: '', description: '', state: 1 };

/** A new link, or one being edited; checked with the contract's schema before it is sent. */
const LinkForm = ({ editing, onDone }: { editing: FriendLink | null; onDone: () => void }) => {
  const t = useT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(editing ? { ...editing } : empty);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = async () => {
    const parsed = LinkInput.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError(
        t('admin.meta.links.problem', {
          field: issue?.path.join('.') ?? '',
          message: issue ? issueText(issue) : t('admin.meta.links.invalid'),
        }),
      );
    }
    setError(null);
    if (editing) await call('linkUpdate', { params: { id: editing.id }, body: parsed.data });
    else await call('linkCreate', { body: parsed.data });
    await queryClient.invalidateQueries({ queryKey: ['links'] });
    toast(editing ? t('admin.meta.links.updated') : t('admin.meta.links.added'), { type: 'success' });
    setDraft(empty);
    onDone();
  };
  return (
    <section className="link-form" data-testid="link-form">
      <input
        className="input"
        aria-label={t('admin.meta.links.name')}
        placeholder={t('admin.meta.links.name')}
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <input
        className="input"
        aria-label={t('admin.meta.links.url')}
        placeholder="https://…"
        value={draft.url}
        onChange={(e) => set({ url: e.target.value })}
      />
      <input
        className="input"
        aria-label={t('admin.meta.links.avatar')}
        placeholder={t('admin.meta.links.avatar.placeholder')}
        value={draft.avatar}
        onChange={(e) => set({ avatar: e.target.value })}
      />
      <input
        className="input"
        aria-label={t('admin.meta.links.description')}
        placeholder={t('admin.meta.links.description.placeholder')}
        value={draft.description}
        onChange={(e) => set({ description: e.target.value })}
      />
      <select
        className="input"
        aria-label={t('admin.meta.links.state')}
        value={draft.state}
        onChange={(e) => set({ state: Number(e.target.value) as Draft['state'] })}
      >
        {([1, 2, 3] as const).map((s) => (
          <option key={s} value={s}>
            {t(`admin.meta.links.state.${s}`)}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-toolbar">
        <Button kind="primary" onClick={save} data-testid="link-save">
          {editing ? t('admin.meta.save') : t('admin.meta.links.add')}
        </Button>
        {editing && <Button onClick={onDone}>{t('admin.meta.cancel')}</Button>}
      </div>
    </section>
  );
};

export const LinksTab = () => {
  const t = useT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<FriendLink | null>(null);
  const links = useQuery({ queryKey: ['links'], queryFn: () => call('linkList', {}) });
  const remove = async (link: FriendLink) => {
    await call('linkDelete', { params: { id: link.id } });
    await queryClient.invalidateQueries({ queryKey: ['links'] });
    toast(t('admin.meta.deleted'), { type: 'success' });
  };
  return (
    <div className="links-tab">
      <LinkForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {links.isPending ? (
        <LoadingState />
      ) : links.isError ? (
        <ErrorState error={links.error} onRetry={() => void links.refetch()} />
      ) : links.data.length === 0 ? (
        <EmptyState>{t('admin.meta.links.empty')}</EmptyState>
      ) : (
        <ul className="meta-list" data-testid="link-admin-list">
          {links.data.map((link) => (
            <li key={link.id} className="link-row">
              <span>
                <strong data-content>{link.name}</strong>{' '}
                <span className="muted">{t(`admin.meta.links.state.${link.state}`)}</span>
                <br />
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.url}
                </a>
              </span>
              <div className="admin-toolbar">
                <Button onClick={() => setEditing(link)}>{t('admin.meta.edit')}</Button>
                <Button
                  kind="dangerous"
                  confirm={{
                    title: t('admin.meta.links.delete.title'),
                    message: t('admin.meta.links.delete.question', {
                      id: link.id,
                      title: shortTitle(link.name),
                    }),
                  }}
                  onClick={() => remove(link)}
                >
                  {t('admin.meta.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
