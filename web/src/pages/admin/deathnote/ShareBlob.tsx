import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { DropZone, formatDateTime, UploadList, useUploads } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

/** The links' lifetimes: an hour, then days. */
const LIFETIMES = [3600, 86_400, 7 * 86_400, 30 * 86_400];

/** Shares a file from this device by a link that stops working after a while (temporary blob). */
export const ShareBlob = () => {
  const t = useT();
  const uploads = useUploads();
  const [lifetime, setLifetime] = useState(86_400);
  const [links, setLinks] = useState<{ name: string; url: string; expiresAt: number }[]>([]);
  const share = async (files: File[]) => {
    const done = await uploads.run(files, async (file, upload) => {
      const answer = await call('bufferBlob', {
        form: { keyname: file.name, expiresIn: String(lifetime), file },
        ...upload,
      });
      return {
        name: file.name,
        url: new URL(answer.url, window.location.origin).toString(),
        expiresAt: answer.expiresAt,
      };
    });
    setLinks((list) => [...done, ...list]);
  };
  return (
    <section className="files-share" aria-label={t('admin.files.share.title')}>
      <h2>{t('admin.files.share.title')}</h2>
      <p className="files-hint">{t('admin.files.share.hint')}</p>
      <div className="admin-toolbar">
        <select
          className="input"
          aria-label={t('admin.files.share.lifetime')}
          value={lifetime}
          onChange={(e) => setLifetime(Number(e.target.value))}
        >
          {LIFETIMES.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds < 86_400
                ? t('admin.files.share.hour')
                : t('admin.files.share.days', { count: seconds / 86_400 })}
            </option>
          ))}
        </select>
      </div>
      <DropZone onFiles={share} data-testid="share-drop">
        {t('admin.files.share.drop')}
      </DropZone>
      <UploadList items={uploads.items} />
      <ul className="files-links">
        {links.map((link) => (
          <li key={link.url} data-testid="share-link">
            <a href={link.url} target="_blank" rel="noopener" data-content>
              {link.name}
            </a>
            <small>{t('admin.files.share.until', { time: formatDateTime(link.expiresAt) })}</small>
            <Button
              kind="text"
              onClick={async () => {
                await navigator.clipboard.writeText(link.url);
                toast.success(t('admin.files.share.copied'));
              }}
            >
              {t('admin.files.share.copy')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
};
