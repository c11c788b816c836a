import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { Badge, type BadgeTone, EmptyState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  added: { label: '新增', tone: 'success' },
  modified: { label: '修改', tone: 'info' },
  deleted: { label: '删除', tone: 'danger' },
  renamed: { label: '移动', tone: 'warning' },
};

/** What the next commit will hold, each change undoable, and the commit box. */
export const StagedPanel = () => {
  const client = useQueryClient();
  const staged = useQuery({ queryKey: ['files', 'staged'], queryFn: () => call('filesStaged') });
  const [message, setMessage] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: ['files'] });
  const commit = async () => {
    const done = await call('filesCommit', { body: { message } });
    setMessage('');
    await refresh();
    if (done.pushError)
      toast.error(`已提交 ${done.hash.slice(0, 7)}，但推送失败：${done.pushError}（稍后自动重试）`);
    else toast.success(`已提交 ${done.hash.slice(0, 7)}${done.pushed ? '并推送' : ''}`);
  };
  const changes = staged.data ?? [];
  return (
    <section className="files-staged" data-testid="files-staged" aria-label="待提交的改动">
      <h2>待提交的改动 {changes.length > 0 && <Badge>{changes.length}</Badge>}</h2>
      {changes.length === 0 ? (
        <EmptyState>没有待提交的改动</EmptyState>
      ) : (
        <ul>
          {changes.map((change) => (
            <li key={change.path} data-testid="staged-change">
              <Badge tone={STATUS[change.status]?.tone ?? 'info'}>
                {STATUS[change.status]?.label ?? change.status}
              </Badge>
              <span className="files-staged-path">
                {change.from ? `${change.from} → ` : ''}
                {change.path.endsWith('/.keep') ? `${change.path.slice(0, -6)}/（新文件夹）` : change.path}
              </span>
              <Button
                kind="text"
                title="放弃这项改动"
                onClick={async () => {
                  // A new folder is its `.keep` file, a name the file calls refuse (no dot
                  // segments): it is taken back by the folder's path, which takes all inside it.
                  const path = change.path.endsWith('/.keep') ? change.path.slice(0, -6) : change.path;
                  await call('filesDiscard', { body: { path } });
                  await refresh();
                }}
              >
                撤销
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
          placeholder="提交说明"
          aria-label="提交说明"
          value={message}
          maxLength={500}
          onChange={(event) => setMessage(event.target.value)}
          data-testid="commit-message"
        />
        <Button
          kind="primary"
          disabled={changes.length === 0 || message.trim() === ''}
          disabledReason={changes.length === 0 ? '没有待提交的改动' : '先写一句提交说明'}
          onClick={commit}
          data-testid="commit-button"
        >
          提交
        </Button>
        <Button
          kind="dangerous"
          disabled={changes.length === 0}
          disabledReason="没有待提交的改动"
          confirm={{ message: '放弃全部待提交的改动？上传但未提交的文件会被删除。' }}
          onClick={async () => {
            await call('filesDiscard', { body: {} });
            await refresh();
          }}
        >
          全部放弃
        </Button>
      </form>
    </section>
  );
};
