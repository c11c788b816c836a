import { t } from '../../../i18n/i18n.ts';

/** `a/b` + `c` → `a/b/c`; the top folder is ''. */
export const joinPath = (folder: string, name: string): string => (folder ? `${folder}/${name}` : name);

/** The folder a path is in ('' at the top). */
export const parentOf = (path: string): string => path.split('/').slice(0, -1).join('/');

export const nameOf = (path: string): string => path.split('/').pop() ?? path;

/** Breadcrumb steps of a folder: the top, then each folder down to it. */
export const crumbsOf = (folder: string): { name: string; path: string }[] => [
  { name: t('admin.files.root'), path: '' },
  ...folder
    .split('/')
    .filter(Boolean)
    .map((name, index, parts) => ({ name, path: parts.slice(0, index + 1).join('/') })),
];

export type PreviewKind = 'image' | 'video' | 'audio' | 'markdown' | 'text' | 'none';

/** How a file can be shown in the browser, by its extension. */
export const previewKindOf = (path: string): PreviewKind => {
  const ext = path.split('.').pop()?.toLowerCase() ?? '';
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'ico'].includes(ext)) return 'image';
  if (['mp4', 'webm', 'mov'].includes(ext)) return 'video';
  if (['mp3', 'm4a', 'ogg', 'oga', 'opus', 'wav', 'flac'].includes(ext)) return 'audio';
  if (['md', 'markdown'].includes(ext)) return 'markdown';
  if (
    ['txt', 'log', 'json', 'csv', 'yml', 'yaml', 'ts', 'js', 'css', 'html', 'xml', 'ini', 'conf'].includes(
      ext,
    )
  )
    return 'text';
  return 'none';
};
