import { IMPORT_PLATFORMS, type ImportJob, type ImportPlatformName } from '@candy/contract/calls/importers';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { AdminPage, DropZone, UploadList, useUploads } from '../../../ui/adminKit/index.ts';
import { exportSteps } from './exportSteps.ts';
import { JobView } from './JobView.tsx';
import { RedirectList } from './RedirectList.tsx';
import './import.css';

/** Every platform the server imports, in the order the contract lists them. */
const PLATFORMS: readonly ImportPlatformName[] = IMPORT_PLATFORMS;

/**
 * 导入搬家 (issue 27): upload another platform's export, check the preview, apply it (the job runner
 * writes it in batches while this page polls), then see the pictures left behind and the old links.
 */
export default function Page() {
  const t = useT();
  const [platform, setPlatform] = useState<ImportPlatformName>('wordpress');
  const [fetchPictures, setFetchPictures] = useState(false);
  const [overwrite, setOverwrite] = useState(false);
  const [job, setJob] = useState<ImportJob | null>(null);
  const uploads = useUploads();

  const upload = async (files: File[]) => {
    const [answer] = await uploads.run(files, (file, upload) =>
      call('importUpload', {
        form: { platform, fetchPictures: String(fetchPictures), overwrite: String(overwrite), file },
        ...upload,
      }),
    );
    if (answer) setJob(answer);
  };

  return (
    <AdminPage title={t('admin.title.import')}>
      <p className="import-intro">{t('admin.import.intro')}</p>
      <section className="import-card" aria-label={t('admin.import.upload')}>
        <label className="import-row">
          <span>{t('admin.import.platform')}</span>
          <select
            value={platform}
            onChange={(event) => setPlatform(event.target.value as ImportPlatformName)}
            data-testid="import-platform"
          >
            {PLATFORMS.map((name) => (
              <option key={name} value={name}>
                {t(`admin.import.platform.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="import-check">
          <input
            type="checkbox"
            checked={fetchPictures}
            onChange={(event) => setFetchPictures(event.target.checked)}
            data-testid="import-fetch"
          />
          {t('admin.import.fetchPictures')}
        </label>
        <label className="import-check">
          <input
            type="checkbox"
            checked={overwrite}
            onChange={(event) => setOverwrite(event.target.checked)}
            data-testid="import-overwrite"
          />
          {t('admin.import.overwrite')}
        </label>
        <DropZone
          accept=".xml,.zip,.tar,.gz,.tgz,.json,.artrans,.db,.sqlite"
          onFiles={upload}
          data-testid="import-drop"
        >
          {exportSteps(platform)}
        </DropZone>
        <UploadList items={uploads.items} />
      </section>
      {job && <JobView key={job.id} initial={job} />}
      <RedirectList />
    </AdminPage>
  );
}
