import type { Material, MaterialFilters, MaterialStatus } from '@candy/contract/calls/videos';
import { useState } from 'react';
import { Link } from '../../../app/router.tsx';
import { call, RequestError } from '../../../core/request.ts';
import {
  AdminPage,
  type Column,
  DataTable,
  destroyQuestion,
  formatBytes,
  formatDateTime,
  Pager,
  relativeTime,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { confirm } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { EditPanel } from './EditPanel.tsx';
import { ownerMediaSrc } from './shared/media.ts';
import { invalidateVideos, useMaterialPage } from './shared/queries.ts';
import { StatusBadge, statusText } from './shared/StatusBadge.tsx';
import { formatSeconds } from './shared/time.ts';
import { posterOf, VideoCover } from './shared/VideoCover.tsx';
import './shared/videos-admin.css';

const PAGE_SIZE = 20;

const remove = async (material: Material) => {
  try {
    await call('videoMaterialDelete', {
      params: { id: material.id },
      query: { force: 'false' },
      silent: true,
    });
  } catch (error) {
    if (!(error instanceof RequestError) || error.status !== 409) throw error;
    await confirm({ title: '片段在已发布的合集中', message: `${error.message}。仍要删除并从合集中移除吗？` });
    await call('videoMaterialDelete', { params: { id: material.id }, query: { force: 'true' } });
  }
  toast.success('已删除');
  await invalidateVideos();
};

/** 视频素材: the clips with filters, live processing progress, preview, edit and (bulk) publish. */
export default function MaterialListPage() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<MaterialFilters>({});
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [previewing, setPreviewing] = useState<Material | null>(null);
  const [editing, setEditing] = useState<Material | null>(null);
  const body = {
    page,
    size: PAGE_SIZE,
    filters,
    sort: { field: 'createdAt' as const, order: 'desc' as const },
  };
  const query = useMaterialPage(body);
  const rows = query.data?.list;

  const filter = (patch: MaterialFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const publishable = (rows ?? []).filter((m) => selected.has(m.id) && m.status === 'ready');

  const publishSelected = async () => {
    for (const m of publishable) await call('videoPublishMaterial', { body: { id: m.id } });
    toast.success(`已发布 ${publishable.length} 个片段`);
    setSelected(new Set());
    await invalidateVideos();
  };
  const setPublished = async (m: Material, published: boolean) => {
    if (published) await call('videoPublishMaterial', { body: { id: m.id } });
    else await call('videoMaterialUpdate', { params: { id: m.id }, body: { published: false } });
    toast.success(published ? '已发布' : '已下架');
    await invalidateVideos();
  };

  const columns: Column<Material>[] = [
    {
      key: 'select',
      title: '',
      width: '36px',
      render: (m) => (
        <input
          type="checkbox"
          aria-label={`选择 ${m.title}`}
          checked={selected.has(m.id)}
          onChange={() => toggle(m.id)}
        />
      ),
    },
    {
      key: 'cover',
      title: '封面',
      render: (m) => <VideoCover cover={m.cover} pictures={m.pictures} />,
    },
    {
      key: 'title',
      title: '标题',
      sortValue: (m) => m.title,
      render: (m) => (
        <div>
          <strong>{m.title}</strong> <small className="muted">#{m.id}</small>
          <div className="muted">
            <small>{m.sourcePath ?? m.uploadName ?? ''}</small>
          </div>
          {m.tags.length > 0 && (
            <div className="video-tags">
              {m.tags.map((t) => (
                <button key={t} type="button" className="video-tag" onClick={() => filter({ tag: t })}>
                  #{t}
                </button>
              ))}
            </div>
          )}
        </div>
      ),
    },
    { key: 'status', title: '状态', sortValue: (m) => m.status, render: (m) => <StatusBadge material={m} /> },
    {
      key: 'duration',
      title: '媒体',
      sortValue: (m) => m.duration,
      render: (m) =>
        m.duration === null ? (
          '—'
        ) : (
          <span>
            {formatSeconds(m.duration)}
            <br />
            <small className="muted">
              {m.width}×{m.height} · {m.size ? formatBytes(m.size) : '—'}
            </small>
          </span>
        ),
    },
    {
      key: 'createdAt',
      title: '创建',
      sortValue: (m) => m.createdAt,
      render: (m) => <small title={formatDateTime(m.createdAt)}>{relativeTime(m.createdAt)}</small>,
    },
    {
      key: 'actions',
      title: '操作',
      render: (m) => (
        <div className="video-row-actions">
          <Button disabled={!m.url} disabledReason="还没有剪好的文件可预览" onClick={() => setPreviewing(m)}>
            预览
          </Button>
          <Button onClick={() => setEditing(m)}>编辑</Button>
          {m.status === 'ready' && (
            <Button kind="primary" onClick={() => setPublished(m, true)} data-testid="publish-material">
              发布
            </Button>
          )}
          {m.publishedAt !== null && <Button onClick={() => setPublished(m, false)}>下架</Button>}
          <Button
            kind="dangerous"
            confirm={{
              title: '删除片段',
              message: destroyQuestion('删除', '片段', { id: m.id, title: m.title }),
            }}
            onClick={() => remove(m)}
          >
            删除
          </Button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title="视频素材"
      data-testid="video-materials"
      actions={
        <>
          <Button
            kind="primary"
            disabled={publishable.length === 0}
            disabledReason="先勾选已就绪的片段"
            onClick={publishSelected}
          >
            发布所选{publishable.length > 0 ? ` (${publishable.length})` : ''}
          </Button>
          <Link className="btn" to="/great-old-one/ryona/material/create">
            添加素材
          </Link>
        </>
      }
    >
      <div className="video-filters">
        <select
          className="input"
          aria-label="状态"
          value={filters.status ?? ''}
          onChange={(e) => filter({ status: (e.target.value || undefined) as MaterialStatus | undefined })}
        >
          <option value="">全部状态</option>
          {Object.entries(statusText).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
        <input
          className="input"
          type="search"
          placeholder="搜索标题、描述、来源"
          aria-label="关键词"
          defaultValue={filters.keyword ?? ''}
          onKeyDown={(e) =>
            e.key === 'Enter' && filter({ keyword: e.currentTarget.value.trim() || undefined })
          }
        />
        {filters.tag && (
          <Button kind="text" onClick={() => filter({ tag: undefined })}>
            #{filters.tag} ✕
          </Button>
        )}
      </div>
      {previewing && (
        <div className="video-panel" data-testid="video-preview">
          <div className="video-panel-head">
            <strong>{previewing.title}</strong>
            <Button kind="text" onClick={() => setPreviewing(null)}>
              关闭
            </Button>
          </div>
          {/* biome-ignore lint/a11y/useMediaCaption: the owner's clips come without caption tracks */}
          <video
            key={previewing.url}
            src={ownerMediaSrc(previewing.url)}
            poster={posterOf(previewing)}
            controls
            playsInline
          />
        </div>
      )}
      {editing && <EditPanel material={editing} onClose={() => setEditing(null)} />}
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(m) => m.id}
        loading={query.isFetching && !rows}
        error={query.error}
        onRetry={() => query.refetch()}
        empty="还没有片段：添加素材，从视频源剪一段或上传一个文件"
        data-testid="material-table"
      />
      {query.data && query.data.total > PAGE_SIZE && (
        <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPage} />
      )}
    </AdminPage>
  );
}
