import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { Badge, type BadgeTone, EmptyState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

/** Each kind of change: its badge's tone (its label is `admin.files.status.<kind>`). */
const STATUS: Record<string, BadgeTone> = {
  added: 'success',
  modified: 'info',
  deleted: 'danger',
  renamed: 'warning',
};

/** What the next commit will hold, each change undoable, and the commit box. */
export const StagedPanel = () => {
  const t = useT();
  const client = useQueryClient();
  const staged = useQuery({ queryKey: ['files', 'staged'], queryFn: () => call('filesStaged') });
  const [message, setMessage] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: ['files'] });
  const commit = async () => {
    const done = await call('filesCommit', { body: { message } });
    setMessage('');
    await refresh();
    const hash = done.hash.slice(0, 7);
    if (done.pushError) toast.error(t('admin.files.commit.pushFailed', { hash, error: done.pushError }));
    else toast.success(t(done.pushed ? 'admin.files.commit.pushed' : 'admin.files.commit.done', { hash }));
  };
  const changes = staged.data ?? [];
  return (
    <section className="files-staged" data-testid="files-staged" aria-label={t('admin.files.staged.title')}>
      <h2>
        {t('admin.files.staged.title')} {changes.length > 0 && <Badge>{changes.length}</Badge>}
      </h2>
      {changes.length === 0 ? (
        <EmptyState>{t('admin.files.staged.none')}</EmptyState>
      ) : (
        <ul>
          {changes.map((change) => (
            <li key={change.path} data-testid="staged-change">
              <Badge tone={STATUS[change.status] ?? 'info'}>
                {change.status in STATUS ? t(`admin.files.status.${change.status}`) : change.status}
              </Badge>
              <span className="files-staged-path" data-content>
                {change.from ? `${change.from} → ` : ''}
                {change.path.endsWith('/.keep')
                  ? t('admin.files.staged.newFolder', { path: change.path.slice(0, -6) })
                  : change.path}
              </span>
              <Button
                kind="text"
                title={t('admin.files.staged.discardOne')}
                onClick={async () => {
                  // A new folder is its `.keep` file, a name the file calls refuse (no dot
                  // segments): it is taken back by the folder's path, which takes all inside it.
                  const path = change.path.endsWith('/.keep') ? change.path.slice(0, -6) : change.path;
                  await call('filesDiscard', { body: { path } });
                  await refresh();
                }}
              >
                {t('admin.files.staged.undo')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="files-commit"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <input
          className="input"
          placeholder={t('admin.files.staged.message')}
          aria-label={t('admin.files.staged.message')}
          value={message}
          maxLength={500}
          onChange={(event) => setMessage(event.target.value)}
          data-testid="commit-message"
        />
        <Button
          kind="primary"
          disabled={changes.length === 0 || message.trim() === ''}
          disabledReason={
            changes.length === 0 ? t('admin.files.staged.none') : t('admin.files.staged.messageFirst')
          }
          onClick={commit}
          data-testid="commit-button"
        >
          {t('admin.files.staged.commit')}
        </Button>
        <Button
          kind="dangerous"
          disabled={changes.length === 0}
          disabledReason={t('admin.files.staged.none')}
          confirm={{ message: t('admin.files.staged.discardAll.confirm') }}
          onClick={async () => {
            await call('filesDiscard', { body: {} });
            await refresh();
          }}
        >
          {t('admin.files.staged.discardAll')}
        </Button>
      </form>
    </section>
  );
};
