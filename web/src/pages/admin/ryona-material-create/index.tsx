import { useState } from 'react';
import { Link } from '../../../app/router.tsx';
import { AdminPage, Tabs } from '../../../ui/adminKit/index.ts';
import { CutForm } from './CutForm.tsx';
import { SourceBrowser, type SourceVideo } from './SourceBrowser.tsx';
import { UploadForm } from './UploadForm.tsx';
import '../ryona-material/shared/videos-admin.css';

type Mode = 'source' | 'upload';

/** 添加素材: cut a clip from the source folder, or upload a file instead. */
export default function CreateMaterialPage() {
  const [mode, setMode] = useState<Mode>('source');
  const [video, setVideo] = useState<SourceVideo | null>(null);
  return (
    <AdminPage
      title="添加素材"
      data-testid="video-create"
      actions={
        <Link className="btn" to="/great-old-one/ryona/material">
          返回素材列表
        </Link>
      }
    >
      <Tabs
        tabs={[
          { id: 'source', label: '从视频源剪辑' },
          { id: 'upload', label: '上传文件' },
        ]}
        value={mode}
        onChange={setMode}
      />
      {mode === 'upload' ? (
        <UploadForm />
      ) : (
        <div className="video-create">
          <SourceBrowser picked={video?.path ?? null} onPick={setVideo} />
          {video ? (
            <CutForm key={video.path} video={video} />
          ) : (
            <p className="muted">选择一个视频开始剪辑。</p>
          )}
        </div>
      )}
    </AdminPage>
  );
}
