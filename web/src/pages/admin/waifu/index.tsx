import type { Waifu } from '@candy/contract/calls/waifu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  AdminPage,
  DropZone,
  destroyQuestion,
  EmptyState,
  ErrorState,
  LoadingState,
  UploadList,
  useUploads,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import './waifu-admin.css';
import { ImagePipelinePanel, imagePipelineChanged } from '../shared/ImagePipeline.tsx';

const Item = ({
  item,
  index,
  count,
  move,
}: {
  item: Waifu;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
}) => {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(item.title);
  const t = useT();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['waifu'] });
  const save = async () => {
    await call('waifuUpdate', { params: { id: item.id }, body: { title: title.trim() || ' ' } });
    await refresh();
    toast(t('admin.waifu.saved'), { type: 'success' });
  };
  const remove = async () => {
    await call('waifuDelete', { params: { id: item.id } });
    await refresh();
    toast(t('admin.waifu.deleted'), { type: 'success' });
  };
  return (
    <li className="waifu-admin-item" data-testid="waifu-admin-item">
      <img
        src={item.preview || item.url}
        alt={item.title}
        width={item.width}
        height={item.height}
        loading="lazy"
      />
      <span className="muted">
        {item.width}×{item.height}
      </span>
      <input
        className="input"
        aria-label={t('admin.waifu.caption')}
        placeholder={t('admin.waifu.caption')}
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && void save()}
      />
      <div className="admin-toolbar">
        <Button onClick={save} disabled={title === item.title} disabledReason={t('admin.waifu.unchanged')}>
          {t('admin.waifu.save')}
        </Button>
        <Button
          aria-label={t('admin.waifu.earlier')}
          disabled={index === 0}
          disabledReason={t('admin.waifu.first')}
          onClick={() => move(index, index - 1)}
        >
          ←
        </Button>
        <Button
          aria-label={t('admin.waifu.later')}
          disabled={index === count - 1}
          disabledReason={t('admin.waifu.last')}
          onClick={() => move(index, index + 1)}
        >
          →
        </Button>
        <Button
          kind="dangerous"
          confirm={{
            title: t('admin.waifu.delete.title'),
            message: destroyQuestion(t('admin.kit.delete'), t('admin.waifu.delete.kind'), {
              id: item.id,
              title: item.title,
            }),
          }}
          onClick={remove}
        >
          {t('admin.kit.delete')}
        </Button>
      </div>
    </li>
  );
};

/** The waifu gallery: uploads with a progress bar each, captions, order and deletion. */
export default function WaifuAdmin() {
  const queryClient = useQueryClient();
  const uploads = useUploads();
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState('');
  const t = useT();
  const list = useQuery({ queryKey: ['waifu'], queryFn: () => call('waifuList', {}) });
  const upload = async (files: File[]) => {
    const done = await uploads.run(files, (file, upload) =>
      call('waifuUpload', {
        form: { file, title, tags },
        ...upload,
      }),
    );
    await queryClient.invalidateQueries({ queryKey: ['waifu'] });
    void imagePipelineChanged(queryClient);
    if (done.length > 0) toast(t('admin.waifu.uploaded', { count: done.flat().length }), { type: 'success' });
  };
  const move = async (from: number, to: number) => {
    const ids = (list.data ?? []).map((w) => w.id);
    const [id] = ids.splice(from, 1);
    if (id === undefined) return;
    ids.splice(to, 0, id);
    queryClient.setQueryData(['waifu'], await call('waifuOrder', { body: { ids } }));
  };
  return (
    <AdminPage title={t('admin.title.waifu')} data-testid="waifu-admin">
      <section className="waifu-upload">
        <div className="admin-toolbar">
          <input
            className="input"
            aria-label={t('admin.waifu.upload.caption')}
            placeholder={t('admin.waifu.upload.caption.placeholder')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <input
            className="input"
            aria-label={t('admin.waifu.upload.tags')}
            placeholder={t('admin.waifu.upload.tags.placeholder')}
            value={tags}
            onChange={(e) => setTags(e.target.value)}
          />
        </div>
        <DropZone accept="image/*" multiple onFiles={upload}>
          {t('admin.waifu.upload.hint')}
        </DropZone>
        <UploadList items={uploads.items} />
        <ImagePipelinePanel show={uploads.items.length > 0} />
      </section>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState>{t('admin.waifu.none')}</EmptyState>
      ) : (
        <ul className="waifu-admin-grid" data-testid="waifu-admin-grid">
          {list.data.map((item, index) => (
            <Item
              key={`${item.id}-${item.title}`}
              item={item}
              index={index}
              count={list.data.length}
              move={(a, b) => void move(a, b)}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
