import type { RevisionRestored, RevisionTarget } from '@candy/contract/calls/revisions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { EmptyState, ErrorState, formatDateTime, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { type DiffRow, revisionDiff } from './revisionDiff.ts';

const mark = { same: ' ', add: '+', del: '−' } as const;

const DiffView = ({ rows }: { rows: DiffRow[] }) =>
  rows.length === 0 ? (
    <p className="muted">这个版本和编辑器里的内容相同。</p>
  ) : (
    <div className="rev-diff" data-testid="revision-diff">
      {rows.map((row, i) =>
        row.kind === 'skip' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
          <div key={i} className="rev-row rev-skip">
            … {row.lines} 行未变 …
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
          <div key={i} className={`rev-row rev-${row.kind}`}>
            <span className="rev-mark" aria-hidden="true">
              {mark[row.kind]}
            </span>
            {row.pieces.map((piece, j) =>
              piece.changed && row.kind === 'add' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: positional pieces of one line
                <ins key={j}>{piece.text}</ins>
              ) : piece.changed && row.kind === 'del' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: positional pieces of one line
                <del key={j}>{piece.text}</del>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: positional pieces of one line
                <span key={j}>{piece.text}</span>
              ),
            )}
          </div>
        ),
      )}
    </div>
  );

/**
 * Every saved version of an essay or the about page, newest first; picking one shows what it has
 * that the editor does not (red) and the other way round (green), and can bring it back.
 */
export const RevisionsPanel = ({
  target,
  targetId,
  current,
  onRestored,
}: {
  target: RevisionTarget;
  targetId: number;
  current: string;
  onRestored: (restored: RevisionRestored) => void;
}) => {
  const [picked, setPicked] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['revisions', target, targetId],
    queryFn: () => call('revisionList', { params: { target, targetId } }),
  });
  const detail = useQuery({
    queryKey: ['revision', picked],
    queryFn: () => call('revisionDetail', { params: { id: picked ?? 0 } }),
    enabled: picked !== null,
  });
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  if (list.data.length === 0) return <EmptyState>还没有保存过的版本</EmptyState>;
  return (
    <div className="rev-panel" data-testid="revisions">
      <ol className="rev-list">
        {list.data.map((revision, i) => (
          <li key={revision.id}>
            <button
              type="button"
              className={`essay-list-item${revision.id === picked ? ' active' : ''}`}
              aria-current={revision.id === picked ? 'true' : undefined}
              onClick={() => setPicked(revision.id)}
            >
              <span>{formatDateTime(revision.createdAt)}</span>
              <span className="essay-list-meta">
                {revision.author === 'import' ? '导入' : '手动保存'} · {revision.length} 字
                {i === 0 ? ' · 最新' : ''}
              </span>
            </button>
          </li>
        ))}
      </ol>
      <div className="rev-detail">
        {picked === null ? (
          <p className="muted">选一个版本，看它和编辑器里的内容有什么不同。</p>
        ) : detail.isPending ? (
          <LoadingState />
        ) : detail.isError ? (
          <ErrorState error={detail.error} onRetry={() => detail.refetch()} />
        ) : (
          <>
            <div className="admin-toolbar">
              <span className="muted">
                <span className="rev-legend rev-del">−</span> 这个版本有、现在没有 ·{' '}
                <span className="rev-legend rev-add">+</span> 现在有、这个版本没有
              </span>
              <Button
                kind="primary"
                confirm={{
                  title: '恢复这个版本？',
                  message: '保存的内容会换成这个版本（现在的内容也会留在历史版本里）。',
                }}
                onClick={async () => {
                  const restored = await call('revisionRestore', { params: { id: detail.data.id } });
                  await list.refetch();
                  onRestored(restored);
                }}
                data-testid="revision-restore"
              >
                恢复这个版本
              </Button>
            </div>
            <DiffView rows={revisionDiff(detail.data.content, current)} />
          </>
        )}
      </div>
    </div>
  );
};
