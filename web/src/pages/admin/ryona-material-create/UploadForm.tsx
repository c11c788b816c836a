import { useState } from 'react';
import { useNavigate } from '../../../app/router.tsx';
import { call } from '../../../core/request.ts';
import { DropZone, Field, UploadList, useUploads } from '../../../ui/adminKit/index.ts';
import { toast } from '../../../ui/toast.tsx';
import { invalidateVideos } from '../ryona-material/shared/queries.ts';

/** Makes clips from uploaded files (type checked by content on the server), with progress. */
export const UploadForm = () => {
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
      toast.success(`已上传 ${made.length} 个文件，正在处理`);
      await invalidateVideos();
      navigate('/great-old-one/ryona/material');
    }
  };
  return (
    <div className="video-form" data-testid="video-upload">
      <Field label="标题（空 = 文件名）">
        <input className="input" value={title} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field label="标签（逗号分隔）">
        <input className="input" value={tags} onChange={(e) => setTags(e.target.value)} />
      </Field>
      <Field label="封面图（可选）">
        <input
          className="input"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          onChange={(e) => setThumbnail(e.target.files?.[0] ?? null)}
        />
      </Field>
      <DropZone accept="video/*" multiple onFiles={send}>
        或把视频拖到这里（mp4、webm、mov、mkv）
      </DropZone>
      <UploadList items={uploads.items} />
    </div>
  );
};
