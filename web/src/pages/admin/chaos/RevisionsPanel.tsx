import type { RevisionRestored, RevisionTarget } from '@candy/contract/calls/revisions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { EmptyState, ErrorState, formatDateTime, LoadingState } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { type DiffRow, revisionDiff } from './revisionDiff.ts';

const mark = { same: ' ', add: '+', del: '−' } as const;

const DiffView = ({ rows }: { rows: DiffRow[] }) => {
  const t = useT();
  return rows.length === 0 ? (
    <p className="muted">{t('admin.desk.revisions.same')}</p>
  ) : (
    <div className="rev-diff" data-testid="revision-diff">
      {rows.map((row, i) =>
        row.kind === 'skip' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
          <div key={i} className="rev-row rev-skip">
            {t('admin.desk.revisions.skip', { count: row.lines })}
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
          <div key={i} className={`rev-row rev-${row.kind}`} data-content>
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
};

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
  const t = useT();
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
  if (list.data.length === 0) return <EmptyState>{t('admin.desk.revisions.none')}</EmptyState>;
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
                {revision.author === 'import'
                  ? t('admin.desk.revisions.import')
                  : t('admin.desk.revisions.manual')}{' '}
                · {t('admin.desk.revisions.length', { count: revision.length })}
                {i === 0 ? t('admin.desk.revisions.latest') : ''}
              </span>
            </button>
          </li>
        ))}
      </ol>
      <div className="rev-detail">
        {picked === null ? (
          <p className="muted">{t('admin.desk.revisions.pick')}</p>
        ) : detail.isPending ? (
          <LoadingState />
        ) : detail.isError ? (
          <ErrorState error={detail.error} onRetry={() => detail.refetch()} />
        ) : (
          <>
            <div className="admin-toolbar">
              <span className="muted">
                <span className="rev-legend rev-del">−</span> {t('admin.desk.revisions.legend.del')} ·{' '}
                <span className="rev-legend rev-add">+</span> {t('admin.desk.revisions.legend.add')}
              </span>
              <Button
                kind="primary"
                confirm={{
                  title: t('admin.desk.revisions.restore.title'),
                  message: t('admin.desk.revisions.restore.message'),
                }}
                onClick={async () => {
                  const restored = await call('revisionRestore', { params: { id: detail.data.id } });
                  await list.refetch();
                  onRestored(restored);
                }}
                data-testid="revision-restore"
              >
                {t('admin.desk.revisions.restore')}
              </Button>
            </div>
            <DiffView rows={revisionDiff(detail.data.content, current)} />
          </>
        )}
      </div>
    </div>
  );
};
