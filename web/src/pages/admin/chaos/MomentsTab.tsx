import type { Moment, MomentImage } from '@candy/contract/calls/moments';
import { MomentInput } from '@candy/contract/calls/moments';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { issueText } from '../../../i18n/contractWords.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  DropZone,
  EmptyState,
  formatDateTime,
  LoadingState,
  shortTitle,
  UploadList,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { ImagePipelinePanel } from '../shared/ImagePipeline.tsx';
import { useImageUpload } from './useImageUpload.ts';

/** Writing a moment (text and up to nine pictures) or editing one picked from the list. */
const MomentForm = ({ editing, onDone }: { editing: Moment | null; onDone: () => void }) => {
  const t = useT();
  const queryClient = useQueryClient();
  const [content, setContent] = useState(editing?.content ?? '');
  const [images, setImages] = useState<MomentImage[]>(editing?.images ?? []);
  const [error, setError] = useState<string | null>(null);
  const { items, upload } = useImageUpload();
  const save = useMutation({
    mutationFn: () => {
      const body = { content, images };
      return editing
        ? call('momentUpdate', { params: { id: editing.id }, body })
        : call('momentCreate', { body });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['moments'] });
      toast(editing ? t('admin.desk.moments.updated') : t('admin.desk.moments.posted'), { type: 'success' });
      setContent('');
      setImages([]);
      onDone();
    },
  });
  const submit = async () => {
    const parsed = MomentInput.safeParse({ content, images });
    if (!parsed.success)
      return setError(
        parsed.error.issues[0] ? issueText(parsed.error.issues[0]) : t('admin.desk.moments.invalid'),
      );
    setError(null);
    await save.mutateAsync();
  };
  return (
    <section className="moment-form" data-testid="moment-form">
      <textarea
        className="input"
        placeholder={t('admin.desk.moments.placeholder')}
        aria-label={t('admin.desk.moments.label')}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        maxLength={5000}
      />
      {images.length > 0 && (
        <ul className="moment-form-images">
          {images.map((image, i) => (
            <li key={image.url}>
              <img src={image.url} alt="" width={image.width} height={image.height} />
              <button
                type="button"
                className="btn btn-text"
                aria-label={t('admin.desk.moments.removeImage', { n: i + 1 })}
                onClick={() => setImages((list) => list.filter((x) => x !== image))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <DropZone
        accept="image/*"
        multiple
        disabled={images.length >= 9}
        disabledReason={t('admin.desk.moments.imagesFull')}
        onFiles={async (files) => {
          const uploaded = await upload(files.slice(0, 9 - images.length));
          setImages((list) => [...list, ...uploaded].slice(0, 9));
        }}
      >
        {t('admin.desk.moments.drop')}
      </DropZone>
      <UploadList items={items} />
      <ImagePipelinePanel show={items.length > 0} />
      {error && <p className="field-error">{error}</p>}
      <div className="admin-toolbar">
        <Button kind="primary" onClick={submit} loading={save.isPending} data-testid="moment-save">
          {editing ? t('admin.desk.save') : t('admin.desk.moments.post')}
        </Button>
        {editing && <Button onClick={onDone}>{t('admin.desk.moments.cancel')}</Button>}
      </div>
    </section>
  );
};

/** Moments: write one, and the newest with edit and delete. */
export const MomentsTab = () => {
  const t = useT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Moment | null>(null);
  const moments = useInfiniteQuery({
    queryKey: ['moments'],
    queryFn: ({ pageParam }) => call('momentList', { query: { start: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.list.at(-1)?.id : undefined),
  });
  const list = moments.data?.pages.flatMap((p) => p.list) ?? [];
  const remove = async (moment: Moment) => {
    await call('momentDelete', { params: { id: moment.id } });
    await queryClient.invalidateQueries({ queryKey: ['moments'] });
    toast(t('admin.desk.deleted'), { type: 'success' });
  };
  return (
    <div className="moments-tab">
      <MomentForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {moments.isPending ? (
        <LoadingState />
      ) : list.length === 0 ? (
        <EmptyState>{t('admin.desk.moments.none')}</EmptyState>
      ) : (
        <ul className="moment-admin-list" data-testid="moment-admin-list">
          {list.map((moment) => (
            <li key={moment.id}>
              <div className="moment-admin-text">
                <span className="muted">{formatDateTime(moment.createdAt)}</span>
                {moment.content ? (
                  <p data-content>{moment.content}</p>
                ) : (
                  <p>{t('admin.desk.moments.imagesOnly')}</p>
                )}
                {moment.images.length > 0 && (
                  <span className="muted">
                    {t('admin.desk.moments.images', { count: moment.images.length })}
                  </span>
                )}
              </div>
              <div className="admin-toolbar">
                <Button onClick={() => setEditing(moment)}>{t('admin.desk.edit')}</Button>
                <Button
                  kind="dangerous"
                  confirm={{
                    title: t('admin.desk.moments.delete.title'),
                    message: (moment.content || t('admin.desk.moments.imagesOnlyTitle')).trim()
                      ? t('admin.desk.moments.delete.confirm', {
                          id: moment.id,
                          title: shortTitle(moment.content || t('admin.desk.moments.imagesOnlyTitle')),
                        })
                      : t('admin.desk.moments.delete.confirmUntitled', { id: moment.id }),
                  }}
                  onClick={() => remove(moment)}
                >
                  {t('admin.desk.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {moments.hasNextPage && (
        <button type="button" className="btn" onClick={() => void moments.fetchNextPage()}>
          {t('admin.desk.more')}
        </button>
      )}
    </div>
  );
};
