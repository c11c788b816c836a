import type { Collection } from '@candy/contract/calls/videos';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import {
  AdminPage,
  Badge,
  type Column,
  DataTable,
  destroyQuestion,
  formatDateTime,
  Pager,
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
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Collection | 'new' | null>(null);
  const query = useQuery({
    queryKey: videoKeys.collectionPage(page),
    queryFn: () => call('videoCollectionPage', { body: { page, size: PAGE_SIZE } }),
  });

  const columns: Column<Collection>[] = [
    {
      key: 'cover',
      title: '封面',
      render: (c) => <VideoCover cover={c.cover} pictures={c.pictures} />,
    },
    {
      key: 'title',
      title: '标题',
      sortValue: (c) => c.title,
      render: (c) => (
        <div>
          <strong>{c.title}</strong> <small className="muted">[collection:{c.id}]</small>
          {c.description && <div className="muted">{c.description}</div>}
        </div>
      ),
    },
    {
      key: 'count',
      title: '片段',
      sortValue: (c) => c.materialIds.length,
      render: (c) => c.materialIds.length,
    },
    {
      key: 'status',
      title: '状态',
      // Wrapped: on phones a cell is a grid, which would stretch the badge to the full width.
      render: (c) => (
        <span>
          {c.status === 'published' ? <Badge tone="warning">已发布</Badge> : <Badge tone="muted">草稿</Badge>}
        </span>
      ),
    },
    {
      key: 'updatedAt',
      title: '更新',
      sortValue: (c) => c.updatedAt,
      render: (c) => formatDateTime(c.updatedAt),
    },
    {
      key: 'actions',
      title: '操作',
      render: (c) => (
        <div className="video-row-actions">
          <Button onClick={() => setEditing(c)}>编辑</Button>
          <Button
            kind="dangerous"
            confirm={{
              title: '删除合集',
              message: destroyQuestion('删除', '合集', { id: c.id, title: c.title }, '其中的片段会保留。'),
            }}
            onClick={async () => {
              await call('videoCollectionDelete', { params: { id: c.id } });
              toast.success('已删除合集（片段保留）');
              if (editing !== 'new' && editing?.id === c.id) setEditing(null);
              await invalidateVideos();
            }}
          >
            删除
          </Button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title="视频合集"
      data-testid="video-collections"
      actions={
        <Button kind="primary" onClick={() => setEditing('new')} data-testid="collection-new">
          新建合集
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
        empty="还没有合集"
        data-testid="collection-table"
      />
      {query.data && query.data.total > PAGE_SIZE && (
        <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPage} />
      )}
    </AdminPage>
  );
}
