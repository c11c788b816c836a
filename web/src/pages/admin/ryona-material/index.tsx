import type { Material, MaterialFilters, MaterialStatus } from '@candy/contract/calls/videos';
import { useState } from 'react';
import { Link } from '../../../app/router.tsx';
import { call, RequestError } from '../../../core/request.ts';
import { t as say } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  AdminPage,
  type Column,
  DataTable,
  formatBytes,
  formatDateTime,
  Pager,
  relativeTime,
  shortTitle,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { confirm } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { EditPanel } from './EditPanel.tsx';
import { ownerMediaSrc } from './shared/media.ts';
import { invalidateVideos, useMaterialPage } from './shared/queries.ts';
import { materialStatuses, StatusBadge } from './shared/StatusBadge.tsx';
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
    await confirm({
      title: say('admin.clips.delete.inCollection.title'),
      message: say('admin.clips.delete.inCollection.question', { reason: error.message }),
    });
    await call('videoMaterialDelete', { params: { id: material.id }, query: { force: 'true' } });
  }
  toast.success(say('admin.clips.deleted'));
  await invalidateVideos();
};

/** 视频素材: the clips with filters, live processing progress, preview, edit and (bulk) publish. */
export default function MaterialListPage() {
  const t = useT();
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
    toast.success(t('admin.clips.publishedCount', { count: publishable.length }));
    setSelected(new Set());
    await invalidateVideos();
  };
  const setPublished = async (m: Material, published: boolean) => {
    if (published) await call('videoPublishMaterial', { body: { id: m.id } });
    else await call('videoMaterialUpdate', { params: { id: m.id }, body: { published: false } });
    toast.success(published ? t('admin.clips.published') : t('admin.clips.unpublished'));
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
          aria-label={t('admin.clips.select', { title: m.title })}
          checked={selected.has(m.id)}
          onChange={() => toggle(m.id)}
        />
      ),
    },
    {
      key: 'cover',
      title: t('admin.clips.column.cover'),
      render: (m) => <VideoCover cover={m.cover} pictures={m.pictures} />,
    },
    {
      key: 'title',
      title: t('admin.clips.column.title'),
      sortValue: (m) => m.title,
      render: (m) => (
        <div>
          <strong data-content>{m.title}</strong> <small className="muted">#{m.id}</small>
          <div className="muted">
            <small data-content>{m.sourcePath ?? m.uploadName ?? ''}</small>
          </div>
          {m.tags.length > 0 && (
            <div className="video-tags">
              {m.tags.map((tag) => (
                <button
                  key={tag}
                  type="button"
                  className="video-tag"
                  onClick={() => filter({ tag })}
                  data-content
                >
                  #{tag}
                </button>
              ))}
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'status',
      title: t('admin.clips.column.status'),
      sortValue: (m) => m.status,
      render: (m) => <StatusBadge material={m} />,
    },
    {
      key: 'duration',
      title: t('admin.clips.column.media'),
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
      title: t('admin.clips.column.created'),
      sortValue: (m) => m.createdAt,
      render: (m) => <small title={formatDateTime(m.createdAt)}>{relativeTime(m.createdAt)}</small>,
    },
    {
      key: 'actions',
      title: t('admin.clips.column.actions'),
      render: (m) => (
        <div className="video-row-actions">
          <Button
            disabled={!m.url}
            disabledReason={t('admin.clips.preview.none')}
            onClick={() => setPreviewing(m)}
          >
            {t('admin.clips.preview')}
          </Button>
          <Button onClick={() => setEditing(m)}>{t('admin.clips.edit')}</Button>
          {m.status === 'ready' && (
            <Button kind="primary" onClick={() => setPublished(m, true)} data-testid="publish-material">
              {t('admin.clips.publish')}
            </Button>
          )}
          {m.publishedAt !== null && (
            <Button onClick={() => setPublished(m, false)}>{t('admin.clips.unpublish')}</Button>
          )}
          <Button
            kind="dangerous"
            confirm={{
              title: t('admin.clips.delete.title'),
              message: m.title.trim()
                ? t('admin.clips.delete.question', { id: m.id, title: shortTitle(m.title) })
                : t('admin.clips.delete.questionUntitled', { id: m.id }),
            }}
            onClick={() => remove(m)}
          >
            {t('admin.clips.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('admin.title.ryona/material')}
      data-testid="video-materials"
      actions={
        <>
          <Button
            kind="primary"
            disabled={publishable.length === 0}
            disabledReason={t('admin.clips.publishSelected.none')}
            onClick={publishSelected}
          >
            {publishable.length > 0
              ? t('admin.clips.publishSelected.count', { count: publishable.length })
              : t('admin.clips.publishSelected')}
          </Button>
          <Link className="btn" to="/great-old-one/ryona/material/create">
            {t('admin.clips.add')}
          </Link>
        </>
      }
    >
      <div className="video-filters">
        <select
          className="input"
          aria-label={t('admin.clips.column.status')}
          value={filters.status ?? ''}
          onChange={(e) => filter({ status: (e.target.value || undefined) as MaterialStatus | undefined })}
        >
          <option value="">{t('admin.clips.status.all')}</option>
          {materialStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`admin.clips.status.${status}`)}
            </option>
          ))}
        </select>
        <input
          className="input"
          type="search"
          placeholder={t('admin.clips.search.placeholder')}
          aria-label={t('admin.clips.search.label')}
          defaultValue={filters.keyword ?? ''}
          onKeyDown={(e) =>
            e.key === 'Enter' && filter({ keyword: e.currentTarget.value.trim() || undefined })
          }
        />
        {filters.tag && (
          <Button kind="text" onClick={() => filter({ tag: undefined })}>
            <span data-content>#{filters.tag}</span> ✕
          </Button>
        )}
      </div>
      {previewing && (
        <div className="video-panel" data-testid="video-preview">
          <div className="video-panel-head">
            <strong data-content>{previewing.title}</strong>
            <Button kind="text" onClick={() => setPreviewing(null)}>
              {t('admin.clips.close')}
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
        empty={t('admin.clips.empty')}
        data-testid="material-table"
      />
      {query.data && query.data.total > PAGE_SIZE && (
        <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPage} />
      )}
    </AdminPage>
  );
}
