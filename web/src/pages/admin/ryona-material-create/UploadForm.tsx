import { useState } from 'react';
import { useNavigate } from '../../../app/router.tsx';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { DropZone, Field, UploadList, useUploads } from '../../../ui/adminKit/index.ts';
import { toast } from '../../../ui/toast.tsx';
import { invalidateVideos } from '../ryona-material/shared/queries.ts';

/** Makes clips from uploaded files (type checked by content on the server), with progress. */
export const UploadForm = () => {
  const t = useT();
  const navigate = useNavigate();
  const uploads = useUploads();
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState('');
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const send = async (files: File[]) => {
    const made = await uploads.run(files, (file, upload) =>
      call('videoUpload', {
        form: {
          file,
          ...(thumbnail ? { thumbnail } : {}),
          ...(title.trim() ? { title: title.trim() } : {}),
          ...(tags.trim() ? { tags } : {}),
        },
        ...upload,
      }),
    );
    if (made.length > 0) {
      toast.success(t('admin.clips.upload.done', { count: made.length }));
      await invalidateVideos();
      navigate('/great-old-one/ryona/material');
    }
  };
  return (
    <div className="video-form" data-testid="video-upload">
      <Field label={t('admin.clips.upload.title')}>
        <input className="input" value={title} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field label={t('admin.clips.field.tags')}>
        <input className="input" value={tags} onChange={(e) => setTags(e.target.value)} />
      </Field>
      <Field label={t('admin.clips.upload.cover')}>
        <input
          className="input"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          onChange={(e) => setThumbnail(e.target.files?.[0] ?? null)}
        />
      </Field>
      <DropZone accept="video/*" multiple onFiles={send}>
        {t('admin.clips.upload.drop')}
      </DropZone>
      <UploadList items={uploads.items} />
    </div>
  );
};
