import { type FriendLink, LinkInput } from '@candy/contract/calls/links';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { destroyQuestion, EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

const stateLabel = { 1: '正常', 2: '失联', 3: '单向' } as const;

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
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(editing ? { ...editing } : empty);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = async () => {
    const parsed = LinkInput.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError(`${issue?.path.join('.') ?? ''}：${issue?.message ?? '不合法'}`);
    }
    setError(null);
    if (editing) await call('linkUpdate', { params: { id: editing.id }, body: parsed.data });
    else await call('linkCreate', { body: parsed.data });
    await queryClient.invalidateQueries({ queryKey: ['links'] });
    toast(editing ? '友链已更新' : '友链已添加', { type: 'success' });
    setDraft(empty);
    onDone();
  };
  return (
    <section className="link-form" data-testid="link-form">
      <input
        className="input"
        aria-label="名称"
        placeholder="名称"
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <input
        className="input"
        aria-label="地址"
        placeholder="https://…"
        value={draft.url}
        onChange={(e) => set({ url: e.target.value })}
      />
      <input
        className="input"
        aria-label="头像"
        placeholder="头像地址（可选）"
        value={draft.avatar}
        onChange={(e) => set({ avatar: e.target.value })}
      />
      <input
        className="input"
        aria-label="简介"
        placeholder="简介（可选）"
        value={draft.description}
        onChange={(e) => set({ description: e.target.value })}
      />
      <select
        className="input"
        aria-label="状态"
        value={draft.state}
        onChange={(e) => set({ state: Number(e.target.value) as Draft['state'] })}
      >
        {([1, 2, 3] as const).map((s) => (
          <option key={s} value={s}>
            {stateLabel[s]}
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
          {editing ? '保存' : '添加友链'}
        </Button>
        {editing && <Button onClick={onDone}>取消</Button>}
      </div>
    </section>
  );
};

export const LinksTab = () => {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<FriendLink | null>(null);
  const links = useQuery({ queryKey: ['links'], queryFn: () => call('linkList', {}) });
  const remove = async (link: FriendLink) => {
    await call('linkDelete', { params: { id: link.id } });
    await queryClient.invalidateQueries({ queryKey: ['links'] });
    toast('已删除', { type: 'success' });
  };
  return (
    <div className="links-tab">
      <LinkForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {links.isPending ? (
        <LoadingState />
      ) : links.isError ? (
        <ErrorState error={links.error} onRetry={() => void links.refetch()} />
      ) : links.data.length === 0 ? (
        <EmptyState>还没有友链</EmptyState>
      ) : (
        <ul className="meta-list" data-testid="link-admin-list">
          {links.data.map((link) => (
            <li key={link.id} className="link-row">
              <span>
                <strong>{link.name}</strong> <span className="muted">{stateLabel[link.state]}</span>
                <br />
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.url}
                </a>
              </span>
              <div className="admin-toolbar">
                <Button onClick={() => setEditing(link)}>编辑</Button>
                <Button
                  kind="dangerous"
                  confirm={{
                    title: '删除友链',
                    message: destroyQuestion('删除', '友链', { id: link.id, title: link.name }),
                  }}
                  onClick={() => remove(link)}
                >
                  删除
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
