import type { Collection } from '@candy/contract/calls/videos';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  AdminPage,
  Badge,
  type Column,
  DataTable,
  formatDateTime,
  Pager,
  shortTitle,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { invalidateVideos, videoKeys } from '../ryona-material/shared/queries.ts';
import { VideoCover } from '../ryona-material/shared/VideoCover.tsx';
import { CollectionEditor } from './CollectionEditor.tsx';
import '../ryona-material/shared/videos-admin.css';
import './group.css';

const PAGE_SIZE = 20;

/** 视频合集: collections of clips in order, embedded in essays as `[collection:ID]`. */
export default function CollectionPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Collection | 'new' | null>(null);
  const query = useQuery({
    queryKey: videoKeys.collectionPage(page),
    queryFn: () => call('videoCollectionPage', { body: { page, size: PAGE_SIZE } }),
  });

  const columns: Column<Collection>[] = [
    {
      key: 'cover',
      title: t('admin.collections.column.cover'),
      render: (c) => <VideoCover cover={c.cover} pictures={c.pictures} />,
    },
    {
      key: 'title',
      title: t('admin.collections.column.title'),
      sortValue: (c) => c.title,
      render: (c) => (
        <div>
          <strong data-content>{c.title}</strong> <small className="muted">[collection:{c.id}]</small>
          {c.description && (
            <div className="muted" data-content>
              {c.description}
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'count',
      title: t('admin.collections.column.clips'),
      sortValue: (c) => c.materialIds.length,
      render: (c) => c.materialIds.length,
    },
    {
      key: 'status',
      title: t('admin.collections.column.status'),
      // Wrapped: on phones a cell is a grid, which would stretch the badge to the full width.
      render: (c) => (
        <span>
          {c.status === 'published' ? (
            <Badge tone="warning">{t('admin.collections.status.published')}</Badge>
          ) : (
            <Badge tone="muted">{t('admin.collections.status.draft')}</Badge>
          )}
        </span>
      ),
    },
    {
      key: 'updatedAt',
      title: t('admin.collections.column.updated'),
      sortValue: (c) => c.updatedAt,
      render: (c) => formatDateTime(c.updatedAt),
    },
    {
      key: 'actions',
      title: t('admin.collections.column.actions'),
      render: (c) => (
        <div className="video-row-actions">
          <Button onClick={() => setEditing(c)}>{t('admin.collections.edit')}</Button>
          <Button
            kind="dangerous"
            confirm={{
              title: t('admin.collections.delete.title'),
              message: c.title.trim()
                ? t('admin.collections.delete.question', { id: c.id, title: shortTitle(c.title) })
                : t('admin.collections.delete.questionUntitled', { id: c.id }),
            }}
            onClick={async () => {
              await call('videoCollectionDelete', { params: { id: c.id } });
              toast.success(t('admin.collections.deleted'));
              if (editing !== 'new' && editing?.id === c.id) setEditing(null);
              await invalidateVideos();
            }}
          >
            {t('admin.collections.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('admin.title.ryona/group')}
      data-testid="video-collections"
      actions={
        <Button kind="primary" onClick={() => setEditing('new')} data-testid="collection-new">
          {t('admin.collections.new')}
        </Button>
      }
    >
      {editing && (
        <CollectionEditor
          key={editing === 'new' ? 'new' : editing.id}
          collection={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <DataTable
        rows={query.data?.list}
        columns={columns}
        rowKey={(c) => c.id}
        loading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => query.refetch()}
        empty={t('admin.collections.empty')}
        data-testid="collection-table"
      />
      {query.data && query.data.total > PAGE_SIZE && (
        <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPage} />
      )}
    </AdminPage>
  );
}
