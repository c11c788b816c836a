import { useState } from 'react';
import { Link } from '../../../app/router.tsx';
import { useT } from '../../../i18n/useT.ts';
import { AdminPage, Tabs } from '../../../ui/adminKit/index.ts';
import { CutForm } from './CutForm.tsx';
import { SourceBrowser, type SourceVideo } from './SourceBrowser.tsx';
import { UploadForm } from './UploadForm.tsx';
import '../ryona-material/shared/videos-admin.css';

type Mode = 'source' | 'upload';

/** 添加素材: cut a clip from the source folder, or upload a file instead. */
export default function CreateMaterialPage() {
  const t = useT();
  const [mode, setMode] = useState<Mode>('source');
  const [video, setVideo] = useState<SourceVideo | null>(null);
  return (
    <AdminPage
      title={t('admin.title.ryona/material/create')}
      data-testid="video-create"
      actions={
        <Link className="btn" to="/great-old-one/ryona/material">
          {t('admin.clips.create.back')}
        </Link>
      }
    >
      <Tabs
        tabs={[
          { id: 'source', label: t('admin.clips.create.source') },
          { id: 'upload', label: t('admin.clips.create.upload') },
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
            <p className="muted">{t('admin.clips.create.pick')}</p>
          )}
        </div>
      )}
    </AdminPage>
  );
}
