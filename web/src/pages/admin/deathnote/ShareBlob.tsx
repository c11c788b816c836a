import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { DropZone, formatDateTime, UploadList, useUploads } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

const LIFETIMES = [
  { seconds: 3600, label: '1 小时' },
  { seconds: 86_400, label: '1 天' },
  { seconds: 7 * 86_400, label: '7 天' },
  { seconds: 30 * 86_400, label: '30 天' },
];

/** Shares a file from this device by a link that stops working after a while (temporary blob). */
export const ShareBlob = () => {
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
    <section className="files-share" aria-label="临时分享">
      <h2>临时分享</h2>
      <p className="files-hint">上传一个文件，得到一个到期失效的链接（不进入文件仓库）。</p>
      <div className="admin-toolbar">
        <select
          className="input"
          aria-label="有效期"
          value={lifetime}
          onChange={(e) => setLifetime(Number(e.target.value))}
        >
          {LIFETIMES.map((l) => (
            <option key={l.seconds} value={l.seconds}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
      <DropZone onFiles={share} data-testid="share-drop">
        或把要分享的文件拖到这里
      </DropZone>
      <UploadList items={uploads.items} />
      <ul className="files-links">
        {links.map((link) => (
          <li key={link.url} data-testid="share-link">
            <a href={link.url} target="_blank" rel="noopener">
              {link.name}
            </a>
            <small>到 {formatDateTime(link.expiresAt)}</small>
            <Button
              kind="text"
              onClick={async () => {
                await navigator.clipboard.writeText(link.url);
                toast.success('链接已复制');
              }}
            >
              复制链接
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
};
