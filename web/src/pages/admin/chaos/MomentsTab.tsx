import type { Moment, MomentImage } from '@candy/contract/calls/moments';
import { MomentInput } from '@candy/contract/calls/moments';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import {
  DropZone,
  destroyQuestion,
  EmptyState,
  formatDateTime,
  LoadingState,
  UploadList,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { ImagePipelinePanel } from '../shared/ImagePipeline.tsx';
import { useImageUpload } from './useImageUpload.ts';

/** Writing a moment (text and up to nine pictures) or editing one picked from the list. */
const MomentForm = ({ editing, onDone }: { editing: Moment | null; onDone: () => void }) => {
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
      toast(editing ? '动态已更新' : '动态已发布', { type: 'success' });
      setContent('');
      setImages([]);
      onDone();
    },
  });
  const submit = async () => {
    const parsed = MomentInput.safeParse({ content, images });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '内容不合法');
    setError(null);
    await save.mutateAsync();
  };
  return (
    <section className="moment-form" data-testid="moment-form">
      <textarea
        className="input"
        placeholder="此刻在想什么？"
        aria-label="动态内容"
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
                aria-label={`移除第 ${i + 1} 张图片`}
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
        disabledReason="已有 9 张图片，一条动态最多 9 张"
        onFiles={async (files) => {
          const uploaded = await upload(files.slice(0, 9 - images.length));
          setImages((list) => [...list, ...uploaded].slice(0, 9));
        }}
      >
        或把图片拖到这里（最多 9 张）
      </DropZone>
      <UploadList items={items} />
      <ImagePipelinePanel show={items.length > 0} />
      {error && <p className="field-error">{error}</p>}
      <div className="admin-toolbar">
        <Button kind="primary" onClick={submit} loading={save.isPending} data-testid="moment-save">
          {editing ? '保存' : '发布'}
        </Button>
        {editing && <Button onClick={onDone}>取消编辑</Button>}
      </div>
    </section>
  );
};

/** Moments: write one, and the newest with edit and delete. */
export const MomentsTab = () => {
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
    toast('已删除', { type: 'success' });
  };
  return (
    <div className="moments-tab">
      <MomentForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {moments.isPending ? (
        <LoadingState />
      ) : list.length === 0 ? (
        <EmptyState>还没有动态</EmptyState>
      ) : (
        <ul className="moment-admin-list" data-testid="moment-admin-list">
          {list.map((moment) => (
            <li key={moment.id}>
              <div className="moment-admin-text">
                <span className="muted">{formatDateTime(moment.createdAt)}</span>
                <p>{moment.content || '（仅图片）'}</p>
                {moment.images.length > 0 && <span className="muted">{moment.images.length} 张图片</span>}
              </div>
              <div className="admin-toolbar">
                <Button onClick={() => setEditing(moment)}>编辑</Button>
                <Button
                  kind="dangerous"
                  confirm={{
                    title: '删除动态',
                    message: destroyQuestion('删除', '动态', {
                      id: moment.id,
                      title: moment.content || '仅图片',
                    }),
                  }}
                  onClick={() => remove(moment)}
                >
                  删除
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {moments.hasNextPage && (
        <button type="button" className="btn" onClick={() => void moments.fetchNextPage()}>
          加载更多
        </button>
      )}
    </div>
  );
};
