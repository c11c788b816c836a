import { useQuery } from '@tanstack/react-query';
import { protectedAssetUrl } from '../../../core/protectedAsset.ts';
import { useT } from '../../../i18n/useT.ts';
import { ErrorState, formatBytes, LoadingState } from '../../../ui/adminKit/index.ts';
import { Markdown } from '../../../ui/Markdown/Markdown.tsx';
import { nameOf, previewKindOf } from './repoPath.ts';

/** Texts larger than this are offered as a download instead. */
const TEXT_PREVIEW_MAX = 512 * 1024;

/** A file as the browser can show it — image, video, audio, Markdown or text — read as the owner. */
export const Preview = ({ path, size, commit }: { path: string; size: number; commit?: string }) => {
  const t = useT();
  const url = protectedAssetUrl(path, commit);
  const kind = previewKindOf(path);
  const textual = (kind === 'markdown' || kind === 'text') && size <= TEXT_PREVIEW_MAX;
  const text = useQuery({
    queryKey: ['files', 'text', path, commit ?? 'HEAD'],
    queryFn: async () => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.text();
    },
    enabled: textual,
  });
  return (
    <div className="files-preview" data-testid="file-preview">
      {kind === 'image' && <img src={url} alt={nameOf(path)} />}
      {kind === 'video' && (
        // biome-ignore lint/a11y/useMediaCaption: the owner's own clips have no caption track
        <video src={url} controls preload="metadata" />
      )}
      {kind === 'audio' && (
        // biome-ignore lint/a11y/useMediaCaption: the owner's own recordings have no caption track
        <audio src={url} controls preload="metadata" />
      )}
      {textual &&
        (text.isPending ? (
          <LoadingState />
        ) : text.isError ? (
          <ErrorState error={text.error} onRetry={() => text.refetch()} />
        ) : kind === 'markdown' ? (
          <div className="files-markdown" data-content>
            <Markdown source={text.data} />
          </div>
        ) : (
          <pre className="files-text" data-content>
            {text.data}
          </pre>
        ))}
      {(kind === 'none' || ((kind === 'markdown' || kind === 'text') && !textual)) && (
        <p className="files-no-preview">{t('admin.files.preview.none', { size: formatBytes(size) })}</p>
      )}
      <a className="btn" href={url} download={nameOf(path)}>
        {t('admin.files.preview.download')}
      </a>
    </div>
  );
};
